import type { PaymentSettings } from '../../config/index';
import type { Db } from '../../db/client';
import { createAlipayGateway } from './alipay-gateway';
import type { BankGateway } from './bank-gateway';
import { createBankSimulator } from './bank-simulator';

export type {
  BankGateway,
  BankNotificationChannel,
  BankNotifiedResult,
  BankRefundAccepted,
  BankTradeQueryResult,
} from './bank-gateway';

/**
 * The payment gateway chosen by configuration: Alipay, the simulator, or none (switched off:
 * the payment endpoints answer BANK_UNAVAILABLE, 503).
 */
export function createBankGateway(
  settings: PaymentSettings,
  db: Db,
  publicOrigin: string,
): BankGateway | null {
  switch (settings.provider) {
    case 'alipay':
      return createAlipayGateway(settings, publicOrigin);
    case 'simulator':
      return createBankSimulator(db);
    case 'off':
      return null;
  }
}
