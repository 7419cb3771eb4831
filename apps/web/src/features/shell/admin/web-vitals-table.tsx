import type { DeviceClass, WebVitalRating } from '@portal/shared/schemas/telemetry';
import type { WebVitalsSummary } from '@portal/shared/schemas/telemetry/admin';
import { Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useWebVitalsSummary } from './web-vitals-api';

type Row = WebVitalsSummary['rows'][number];

const DEVICE_OPTIONS: { label: string; value: DeviceClass | 'all' }[] = [
  { label: '全部设备', value: 'all' },
  { label: '手机', value: 'phone' },
  { label: '平板', value: 'tablet' },
  { label: '电脑', value: 'desktop' },
];

const METRIC_LABEL: Record<Row['metric'], string> = {
  LCP: 'LCP 最大内容绘制',
  INP: 'INP 交互到下一次绘制',
  CLS: 'CLS 累计布局偏移',
};

const RATING: Record<WebVitalRating, { text: string; color: string }> = {
  good: { text: '良好', color: 'success' },
  'needs-improvement': { text: '待改进', color: 'warning' },
  poor: { text: '较差', color: 'error' },
};

function formatP75(row: Row): string {
  if (row.metric === 'CLS') return row.p75.toFixed(2);
  return row.p75 >= 1000 ? `${(row.p75 / 1000).toFixed(1)} s` : `${row.p75} ms`;
}

/**
 * 真实访问体验: p75 of the sampled real visits' LCP, INP and CLS per page type over the last
 * 7 days (docs/decisions/0060-real-visit-figures.md), with the device class as a filter.
 */
export function WebVitalsTable() {
  const [device, setDevice] = useState<DeviceClass | 'all'>('all');
  const { data, isPending, isError } = useWebVitalsSummary(device === 'all' ? undefined : device);
  return (
    <section aria-labelledby="web-vitals-title" style={{ marginTop: 24 }}>
      <Typography.Title level={5} id="web-vitals-title">
        真实访问体验（近 7 天，第 75 百分位）
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {data ? `${data.from} 至 ${data.to}，` : ''}
        按页面类型统计抽样访问的加载（LCP）、交互响应（INP）与布局稳定（CLS）；不含任何个人信息。
      </Typography.Paragraph>
      <Segmented
        options={DEVICE_OPTIONS}
        value={device}
        onChange={(value) => setDevice(value as DeviceClass | 'all')}
        style={{ marginBottom: 12 }}
      />
      <Table<Row>
        size="small"
        rowKey={(row) => `${row.page} ${row.metric}`}
        loading={isPending}
        pagination={false}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: isError ? '加载失败，请稍后重试' : '近 7 天暂无访问数据' }}
        scroll={{ x: true }}
        columns={[
          { title: '页面类型', dataIndex: 'page' },
          {
            title: '指标',
            dataIndex: 'metric',
            render: (metric: Row['metric']) => METRIC_LABEL[metric],
          },
          { title: 'p75', key: 'p75', render: (_: unknown, row: Row) => formatP75(row) },
          {
            title: '评级',
            dataIndex: 'rating',
            render: (rating: WebVitalRating) => (
              <Tag color={RATING[rating].color}>{RATING[rating].text}</Tag>
            ),
          },
          { title: '样本数', dataIndex: 'samples' },
          {
            title: '良好占比',
            dataIndex: 'goodShare',
            render: (share: number) => `${Math.round(share * 100)}%`,
          },
        ]}
      />
    </section>
  );
}
