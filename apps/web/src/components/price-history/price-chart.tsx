import { beijingDate } from '@portal/shared/beijing-time';
import { priceSeries } from '@portal/shared/domain/price-history';
import type { PriceHistory } from '@portal/shared/schemas/price-history';
import { useMemo } from 'react';
import { EChart, type EChartOption } from '../echart';
import { axisPrice, formatHistoryPrice } from './price-format';

/**
 * The step line of a price over time: flat until each change, then at the new price, up to
 * today. Loaded as its own chunk (ECharts) only when a history has changes.
 */
export function PriceChart({ history, label }: { history: PriceHistory; label: string }) {
  const option = useMemo<EChartOption>(() => {
    const points = priceSeries(history.changes, history.since, new Date().toISOString());
    const first = points[0]?.[0] ?? '';
    const last = points[points.length - 1]?.[0] ?? '';
    // Over half a year the axis names months (2026-05), otherwise days (05-20).
    const isLong = Date.parse(last) - Date.parse(first) > 183 * 86_400_000;
    const dateLabel = (value: number) => {
      const day = beijingDate(value);
      return isLong ? day.slice(0, 7) : day.slice(5);
    };
    return {
      color: ['#1f5fbf'],
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value: unknown) => formatHistoryPrice(history.unit, Number(value)),
      },
      xAxis: {
        type: 'time',
        axisLabel: { fontSize: 12, hideOverlap: true, formatter: dateLabel },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { fontSize: 12, formatter: (value: number) => axisPrice(history.unit, value) },
      },
      series: [
        {
          name: '价格',
          type: 'line',
          step: 'end',
          symbolSize: 7,
          data: points,
        },
      ],
    };
  }, [history]);
  return <EChart option={option} height={220} label={label} />;
}
