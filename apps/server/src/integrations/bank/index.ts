import type { PaymentSettings } from '../../config/index';
import type { Db } from '../../db/client';
import { DIRECT, type OutboundProxy } from '../outbound-proxy';
import { createAlipayGateway } from './alipay-gateway';
import { BANK_TIMEOUT_MS, type BankGateway } from './bank-gateway';
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
  proxy: OutboundProxy = DIRECT,
): BankGateway | null {
  switch (settings.provider) {
    case 'alipay':
      return createAlipayGateway(settings, publicOrigin, BANK_TIMEOUT_MS, proxy);
    case 'simulator':
      return createBankSimulator(db);
    case 'off':
      return null;
  }
}
