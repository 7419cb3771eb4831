import { AlipaySdk } from 'alipay-sdk';
import type { PaymentSettings } from '../../config/index';
import { AppError } from '../../lib/app-error';
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

/** A refund or call the bank refused, with Alipay's reason for the operator. */
function refusal(answer: { subMsg?: string; msg?: string; subCode?: string }): Error {
  return new Error(answer.subMsg ?? answer.msg ?? answer.subCode ?? '支付宝未受理');
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
  });
  const origin = new URL(publicOrigin).origin;
  const exec = (method: string, bizContent: Record<string, string>) =>
    sdk.exec(method, { bizContent }, { validateSign: true });

  return {
    name: '支付宝',
    formOrigins: [new URL(settings.gateway).origin],
    async payForm(request) {
      return sdk.pageExecute('alipay.trade.page.pay', 'POST', {
        bizContent: {
          out_trade_no: request.outTradeNo,
          total_amount: yuanTextOfFen(request.amountFen),
          subject: request.subject.slice(0, 256),
          product_code: 'FAST_INSTANT_TRADE_PAY',
          timeout_express: '30m',
        },
        notifyUrl: request.notifyUrl,
        returnUrl: `${origin}${request.returnPath}`,
      });
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
      return refundNo;
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
