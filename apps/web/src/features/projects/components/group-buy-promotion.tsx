import { Button } from 'antd';
import { useState } from 'react';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { useGroupBuy } from '../api/group-buy';
import type { GroupBuyDialog } from './group-buy-dialogs';
import styles from './group-buy.module.css';

// The dialogs (antd Modal, List and Form) load when one is first opened.
const GroupBuyDialogs = lazyNamed(() => import('./group-buy-dialogs'), 'GroupBuyDialogs');

/**
 * The group-buy promotion of the configured projects (docs/product/new-build.md): places left
 * out of 10, the participants dialog and the sign-up dialog.
 */
export function GroupBuyPromotion({ projectId }: { projectId: number }) {
  const { data } = useGroupBuy(projectId, true);
  const [dialog, setDialog] = useState<GroupBuyDialog>('none');
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
      <Deferred when={dialog !== 'none'}>
        <GroupBuyDialogs
          projectId={projectId}
          data={data}
          dialog={dialog}
          onClose={() => setDialog('none')}
        />
      </Deferred>
    </section>
  );
}
