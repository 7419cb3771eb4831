import type {
  LotteryProof,
  LotteryProofKind,
  MyLotteryRegistration,
} from '@portal/shared/schemas/lottery';
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
import { useNewTabLink } from '../../../lib/new-tab';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBoardEvents } from '../api/board-events';
import { useAppeal, useLotteryBatch, useMyLottery, useMyProofs } from '../api/lottery-api';
import { LazyRegistrationForm } from './lazy-registration-form';
import styles from './lottery.module.css';
import type { ProofItem } from './proof-uploads';

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

/** The proofs submitted with a registration, each opening the file (only its owner may). */
function ProofList({ proofs }: { proofs: LotteryProof[] }) {
  const newTab = useNewTabLink();
  if (proofs.length === 0) return <p>证明材料：未上传</p>;
  const count = new Map<string, number>();
  return (
    <div>
      <span>证明材料：</span>
      <ul className={styles.proofLinks} data-testid="my-lottery-proofs">
        {proofs.map((proof) => {
          const n = (count.get(proof.kind) ?? 0) + 1;
          count.set(proof.kind, n);
          return (
            <li key={proof.path}>
              <a href={proof.url} {...newTab}>
                {proof.label} {n}
                {proof.contentType === 'application/pdf' ? '（PDF）' : ''}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * 修改登记 while registration is open: the form filled in with the registration as it stands
 * and its proofs; members' ID numbers are shown masked, so they are entered again.
 */
function Edit({
  registration,
  proofs,
  onDone,
}: {
  registration: MyLotteryRegistration;
  proofs: LotteryProof[];
  onDone: () => void;
}) {
  const batch = useLotteryBatch(registration.batchId);
  if (!batch.data) return <Spin />;
  const counts = new Map<string, number>();
  const items: ProofItem[] = proofs.map((proof) => {
    const n = (counts.get(proof.kind) ?? 0) + 1;
    counts.set(proof.kind, n);
    return {
      kind: proof.kind as LotteryProofKind,
      path: proof.path,
      url: proof.url,
      contentType: proof.contentType,
      name: `${proof.label} ${n}`,
    };
  });
  return (
    <div className={styles.stack}>
      <p>修改后登记将重新进入审核中。家庭成员的身份证号请重新填写。</p>
      <LazyRegistrationForm
        batch={batch.data}
        onSaved={onDone}
        initial={{
          localHukou: registration.localHukou,
          socialInsuranceMonths: registration.socialInsuranceMonths,
          homeless: registration.homeless,
          members: registration.members.map((m) => ({
            relation: m.relation === 'spouse' ? 'spouse' : 'child',
            name: m.name,
            idCard: '',
          })),
          proofs: items,
        }}
      />
    </div>
  );
}

/** 我的摇号: each registration's status, reason, proofs, appeal, and place in the 选房 line. */
export function MyLottery() {
  const { data, isPending } = useMyLottery();
  const proofs = useMyProofs();
  const [editing, setEditing] = useState<number | null>(null);
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
            {r.canEdit ? ' · 登记截止前可修改' : ''}
          </p>
          {(r.place?.slotStatus === 'waiting' || r.place?.slotStatus === 'active') && (
            <FollowLine batchId={r.batchId} />
          )}

          <ProofList proofs={proofs.data?.find((p) => p.registrationId === r.id)?.proofs ?? []} />
          {r.canEdit &&
            (editing === r.id ? (
              <Edit
                registration={r}
                proofs={proofs.data?.find((p) => p.registrationId === r.id)?.proofs ?? []}
                onDone={() => setEditing(null)}
              />
            ) : (
              <Button className={styles.wideButton} onClick={() => setEditing(r.id)}>
                修改登记
              </Button>
            ))}
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
