import { Button, Drawer, Grid, Modal } from 'antd';
import type { ReactNode } from 'react';
import styles from './sheet-dialog.module.css';

interface SheetDialogProps {
  title: string;
  open: boolean;
  okText: string;
  isSaving?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog of the second-hand pages: centred on a wide screen, a full-width sheet rising from
 * the bottom on a phone (tap targets of 44 px, reachable with the thumb).
 */
export function SheetDialog({
  title,
  open,
  okText,
  isSaving,
  onOk,
  onClose,
  children,
}: SheetDialogProps) {
  const screens = Grid.useBreakpoint();
  if (screens.md === false) {
    return (
      <Drawer
        title={title}
        open={open}
        placement="bottom"
        size="auto"
        onClose={onClose}
        destroyOnHidden
        styles={{ body: { paddingBottom: 8 }, wrapper: { maxHeight: '92vh' } }}
        footer={
          <div className={styles.footer}>
            <Button size="large" onClick={onClose}>
              取消
            </Button>
            <Button size="large" type="primary" loading={isSaving} onClick={onOk}>
              {okText}
            </Button>
          </div>
        }
      >
        {children}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {children}
    </Modal>
  );
}
