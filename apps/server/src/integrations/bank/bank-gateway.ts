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

/** A refund the bank accepted: its number there, and whether the money has already moved. */
export interface BankRefundAccepted {
  bankRefundNo: string;
  settled: boolean;
}

/** Status of one refund as the bank reports it. */
export type BankRefundStatus = 'success' | 'processing' | 'failed' | 'unknown';

export interface BankRefundQueryResult {
  status: BankRefundStatus;
  /** Amount refunded in fen, when the bank says. */
  amountFen: number | null;
}

/** A verified final result from the bank's asynchronous notification. Amounts in fen. */
export interface BankNotifiedResult {
  outTradeNo: string;
  tradeNo: string;
  /** When the bank names it, it must be the payment's order. */
  orderNo?: string;
  amountFen: number;
  status: 'paid' | 'failed';
}

/**
 * How a provider delivers its signed asynchronous notifications: the path it posts to (form
 * fields), their verification, and the plain-text answers it expects.
 */
export interface BankNotificationChannel {
  /** Path under the site, e.g. `/api/pay/notify/alipay`. */
  readonly path: string;
  /**
   * Verifies signature, merchant and app, and reads the result. Throws AppError
   * PAY_SIGNATURE_INVALID on a bad signature; null = not a final payment result (acknowledged,
   * nothing to apply).
   */
  verify(fields: Record<string, string>): Promise<BankNotifiedResult | null>;
  /** The body that tells the provider to stop retrying, and the one that asks it to retry. */
  readonly acknowledge: string;
  readonly reject: string;
}

/**
 * A bank payment gateway (docs/operations.md, "Payment"). The simulator implements it while
 * simulators run; the Alipay adapter (PAYMENT_PROVIDER=alipay) implements it against Alipay's
 * signed OpenAPI. The app builds one from configuration and hands it to the orders module.
 */
export interface BankGateway {
  readonly name: string;
  /** The auto-submitting HTML form that takes the buyer's browser to the bank's payment page. */
  payForm(request: BankPayRequest): Promise<string>;
  /** The bank's current view of one trade (pay-status reconciliation). */
  query(outTradeNo: string): Promise<BankTradeQueryResult>;
  /**
   * Asks the bank to return a paid trade's amount to the payer. Accepted is not done: `settled`
   * only when the bank says the money moved (Alipay's `fund_change=Y`); otherwise the refund is
   * confirmed by `queryRefund`, at once or later by the refund reconciliation job.
   */
  refund(input: {
    outTradeNo: string;
    refundNo: string;
    amountFen: number;
  }): Promise<BankRefundAccepted>;
  /** The bank's view of one refund (by the portal's refund number), e.g. after a timeout. */
  queryRefund?(input: { outTradeNo: string; refundNo: string }): Promise<BankRefundQueryResult>;
  /** The provider's own notification channel; absent = the simulator's HMAC `/api/pay/notify`. */
  readonly notifications?: BankNotificationChannel;
  /** Origins the payment form posts to (the page's form-action). */
  readonly formOrigins?: readonly string[];
}

/** How long one call to the bank may take (ms). */
export const BANK_TIMEOUT_MS = 10_000;

/**
 * Fen from a decimal yuan text such as `5000.00` or `0.5`, without floating point; null when
 * the text is not an amount.
 */
export function fenOfYuanText(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The decimal yuan text of an amount in fen (`500000` → `5000.00`). */
export function yuanTextOfFen(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
