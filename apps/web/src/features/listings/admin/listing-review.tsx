import {
  LISTING_STATUS,
  LISTING_STATUS_LABEL,
  type ListingStatusCode,
} from '@portal/shared/constants/listing-status';
import { adminReasonSchema } from '@portal/shared/schemas/common/admin';
import { listingStatusReasonSchema } from '@portal/shared/schemas/listings/admin';
import { Button, Image, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '../../../components/reason-dialog';
import { paths } from '../../../config/paths';
import { toOssUrl } from '../../../lib/oss-url';
import {
  useListingStatusAction,
  type AdminListing,
  useDecideListing,
  useListingQueue,
} from './api';
import { ListingReviewDrawer } from './listing-review-drawer';

const { PENDING, PUBLISHED, UNCONFIRMED, TAKEN_DOWN, REJECTED, WITHDRAWN, CLOSED, DRAFT } =
  LISTING_STATUS;
/** The console's tabs: the review queue first, then every other state. */
const TABS: ListingStatusCode[] = [
  PENDING,
  PUBLISHED,
  UNCONFIRMED,
  TAKEN_DOWN,
  REJECTED,
  WITHDRAWN,
  CLOSED,
  DRAFT,
];
const TYPE_TEXT: Record<number, string> = { 1: '出售', 2: '出租' };

/** Which reason dialog is open: reject a pending listing, take one down, or restore one. */
type Asking = { id: number; kind: 'reject' | 'take-down' | 'restore' } | null;

/** Each reason dialog's texts and the shared field its endpoint checks the reason with. */
const ASK_TEXT = {
  reject: {
    title: '驳回房源',
    label: '驳回原因',
    ok: '确认驳回',
    field: adminReasonSchema.shape.reason,
  },
  'take-down': {
    title: '下架房源',
    label: '下架原因',
    ok: '确认下架',
    field: listingStatusReasonSchema.shape.reason,
  },
  restore: {
    title: '恢复发布',
    label: '恢复原因',
    ok: '确认恢复',
    field: listingStatusReasonSchema.shape.reason,
  },
} as const;

/**
 * The console's second-hand listings by state: review (通过 / 驳回) of 待审核, take-down of
 * public ones and restore of taken-down ones, each with the reason the owner sees; every row
 * opens with its photos and materials, and shows its open reports and check code.
 */
export function ListingReview() {
  const [status, setStatus] = useState<ListingStatusCode>(PENDING);
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useListingQueue(status, pageNum);
  const decide = useDecideListing();
  const statusAction = useListingStatusAction();
  const [openId, setOpenId] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking>(null);

  const approve = async (id: number) => {
    const done = await decide.mutateAsync({ id }).then(
      () => true,
      () => false,
    );
    if (done) setOpenId(null);
  };

  const submitReason = async (reason: string) => {
    if (!asking) return false;
    const run =
      asking.kind === 'reject'
        ? decide.mutateAsync({ id: asking.id, reason })
        : statusAction.mutateAsync({ id: asking.id, action: asking.kind, reason });
    const done = await run.then(
      () => true,
      () => false,
    );
    if (done) setOpenId(null);
    return done;
  };

  /** The operator's buttons for a listing in `status`. */
  const actionsOf = (id: number, listingStatus: number) => (
    <>
      {listingStatus === PENDING && (
        <>
          <Button type="link" size="small" onClick={() => void approve(id)}>
            通过
          </Button>
          <Button type="link" size="small" danger onClick={() => setAsking({ id, kind: 'reject' })}>
            驳回
          </Button>
        </>
      )}
      {(listingStatus === PUBLISHED || listingStatus === UNCONFIRMED) && (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => setAsking({ id, kind: 'take-down' })}
        >
          下架
        </Button>
      )}
      {listingStatus === TAKEN_DOWN && (
        <Button type="link" size="small" onClick={() => setAsking({ id, kind: 'restore' })}>
          恢复发布
        </Button>
      )}
    </>
  );

  const ask = asking ? ASK_TEXT[asking.kind] : ASK_TEXT.reject;
  return (
    <>
      <Typography.Title level={4}>房源审核</Typography.Title>
      <Tabs
        activeKey={String(status)}
        onChange={(key) => {
          setStatus(Number(key) as ListingStatusCode);
          setPageNum(1);
        }}
        items={TABS.map((s) => ({ key: String(s), label: LISTING_STATUS_LABEL[s] }))}
      />
      <Table<AdminListing>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1300 }}
        locale={{ emptyText: status === PENDING ? '没有待审核的房源' : '暂无房源' }}
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
            width: 260,
            render: (title: string, row) => (
              <Space direction="vertical" size={0}>
                <Button
                  type="link"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                  onClick={() => setOpenId(row.id)}
                >
                  {title}
                </Button>
                {row.reviewNote && (
                  <Typography.Text type="danger">原因：{row.reviewNote}</Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '类型', dataIndex: 'type', width: 64, render: (t: number) => TYPE_TEXT[t] ?? t },
          {
            title: '小区',
            key: 'community',
            width: 180,
            render: (_, row) => `${row.scVO.areaName} ${row.scVO.communityName}`,
          },
          { title: '房主手机', dataIndex: 'ownerPhone', width: 120 },
          {
            title: '举报',
            dataIndex: 'openReports',
            width: 80,
            render: (count: number) =>
              count > 0 ? (
                <Link to={paths.adminListingReports.getHref()}>
                  <Tag color="red">{count}条</Tag>
                </Link>
              ) : (
                '—'
              ),
          },
          {
            title: '核验码',
            dataIndex: 'checkCode',
            width: 150,
            render: (c: string | null) => c ?? '—',
          },
          {
            title: '提交时间',
            dataIndex: 'createdAt',
            width: 140,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 190,
            fixed: 'right',
            render: (_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
                  查看材料
                </Button>
                {actionsOf(row.id, row.publishStatus)}
              </Space>
            ),
          },
        ]}
      />
      <ListingReviewDrawer
        id={openId}
        isSaving={decide.isPending}
        onApprove={(id) => void approve(id)}
        onAsk={(id, kind) => setAsking({ id, kind })}
        onClose={() => setOpenId(null)}
      />
      <ReasonDialog
        title={ask.title}
        label={ask.label}
        field={ask.field}
        okText={ask.ok}
        isDanger={asking?.kind !== 'restore'}
        open={asking !== null}
        isSaving={decide.isPending || statusAction.isPending}
        onClose={() => setAsking(null)}
        onSubmit={submitReason}
      />
    </>
  );
}
