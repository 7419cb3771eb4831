import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { sessions } from '../../db/schema/index';
import { createSession } from '../auth/index';
import { InProcessFanout } from './chat-fanout';
import { ChatHub, type ChatSocket } from './chat-hub';
import { InProcessSendLimiter } from './chat-rate';
import {
  api as apiOf,
  connect as connectTo,
  conversationBetween,
  person as personOf,
  type Person,
} from './chat-test-helpers';

/** Sockets outlive the request that opened them; they must not outlive their session. */
let t: TestApp;
let wsUrl: string;
let origin: string;
let peer: Person;

const person = (phone: string, role: 'user' | 'admin' = 'user') => personOf(t, phone, null, role);
const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  apiOf(t, method, url, who, payload);
const connect = (who: Person, mode?: 'chat' | 'badge') => connectTo(wsUrl, origin, who, mode);

beforeAll(async () => {
  t = await createTestApp();
  peer = await person('13720000001');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/api/chat/ws`;
  origin = new URL(t.config.publicOrigin).origin;
});

afterAll(async () => {
  await t.dispose();
});

describe('sockets end with their session', () => {
  it('closes the sockets of a session at logout and keeps those of other sessions', async () => {
    const user = await person('13720000002');
    const other: Person = {
      id: user.id,
      token: await createSession(t.database.db, user.id, { remember: false }),
    };
    const chat = await connect(user);
    const badge = await connect(user, 'badge');
    const stays = await connect(other);
    const out = await api('POST', '/api/auth/logout', user, {});
    expect(out.statusCode).toBe(200);
    for (const socket of [chat, badge]) {
      await socket.waitFor((f) => f.type === 'error' && f.code === '90001');
      await socket.waitClosed();
      expect(socket.closeCode).toBe(4401);
    }
    stays.send({ type: 'ping' });
    await stays.waitFor((f) => f.type === 'pong');
    expect(stays.closed).toBe(false);
    stays.close();
  });

  it('closes every socket of an account an operator disables', async () => {
    const user = await person('13720000003');
    const operator = await person('13720000004', 'admin');
    const chat = await connect(user);
    const disabled = await api('POST', `/api/admin/users/${user.id}/disable`, operator, {});
    expect(disabled.statusCode).toBe(200);
    await chat.waitFor((f) => f.type === 'error' && f.code === '90001');
    await chat.waitClosed();
    expect(chat.closeCode).toBe(4401);
  });

  it('refuses a send with 90001 once the session is gone, even unannounced', async () => {
    const user = await person('13720000005');
    const id = await conversationBetween(t, user, peer);
    const chat = await connect(user);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    chat.send({ type: 'send', conversationId: id, text: '还能发吗', clientId: 'after-revoke-1' });
    const refused = await chat.waitFor((f) => f.type === 'error');
    expect(refused).toMatchObject({ code: '90001', clientId: 'after-revoke-1' });
    await chat.waitClosed();
    const history = (await api('GET', `/api/chat/conversations/${id}/messages`, peer)).json();
    expect(history.data.messages).toEqual([]);
  });

  it('keeps no socket that closed while it was signing in', async () => {
    const hub = new ChatHub(
      t.database.db,
      new InProcessFanout(),
      new InProcessSendLimiter(),
      t.app.log,
    );
    const closedSocket: ChatSocket = {
      readyState: 3,
      send: () => undefined,
      close: () => undefined,
      ping: () => undefined,
      terminate: () => undefined,
    };
    await hub.attach(peer.id, closedSocket, { sessionId: 1, mode: 'chat' });
    expect(hub.allSockets()).toEqual([]);
    await hub.close();
  });
});
