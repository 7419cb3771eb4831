import type { ChatMessage } from '@portal/shared/schemas/chat';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { storeMessage } from './chat-messages.service';
import {
  api as apiOf,
  conversationBetween as between,
  listingOf,
  person as personOf,
  type Person,
} from './chat-test-helpers';

let t: TestApp;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;

const person = (phone: string, nickname: string | null) => personOf(t, phone, nickname);
const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  apiOf(t, method, url, who, payload);
const conversationBetween = (a: Person, b: Person) => between(t, a, b);

beforeAll(async () => {
  t = await createTestApp();
  alice = await person('13700000001', '爱丽丝');
  bob = await person('13700000002', null);
  carol = await person('13700000003', '卡罗尔');
  dave = await person('13700000004', '大卫');
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

  it("refuses chatting about one's own listing, an unknown listing, and signed-out callers", async () => {
    const own = await listingOf(t, alice, '海港区海景花园爱丽丝自己的房源');
    const self = await api('POST', '/api/chat/conversations', alice, { listingId: own });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('75002');
    const unknown = await api('POST', '/api/chat/conversations', alice, { listingId: 99999999 });
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
    const ok = await upload(bob, id, await smallPng());
    expect(ok.statusCode).toBe(200);
    const message = ok.json().data as ChatMessage;
    expect(message.type).toBe('image');
    expect(message.body).toMatch(new RegExp(`^chat/${id}/[0-9a-f]{24}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: `/oss/app/${message.body}` });
    expect(served.statusCode).toBe(200);
    const fake = await upload(bob, id, Buffer.from('<svg onload="alert(1)"></svg>'));
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

  it('counts a picture as one send, like a text', async () => {
    const gina = await person('13700000007', '吉娜');
    const id = await conversationBetween(gina, bob);
    const png = await smallPng();
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await upload(gina, id, png)).statusCode);
    for (let i = 0; i < 10; i += 1) {
      const sent = await api('POST', `/api/chat/conversations/${id}/messages`, gina, {
        text: `图文${i}`,
      });
      codes.push(sent.statusCode);
    }
    expect(codes.every((code) => code === 200)).toBe(true);
    const over = await upload(gina, id, png);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: '10429', message: '发送过于频繁，请稍后再试' });
  });
});

describe('conversations about a listing', () => {
  it('links the conversation to the listing it was started from', async () => {
    const owner = await person('13700000008', '房东');
    const buyer = await person('13700000009', '买家');
    const first = await listingOf(t, owner, '海港区海景花园两室一厅南北通透');
    const started = await api('POST', '/api/chat/conversations', buyer, { listingId: first });
    expect(started.statusCode).toBe(200);
    const listing = { id: first, type: 1, title: '海港区海景花园两室一厅南北通透' };
    expect(started.json().data.listing).toEqual(listing);
    const id = started.json().data.id as number;
    const seenByOwner = (await api('GET', '/api/chat/conversations', owner)).json().data;
    expect(seenByOwner.find((c: { id: number }) => c.id === id)?.listing).toEqual(listing);

    // Resumed from another listing of the owner: the conversation is about that one now.
    const second = await listingOf(t, owner, '海港区海景花园三室两厅带车位');
    const resumed = await api('POST', '/api/chat/conversations', buyer, { listingId: second });
    expect(resumed.json().data).toMatchObject({ id, kind: 'listing', listing: { id: second } });
    // Opened again from the list (no new start): the listing stays.
    const again = await api('GET', `/api/chat/conversations/${id}`, owner);
    expect(again.json().data.listing).toMatchObject({ id: second });
  });

  it('refuses an unknown or unpublished listing with 404, whatever user id comes with it', async () => {
    const owner = await person('13700000010', null);
    const buyer = await person('13700000011', null);
    const draft = await listingOf(t, owner, '海港区海景花园草稿房源标题', 1);
    const withdrawn = await listingOf(t, owner, '海港区海景花园已撤回的房源', 5);
    for (const listingId of [99999999, draft, withdrawn]) {
      const response = await api('POST', '/api/chat/conversations', buyer, {
        targetId: owner.id,
        listingId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: '70002', message: '房源不存在或已删除' });
    }
    // A listing of another publisher is about that publisher, never the user id sent along.
    const foreign = await listingOf(t, carol, '海港区海景花园别人的房源');
    const other = await api('POST', '/api/chat/conversations', buyer, {
      targetId: owner.id,
      listingId: foreign,
    });
    expect(other.json().data.peer.id).toBe(carol.id);
  });
});

function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** Posts one picture (multipart field `file`) to a conversation as `who`. */
function upload(who: Person, conversationId: number, bytes: Buffer) {
  const boundary = '----chat-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/images`,
    payload: body,
    headers: {
      authorization: `Bearer ${who.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}
