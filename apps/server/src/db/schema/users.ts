import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { encryptedText } from '../identity-cipher';
import { createdAt, idColumn, timestampTz, updatedAt } from './columns';

/** Citizens and operators. A WeChat-only account has no phone and no password until bound. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    phone: text('phone').unique(),
    passwordHash: text('password_hash'),
    nickname: text('nickname'),
    /** 0 male, 1 female, 2 secret (docs/product/accounts.md). */
    gender: smallint('gender').notNull().default(2),
    birthday: date('birthday', { mode: 'string' }),
    /** Path under the uploads root (no leading slash); public URL `/oss/app/<path>`. */
    avatar: text('avatar'),
    /** Personal signature (`remark` in the API), at most 20 characters. */
    remark: text('remark'),
    openid: text('openid').unique(),
    /** WeChat Open Platform unionid (the same person across the city's WeChat apps). */
    unionid: text('unionid').unique(),
    /** Verified real name, encrypted at rest (db/identity-cipher.ts). */
    realName: encryptedText('real_name'),
    /** 18-character mainland ID number (GB 11643), encrypted at rest. */
    idCard: encryptedText('id_card'),
    /** Keyed hash of the verified ID number: one identity verifies only one account. */
    identityHash: text('identity_hash').unique(),
    realNameAuth: boolean('real_name_auth').notNull().default(false),
    realNameAuthAt: timestampTz('real_name_auth_at'),
    role: text('role').notNull().default('user'),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: timestampTz('last_login_at'),
    /**
     * The citizen chose 长辈版 (larger text and targets, no pop-ups) for the account: it follows
     * them to every device they sign in on (docs/product/accessibility.md).
     */
    careMode: boolean('care_mode').notNull().default(false),
    /**
     * When the citizen closed the account: personal fields are then cleared, the phone freed and
     * only what must be kept (completed orders, audit log) still points at this row.
     */
    closedAt: timestampTz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_gender_check', sql`${t.gender} between 0 and 2`),
  ],
);

/**
 * Wrong citizen passwords, counted per typed phone (registered or not, so the answers never tell
 * them apart) and per client address (docs/product/accounts.md "Password sign-in"). `scope`
 * `phone`: the tenth wrong password in a row locks password sign-in of that phone for 15
 * minutes; `address`: enough failures from one address lock its password sign-ins for 15
 * minutes. A run quiet for a day (phone) or an hour (address) starts again.
 */
export const passwordSignInFailures = pgTable(
  'password_sign_in_failures',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    failures: smallint('failures').notNull().default(0),
    /** No password try of this phone or from this address is weighed before this instant. */
    lockedUntil: timestampTz('locked_until'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('password_sign_in_failures_updated_idx').on(t.updatedAt),
    check('password_sign_in_failures_scope_check', sql`${t.scope} in ('phone', 'address')`),
  ],
);

/** Bearer sessions: only the SHA-256 of the token is stored; expiry slides on use. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ticked 记住密码: the session lives 7 days instead of ending with the browser session. */
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestampTz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * SMS verification codes and, while simulators are on, the outbox shown at `/dev/sms`.
 * Purposes: LOGIN, REGISTER, CHANGE_PWD, VALIDATE_PHONE, CHANGE_PHONE, FORGET_PWD, BIND_PHONE.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    /** Five minutes after creation (docs/product/accounts.md). */
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /** Wrong tries so far; the fifth burns the code. */
    attempts: smallint('attempts').notNull().default(0),
    ip: text('ip'),
  },
  (t) => [index('sms_codes_phone_created_idx').on(t.phone, t.createdAt)],
);

/** WeChat QR login tickets (simulator or real): pending → scanned → confirmed → consumed | expired. */
export const wechatTickets = pgTable(
  'wechat_tickets',
  {
    id: idColumn(),
    ticket: text('ticket').notNull().unique(),
    status: text('status').notNull().default('pending'),
    openid: text('openid'),
    unionid: text('unionid'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 120 seconds after issue (docs/product/accounts.md). */
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestampTz('confirmed_at'),
    /**
     * sha256 of the secret in the HttpOnly cookie of the browser that asked for the ticket: only
     * that browser may poll it and open the session (docs/security.md, "WeChat sign-in").
     */
    browserHash: text('browser_hash'),
  },
  (t) => [
    check(
      'wechat_tickets_status_check',
      sql`${t.status} in ('pending', 'scanned', 'confirmed', 'consumed', 'expired')`,
    ),
  ],
);

/**
 * Real-name face-verification requests (simulator or provider): pending → passed | failed |
 * expired. `providerToken` is the provider's flow token (e.g. FaceID BizToken); the verified
 * identity itself is kept only on the user, encrypted.
 */
export const realnameRequests = pgTable(
  'realname_requests',
  {
    id: idColumn(),
    token: text('token').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull().default('simulator'),
    providerToken: text('provider_token'),
    /** Where the phone is sent to verify (the provider's H5 page). */
    providerUrl: text('provider_url'),
    failReason: text('fail_reason'),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    index('realname_requests_user_idx').on(t.userId),
    check(
      'realname_requests_status_check',
      sql`${t.status} in ('pending', 'passed', 'failed', 'expired')`,
    ),
  ],
);
