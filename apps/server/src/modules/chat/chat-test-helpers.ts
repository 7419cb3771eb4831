import type { ChatServerFrame } from '@portal/shared/schemas/chat';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { districts, secondHandListings, users } from '../../db/schema/index';
import { createSession } from '../auth/index';
import { TestSocket } from './chat-test-client';

/** A user of a chat test with a fresh session. */
export interface Person {
  id: number;
  token: string;
}

/** Creates a user (optionally an operator) and signs it in. */
export async function person(
  t: TestApp,
  phone: string,
  nickname: string | null,
  role: 'user' | 'admin' = 'user',
): Promise<Person> {
  const [row] = await t.database.db
    .insert(users)
    .values({ phone, nickname, role })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, token: await createSession(t.database.db, row.id, { remember: false }) };
}

/** A JSON call as `who` (anonymous when unset). */
export function api(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  who?: Person,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });
}

/**
 * Starts (or resumes) the conversation of `a` with `b` the only way a citizen can: about a
 * published listing of `b`'s (created for it). Returns the conversation id.
 */
export async function conversationBetween(t: TestApp, a: Person, b: Person): Promise<number> {
  const listingId = await listingOf(t, b, '海景花园 两室一厅 南北通透');
  const response = await api(t, 'POST', '/api/chat/conversations', a, { listingId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

/** A listing of `owner` in a given publish state (3 已发布), with the district it needs. */
export async function listingOf(
  t: TestApp,
  owner: Person,
  title: string,
  publishStatus = 3,
): Promise<number> {
  const db = t.database.db;
  await db
    .insert(districts)
    .values({ code: 'HGQ', name: '海港区', centerLng: 119.6, centerLat: 39.93 })
    .onConflictDoNothing();
  const [row] = await db
    .insert(secondHandListings)
    .values({
      type: 1,
      userId: owner.id,
      districtCode: 'HGQ',
      communityName: '海景花园',
      address: '海港区文化路1号',
      buildNum: '1',
      cellNum: '1',
      houseNum: '101',
      bedroom: 2,
      room: 1,
      toilet: 1,
      buildArea: 89.5,
      floorNum: 3,
      totalFloor: 6,
      direction: '1',
      decorates: '1',
      elevator: '0',
      price: 1_200_000,
      title,
      description: '南北通透，拎包入住',
      publishStatus,
    })
    .returning({ id: secondHandListings.id });
  if (!row) throw new Error('no listing');
  return row.id;
}

/** A type guard for one kind of server frame. */
export const isType =
  <K extends ChatServerFrame['type']>(type: K) =>
  (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: K }> =>
    frame.type === type;

/** Opens the chat socket of a test app and signs in with the first frame. */
export async function connect(
  wsUrl: string,
  origin: string,
  who: Person,
  mode?: 'chat' | 'badge',
): Promise<TestSocket> {
  const socket = await TestSocket.open(wsUrl, origin);
  socket.send({ type: 'auth', token: who.token, ...(mode ? { mode } : {}) });
  await socket.waitFor(isType('ready'));
  return socket;
}
