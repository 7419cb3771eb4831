import { LEGAL_FIRST_BODIES, LEGAL_KINDS, LEGAL_TITLES } from '@portal/shared/legal/texts';
import { legalAcceptances, legalDocuments, users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { addDays, type SeedContext } from './context';
import { insertRows } from './database';
import { DEMO_ACCOUNTS, DEMO_BUYER_IDENTITY } from './demo-accounts';
import { randomIdCard } from './id-card';
import { mobile, personName } from './names';

/** A seeded user as other seed modules need it. */
export interface SeedUser {
  id: number;
  phone: string;
  nickname: string;
  avatar: string | null;
  realName: string | null;
  idCard: string | null;
  verified: boolean;
}

export interface SeededUsers {
  demoBuyer: SeedUser;
  demoUnverified: SeedUser;
  admin: SeedUser;
  /** Generated citizens; most are real-name verified. */
  citizens: SeedUser[];
  /** Verified users other than the demo accounts (order and listing owners). */
  verifiedCitizens: SeedUser[];
}

/** Password of every generated citizen account (not a documented demo account). */
export const CITIZEN_PASSWORD = 'Citizen@2026';

/** Nicknames of generated citizens; each passes the profile rule of 3 to 15 characters. */
const NICK_WORDS = [
  '海边的风',
  '港城居民',
  '安居乐业',
  '看房达人',
  '晨跑的人',
  '山海之间',
  '小鱼游啊游',
  '向阳而生',
  '慢生活',
  '追梦人',
  '听海的人',
  '城市漫步',
  '柠檬不酸',
  '知足常乐',
  '南山南',
  '云朵朵',
];

/**
 * Creates the three demo accounts (docs/architecture.md) and `120 × scale` citizens. Each distinct
 * password is hashed once and the hash reused, to keep seeding fast.
 */
export async function seedUsers(ctx: SeedContext): Promise<SeededUsers> {
  const rng = ctx.rng('users');
  const [demoHash, adminHash, citizenHash] = await Promise.all([
    hashPassword('Demo@2026'),
    hashPassword('Admin@2026'),
    hashPassword(CITIZEN_PASSWORD),
  ]);
  const [buyerAccount, unverifiedAccount, adminAccount] = DEMO_ACCOUNTS as [
    (typeof DEMO_ACCOUNTS)[number],
    (typeof DEMO_ACCOUNTS)[number],
    (typeof DEMO_ACCOUNTS)[number],
  ];
  const created = addDays(ctx.now, -400);
  const rows: Array<typeof users.$inferInsert> = [];
  const pushUser = (
    user: SeedUser,
    extra: {
      passwordHash: string;
      role: 'user' | 'admin';
      gender: number;
      createdAt: Date;
      remark?: string;
    },
  ) => {
    rows.push({
      id: user.id,
      phone: user.phone,
      passwordHash: extra.passwordHash,
      nickname: user.nickname,
      gender: extra.gender,
      birthday: user.idCard
        ? `${user.idCard.slice(6, 10)}-${user.idCard.slice(10, 12)}-${user.idCard.slice(12, 14)}`
        : null,
      avatar: user.avatar,
      remark: extra.remark ?? null,
      openid: null,
      realName: user.realName,
      idCard: user.idCard,
      realNameAuth: user.verified,
      realNameAuthAt: user.verified ? addDays(extra.createdAt, 1) : null,
      role: extra.role,
      disabled: false,
      createdAt: extra.createdAt,
      updatedAt: extra.createdAt,
    });
  };

  const demoBuyer: SeedUser = {
    id: 1,
    phone: buyerAccount.phone,
    nickname: DEMO_BUYER_IDENTITY.nickname,
    avatar: ctx.pictures.avatars[0] ?? null,
    realName: DEMO_BUYER_IDENTITY.realName,
    idCard: DEMO_BUYER_IDENTITY.idCard,
    verified: true,
  };
  const demoUnverified: SeedUser = {
    id: 2,
    phone: unverifiedAccount.phone,
    nickname: '新用户晓雨',
    avatar: null,
    realName: null,
    idCard: null,
    verified: false,
  };
  const admin: SeedUser = {
    id: 3,
    phone: adminAccount.phone,
    nickname: '平台运营',
    avatar: ctx.pictures.avatars[1] ?? null,
    realName: null,
    idCard: null,
    verified: false,
  };
  pushUser(demoBuyer, {
    passwordHash: demoHash,
    role: 'user',
    gender: 0,
    createdAt: created,
    remark: '在海边买一套小房子',
  });
  pushUser(demoUnverified, {
    passwordHash: demoHash,
    role: 'user',
    gender: 1,
    createdAt: addDays(ctx.now, -30),
  });
  pushUser(admin, {
    passwordHash: adminHash,
    role: 'admin',
    gender: 2,
    createdAt: addDays(ctx.now, -500),
  });

  const phones = new Set(DEMO_ACCOUNTS.map((a) => a.phone));
  const citizens: SeedUser[] = [];
  const total = ctx.count(120, 12);
  for (let i = 0; i < total; i += 1) {
    let phone = mobile(rng);
    while (phones.has(phone)) phone = mobile(rng);
    phones.add(phone);
    const male = rng.chance(0.5);
    const verified = i < 4 || rng.chance(0.85);
    const name = personName(rng, male);
    const citizen: SeedUser = {
      id: 4 + i,
      phone,
      nickname: rng.chance(0.5)
        ? rng.pick(NICK_WORDS)
        : `${name.slice(0, 1)}${male ? '先生' : '女士'}`,
      avatar: rng.chance(0.6) ? rng.pick(ctx.pictures.avatars) : null,
      realName: verified ? name : null,
      idCard: verified ? randomIdCard(rng, male) : null,
      verified,
    };
    citizens.push(citizen);
    pushUser(citizen, {
      passwordHash: citizenHash,
      role: 'user',
      gender: male ? 0 : 1,
      createdAt: addDays(ctx.now, -rng.int(20, 700)),
    });
  }
  await insertRows(ctx.db, users, rows);
  await seedLegalAcceptances(ctx, rows);
  ctx.log(`users: ${rows.length}`);
  return {
    demoBuyer,
    demoUnverified,
    admin,
    citizens,
    verifiedCitizens: citizens.filter((c) => c.verified),
  };
}

/**
 * The first version of the agreement and the privacy policy, published before any seeded account,
 * and what each account accepted: every account the agreement when it registered, every verified
 * one the separate privacy consent just before its real-name verification (which asks for it).
 */
async function seedLegalAcceptances(
  ctx: SeedContext,
  rows: Array<typeof users.$inferInsert>,
): Promise<void> {
  const publishedAt = addDays(ctx.now, -600);
  await ctx.db
    .insert(legalDocuments)
    .values(
      LEGAL_KINDS.map((kind) => ({
        kind,
        version: 1,
        title: LEGAL_TITLES[kind],
        body: LEGAL_FIRST_BODIES[kind],
        publishedAt,
      })),
    )
    .onConflictDoNothing();
  const acceptances: Array<typeof legalAcceptances.$inferInsert> = [];
  for (const row of rows) {
    if (row.id === undefined || !row.createdAt) continue;
    acceptances.push({ userId: row.id, kind: 'agreement', version: 1, acceptedAt: row.createdAt });
    if (row.realNameAuthAt) {
      const consentAt = new Date(row.realNameAuthAt.getTime() - 10 * 60 * 1000);
      acceptances.push({ userId: row.id, kind: 'privacy', version: 1, acceptedAt: consentAt });
    }
  }
  await insertRows(ctx.db, legalAcceptances, acceptances);
}
