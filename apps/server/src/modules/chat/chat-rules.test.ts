import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { adminAuditLog, chatConversations, notices } from '../../db/schema/index';
import {
  api as apiOf,
  conversationBetween,
  listingOf,
  person as personOf,
  type Person,
} from './chat-test-helpers';

let t: TestApp;
let buyer: Person;
let owner: Person;
let other: Person;
let operator: Person;

const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  apiOf(t, method, url, who, payload);
const send = (id: number, who: Person, text: string) =>
  api('POST', `/api/chat/conversations/${id}/messages`, who, { text });
const remove = (url: string, who: Person) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${who.token}` } });

beforeAll(async () => {
  t = await createTestApp();
  buyer = await personOf(t, '13766660001', '买房人');
  owner = await personOf(t, '13766660002', '房东老王');
  other = await personOf(t, '13766660003', '路人');
  operator = await personOf(t, '13766660009', '运营小张', 'admin');
});
afterAll(async () => t.dispose());

async function latestNotice(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(desc(notices.id))
    .limit(1);
  return row;
}

describe('who a citizen can reach', () => {
  it('cannot open a conversation with an arbitrary user id, nor learn anything about them', async () => {
    for (const payload of [{ targetId: owner.id }, { targetId: operator.id }, {}]) {
      const response = await api('POST', '/api/chat/conversations', buyer, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: '10001',
        message: '房聊只能从房源页面发起，或联系平台客服',
      });
      expect(response.body).not.toContain('房东老王');
      expect(response.body).not.toContain('运营小张');
    }
    const both = await api('POST', '/api/chat/conversations', buyer, {
      listingId: 1,
      channel: 'service',
    });
    expect(both.statusCode).toBe(400);
    expect(await t.database.db.select().from(chatConversations)).toEqual([]);
  });

  it('reaches the operators through the service channel, answered as 平台客服', async () => {
    const started = await api('POST', '/api/chat/conversations', buyer, { channel: 'service' });
    expect(started.statusCode, started.body).toBe(200);
    const conversation = started.json().data;
    expect(conversation).toMatchObject({
      kind: 'service',
      peer: { name: '平台客服', avatar: null },
    });
    const again = await api('POST', '/api/chat/conversations', buyer, { channel: 'service' });
    expect(again.json().data.id).toBe(conversation.id);
    expect((await send(conversation.id, buyer, '请问如何办理网签？')).statusCode).toBe(200);

    expect((await api('GET', '/api/admin/chat/service/conversations', buyer)).statusCode).toBe(403);
    const inbox = (await api('GET', '/api/admin/chat/service/conversations', operator)).json().data;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ id: conversation.id, unread: 1, peer: { name: '买房人' } });
    const reply = await api(
      'POST',
      `/api/admin/chat/service/conversations/${conversation.id}/messages`,
      operator,
      { text: '您好，网签在订约金缴纳后由开发企业办理。' },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const history = (
      await api('GET', `/api/chat/conversations/${conversation.id}/messages`, buyer)
    ).json().data.messages;
    expect(history.at(-1)).toMatchObject({ senderId: conversation.peer.id });
    expect(history.at(-1).senderId).not.toBe(operator.id);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'chat.serviceReply'), eq(adminAuditLog.actorId, operator.id)),
      );
    expect(entry?.targetId).toBe(conversation.id);
    const blocked = await api('POST', `/api/chat/conversations/${conversation.id}/block`, buyer);
    expect(blocked.statusCode).toBe(400);
  });
});

describe('block and report', () => {
  it('a block stops sending both ways until it is lifted; strangers cannot block', async () => {
    const id = await conversationBetween(t, buyer, owner);
    expect((await send(id, buyer, '您好')).statusCode).toBe(200);
    expect((await api('POST', `/api/chat/conversations/${id}/block`, other)).statusCode).toBe(404);
    expect((await api('POST', `/api/chat/conversations/${id}/block`, owner)).statusCode).toBe(200);
    const refused = await send(id, buyer, '还在吗？');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: '75003',
      message: '对方已将您屏蔽，消息无法发送',
    });
    expect((await send(id, owner, '打扰了')).json().code).toBe('75004');
    const seen = (await api('GET', `/api/chat/conversations/${id}`, buyer)).json().data;
    expect(seen).toMatchObject({ blockedMe: true, blockedByMe: false });
    expect((await remove(`/api/chat/conversations/${id}/block`, owner)).statusCode).toBe(200);
    expect((await send(id, buyer, '还在吗？')).statusCode).toBe(200);
  });

  it('a report reaches the operators once; upheld, the conversation closes and both are told', async () => {
    const listing = await listingOf(t, owner, '海港区海景花园被举报会话的房源');
    const started = await api('POST', '/api/chat/conversations', other, { listingId: listing });
    const id = started.json().data.id as number;
    await send(id, other, '先打两万定金到我卡上，不然房子就卖了');
    const reported = await api('POST', `/api/chat/conversations/${id}/reports`, owner, {
      reason: 'fraud',
      description: '对方冒充中介索要定金',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const twice = await api('POST', `/api/chat/conversations/${id}/reports`, owner, {
      reason: 'other',
    });
    expect(twice.json().code).toBe('75006');
    expect(
      (await api('GET', `/api/chat/conversations/${id}`, owner)).json().data.reportedByMe,
    ).toBe(true);

    expect((await api('GET', '/api/admin/chat/reports', owner)).statusCode).toBe(403);
    const queue = (await api('GET', '/api/admin/chat/reports', operator)).json().data;
    const item = queue.list.find((r: { conversationId: number }) => r.conversationId === id);
    expect(item).toMatchObject({
      reason: 'fraud',
      reporter: { name: '房东老王' },
      reported: { name: '路人' },
      listing: { id: listing },
    });
    const messages = (
      await api('GET', `/api/admin/chat/reports/${item.id}/messages`, operator)
    ).json().data.messages;
    expect(messages.at(-1).body).toContain('定金');
    const empty = await api('POST', `/api/admin/chat/reports/${item.id}/decision`, operator, {
      decision: 'uphold',
    });
    expect(empty.statusCode).toBe(400);
    const upheld = await api('POST', `/api/admin/chat/reports/${item.id}/decision`, operator, {
      decision: 'uphold',
      note: '索要定金属于违规行为',
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect((await send(id, other, '在吗')).json().code).toBe('75005');
    expect((await api('GET', `/api/chat/conversations/${id}`, owner)).json().data.closed).toBe(
      true,
    );
    expect((await latestNotice(owner.id))?.content).toContain('经核实存在违规，该会话已关闭');
    expect((await latestNotice(other.id))?.content).toContain('索要定金属于违规行为');
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'chat.reportUphold'), eq(adminAuditLog.targetId, id)));
    expect(entry).toBeDefined();
    const decided = await api('POST', `/api/admin/chat/reports/${item.id}/decision`, operator, {
      decision: 'dismiss',
    });
    expect(decided.statusCode).toBe(409);
  });
});
