import { COMPARE_LIMITS, type CompareType } from '@portal/shared/constants/compare';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { RouteLink } from '../../../components/route-link';
import { paths } from '../../../config/paths';
import styles from '../../../features/compare/components/compare-page.module.css';
import { useCompareTray } from '../../../features/compare/lib/compare-store';

const NOUN: Record<CompareType, string> = { project: '楼盘', listing: '房源' };

/**
 * What /compare shows without enough to compare (opened directly, or left with one): how to
 * add projects or listings, links to where the 对比 buttons are, and — when the compare bar
 * already holds two or more — a button that compares them.
 */
export function CompareGuide({ type }: { type: CompareType }) {
  const tray = useCompareTray();
  const navigate = useNavigate();
  const ready = (['project', 'listing'] as const).filter(
    (kind) => tray[kind].length >= COMPARE_LIMITS.min,
  );
  // The type asked for first, then the other.
  ready.sort((a, b) => Number(b === type) - Number(a === type));
  return (
    <div className={styles.guide} aria-label="如何对比">
      <p className={styles.guideLead}>
        还没有可对比的{NOUN[type]}：请至少选择 {COMPARE_LIMITS.min} 个（最多 {COMPARE_LIMITS.max}{' '}
        个）楼盘或二手房源进行对比。
      </p>
      <ol className={styles.guideSteps}>
        <li>在新房列表、楼盘主页，或二手房列表、房源详情页，点击「对比」加入对比栏；</li>
        <li>对比栏出现在页面底部，选好 2 个及以上后点击「开始对比」；</li>
        <li>对比页可只看不同项，也可复制链接发给家人。</li>
      </ol>
      {ready.map((kind) => (
        <Button
          key={kind}
          type="primary"
          className={styles.guideAction}
          onClick={() =>
            navigate(
              paths.compare.getHref({
                type: kind,
                ids: tray[kind].map((pick) => pick.id).join(','),
              }),
            )
          }
        >
          对比已选的 {tray[kind].length} 个{NOUN[kind]}
        </Button>
      ))}
      <div className={styles.guideLinks}>
        <RouteLink routeKey="newHouse" href={paths.newHouse.getHref({})}>
          去新房挑选楼盘 &gt;
        </RouteLink>
        <RouteLink routeKey="secondhandhouse" href={paths.secondhandhouse.getHref({})}>
          去二手房挑选房源 &gt;
        </RouteLink>
      </div>
    </div>
  );
}
