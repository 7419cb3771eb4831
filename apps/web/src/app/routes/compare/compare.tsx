import { COMPARE_LIMITS, type CompareType } from '@portal/shared/constants/compare';
import { Alert, Button, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCompare } from '../../../features/compare/api/compare';
import styles from '../../../features/compare/components/compare-page.module.css';
import { CompareTable } from '../../../features/compare/components/compare-table';
import { compareStore } from '../../../features/compare/lib/compare-store';
import { parseCompareIds } from '../../../features/compare/lib/differences';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { CompareGuide } from './compare-guide';

/**
 * /compare?type=project|listing&ids=1,2,3: 2–4 projects or listings side by side. Everything
 * the page shows comes from its address, so a copied link opens the same comparison.
 */
export default function CompareRoute() {
  const [params, setParams] = useSearchParams();
  const type: CompareType = params.get('type') === 'listing' ? 'listing' : 'project';
  const ids = parseCompareIds(params.get('ids')).slice(0, COMPARE_LIMITS.max);
  const { data, isPending, error } = useCompare(type, ids);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const noun = type === 'project' ? '楼盘' : '房源';

  // The compared things become the tray's picks, so 对比 buttons show them as picked.
  useEffect(() => {
    if (!data) return;
    compareStore.clear(type);
    for (const item of data.items) compareStore.toggle(type, { id: item.id, name: item.name });
  }, [data, type]);

  const remove = (id: number) =>
    setParams({ type, ids: ids.filter((other) => other !== id).join(',') });

  const copyLink = () => {
    void navigator.clipboard
      ?.writeText(window.location.href)
      .then(() => notifySuccess('链接已复制'));
  };

  return (
    <section className={styles.page} aria-labelledby="compare-title">
      <div className={styles.head}>
        <h1 id="compare-title" className={styles.title}>
          {noun}对比
        </h1>
        {data && (
          <div className={styles.tools}>
            <label className={styles.switch}>
              <Switch size="small" checked={onlyDifferences} onChange={setOnlyDifferences} />
              只看不同
            </label>
            <Button onClick={copyLink}>复制对比链接</Button>
          </div>
        )}
      </div>
      {ids.length < COMPARE_LIMITS.min ? (
        <CompareGuide type={type} />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={error instanceof ApiError ? error.message : '对比信息加载失败，请稍后再试'}
        />
      ) : isPending || !data ? (
        <Spin style={{ display: 'block' }} />
      ) : (
        <>
          <p className={styles.legend}>
            <span className={styles.legendMark} aria-hidden />
            标色的行表示各{noun}之间不同
          </p>
          <CompareTable
            result={data}
            onlyDifferences={onlyDifferences}
            onRemove={data.items.length > COMPARE_LIMITS.min ? remove : undefined}
          />
        </>
      )}
    </section>
  );
}
