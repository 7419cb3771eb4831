import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-server';

/** `k=v` pairs sorted by key and joined with `&`, leaving out `omit`: what Alipay signs. */
export function alipaySignContent(fields: Record<string, string>, omit: string[]): string {
  return Object.keys(fields)
    .filter((key) => !omit.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (keys: ReturnType<typeof pair>) => ({
  privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});

/** The merchant application's keys and the (test) Alipay platform's keys. */
export const APP_KEYS = pem(pair());
export const ALIPAY_KEYS = pem(pair());
export const APP_ID = '2021000000000001';
export const SELLER_ID = '2088000000000001';

/** RSA2 (SHA256withRSA) signature, base64. */
export function rsa2(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

interface FakeTrade {
  totalAmount: string;
  status: string;
  tradeNo: string;
  notifyUrl: string;
  refunds: Map<string, string>;
}

/**
 * The action and fields of an HTML form as a browser reads them: attribute values with their
 * character references decoded (named `&amp; &lt; &gt; &quot; &apos;` and numeric ones).
 */
export function formOf(html: string): { action: string; fields: [string, string][] } {
  const decode = (text: string) =>
    text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_all, ref: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      if (ref[0] !== '#') return named[ref.toLowerCase()] ?? '';
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return String.fromCodePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    });
  const action = decode(/<form[^>]*\saction="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields = [...html.matchAll(/<input[^>]*\sname="([^"]*)"[^>]*\svalue="([^"]*)"/g)].map(
    ([, name, value]): [string, string] => [decode(name ?? ''), decode(value ?? '')],
  );
  return { action, fields };
}

/**
 * Alipay's OpenAPI gateway (gateway.do) for the calls the portal makes: it verifies the RSA2
 * signature of every request with the application's public key, keeps trades created by the
 * page-pay form, and answers alipay.trade.query / .refund / .fastpay.refund.query with
 * responses signed by the platform key, in the documented success and error shapes.
 */
export class FakeAlipay {
  readonly trades = new Map<string, FakeTrade>();
  /** Out-trade numbers the gateway holds past any client timeout. */
  readonly slow = new Set<string>();
  /** When set, every OpenAPI call (not the page form) gets this answer: an outage. */
  outage: FakeAnswer | null = null;
  /** While true, refunds are accepted with fund_change=N and stay processing until settled. */
  holdRefunds = false;
  /** Refunds accepted but not yet paid out, by refund number. */
  readonly heldRefunds = new Set<string>();

  handle = (request: FakeRequest): FakeAnswer => {
    const fields = Object.fromEntries([
      ...request.url.searchParams.entries(),
      ...new URLSearchParams(request.body).entries(),
    ]);
    const method = fields.method ?? '';
    const key = `${method.replaceAll('.', '_')}_response`;
    const verified = createVerify('RSA-SHA256')
      .update(alipaySignContent(fields, ['sign']), 'utf8')
      .verify(APP_KEYS.publicKey, fields.sign ?? '', 'base64');
    if (!verified || fields.app_id !== APP_ID) {
      return this.answer(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (method === 'alipay.trade.page.pay') {
      this.trades.set(biz.out_trade_no ?? '', {
        totalAmount: biz.total_amount ?? '',
        status: 'WAIT_BUYER_PAY',
        tradeNo: `2026${randomBytes(8).toString('hex')}`,
        notifyUrl: fields.notify_url ?? '',
        refunds: new Map(),
      });
      return { contentType: 'text/html;charset=utf-8', body: '<html>支付宝收银台</html>' };
    }
    if (this.slow.has(biz.out_trade_no ?? '')) return { delayMs: 3_000, body: '{}' };
    if (this.outage) return this.outage;
    if (!trade) {
      return this.answer(key, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      });
    }
    if (method === 'alipay.trade.query') {
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: biz.out_trade_no,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
      });
    }
    if (method === 'alipay.trade.refund') {
      if (trade.status !== 'TRADE_SUCCESS') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        });
      }
      if (Number(biz.refund_amount) > Number(trade.totalAmount)) {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
          sub_msg: '退款金额超限',
        });
      }
      const refundNo = biz.out_request_no ?? '';
      const repeated = trade.refunds.has(refundNo);
      trade.refunds.set(refundNo, biz.refund_amount ?? '');
      if (this.holdRefunds && !repeated) this.heldRefunds.add(refundNo);
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        refund_fee: biz.refund_amount,
        // A repeated request, or one still being processed, has not moved money (now).
        fund_change: repeated || this.heldRefunds.has(refundNo) ? 'N' : 'Y',
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const amount = trade.refunds.get(biz.out_request_no ?? '');
      if (amount && this.heldRefunds.has(biz.out_request_no ?? '')) {
        return this.answer(key, {
          code: '10000',
          msg: 'Success',
          refund_amount: amount,
          out_request_no: biz.out_request_no,
        });
      }
      return this.answer(
        key,
        amount
          ? {
              code: '10000',
              msg: 'Success',
              refund_status: 'REFUND_SUCCESS',
              refund_amount: amount,
              out_request_no: biz.out_request_no,
            }
          : { code: '10000', msg: 'Success' },
      );
    }
    return this.answer(key, {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'isv.invalid-method',
    });
  };

  /** The buyer paid on the cashier page: the trade succeeds; answers the signed notification. */
  pay(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    trade.status = 'TRADE_SUCCESS';
    return this.notification(outTradeNo, overrides);
  }

  /** A notification of the trade's current state, signed with the platform key. */
  notification(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    const fields: Record<string, string> = {
      notify_time: '2026-11-25 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: outTradeNo,
      seller_id: SELLER_ID,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      subject: '订约金',
      gmt_payment: '2026-11-25 09:59:58',
      ...overrides,
    };
    const sign = rsa2(alipaySignContent(fields, ['sign', 'sign_type']), ALIPAY_KEYS.privateKey);
    return { ...fields, sign_type: 'RSA2', sign };
  }

  /** A signed gateway error answer of `method` (e.g. code 20000, the service unavailable). */
  gatewayError(method: string, response: Record<string, string>): FakeAnswer {
    return this.answer(`${method.replaceAll('.', '_')}_response`, response);
  }

  private answer(key: string, response: Record<string, unknown>): FakeAnswer {
    const json = JSON.stringify(response);
    return { body: `{"${key}":${json},"sign":"${rsa2(json, ALIPAY_KEYS.privateKey)}"}` };
  }
}
