import { LISTING_TYPE } from '@portal/shared/constants/listings';
import type { AdminReportGroup } from '@portal/shared/schemas/listings/admin';
import { Button, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useReportQueue } from './api';
import { reportReasonLabel } from './labels';
import { ListingReportsDrawer } from './listing-reports-drawer';

const TYPE_TEXT: Record<number, string> = { 1: '出售', 2: '出租' };
const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * The report queue: one row per listing with open reports, the most reported first, with the
 * count per reason; 处理 opens its reports and the three decisions (docs/product/listings.md).
 */
export function ListingReportQueue() {
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useReportQueue(pageNum);
  const [open, setOpen] = useState<AdminReportGroup | null>(null);
  return (
    <>
      <Typography.Title level={4}>房源举报</Typography.Title>
      <Typography.Paragraph type="secondary">
        同一房源被3位及以上实名认证或老用户（注册满30天且之后再次登录）举报时自动暂停搜索展示，处理后恢复；
        举报被判不成立后，只有此前未举报过的新举报人才会再次触发。每项处理都会通知举报人和房东。
      </Typography.Paragraph>
      <Table<AdminReportGroup>
        rowKey={(row) => row.listing.id}
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 960 }}
        locale={{ emptyText: '没有待处理的举报' }}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 套房源`,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: '房源',
            key: 'title',
            render: (_, row) => {
              const href =
                row.listing.type === LISTING_TYPE.SALE
                  ? paths.detailscs.getHref({ id: row.listing.id })
                  : paths.detailscz.getHref({ id: row.listing.id });
              return (
                <Space direction="vertical" size={0}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {row.listing.title}
                  </a>
                  <Typography.Text type="secondary">
                    {TYPE_TEXT[row.listing.type]} · {row.listing.scVO.areaName}{' '}
                    {row.listing.scVO.communityName}
                  </Typography.Text>
                </Space>
              );
            },
          },
          {
            title: '待处理举报',
            dataIndex: 'openCount',
            width: 200,
            render: (count: number, row) => (
              <Space size={4} wrap>
                <Tag color="red">{count}条</Tag>
                <Typography.Text type="secondary">
                  计入自动暂停 {row.countingCount} 条
                </Typography.Text>
                {row.isHidden && <Tag color="orange">已暂停搜索展示</Tag>}
                {row.ring && (
                  <Tag color="volcano">
                    疑似团伙：这些举报人中有 {row.ring.reporters} 人曾共同举报 {row.ring.listings}{' '}
                    个其他房源
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: '举报原因',
            key: 'reasons',
            width: 240,
            render: (_, row) => (
              <Space size={4} wrap>
                {row.reasons.map((r) => (
                  <Tag key={r.reason}>
                    {reportReasonLabel(r.reason)} {r.count}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: '首次举报', dataIndex: 'firstAt', width: 140, render: time },
          { title: '最近举报', dataIndex: 'latestAt', width: 140, render: time },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row)}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <ListingReportsDrawer group={open} onClose={() => setOpen(null)} />
    </>
  );
}
