import { DISTRICT_FILTER_OPTIONS } from '@portal/shared/constants/districts';
import { Select, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { SectionPanel } from '../../../components/section-panel';
import { useIntentBar, useIntentPies, useNewListings } from '../api/analytics-api';
import { IntentBarChart, IntentPie } from './charts';
import styles from './dashboard.module.css';
import { DealSummary } from './deal-summary';
import { ListingPriceTrendCharts } from './listing-price-trend';
import { NewListingTable } from './new-listing-table';
import { QuestionnaireTable } from './questionnaire-table';

/** The note every data block carries (docs/product/content.md). */
export const REFERENCE_NOTE = '以上数据仅供参考，以相关主管部门公布的信息为准。';

function Block({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionPanel title={title} extra={extra} className={styles.block}>
      {children}
      <p className={styles.note}>{REFERENCE_NOTE}</p>
    </SectionPanel>
  );
}

const PIES = [
  { group: 'buy', key: 'houseModel', title: '购房意向户型' },
  { group: 'buy', key: 'area', title: '购房意向面积' },
  { group: 'buy', key: 'price', title: '购房意向价格' },
  { group: 'rent', key: 'houseModel', title: '租房意向户型' },
  { group: 'rent', key: 'area', title: '租房意向面积' },
  { group: 'rent', key: 'price', title: '租房意向价格' },
] as const;

/**
 * /dataanalysis (docs/product/content.md): listings, counters, deals, questionnaires, intention
 * charts and the second-hand listing price trend.
 */
export function Dashboard() {
  const listings = useNewListings();
  const bar = useIntentBar();
  const [pieArea, setPieArea] = useState('');
  const pies = useIntentPies(pieArea);
  const [trendArea, setTrendArea] = useState('');

  return (
    <div className={styles.page}>
      <div className={styles.row}>
        <Block title="新房源">
          <Spin spinning={listings.isPending}>
            <NewListingTable rows={listings.data ?? []} />
          </Spin>
        </Block>
        <Block title="数据统计">
          <DealSummary />
        </Block>
      </div>
      <div className={styles.row}>
        <Block title="问卷调查">
          <QuestionnaireTable />
        </Block>
        <Block title="意向区域分布">
          <Spin spinning={bar.isPending}>
            {bar.data ? <IntentBarChart data={bar.data} /> : <div style={{ height: 280 }} />}
          </Spin>
        </Block>
      </div>
      <Block
        title="租购意向统计"
        extra={
          <Select
            aria-label="意向统计区域"
            value={pieArea}
            className={styles.districtSelect}
            options={DISTRICT_FILTER_OPTIONS.map((d) => ({ value: d.code, label: d.name }))}
            onChange={setPieArea}
          />
        }
      >
        <Spin spinning={pies.isFetching}>
          <div className={styles.pies}>
            {PIES.map((pie) => (
              <div key={`${pie.group}-${pie.key}`} className={styles.pie} data-testid="intent-pie">
                <IntentPie title={pie.title} data={pies.data?.[pie.group][pie.key] ?? []} />
              </div>
            ))}
          </div>
        </Spin>
      </Block>
      <Block
        title="二手房挂牌均价"
        extra={
          <Select
            aria-label="挂牌均价区域"
            value={trendArea}
            className={styles.districtSelect}
            options={DISTRICT_FILTER_OPTIONS.map((d) => ({ value: d.code, label: d.name }))}
            onChange={setTrendArea}
          />
        }
      >
        <ListingPriceTrendCharts areaCode={trendArea} />
      </Block>
    </div>
  );
}
