import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import { smsCodes, users } from '../../db/schema/index';
import { hashPassword } from './password';

/** Password of the accounts the auth tests create. */
export const TEST_PASSWORD = 'Test@2026';

/** Creates a user with a phone and TEST_PASSWORD; returns its id. */
export async function createUser(db: Db, phone: string): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ phone, passwordHash: await hashPassword(TEST_PASSWORD) })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

/** A JSON call with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The newest code in the simulator outbox for a phone. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await call(app, 'GET', `/api/dev/sms?phone=${phone}`);
  const entries = response.json().data as Array<{ code: string }>;
  return entries[0]?.code ?? '';
}

/** Moves every code of a phone two minutes into the past, clearing the 1-a-minute limit. */
export async function ageCodes(db: Db, phone: string): Promise<void> {
  await db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` })
    .where(eq(smsCodes.phone, phone));
}

/** Sends a code for a purpose (aging earlier ones first) and returns it from the outbox. */
export async function sendCode(
  app: FastifyInstance,
  db: Db,
  phone: string,
  purpose: string,
): Promise<string> {
  await ageCodes(db, phone);
  const response = await call(app, 'POST', '/api/auth/sms-codes', { phone, purpose });
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.body}`);
  return latestCode(app, phone);
}

/** Signs in with TEST_PASSWORD and returns the token. */
export async function login(app: FastifyInstance, phone: string): Promise<string> {
  const response = await call(app, 'POST', '/api/auth/login', {
    account: phone,
    password: TEST_PASSWORD,
    type: 'phone',
  });
  return response.json().data.access_token as string;
}

/** Marks every code of a phone and purpose as expired. */
export async function expireCodes(db: Db, phone: string, purpose: string): Promise<void> {
  await db
    .update(smsCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)));
}

/**
 * Signs an operator in with both factors through the API: the password, then the same password
 * with the SMS code the server sent to the operator's phone (read from the simulator outbox).
 */
export async function signInOperator(
  app: FastifyInstance,
  account: string,
  password: string,
): Promise<string> {
  const first = await call(app, 'POST', '/api/auth/login', { account, password });
  if (first.json().data?.secondFactor !== 'sms') throw new Error(`no second factor: ${first.body}`);
  const code = await latestCode(app, account);
  const second = await call(app, 'POST', '/api/auth/login', { account, password, code });
  const token = second.json().data?.access_token as string | undefined;
  if (!token) throw new Error(`operator sign-in failed: ${second.body}`);
  return token;
}
