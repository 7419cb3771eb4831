import type { BarData, PieItem } from '@portal/shared/schemas/analytics';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../components/echart';
import { EmptyState } from '../../../components/empty-state';

const PALETTE = ['#1f5fbf', '#36a3f7', '#4ecb73', '#fbd437', '#f2637b', '#975fe5', '#f59a23'];

/** Bar chart of respondents per intended district. */
export function IntentBarChart({ data }: { data: BarData }) {
  const option = useMemo<EChartOption>(
    () => ({
      color: PALETTE,
      tooltip: { trigger: 'axis' },
      // The grid leaves room for its (turned) district names and counts: none is cut at 375 px.
      grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: data.xaxisData,
        axisLabel: { interval: 0, rotate: 40, fontSize: 12 },
      },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 12 } },
      series: [{ name: '意向人数', type: 'bar', data: data.seriesData, barMaxWidth: 28 }],
    }),
    [data],
  );
  return <EChart option={option} height={280} label="意向区域分布柱状图" />;
}

/** One pie of the intention charts, titled, with a legend below. */
export function IntentPie({ title, data }: { title: string; data: readonly PieItem[] }) {
  const option = useMemo<EChartOption>(
    () => ({
      color: PALETTE,
      title: { text: title, left: 'center', top: 4, textStyle: { fontSize: 14, fontWeight: 600 } },
      tooltip: { trigger: 'item', formatter: '{b}：{c}人（{d}%）' },
      legend: {
        bottom: 0,
        type: 'scroll',
        itemWidth: 10,
        itemHeight: 10,
        textStyle: { fontSize: 12 },
      },
      series: [
        {
          name: title,
          type: 'pie',
          radius: ['32%', '58%'],
          center: ['50%', '50%'],
          label: { formatter: '{d}%', fontSize: 12 },
          data: data.map((item) => ({ name: item.name, value: item.value })),
        },
      ],
    }),
    [title, data],
  );
  if (data.length === 0) return <EmptyState />;
  return <EChart option={option} height={260} label={`${title}饼图`} />;
}
