import { API_CODE } from '@portal/shared/api-code';
import { formatNumber } from '@portal/shared/format';
import type { OrderCreated } from '@portal/shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox } from 'antd';
import useApp from 'antd/es/app/useApp';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePrivacyConsent } from '../../../components/legal/privacy-consent';
import { ApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { startBankPayment } from '../../../lib/bank-payment';
import { ROOM_STATE_QUERY_ROOT } from '../../../lib/use-room-events';
import { createDepositOrder } from '../api/deposit-order';
import { DEPOSIT_AGREEMENT_TITLE } from '../lib/deposit-agreement';
import { DepositAgreementDialog } from './agreement-dialog';
import styles from './order-confirmation.module.css';

interface PayPanelProps {
  roomId: number;
  lockMoney: number;
}

/**
 * The agreement tick and 立即支付 (docs/product/new-build.md, deposit flow steps 4–6): without the tick the agreement dialog
 * opens and 同意并继续 goes on; then the order is created (a failure shows the server message
 * as a warning) and the bank's payment form is requested and submitted. An order created whose
 * payment could not start keeps its number here, so 继续支付 does not order twice.
 */
export function PayPanel({ roomId, lockMoney }: PayPanelProps) {
  const { message } = useApp();
  const queryClient = useQueryClient();
  const [isAgreed, setIsAgreed] = useState(false);
  /** Why the agreement dialog is open: to read it, or because 立即支付 was clicked unticked. */
  const [dialogPurpose, setDialogPurpose] = useState<'read' | 'pay' | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [order, setOrder] = useState<OrderCreated | null>(null);
  const consent = usePrivacyConsent('deposit');

  const pay = async () => {
    setIsPaying(true);
    let created = order;
    try {
      if (!created) {
        // The separate privacy consent comes first: the order copies the buyer's ID number.
        if (!(await consent.ensure())) return;
        created = await createDepositOrder({ houseId: roomId, agreed: true });
        setOrder(created);
        await queryClient.invalidateQueries({ queryKey: ROOM_STATE_QUERY_ROOT });
      }
      await startBankPayment(created.id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === API_CODE.INVALID_SESSION) authStore.setLoginDialogOpen(true);
      else if (created) void message.error(error.message);
      else void message.warning(error.message);
    } finally {
      setIsPaying(false);
    }
  };

  const handlePayClick = () => {
    if (isAgreed) void pay();
    else setDialogPurpose('pay');
  };

  return (
    <>
      {consent.dialog}
      {order && (
        <Alert
          type="info"
          showIcon
          title={`订单已提交（订单号 ${order.orderNo}），请于 ${dayjs(order.payExpireTime).format('HH:mm')} 前完成订约金支付，逾期订单自动关闭。`}
        />
      )}
      <div className={styles.footer}>
        <span className={styles.agreement}>
          <Checkbox checked={isAgreed} onChange={(event) => setIsAgreed(event.target.checked)}>
            我已阅读并同意
          </Checkbox>
          <Button
            type="link"
            className={styles.agreementLink}
            onClick={() => setDialogPurpose('read')}
          >
            {DEPOSIT_AGREEMENT_TITLE}
          </Button>
        </span>
        <div className={styles.payArea}>
          <span className={styles.total}>
            应付订约金：
            <strong className={styles.deposit}>{formatNumber(lockMoney)}元</strong>
          </span>
          <Button
            type="primary"
            size="large"
            className={styles.payButton}
            loading={isPaying}
            onClick={handlePayClick}
          >
            {order ? '继续支付' : '立即支付'}
          </Button>
        </div>
      </div>
      <DepositAgreementDialog
        open={dialogPurpose !== null}
        onCancel={() => setDialogPurpose(null)}
        onAgree={() => {
          setIsAgreed(true);
          setDialogPurpose(null);
          if (dialogPurpose === 'pay') void pay();
        }}
      />
    </>
  );
}
