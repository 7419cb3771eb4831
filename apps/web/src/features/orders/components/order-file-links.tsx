import type { OrderFile } from '@portal/shared/schemas/orders';
import { Modal } from 'antd';
import { useState, type MouseEvent } from 'react';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { useOrderDetail } from '../api/orders';
import styles from './orders.module.css';

/** The server's signed links last 30 minutes; older ones are fetched again before use. */
const LINK_FRESH_MS = 25 * 60_000;

/** Whether links fetched at `fetchedAt` (ms) can still be used. */
function isFresh(fetchedAt: number): boolean {
  return Date.now() - fetchedAt < LINK_FRESH_MS;
}

interface OrderFileLinksProps {
  orderId: number;
  kind: 'invoiceList' | 'receiptList';
  files: OrderFile[];
  label: string;
}

/**
 * Invoice or receipt files of the buyer's order (private files reached by short-lived signed
 * links): 查看 shows one in a dialog, 下载 saves it under its name. A page left open longer than
 * the links live asks the server for fresh ones first, so the click still works.
 */
export function OrderFileLinks({ orderId, kind, files, label }: OrderFileLinksProps) {
  const { dataUpdatedAt, refetch } = useOrderDetail(orderId);
  const [viewing, setViewing] = useState<string | null>(null);
  if (files.length === 0) return <span>暂无</span>;

  const fresh = async (index: number): Promise<OrderFile | undefined> => {
    if (isFresh(dataUpdatedAt)) return files[index];
    const result = await refetch();
    return result.data?.[kind][index];
  };
  const handleView = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    void fresh(index).then((file) => file && setViewing(file.url));
  };
  const handleDownload = (index: number) => (event: MouseEvent) => {
    if (isFresh(dataUpdatedAt)) return;
    event.preventDefault();
    void fresh(index).then((file) => {
      if (!file) return;
      const link = document.createElement('a');
      link.href = file.downloadUrl;
      link.download = file.name;
      link.click();
    });
  };

  return (
    <span className={styles.files}>
      {files.map((file, index) => (
        <span key={file.path}>
          {file.name.replace(/\.[^.]+$/, '')}：
          <a href={file.url} onClick={handleView(index)}>
            查看
          </a>{' '}
          <a href={file.downloadUrl} download={file.name} onClick={handleDownload(index)}>
            下载
          </a>
        </span>
      ))}
      <Modal
        {...SHEET_MODAL_PROPS}
        open={viewing !== null}
        title={label}
        width={860}
        footer={null}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing && (
          <iframe
            src={viewing}
            title={label}
            style={{ width: '100%', height: 'min(560px, 70dvh)', border: 0 }}
          />
        )}
      </Modal>
    </span>
  );
}
