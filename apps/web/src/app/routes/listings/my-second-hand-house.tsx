import { LISTING_STATUS, type ListingAction } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE, listingTypeOf } from '@portal/shared/constants/listings';
import type { MyListing } from '@portal/shared/schemas/listing-trust';
import { Button, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { lastPageOf, PaginationBar } from '../../../components/pagination-bar';
import { TabStrip } from '../../../components/tab-strip/tab-strip';
import { RealnameDialog } from '../../../features/account/components/realname-dialog';
import {
  useAuditListing,
  useDeleteListing,
  useListingAction,
  useMyListings,
} from '../../../features/listings/api/my-listings';
import { EditListingDialog } from '../../../features/listings/components/edit-listing-dialog';
import { MyListingRow } from '../../../features/listings/components/my-listing-row';
import { RepriceDialog } from '../../../features/listings/components/reprice-dialog';
import { useListingEntry } from '../../../features/listings/hooks/use-listing-entry';
import styles from '../home/personal-title.module.css';
import own from './my-second-hand-house.module.css';

const PAGE_SIZE = 20;
const CURRENT_YEAR = new Date().getFullYear();

/**
 * /mySecondHandHouse: the caller's sale and rent listings with the actions each state allows
 * (docs/product/listings.md): edit, submit, withdraw and delete, and 确认在售,
 * 调价 and 已成交 for a live listing.
 */
export default function MySecondHandHouseRoute() {
  const { modal, message } = useApp();
  const [type, setType] = useState<1 | 2>(1);
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [repricing, setRepricing] = useState<MyListing | null>(null);
  const { data, isPending, isFetching } = useMyListings(type, page);
  const audit = useAuditListing();
  const remove = useDeleteListing();
  const act = useListingAction();
  const entry = useListingEntry();
  const total = data?.total ?? 0;

  const confirm = (content: string, onOk: () => Promise<unknown>, cancelText = '已取消') =>
    modal.confirm({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: () => onOk().catch(() => undefined),
      onCancel: () => message.info(cancelText),
    });

  const handleAction = (item: MyListing, action: ListingAction) => {
    const { id } = item;
    if (action === 'edit') {
      if (item.publishStatus !== LISTING_STATUS.PUBLISHED) setEditingId(id);
      else
        confirm('修改后房源需重新审核，审核期间不对外展示, 是否继续?', async () =>
          setEditingId(id),
        );
      return;
    }
    if (action === 'reprice') {
      setRepricing(item);
      return;
    }
    if (action === 'submit' || action === 'withdraw') {
      const isSubmit = action === 'submit';
      confirm(`此操作将${isSubmit ? '提交' : '撤回'}该信息, 是否继续?`, async () => {
        await audit.mutateAsync({ id, operation: isSubmit ? 1 : 4 });
        message.success(isSubmit ? '提交成功' : '操作成功');
      });
      return;
    }
    if (action === 'confirm') {
      // A refusal is shown by the request's own error toast.
      act.mutateAsync({ id, action: 'confirm' }).then(
        () => message.success('已确认在售'),
        () => undefined,
      );
      return;
    }
    if (action === 'close') {
      const done = item.type === LISTING_TYPE.SALE ? '已售出' : '已出租';
      confirm(`确认该房源${done}？标记后房源下线，收藏者会收到通知。`, async () => {
        await act.mutateAsync({ id, action: 'close' });
        message.success('已标记为已成交');
      });
      return;
    }
    confirm(
      '此操作将永久删除该信息, 是否继续?',
      async () => {
        await remove.mutateAsync(id);
        message.success('删除成功');
        if (data?.list.length === 1 && page > 1) setPage(page - 1);
      },
      '已取消删除',
    );
  };

  const enterButton = (
    <Button type="primary" onClick={() => void entry.enter(type)}>
      {type === LISTING_TYPE.SALE ? '我要出售' : '我要出租'}
    </Button>
  );

  return (
    <section aria-label="我的二手房">
      <h1 className={styles.title}>我的二手房</h1>
      <div className={own.tabBar}>
        <TabStrip
          label="房源类型"
          className={own.tabs}
          activeKey={String(type)}
          onChange={(key) => {
            setType(listingTypeOf(key));
            setPage(1);
          }}
          items={[
            { key: '1', label: '出售' },
            { key: '2', label: '出租' },
          ]}
        />
        {enterButton}
      </div>
      <Spin spinning={isFetching}>
        {!isPending && total === 0 ? (
          <EmptyState />
        ) : (
          data?.list.map((item) => (
            <MyListingRow
              key={item.id}
              item={item}
              currentYear={CURRENT_YEAR}
              onAction={(action) => handleAction(item, action)}
            />
          ))
        )}
      </Spin>
      {total > PAGE_SIZE && (
        <PaginationBar
          current={Math.min(page, lastPageOf(total, PAGE_SIZE))}
          total={total}
          pageSize={PAGE_SIZE}
          onChange={setPage}
        />
      )}
      <EditListingDialog listingId={editingId} onClose={() => setEditingId(null)} />
      <RepriceDialog
        listing={repricing}
        isSaving={act.isPending}
        onClose={() => setRepricing(null)}
        onSave={(price) => {
          if (!repricing) return;
          act.mutateAsync({ id: repricing.id, action: 'price', price }).then(
            () => {
              message.success('调价成功');
              setRepricing(null);
            },
            () => undefined,
          );
        }}
      />
      <RealnameDialog open={entry.isRealnameOpen} onClose={entry.closeRealname} />
    </section>
  );
}
