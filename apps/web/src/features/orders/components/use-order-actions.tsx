import {
  orderCancelSchema,
  orderDelaySchema,
  orderGiveUpDelaySchema,
} from '@portal/shared/schemas/orders';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { startBankPayment } from '../../../lib/bank-payment';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useOrderAction } from '../api/orders';
import {
  LOCK_LOST_CODE,
  PAY_WINDOW_ENDED,
  PRECHECK_FAILED_DETAIL,
  PRECHECK_FAILED_LIST,
} from '../order-rules';
import { ReasonDialog, RefundDialog } from './order-dialogs';

type Dialog = { kind: 'cancel' | 'delay' | 'giveUpDelay' | 'refund'; id: number } | null;

/** Wait before reloading after a successful submission (docs/product/orders.md). */
export const RELOAD_AFTER_MS = 2000;

/**
 * The order actions of /myOrder and /myOrderDetails: continue-pay (precheck, then the bank form;
 * the page's own precheck failure text, docs/product/orders.md), and the cancel, delay, give-up and refund
 * dialogs, each ending in a success toast and a page reload 2 seconds later.
 */
export function useOrderActions(page: 'list' | 'detail') {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const action = useOrderAction();

  const continuePay = async (id: number, payExpireTime?: string) => {
    setPaying(id);
    try {
      await startBankPayment(id);
    } catch (error) {
      setPaying(null);
      const windowEnded = payExpireTime !== undefined && Date.parse(payExpireTime) <= Date.now();
      if (error instanceof ApiError && error.code === LOCK_LOST_CODE && windowEnded) {
        // The page still showed the order unpaid: say why it cannot be paid any more.
        notifyError(PAY_WINDOW_ENDED);
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      } else if (error instanceof ApiError && error.code === LOCK_LOST_CODE) {
        notifyError(page === 'list' ? PRECHECK_FAILED_LIST : PRECHECK_FAILED_DETAIL);
      } else {
        notifyError(error instanceof Error ? error.message : '系统错误');
      }
    }
  };

  const succeed = (text: string) => {
    setDialog(null);
    notifySuccess(text);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
  };

  const open = (kind: NonNullable<Dialog>['kind'], id: number) => setDialog({ kind, id });
  const close = () => setDialog(null);
  const id = dialog?.id ?? 0;

  const dialogs = (
    <>
      <ReasonDialog
        open={dialog?.kind === 'cancel'}
        title="取消订单"
        label="取消原因"
        field={orderCancelSchema.shape.cancelReason}
        confirmLoading={action.isPending}
        onCancel={close}
        onSubmit={(reason) => action.mutate({ kind: 'cancel', id, reason }, { onSuccess: succeed })}
      />
      <ReasonDialog
        open={dialog?.kind === 'delay'}
        title="延期申请"
        label="延期原因"
        field={orderDelaySchema.shape.reason}
        confirmLoading={action.isPending}
        onCancel={close}
        onSubmit={(reason) => action.mutate({ kind: 'delay', id, reason }, { onSuccess: succeed })}
      />
      <ReasonDialog
        open={dialog?.kind === 'giveUpDelay'}
        title="放弃延期"
        label="备注"
        field={orderGiveUpDelaySchema.shape.remark}
        confirmLoading={action.isPending}
        onCancel={close}
        onSubmit={(remark) =>
          action.mutate({ kind: 'giveUpDelay', id, remark }, { onSuccess: succeed })
        }
      />
      <RefundDialog
        open={dialog?.kind === 'refund'}
        confirmLoading={action.isPending}
        onCancel={close}
        onSubmit={(values) =>
          action.mutate({ kind: 'refund', id, ...values }, { onSuccess: succeed })
        }
      />
    </>
  );

  return { continuePay, paying, open, dialogs };
}
