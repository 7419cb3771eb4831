import type { ChatMessage, ChatServerFrame } from '@portal/shared/schemas/chat';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { users } from '../../db/schema/index';
import { createSession } from '../auth/session.service';
import { TestSocket } from './chat-test-client';
import { storeMessage } from './chat.service';

interface Person {
  id: number;
  token: string;
}

let t: TestApp;
let wsUrl: string;
let origin: string;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;

async function person(phone: string, nickname: string | null): Promise<Person> {
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, nickname })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await createSession(t.database.db, row.id, { remember: false }) };
}

function api(method: 'GET' | 'POST', url: string, who?: Person, payload?: object) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });
}

async function conversationBetween(a: Person, b: Person): Promise<number> {
  const response = await api('POST', '/api/chat/conversations', a, { targetId: b.id });
  expect(response.statusCode).toBe(200);
  return response.json().data.id as number;
}

const isType =
  <K extends ChatServerFrame['type']>(type: K) =>
  (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: K }> =>
    frame.type === type;

async function connect(who: Person, how: 'query' | 'frame' = 'query'): Promise<TestSocket> {
  const url = how === 'query' ? `${wsUrl}?token=${who.token}` : wsUrl;
  const socket = await TestSocket.open(url, origin);
  if (how === 'frame') socket.send({ type: 'auth', token: who.token });
  await socket.waitFor(isType('ready'));
  return socket;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await person('13700000001', '爱丽丝');
  bob = await person('13700000002', null);
  carol = await person('13700000003', '卡罗尔');
  dave = await person('13700000004', '大卫');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/api/chat/ws`;
  origin = new URL(t.config.publicOrigin).origin;
});

afterAll(async () => {
  await t.dispose();
});

describe('conversations', () => {
  it('starts once per pair and resumes from either side', async () => {
    const first = await conversationBetween(alice, bob);
    expect(await conversationBetween(alice, bob)).toBe(first);
    expect(await conversationBetween(bob, alice)).toBe(first);
    const response = await api('GET', `/api/chat/conversations/${first}`, bob);
    expect(response.json().data.peer).toEqual({ id: alice.id, name: '爱丽丝', avatar: null });
    const fromAlice = await api('GET', `/api/chat/conversations/${first}`, alice);
    // No nickname: the masked phone.
    expect(fromAlice.json().data.peer.name).toBe('137****0002');
  });

  it('refuses chatting with oneself, an unknown user, and signed-out callers', async () => {
    const self = await api('POST', '/api/chat/conversations', alice, { targetId: alice.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('75002');
    const unknown = await api('POST', '/api/chat/conversations', alice, { targetId: 999999 });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await api('GET', '/api/chat/conversations');
    expect(anonymous.statusCode).toBe(401);
    expect((await api('GET', '/api/chat/unread')).json().code).toBe('90001');
  });

  it('lets only the two participants read or write a conversation', async () => {
    const id = await conversationBetween(alice, bob);
    for (const response of [
      await api('GET', `/api/chat/conversations/${id}`, carol),
      await api('GET', `/api/chat/conversations/${id}/messages`, carol),
      await api('POST', `/api/chat/conversations/${id}/messages`, carol, { text: '偷看' }),
      await api('POST', `/api/chat/conversations/${id}/read`, carol, {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('会话不存在');
    }
    const list = await api('GET', '/api/chat/conversations', carol);
    expect(list.json().data).toEqual([]);
  });
});

describe('messages over REST', () => {
  it('counts unread messages, lists the last one and clears on read', async () => {
    const id = await conversationBetween(carol, dave);
    for (const text of ['您好', '房子还在吗？', '<b>能看房吗</b>']) {
      const sent = await api('POST', `/api/chat/conversations/${id}/messages`, carol, { text });
      expect(sent.statusCode).toBe(200);
    }
    expect((await api('GET', '/api/chat/unread', dave)).json().data).toEqual({ unread: 3 });
    expect((await api('GET', '/api/chat/unread', carol)).json().data).toEqual({ unread: 0 });
    const list = (await api('GET', '/api/chat/conversations', dave)).json().data as Array<{
      id: number;
      unread: number;
      lastMessage: ChatMessage;
    }>;
    const row = list.find((item) => item.id === id);
    expect(row?.unread).toBe(3);
    // Stored as text, exactly as typed.
    expect(row?.lastMessage.body).toBe('<b>能看房吗</b>');

    const history = (await api('GET', `/api/chat/conversations/${id}/messages`, dave)).json().data;
    const second = history.messages[1] as ChatMessage;
    await api('POST', `/api/chat/conversations/${id}/read`, dave, { upToId: second.id });
    expect((await api('GET', '/api/chat/unread', dave)).json().data).toEqual({ unread: 1 });
    await api('POST', `/api/chat/conversations/${id}/read`, dave, {});
    expect((await api('GET', '/api/chat/unread', dave)).json().data).toEqual({ unread: 0 });
    const after = (await api('GET', `/api/chat/conversations/${id}/messages`, carol)).json().data;
    for (const message of after.messages as ChatMessage[]) {
      expect(message.readAt).not.toBeNull();
      expect(message.deliveredAt).not.toBeNull();
    }
  });

  it('pages history upward and catches up after an id', async () => {
    const id = await conversationBetween(alice, dave);
    const ids: number[] = [];
    for (let i = 1; i <= 25; i += 1) {
      const stored = await storeMessage(t.database.db, {
        senderId: i % 2 ? alice.id : dave.id,
        conversationId: id,
        type: 'text',
        body: `第${i}条`,
      });
      ids.push(stored.message.id);
    }
    const newest = (
      await api('GET', `/api/chat/conversations/${id}/messages?limit=10`, alice)
    ).json().data;
    expect(newest.messages.map((m: ChatMessage) => m.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `第${16 + i}条`),
    );
    expect(newest.hasMore).toBe(true);
    const older = (
      await api('GET', `/api/chat/conversations/${id}/messages?limit=10&before=${ids[15]}`, alice)
    ).json().data;
    expect(older.messages.map((m: ChatMessage) => m.body)[0]).toBe('第6条');
    expect(older.hasMore).toBe(true);
    const oldest = (
      await api('GET', `/api/chat/conversations/${id}/messages?limit=10&before=${ids[5]}`, alice)
    ).json().data;
    expect(oldest.messages).toHaveLength(5);
    expect(oldest.hasMore).toBe(false);
    const since = (
      await api('GET', `/api/chat/conversations/${id}/messages?after=${ids[21]}`, dave)
    ).json().data;
    expect(since.messages.map((m: ChatMessage) => m.body)).toEqual(['第23条', '第24条', '第25条']);
  });

  it('refuses blank and over-long text, and stores a resend with the same clientId once', async () => {
    const id = await conversationBetween(bob, dave);
    const blank = await api('POST', `/api/chat/conversations/${id}/messages`, bob, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('75001');
    const long = await api('POST', `/api/chat/conversations/${id}/messages`, bob, {
      text: '房'.repeat(1001),
    });
    expect(long.json().code).toBe('75001');
    const max = await api('POST', `/api/chat/conversations/${id}/messages`, bob, {
      text: '房'.repeat(1000),
    });
    expect(max.statusCode).toBe(200);
    const payload = { text: '只存一次', clientId: 'client-0001' };
    const once = await api('POST', `/api/chat/conversations/${id}/messages`, bob, payload);
    const twice = await api('POST', `/api/chat/conversations/${id}/messages`, bob, payload);
    expect(twice.json().data.id).toBe(once.json().data.id);
  });

  it('sends JPEG/PNG pictures checked by content', async () => {
    const id = await conversationBetween(bob, carol);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, filename: string) => {
      const boundary = '----chat-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${id}/images`,
        payload: body,
        headers: {
          authorization: `Bearer ${bob.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const ok = await upload(png, 'a.png');
    expect(ok.statusCode).toBe(200);
    const message = ok.json().data as ChatMessage;
    expect(message.type).toBe('image');
    expect(message.body).toMatch(new RegExp(`^chat/${id}/[0-9a-f]{24}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: `/oss/app/${message.body}` });
    expect(served.statusCode).toBe(200);
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'b.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('只能发送 JPG 或 PNG 图片');
  });

  it('limits the sending rate per user', async () => {
    const erin = await person('13700000005', '伊琳');
    const id = await conversationBetween(erin, bob);
    const codes: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const response = await api('POST', `/api/chat/conversations/${id}/messages`, erin, {
        text: `刷屏${i}`,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});

describe('the chat socket', () => {
  it('carries messages both ways with acknowledgement, delivery and read state', async () => {
    const id = await conversationBetween(alice, bob);
    const a = await connect(alice, 'query');
    const b = await connect(bob, 'frame');
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
    const frank = await person('13700000006', '弗兰克');
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
    for (const text of ['断线时发的一', '断线时发的二']) {
      a.send({
        type: 'send',
        conversationId: id,
        text,
        clientId: `offline-${text.length}-${Date.now()}`,
      });
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

  it('refuses a bad token, a bad origin and a missing origin at the handshake', async () => {
    await expect(TestSocket.open(`${wsUrl}?token=${'x'.repeat(43)}`, origin)).rejects.toThrow(
      'HTTP 401',
    );
    await expect(
      TestSocket.open(`${wsUrl}?token=${alice.token}`, 'https://evil.example'),
    ).rejects.toThrow('HTTP 403');
    await expect(TestSocket.open(`${wsUrl}?token=${alice.token}`, undefined)).rejects.toThrow(
      'HTTP 403',
    );
    const late = await TestSocket.open(wsUrl, origin);
    late.send({ type: 'auth', token: 'y'.repeat(43) });
    const error = await late.waitFor(isType('error'));
    expect(error.code).toBe('90001');
    await late.waitClosed();
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
