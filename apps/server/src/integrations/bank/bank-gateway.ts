/** Status of one trade as the bank reports it. */
export type BankTradeStatus = 'pending' | 'paid' | 'failed' | 'unknown';

/** What the portal asks the bank to collect. Amounts in fen. */
export interface BankPayRequest {
  /** The portal's trade number (payments.out_trade_no), unique per payment. */
  outTradeNo: string;
  orderNo: string;
  subject: string;
  amountFen: number;
  /** Absolute URL of the server-to-server notification (`/api/pay/notify`). */
  notifyUrl: string;
  /** Site path the buyer's browser returns to after paying (e.g. `/myOrderDetails?id=1`). */
  returnPath: string;
}

export interface BankTradeQueryResult {
  status: BankTradeStatus;
  tradeNo: string | null;
  amountFen: number | null;
}

/**
 * A bank payment gateway (ARCHITECTURE §5). The simulator implements it while SIMULATORS is on;
 * a real adapter implements the same three calls against the bank's documented API
 * (BANK_GATEWAY_URL, BANK_MERCHANT_ID, BANK_NOTIFY_SECRET).
 */
export interface BankGateway {
  readonly name: string;
  /** The auto-submitting HTML form that takes the buyer's browser to the bank's payment page. */
  payForm(request: BankPayRequest): Promise<string>;
  /** The bank's current view of one trade (pay-status reconciliation). */
  query(outTradeNo: string): Promise<BankTradeQueryResult>;
  /** Returns a paid trade's amount to the payer; resolves with the bank's refund number. */
  refund(input: { outTradeNo: string; refundNo: string; amountFen: number }): Promise<string>;
}
