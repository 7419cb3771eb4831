import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeServer, type FakeServer } from '../../../test/fakes/fake-server';
import {
  encryptedCallbackQuery,
  encryptedEnvelopeXml,
  FakeWechat,
  MP_APP_ID,
  MP_APP_SECRET,
  MP_TOKEN,
  scanEventXml,
  signedCallbackQuery,
} from '../../../test/fakes/wechat-fake';
import { aesKeyOf, decryptMessage, encryptMessage, msgSignature } from './wechat-crypto';
import { createWechatMpGateway } from './wechat-mp';
import { WechatMpApi } from './wechat-mp-api';

/** A made-up EncodingAESKey for these tests (43 letters and digits). */
const ENCODING_AES_KEY = 'PortalCallbackAesKey2026abcdefghijklmnopqrs';
const key = aesKeyOf(ENCODING_AES_KEY);

const wechat = new FakeWechat();
let server: FakeServer;
let t: TestApp;

beforeAll(async () => {
  server = await startFakeServer(wechat.handle);
  const settings = {
    provider: 'mp' as const,
    appId: MP_APP_ID,
    appSecret: MP_APP_SECRET,
    token: MP_TOKEN,
    apiBase: server.origin,
    encodingAesKey: ENCODING_AES_KEY,
  };
  t = await createTestApp({
    integrations: { wechat: createWechatMpGateway(settings, new WechatMpApi(settings, 2_000)) },
  });
}, 60_000);
afterAll(async () => {
  await t.dispose();
  await server.close();
});

async function newTicket() {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/wechat/qr' });
  const cookie = response.cookies.find((c) => c.name === 'portal_wechat_ticket');
  return {
    ticket: response.json<{ data: { ticket: string } }>().data.ticket,
    cookie: `portal_wechat_ticket=${cookie?.value ?? ''}`,
  };
}

function post(query: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/wechat/callback?${query}`,
    headers: { 'content-type': 'text/xml' },
    payload: body,
  });
}

async function statusOf(ticket: string, cookie: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const poll = await t.app.inject({
      method: 'GET',
      url: `/api/auth/wechat/poll?ticket=${ticket}`,
      headers: { cookie },
    });
    const status = poll.json<{ data: { status: string } }>().data.status;
    if (status !== 'scanned') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'scanned';
}

describe('WeChat callbacks in 安全模式 (encrypted messages)', () => {
  it('accepts an encrypted scan and answers with an encrypted, signed reply', async () => {
    const { ticket, cookie } = await newTicket();
    const encrypted = encryptMessage(key, MP_APP_ID, scanEventXml('oPortalAes0001', ticket));
    const reply = await post(encryptedCallbackQuery(encrypted), encryptedEnvelopeXml(encrypted));
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain('您已确认登录');
    const field = (name: string) =>
      new RegExp(`<${name}>(?:<!\\[CDATA\\[)?([^<\\]]+)(?:\\]\\]>)?</${name}>`).exec(
        reply.body,
      )?.[1] ?? '';
    const answer = field('Encrypt');
    expect(field('MsgSignature')).toBe(
      msgSignature(MP_TOKEN, field('TimeStamp'), field('Nonce'), answer),
    );
    const opened = decryptMessage(key, answer);
    expect(opened?.appId).toBe(MP_APP_ID);
    expect(opened?.message).toContain('您已确认登录');
    expect(opened?.message).toContain('<ToUserName><![CDATA[oPortalAes0001]]></ToUserName>');
    expect(await statusOf(ticket, cookie)).toBe('confirmed');
  });

  it('refuses plain-text messages once 安全模式 is configured', async () => {
    const { ticket, cookie } = await newTicket();
    const reply = await post(signedCallbackQuery(), scanEventXml('oPortalAes0002', ticket));
    expect(reply.statusCode).toBe(403);
    expect(await statusOf(ticket, cookie)).toBe('pending');
  });

  it('refuses a message signed without its encrypted text, or encrypted for another AppID', async () => {
    const { ticket, cookie } = await newTicket();
    const encrypted = encryptMessage(key, MP_APP_ID, scanEventXml('oPortalAes0003', ticket));
    const other = encryptMessage(key, 'wxffffffffffffffff', scanEventXml('oPortalAes0003', ticket));
    // The URL signature alone is valid, but msg_signature covers the other message.
    const swapped = encryptedCallbackQuery(other);
    expect((await post(swapped, encryptedEnvelopeXml(encrypted))).statusCode).toBe(403);
    expect(
      (await post(encryptedCallbackQuery(other), encryptedEnvelopeXml(other))).statusCode,
    ).toBe(403);
    expect(await statusOf(ticket, cookie)).toBe('pending');
  });

  it('refuses the same encrypted callback delivered a second time', async () => {
    const { ticket } = await newTicket();
    const encrypted = encryptMessage(key, MP_APP_ID, scanEventXml('oPortalAes0004', ticket));
    const query = encryptedCallbackQuery(encrypted);
    expect((await post(query, encryptedEnvelopeXml(encrypted))).statusCode).toBe(200);
    expect((await post(query, encryptedEnvelopeXml(encrypted))).statusCode).toBe(403);
  });
});
