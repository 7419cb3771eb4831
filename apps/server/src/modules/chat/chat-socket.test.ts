import type { ChatMessage, ChatServerFrame } from '@portal/shared/schemas/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestSocket } from './chat-test-client';
import {
  api as apiOf,
  connect as connectTo,
  conversationBetween as between,
  isType,
  person as personOf,
  type Person,
} from './chat-test-helpers';

let t: TestApp;
let wsUrl: string;
let origin: string;
let alice: Person;
let bob: Person;

const person = (phone: string, nickname: string | null) => personOf(t, phone, nickname);
const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  apiOf(t, method, url, who, payload);
const conversationBetween = (a: Person, b: Person) => between(t, a, b);
const connect = (who: Person, mode?: 'chat' | 'badge') => connectTo(wsUrl, origin, who, mode);

beforeAll(async () => {
  t = await createTestApp();
  alice = await person('13710000001', '爱丽丝');
  bob = await person('13710000002', null);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/api/chat/ws`;
  origin = new URL(t.config.publicOrigin).origin;
});

afterAll(async () => {
  await t.dispose();
});

describe('the chat socket', () => {
  it('carries messages both ways with acknowledgement, delivery and read state', async () => {
    const id = await conversationBetween(alice, bob);
    const a = await connect(alice);
    const b = await connect(bob);
    a.send({
      type: 'send',
      conversationId: id,
      text: '<script>alert(1)</script>你好',
      clientId: 'alice-msg-1',
    });
    const ack = await a.waitFor(isType('ack'));
    expect(ack.clientId).toBe('alice-msg-1');
    // Stored before it was acknowledged.
    const stored = (
      await api('GET', `/api/chat/conversations/${id}/messages?after=${ack.message.id - 1}`, alice)
    ).json().data;
    expect(stored.messages[0].id).toBe(ack.message.id);

    const received = await b.waitFor(
      (f): f is Extract<ChatServerFrame, { type: 'message' }> =>
        f.type === 'message' && f.message.id === ack.message.id,
    );
    expect(received.message.body).toBe('<script>alert(1)</script>你好');
    const delivered = await a.waitFor(
      (f) => f.type === 'delivered' && f.ids.includes(ack.message.id),
    );
    expect(delivered).toMatchObject({ conversationId: id });

    b.send({ type: 'read', conversationId: id });
    const read = await a.waitFor((f) => f.type === 'read' && f.upToId >= ack.message.id);
    expect(read).toMatchObject({ readerId: bob.id, conversationId: id });

    b.send({ type: 'send', conversationId: id, text: '收到', clientId: 'bob-msg-0001' });
    await a.waitFor((f) => f.type === 'message' && f.message.body === '收到');
    a.close();
    b.close();
  });

  it('refuses a third user on the socket too', async () => {
    const id = await conversationBetween(alice, bob);
    const frank = await person('13710000006', '弗兰克');
    const c = await connect(frank);
    c.send({ type: 'send', conversationId: id, text: '插话', clientId: 'frank-msg-1' });
    const error = await c.waitFor(isType('error'));
    expect(error).toMatchObject({ code: '10404', clientId: 'frank-msg-1' });
    c.send({ type: 'read', conversationId: id });
    await c.waitFor((f) => f.type === 'error' && f.clientId === undefined);
    const own = await conversationBetween(frank, alice);
    c.send({ type: 'send', conversationId: own, text: 'x'.repeat(1001), clientId: 'frank-long-1' });
    await c.waitFor(
      (f) => f.type === 'error' && f.code === '75001' && f.clientId === 'frank-long-1',
    );
    c.close();
  });

  it('misses nothing across a dropped connection', async () => {
    const id = await conversationBetween(alice, bob);
    const b = await connect(bob);
    b.send({ type: 'ping' });
    await b.waitFor(isType('pong'));
    const before = (await api('GET', `/api/chat/conversations/${id}/messages?limit=1`, bob)).json()
      .data.messages as ChatMessage[];
    const lastSeen = before[0]?.id ?? 0;
    b.drop();
    await b.waitClosed();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const a = await connect(alice);
    for (const [i, text] of ['断线时发的一', '断线时发的二'].entries()) {
      a.send({ type: 'send', conversationId: id, text, clientId: `offline-${i}-${Date.now()}` });
      await a.waitFor((f) => f.type === 'ack' && f.message.body === text);
    }
    const b2 = await connect(bob);
    const missed = (
      await api('GET', `/api/chat/conversations/${id}/messages?after=${lastSeen}`, bob)
    ).json().data.messages as ChatMessage[];
    expect(missed.map((m) => m.body)).toEqual(['断线时发的一', '断线时发的二']);
    // Reconnecting marked them delivered and told the sender.
    await a.waitFor((f) => f.type === 'delivered' && missed.every((m) => f.ids.includes(m.id)));
    a.close();
    b2.close();
  });

  it('checks the origin at the handshake and takes the token only from the first frame', async () => {
    await expect(TestSocket.open(wsUrl, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(TestSocket.open(wsUrl, undefined)).rejects.toThrow('HTTP 403');
    // A token in the URL reaches access logs: refused even when valid.
    await expect(TestSocket.open(`${wsUrl}?token=${alice.token}`, origin)).rejects.toThrow(
      'HTTP 400',
    );
    const late = await TestSocket.open(wsUrl, origin);
    late.send({ type: 'auth', token: 'y'.repeat(43) });
    const error = await late.waitFor(isType('error'));
    expect(error.code).toBe('90001');
    await late.waitClosed();
    expect(late.closeCode).toBe(4401);
    const noAuth = await TestSocket.open(wsUrl, origin);
    noAuth.send({ type: 'ping' });
    await noAuth.waitFor((f) => f.type === 'error' && f.code === '90001');
    await noAuth.waitClosed();
  });

  it('answers malformed frames with an error instead of dropping the socket', async () => {
    const a = await connect(alice);
    a.ws.send('not json');
    await a.waitFor((f) => f.type === 'error' && f.code === '10002');
    a.send({ type: 'dance' });
    await a.waitFor((f) => f.type === 'error' && f.code === '10001');
    a.send({ type: 'ping' });
    await a.waitFor(isType('pong'));
    a.close();
  });
});

describe('the badge socket of the site shell', () => {
  it('gets the unread total at sign-in and whenever it changes, and nothing else', async () => {
    const hana = await person('13710000007', '花');
    const ivan = await person('13710000008', '伊万');
    const id = await conversationBetween(ivan, hana);
    const badge = await connect(hana, 'badge');
    const seen: ChatServerFrame[] = [];
    /** Waits for an unread total, then sets the frames so far aside. */
    const unreadBecomes = async (unread: number) => {
      await badge.waitFor((f) => f.type === 'unread' && f.unread === unread);
      seen.push(...badge.frames.splice(0));
    };
    await unreadBecomes(0);
    for (const text of ['在吗', '想看房']) {
      await api('POST', `/api/chat/conversations/${id}/messages`, ivan, { text });
    }
    await unreadBecomes(2);
    await api('POST', `/api/chat/conversations/${id}/read`, hana, {});
    await unreadBecomes(0);
    expect(seen.every((f) => f.type === 'unread' || f.type === 'ready')).toBe(true);
    // A badge is not a reader: nothing was marked delivered before it was read.
    const history = (await api('GET', `/api/chat/conversations/${id}/messages`, ivan)).json().data;
    expect(history.messages[0].deliveredAt).toBe(history.messages[0].readAt);
    badge.close();
  });
});
