import { formatBeijingMinute } from '@portal/shared/beijing-time';
import { formatUnitPrice } from '@portal/shared/format';
import type { ListingPriceLine, ListingPriceTrend } from '@portal/shared/schemas/analytics';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../components/echart';
import { EmptyState } from '../../../components/empty-state';
import { useListingPriceTrend } from '../api/analytics-api';
import styles from './dashboard.module.css';

/** Ten distinct colours: the city and the nine districts each have their own. */
const PALETTE = [
  '#1f5fbf',
  '#f2637b',
  '#4ecb73',
  '#f59a23',
  '#36a3f7',
  '#975fe5',
  '#8c564b',
  '#13a8a8',
  '#d4b106',
  '#595959',
];

/** One line chart of monthly averages, a line per district or community. */
function TrendChart({
  months,
  lines,
  label,
}: {
  months: string[];
  lines: ListingPriceLine[];
  label: string;
}) {
  const option = useMemo<EChartOption>(
    () => ({
      color: PALETTE,
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) =>
          value === null || value === undefined || value === '-'
            ? '暂无'
            : formatUnitPrice(Number(value)),
      },
      legend: { type: 'scroll', top: 0, textStyle: { fontSize: 12 } },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: months.map((month) => month.slice(2).replace('-', '/')),
        axisLabel: { fontSize: 12, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { fontSize: 12, formatter: (value: number) => `${value / 10000}万` },
      },
      series: lines.map((line) => ({
        name: line.name,
        type: 'line',
        symbolSize: 6,
        connectNulls: false,
        data: line.averages,
      })),
    }),
    [months, lines],
  );
  if (lines.length === 0) return <EmptyState />;
  return <EChart option={option} height={280} label={label} />;
}

/** The lines of the district chart: the city and every district, or the city and the chosen one. */
function districtLines(trend: ListingPriceTrend, areaCode: string): ListingPriceLine[] {
  const districts = areaCode
    ? trend.districts.filter((line) => line.district === areaCode)
    : trend.districts;
  return [trend.city, ...districts];
}

/**
 * 二手房挂牌均价 (docs/product/content.md): monthly average sale unit prices per district and
 * per community, computed by the server from the listings and their price changes, with the
 * time the figures were computed.
 */
export function ListingPriceTrendCharts({ areaCode }: { areaCode: string }) {
  const trend = useListingPriceTrend(areaCode);
  const data = trend.data;
  return (
    <div>
      <Spin spinning={trend.isFetching}>
        {data ? (
          <>
            <p className={styles.asOf}>
              数据截至 {formatBeijingMinute(data.asOf)}
              ，按平台二手房出售房源的挂牌价及调价记录计算，单位元/㎡
            </p>
            <div className={styles.trendCharts}>
              <div>
                <h3 className={styles.chartTitle}>各区域月均价</h3>
                <TrendChart
                  months={data.months}
                  lines={districtLines(data, areaCode)}
                  label="各区域二手房挂牌月均价折线图"
                />
              </div>
              <div>
                <h3 className={styles.chartTitle}>
                  {areaCode ? '本区域主要小区月均价' : '主要小区月均价'}
                </h3>
                <TrendChart
                  months={data.months}
                  lines={data.communities}
                  label="主要小区二手房挂牌月均价折线图"
                />
              </div>
            </div>
          </>
        ) : (
          <div style={{ height: 320 }} />
        )}
      </Spin>
    </div>
  );
}
