import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import type { PaymentSettings } from '../../config/index';
import { AppError } from '../../lib/app-error';
import { DIRECT, proxyDispatcher, type OutboundProxy } from '../outbound-proxy';
import { networkCodeOf, ProviderFailure } from '../provider-failure';
import { escapeHtml } from '../simulator-page';
import { normaliseAlipayKeys } from './alipay-keys';
import {
  BANK_TIMEOUT_MS,
  fenOfYuanText,
  yuanTextOfFen,
  type BankGateway,
  type BankNotifiedResult,
  type BankTradeQueryResult,
} from './bank-gateway';

type AlipaySettings = Extract<PaymentSettings, { provider: 'alipay' }>;

/** Trade states of alipay.trade.query and of notifications, as the portal reads them. */
const TRADE_STATUS: Record<string, BankTradeQueryResult['status']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  TRADE_CLOSED: 'failed',
};

/** Alipay gateway codes that mean the gateway, not the trade, failed (service or set-up). */
const GATEWAY_HINTS: Record<string, string> = {
  '20000': '支付宝网关服务不可用，稍后重试',
  '20001': '应用授权令牌无效或权限不足',
  '40001': '请求缺少必选参数',
  '40002': '参数无效（常见：应用私钥与支付宝后台的应用公钥不匹配、APPID 错误）',
  '40006': '应用未签约或未开通该接口权限',
};

/**
 * The error for an answer Alipay refused: 503 BANK_UNAVAILABLE (the bank's, never the
 * database's), with Alipay's reason in the message when it refused the business itself (e.g. a
 * refund above the paid amount, shown to the operator) and the codes and a hint as the logged
 * cause (docs/operations.md).
 */
function refusal(answer: { code?: string; subMsg?: string; msg?: string; subCode?: string }) {
  const code = String(answer.code ?? '');
  const business = code === '40004' && answer.subMsg;
  const error = new AppError(
    'BANK_UNAVAILABLE',
    business ? `支付宝未受理：${String(answer.subMsg).slice(0, 60)}` : undefined,
  );
  const hint = GATEWAY_HINTS[code] ?? '';
  error.cause = new ProviderFailure(
    'alipay',
    [code, answer.subCode].filter(Boolean).join(' ') || 'EmptyAnswer',
    hint,
    answer.subMsg ?? answer.msg ?? '',
  );
  return error;
}

/**
 * The error for a call that did not reach an answer (timeout, refused connection, a 5xx page, an
 * answer whose signature does not verify): 503 BANK_UNAVAILABLE, logged as Alipay's failure by
 * its errno or HTTP status only; the SDK's message, which holds the signed request URL, is not
 * kept.
 */
function outage(thrown: unknown): AppError {
  const message = String((thrown as { message?: unknown })?.message ?? '');
  const status = /status: (\d{3})/.exec(message)?.[1];
  const fallback = status
    ? `HTTP${status}`
    : /验签|sign/i.test(message)
      ? 'ResponseSignatureInvalid'
      : /格式错误/.test(message)
        ? 'BadAnswer'
        : 'NetworkError';
  const error = new AppError('BANK_UNAVAILABLE');
  error.cause = new ProviderFailure('alipay', networkCodeOf(thrown, fallback));
  return error;
}

/**
 * The page-pay form for a signed gateway address: posted to the gateway (its path, charset
 * kept in the query as Alipay reads it) with every signed field as an escaped hidden input.
 */
export function signedForm(signed: URL): string {
  const action = new URL(signed.pathname, signed.origin);
  const charset = signed.searchParams.get('charset');
  if (charset) action.searchParams.set('charset', charset);
  const inputs = [...signed.searchParams.entries()]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action.toString())}" accept-charset="utf-8">${inputs}</form>`;
}

/**
 * Alipay computer-website payment (电脑网站支付) through the official SDK: the page form of
 * alipay.trade.page.pay (RSA2-signed, auto-submitted by the site), RSA2 asynchronous
 * notifications verified with Alipay's public key, alipay.trade.query, alipay.trade.refund and
 * alipay.trade.fastpay.refund.query (responses signature-checked). Amounts are yuan with two
 * decimals on the wire and fen in the portal.
 */
export function createAlipayGateway(
  settings: AlipaySettings,
  publicOrigin: string,
  timeoutMs = BANK_TIMEOUT_MS,
  proxy: OutboundProxy = DIRECT,
): BankGateway {
  const keys = normaliseAlipayKeys(settings.privateKey, settings.alipayPublicKey);
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: keys.privateKey,
    alipayPublicKey: keys.alipayPublicKey,
    keyType: 'PKCS8',
    signType: 'RSA2',
    gateway: settings.gateway,
    timeout: timeoutMs,
    // urllib (on undici) takes the dispatcher as given; unset = a direct connection.
    proxyAgent: proxyDispatcher(proxy, settings.gateway) as AlipaySdkConfig['proxyAgent'],
  });
  const origin = new URL(publicOrigin).origin;
  const exec = async (method: string, bizContent: Record<string, string>) => {
    try {
      return await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (error) {
      throw outage(error);
    }
  };

  return {
    name: '支付宝',
    formOrigins: [new URL(settings.gateway).origin],
    async payForm(request) {
      // The SDK's own POST form escapes only quotes, so a subject holding `&amp;` or `&#x4e00;`
      // literally would reach Alipay decoded and fail its signature. The SDK signs and encodes
      // the fields as a GET address instead; they are read back exactly and written into a form
      // whose every value is HTML-escaped.
      const signed = new URL(
        sdk.pageExecute('alipay.trade.page.pay', 'GET', {
          bizContent: {
            out_trade_no: request.outTradeNo,
            total_amount: yuanTextOfFen(request.amountFen),
            subject: request.subject.slice(0, 256),
            product_code: 'FAST_INSTANT_TRADE_PAY',
            timeout_express: '30m',
          },
          notifyUrl: request.notifyUrl,
          returnUrl: `${origin}${request.returnPath}`,
        }),
      );
      return signedForm(signed);
    },
    async query(outTradeNo) {
      const answer = await exec('alipay.trade.query', { out_trade_no: outTradeNo });
      if (answer.code !== '10000') {
        if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') {
          return { status: 'unknown', tradeNo: null, amountFen: null };
        }
        throw refusal(answer);
      }
      return {
        status: TRADE_STATUS[String(answer.tradeStatus)] ?? 'unknown',
        tradeNo: answer.tradeNo ? String(answer.tradeNo) : null,
        amountFen: fenOfYuanText(String(answer.totalAmount ?? '')),
      };
    },
    async refund({ outTradeNo, refundNo, amountFen }) {
      const answer = await exec('alipay.trade.refund', {
        out_trade_no: outTradeNo,
        refund_amount: yuanTextOfFen(amountFen),
        out_request_no: refundNo,
        refund_reason: '订约金退还',
      });
      if (answer.code !== '10000') throw refusal(answer);
      // code=10000 is accepted, not done: only fund_change=Y says the money moved (a repeated
      // request for the same refund answers N); otherwise the refund query decides.
      return { bankRefundNo: refundNo, settled: answer.fundChange === 'Y' };
    },
    async queryRefund({ outTradeNo, refundNo }) {
      const answer = await exec('alipay.trade.fastpay.refund.query', {
        out_trade_no: outTradeNo,
        out_request_no: refundNo,
        query_options: '["gmt_refund_pay"]',
      });
      if (answer.code !== '10000') {
        if (answer.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'unknown', amountFen: null };
        throw refusal(answer);
      }
      const amountFen = fenOfYuanText(String(answer.refundAmount ?? ''));
      if (answer.refundStatus === 'REFUND_SUCCESS') return { status: 'success', amountFen };
      // Without refund_status, an answer carrying no refund amount means no such refund yet.
      return { status: amountFen === null ? 'unknown' : 'processing', amountFen };
    },
    notifications: {
      path: '/api/pay/notify/alipay',
      acknowledge: 'success',
      reject: 'failure',
      async verify(fields): Promise<BankNotifiedResult | null> {
        // Only RSA2 (SHA-256): a notification claiming RSA (SHA-1) or no type is refused before
        // the SDK, which would verify whatever type the notification names.
        if (fields.sign_type !== 'RSA2') throw new AppError('PAY_SIGNATURE_INVALID');
        if (!sdk.checkNotifySignV2(fields)) throw new AppError('PAY_SIGNATURE_INVALID');
        if (fields.app_id !== settings.appId) throw new AppError('PAY_SIGNATURE_INVALID');
        if (settings.sellerId && fields.seller_id !== settings.sellerId) {
          throw new AppError('PAY_SIGNATURE_INVALID');
        }
        const status = TRADE_STATUS[fields.trade_status ?? ''];
        if (status !== 'paid' && status !== 'failed') return null;
        const amountFen = fenOfYuanText(fields.total_amount ?? '');
        if (amountFen === null || !fields.out_trade_no || !fields.trade_no) {
          throw new AppError('VALIDATION_FAILED', '支付结果通知字段不正确');
        }
        return { outTradeNo: fields.out_trade_no, tradeNo: fields.trade_no, amountFen, status };
      },
    },
  };
}
