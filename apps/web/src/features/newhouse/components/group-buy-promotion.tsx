import { Button, List, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useGroupBuy } from '../api/group-buy';
import { GroupBuyForm } from './group-buy-form';
import styles from './group-buy.module.css';

/**
 * The group-buy promotion of the configured projects (spec 3 §2.2, DECISIONS #13): places left
 * out of 10, the participants dialog and the sign-up dialog.
 */
export function GroupBuyPromotion({ projectId }: { projectId: number }) {
  const { data } = useGroupBuy(projectId, true);
  const [dialog, setDialog] = useState<'none' | 'participants' | 'form'>('none');
  const close = () => setDialog('none');
  const remaining = data?.remaining ?? 10;

  return (
    <section className={styles.promotion} aria-label="团购活动">
      <span className={styles.flag}>团购</span>
      <p className={styles.quota}>
        限时团购优惠进行中，仅剩 <strong>{remaining}</strong> 个名额
      </p>
      <Button onClick={() => setDialog('participants')}>
        已报名 {data?.participants.length ?? 0} 人
      </Button>
      <Button type="primary" disabled={remaining === 0} onClick={() => setDialog('form')}>
        {remaining === 0 ? '名额已满' : '我要报名'}
      </Button>
      <Modal title="参团人员" open={dialog === 'participants'} onCancel={close} footer={null}>
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
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        <GroupBuyForm projectId={projectId} onDone={close} />
      </Modal>
    </section>
  );
}
