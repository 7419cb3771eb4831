import type { MyLotteryRegistration } from '@portal/shared/schemas/lottery';
import {
  LOTTERY_REG_STATUS_LABEL,
  LOTTERY_SLOT_STATUS_LABEL,
  type LotteryRegStatus,
  type LotterySlotStatus,
} from '@portal/shared/status';
import { Button, Input, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBoardEvents } from '../api/board-events';
import { useAppeal, useMyLottery } from '../api/lottery-api';
import styles from './lottery.module.css';

function Appeal({ registration }: { registration: MyLotteryRegistration }) {
  const [reason, setReason] = useState('');
  const appeal = useAppeal(registration.batchId);
  return (
    <div className={styles.stack}>
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={300}
        placeholder="申诉理由（可申诉一次）"
      />
      <Button
        className={styles.wideButton}
        loading={appeal.isPending}
        onClick={() =>
          appeal.mutate(reason, {
            onSuccess: () => notifySuccess('申诉已提交'),
            onError: (error) => notifyError(error.message),
          })
        }
      >
        提交申诉
      </Button>
    </div>
  );
}

/** Keeps a place in a moving 选房 line current: the board's pushes re-read 我的摇号. */
function FollowLine({ batchId }: { batchId: number }) {
  useBoardEvents(batchId, true);
  return null;
}

/** 我的摇号: each registration's status, reason, appeal, and place in the 选房 line. */
export function MyLottery() {
  const { data, isPending } = useMyLottery();
  if (isPending) return <Spin />;
  if (!data?.length) return <EmptyState description="您还没有摇号登记" />;
  return (
    <div className={styles.stack}>
      {data.map((r) => (
        <section key={r.id} className={styles.card} data-testid="my-lottery-item">
          <Link to={paths.lottery.getHref({ id: r.batchId })}>
            <strong>{r.batchTitle}</strong>
          </Link>
          <p>
            登记号 {r.regNo} ·{' '}
            <span data-testid="my-lottery-status">
              {LOTTERY_REG_STATUS_LABEL[r.status as LotteryRegStatus]}
            </span>
            {r.reason ? `：${r.reason}` : ''}
          </p>
          <p>
            家庭成员 {r.members.length} 人{r.homeless ? ' · 无房家庭' : ''}
            {r.canEdit ? ' · 登记截止前可在批次页修改' : ''}
          </p>
          {(r.place?.slotStatus === 'waiting' || r.place?.slotStatus === 'active') && (
            <FollowLine batchId={r.batchId} />
          )}
          {r.place && (
            <p className={styles.big} data-testid="my-lottery-place" aria-live="polite">
              选房顺序第 {r.place.chooseOrder} 号 ·{' '}
              {LOTTERY_SLOT_STATUS_LABEL[r.place.slotStatus as LotterySlotStatus]}
              {r.place.slotStatus === 'waiting' && r.place.expectedAt
                ? `，您前面还有 ${r.place.ahead} 位，预计 ${dayjs(r.place.expectedAt).format('HH:mm')} 轮到您`
                : ''}
            </p>
          )}
          {r.place?.slotStatus === 'active' && (
            <p>轮到您了：请在楼盘的一房一价表中选定房源并提交订单。</p>
          )}
          {r.canAppeal && <Appeal registration={r} />}
        </section>
      ))}
    </div>
  );
}
