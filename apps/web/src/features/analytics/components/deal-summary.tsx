import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { formatNumber } from '@portal/shared/format';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useCounters, useDealInfo } from '../api/analytics-api';
import styles from './dashboard.module.css';

function Counter({ label, value, unit }: { label: string; value: string; unit: string }) {
  return (
    <div className={styles.counter}>
      <span className={styles.counterLabel}>{label}</span>
      <span className={styles.counterValue}>
        {value}
        <small>{unit}</small>
      </span>
    </div>
  );
}

/** A yuan amount in 亿元 from one hundred million up, otherwise in 万元, two decimals. */
function moneyParts(yuan: number): { value: string; unit: string } {
  return yuan >= 1e8
    ? { value: formatNumber(yuan / 1e8, 2), unit: '亿元' }
    : { value: formatNumber(yuan / 1e4, 2), unit: '万元' };
}

/** Counters (published projects, followers) and the latest month's new-build deals by district. */
export function DealSummary() {
  const [areaCode, setAreaCode] = useState('');
  const counters = useCounters();
  const deals = useDealInfo(areaCode);
  const deal = deals.data;
  return (
    <div className={styles.summary}>
      <div className={styles.counters}>
        <Counter
          label="已发布楼盘"
          value={formatNumber(counters.data?.publishedCount ?? 0)}
          unit="个"
        />
        <Counter
          label="累计关注"
          value={formatNumber(counters.data?.collectedCount ?? 0)}
          unit="人次"
        />
      </div>
      <div className={styles.dealHead}>
        <h3>新房成交信息{deal?.month ? `（${deal.month}）` : ''}</h3>
        <Select
          aria-label="成交信息区域"
          value={areaCode}
          className={styles.districtSelect}
          options={DISTRICT_FILTER_OPTIONS.map((d) => ({ value: d.code, label: d.name }))}
          onChange={setAreaCode}
        />
      </div>
      <Spin spinning={deals.isFetching}>
        <div className={styles.counters}>
          <Counter label="成交套数" value={formatNumber(deal?.dealCount ?? 0)} unit="套" />
          <Counter label="成交金额" {...moneyParts(deal?.dealTotalPrice ?? 0)} />
          <Counter
            label="成交均价"
            value={formatNumber(deal?.dealCurrentPrice ?? 0)}
            unit="元/㎡"
          />
        </div>
      </Spin>
    </div>
  );
}
