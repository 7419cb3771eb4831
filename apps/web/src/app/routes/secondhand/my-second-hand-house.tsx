import { App, Button, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { lastPageOf, PaginationBar } from '../../../components/pagination-bar';
import { RealnameDialog } from '../../../features/account/components/realname-dialog';
import {
  useAuditListing,
  useDeleteListing,
  useMyListings,
} from '../../../features/secondhand/api/my-listings';
import { EditListingDialog } from '../../../features/secondhand/components/edit-listing-dialog';
import { MyListingRow } from '../../../features/secondhand/components/my-listing-row';
import { useListingEntry } from '../../../features/secondhand/hooks/use-listing-entry';
import styles from '../home/personal-title.module.css';
import own from './my-second-hand-house.module.css';

const PAGE_SIZE = 20;
const CURRENT_YEAR = new Date().getFullYear();

/** /mySecondHandHouse: the caller's sale and rent listings with the actions of spec 2 §4. */
export default function MySecondHandHouseRoute() {
  const { modal, message } = App.useApp();
  const [type, setType] = useState<1 | 2>(1);
  const [page, setPage] = useState(1);
  const [editingId, setEditingId] = useState<number | null>(null);
  const { data, isPending, isFetching } = useMyListings(type, page);
  const audit = useAuditListing();
  const remove = useDeleteListing();
  const entry = useListingEntry();
  const total = data?.total ?? 0;

  const confirm = (content: string, onOk: () => Promise<unknown>, cancelText: string) =>
    modal.confirm({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: () => onOk().catch(() => undefined),
      onCancel: () => message.info(cancelText),
    });

  const handleAudit = (id: number, operation: 1 | 4) =>
    confirm(
      `此操作将${operation === 1 ? '提交' : '撤回'}该信息, 是否继续?`,
      async () => {
        await audit.mutateAsync({ id, operation });
        message.success(operation === 1 ? '提交成功' : '操作成功');
      },
      '已取消',
    );

  const handleDelete = (id: number) =>
    confirm(
      '此操作将永久删除该信息, 是否继续?',
      async () => {
        await remove.mutateAsync(id);
        message.success('删除成功');
        if (data?.list.length === 1 && page > 1) setPage(page - 1);
      },
      '已取消删除',
    );

  return (
    <section aria-label="我的二手房">
      <h1 className={styles.title}>我的二手房</h1>
      <div className={own.tabBar}>
        <Tabs
          className={own.tabs}
          activeKey={String(type)}
          onChange={(key) => {
            setType(key === '2' ? 2 : 1);
            setPage(1);
          }}
          items={[
            { key: '1', label: '出售' },
            { key: '2', label: '出租' },
          ]}
        />
        <Button type="primary" onClick={() => void entry.enter(type)}>
          {type === 1 ? '我要出售' : '我要出租'}
        </Button>
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
              onEdit={() => setEditingId(item.id)}
              onSubmit={() => handleAudit(item.id, 1)}
              onWithdraw={() => handleAudit(item.id, 4)}
              onDelete={() => handleDelete(item.id)}
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
      <RealnameDialog open={entry.isRealnameOpen} onClose={entry.closeRealname} />
    </section>
  );
}
