import { LISTING_STATUS_LABEL } from '@portal/shared/constants/listing-status';
import { Button, Image, Space, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toOssUrl } from '../../../lib/oss-url';
import { type AdminListing, useDecideListing, useListingQueue } from '../api/review';
import { ListingReviewDrawer } from './listing-review-drawer';
import { ReasonDialog } from './reason-dialog';

const TYPE_TEXT: Record<number, string> = { 1: '出售', 2: '出租' };

/** The review queue of second-hand listings; each opens with its photos and materials. */
export function ListingReview() {
  const [status, setStatus] = useState(2);
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useListingQueue(status, pageNum);
  const decide = useDecideListing();
  const [openId, setOpenId] = useState<number | null>(null);
  const [rejectId, setRejectId] = useState<number | null>(null);

  const approve = async (id: number) => {
    const done = await decide.mutateAsync({ id }).then(
      () => true,
      () => false,
    );
    if (done) setOpenId(null);
  };

  return (
    <>
      <Typography.Title level={4}>房源审核</Typography.Title>
      <Tabs
        activeKey={String(status)}
        onChange={(key) => {
          setStatus(Number(key));
          setPageNum(1);
        }}
        items={[2, 3, 4].map((s) => ({ key: String(s), label: LISTING_STATUS_LABEL[s as 2] }))}
      />
      <Table<AdminListing>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: status === 2 ? '没有待审核的房源' : '暂无房源' }}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 套`,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: '封面',
            dataIndex: 'coverUrl',
            width: 110,
            render: (url: string | null) =>
              url ? (
                <Image width={88} height={66} style={{ objectFit: 'cover' }} src={toOssUrl(url)} />
              ) : (
                '—'
              ),
          },
          {
            title: '标题',
            dataIndex: 'title',
            render: (title: string, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpenId(row.id)}>
                {title}
              </Button>
            ),
          },
          {
            title: '类型',
            dataIndex: 'type',
            width: 70,
            render: (type: number) => TYPE_TEXT[type] ?? type,
          },
          {
            title: '小区',
            key: 'community',
            width: 200,
            render: (_, row) => `${row.scVO.areaName} ${row.scVO.communityName}`,
          },
          { title: '房主手机', dataIndex: 'ownerPhone', width: 130 },
          {
            title: '提交时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 190,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
                  查看材料
                </Button>
                {status === 2 && (
                  <>
                    <Button type="link" size="small" onClick={() => void approve(row.id)}>
                      通过
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRejectId(row.id)}>
                      驳回
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ListingReviewDrawer
        id={openId}
        isSaving={decide.isPending}
        onApprove={(id) => void approve(id)}
        onReject={(id) => setRejectId(id)}
        onClose={() => setOpenId(null)}
      />
      <ReasonDialog
        title="驳回房源"
        open={rejectId !== null}
        isSaving={decide.isPending}
        onClose={() => setRejectId(null)}
        onSubmit={async (reason) => {
          if (rejectId === null) return false;
          const done = await decide.mutateAsync({ id: rejectId, reason }).then(
            () => true,
            () => false,
          );
          if (done) setOpenId(null);
          return done;
        }}
      />
    </>
  );
}
