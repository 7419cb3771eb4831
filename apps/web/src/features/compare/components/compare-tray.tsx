import { CloseOutlined } from '@ant-design/icons';
import { COMPARE_LIMITS, type CompareType } from '@portal/shared/constants/compare';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useFixedBottomBar } from '../../../components/use-fixed-bottom-bar';
import { paths } from '../../../config/paths';
import { useIsPhone } from '../../../lib/use-media-query';
import { compareStore, useCompareTray } from '../lib/compare-store';
import styles from './compare.module.css';

const NOUN: Record<CompareType, string> = { project: '楼盘', listing: '房源' };
/** Height of the bar: one line at desktop width, picks and buttons on two lines on a phone. */
const TRAY_HEIGHT = { desktop: 64, phone: 112 } as const;

/**
 * The compare bar fixed to the bottom of list and detail pages while something of `type` is
 * picked: the picks (each removable), how many more fit, 清空 and 开始对比 (2 or more).
 */
export function CompareTray({ type }: { type: CompareType }) {
  const picks = useCompareTray()[type];
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  useFixedBottomBar(isPhone ? TRAY_HEIGHT.phone : TRAY_HEIGHT.desktop, picks.length > 0);
  if (picks.length === 0) return null;
  const canCompare = picks.length >= COMPARE_LIMITS.min;
  return (
    <section className={styles.tray} aria-label="对比栏">
      <div className={styles.trayInner}>
        <strong className={styles.trayTitle}>
          {NOUN[type]}对比（{picks.length}/{COMPARE_LIMITS.max}）
        </strong>
        <ul className={styles.trayPicks}>
          {picks.map((pick) => (
            <li key={pick.id}>
              <span className={styles.trayName}>{pick.name}</span>
              <button
                type="button"
                className={styles.trayRemove}
                aria-label={`移除${pick.name}`}
                onClick={() => compareStore.remove(type, pick.id)}
              >
                <CloseOutlined />
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.trayActions}>
          <span className={styles.trayHint}>
            {picks.length >= COMPARE_LIMITS.max
              ? '已选满'
              : canCompare
                ? `还可加 ${COMPARE_LIMITS.max - picks.length} 个`
                : `再选 ${COMPARE_LIMITS.min - picks.length} 个即可对比`}
          </span>
          <Button onClick={() => compareStore.clear(type)}>清空</Button>
          <Button
            type="primary"
            disabled={!canCompare}
            onClick={() =>
              navigate(paths.compare.getHref({ type, ids: picks.map((p) => p.id).join(',') }))
            }
          >
            开始对比
          </Button>
        </div>
      </div>
    </section>
  );
}
