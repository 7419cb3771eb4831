import type { GroupBuyState } from '@portal/shared/schemas/projects';
import { List, Modal } from 'antd';
import dayjs from 'dayjs';
import { EmptyState } from '../../../components/empty-state';
import { GroupBuyForm } from './group-buy-form';

/** Which group-buy dialog is open. */
export type GroupBuyDialog = 'none' | 'participants' | 'form';

interface GroupBuyDialogsProps {
  projectId: number;
  data: GroupBuyState | undefined;
  dialog: GroupBuyDialog;
  onClose: () => void;
}

/** The participants dialog and the sign-up dialog of the group-buy promotion. */
export function GroupBuyDialogs({ projectId, data, dialog, onClose }: GroupBuyDialogsProps) {
  return (
    <>
      <Modal title="参团人员" open={dialog === 'participants'} onCancel={onClose} footer={null}>
        {(data?.participants.length ?? 0) === 0 ? (
          <EmptyState />
        ) : (
          <List
            dataSource={data?.participants}
            renderItem={(p) => (
              <List.Item>
                <span>{p.username}</span>
                <span>{p.tel}</span>
                <span>{dayjs(p.createdAt).format('YYYY-MM-DD HH:mm')}</span>
              </List.Item>
            )}
          />
        )}
      </Modal>
      <Modal
        title="团购报名"
        open={dialog === 'form'}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        <GroupBuyForm projectId={projectId} onDone={onClose} />
      </Modal>
    </>
  );
}
