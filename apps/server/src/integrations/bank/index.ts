import type { BankConfig } from '../../config/index';
import type { Db } from '../../db/client';
import type { BankGateway } from './bank-gateway';
import { createBankSimulator } from './bank-simulator';

export type { BankGateway } from './bank-gateway';

/**
 * The bank gateway in use: the simulator while simulators are on. Without simulators a real
 * adapter for the configured bank (BANK_GATEWAY_URL, BANK_MERCHANT_ID) is plugged in here; until
 * one is configured there is none and the payment endpoints answer 60010 (503).
 */
export function bankGatewayFor(
  db: Db,
  options: { simulators: boolean; bank: BankConfig },
): BankGateway | null {
  if (options.simulators && options.bank.notifySecret) return createBankSimulator(db);
  return null;
}
