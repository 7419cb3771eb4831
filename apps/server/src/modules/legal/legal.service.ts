import {
  LEGAL_FIRST_BODIES,
  LEGAL_KINDS,
  LEGAL_TITLES,
  type LegalKind,
} from '@portal/shared/legal/texts';
import type { LegalStanding, LegalStatus } from '@portal/shared/schemas/legal';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalAcceptances, legalDocuments } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import {
  hasAcceptedCurrent,
  latestAcceptance,
  latestLegalDocument,
  type LegalDocumentRow,
  legalVersionRows,
} from './legal.queries';

export type { LegalDocumentRow };

/**
 * The version of a text in force: the highest published number. A database that has none yet
 * (a fresh install) publishes the first version the platform ships with, once, on first read.
 */
export async function currentLegalDocument(db: Db, kind: LegalKind): Promise<LegalDocumentRow> {
  const row = await latestLegalDocument(db, kind);
  if (row) return row;
  await db
    .insert(legalDocuments)
    .values({ kind, version: 1, title: LEGAL_TITLES[kind], body: LEGAL_FIRST_BODIES[kind] })
    .onConflictDoNothing();
  const first = await latestLegalDocument(db, kind);
  if (!first) throw new Error(`no ${kind} version`);
  return first;
}

/** Records that a user accepted a version (idempotent: the first time counts). */
export async function recordAcceptance(
  db: Db,
  userId: number,
  kind: LegalKind,
  version: number,
  at: Date = new Date(),
): Promise<void> {
  await db
    .insert(legalAcceptances)
    .values({ userId, kind, version, acceptedAt: at })
    .onConflictDoNothing();
}

/**
 * 同意 from a page: only the version in force may be accepted, so a page left open across a new
 * publication asks again with the new text instead of recording the old one.
 */
export async function acceptCurrent(
  db: Db,
  userId: number,
  kind: LegalKind,
  version: number,
): Promise<void> {
  const current = await currentLegalDocument(db, kind);
  if (version !== current.version) throw new AppError('LEGAL_VERSION_OUTDATED');
  await recordAcceptance(db, userId, kind, version);
}

/**
 * The agreement version a sign-in or registration form showed and the user ticked. A version that
 * was never published is refused; an older one is recorded as it is (the next page then asks for
 * the version in force).
 */
export async function recordSignInAgreement(
  db: Db,
  userId: number,
  version: number | undefined,
): Promise<void> {
  if (version === undefined) return;
  const current = await currentLegalDocument(db, 'agreement');
  if (version > current.version) throw new AppError('LEGAL_VERSION_OUTDATED');
  await recordAcceptance(db, userId, 'agreement', version);
}

/** Where a user stands with one text. */
async function standing(db: Db, userId: number, kind: LegalKind): Promise<LegalStanding> {
  const current = await currentLegalDocument(db, kind);
  const accepted = await latestAcceptance(db, userId, kind);
  return {
    kind,
    currentVersion: current.version,
    title: current.title,
    acceptedVersion: accepted?.version ?? null,
    acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
    pending: (accepted?.version ?? 0) < current.version,
  };
}

/** The signed-in user's standing with the agreement and the privacy policy. */
export async function legalStatusOf(db: Db, userId: number): Promise<LegalStatus> {
  const [agreement, privacy] = await Promise.all(
    LEGAL_KINDS.map((kind) => standing(db, userId, kind)),
  );
  return { agreement: agreement as LegalStanding, privacy: privacy as LegalStanding };
}

/**
 * The separate consent (单独同意) to the privacy policy in force, required before a call that
 * collects an ID number or face data: real-name verification, deposit orders, publishing a
 * listing. Refused with `20010` until the user has consented to the current version.
 */
export async function requirePrivacyConsent(db: Db, userId: number): Promise<void> {
  if (!(await hasAcceptedCurrent(db, userId, 'privacy'))) {
    throw new AppError('LEGAL_CONSENT_REQUIRED');
  }
}

/** Publishes the next version of a text (console); the version in force changes at once. */
export async function publishLegalVersion(
  db: Db,
  kind: LegalKind,
  input: { title: string; body: string },
  operatorId: number,
): Promise<LegalDocumentRow> {
  await currentLegalDocument(db, kind);
  const [row] = await db
    .insert(legalDocuments)
    .values({
      kind,
      version: sql`(select coalesce(max(version), 0) + 1 from legal_documents where kind = ${kind})`,
      title: input.title,
      body: input.body,
      publishedBy: operatorId,
    })
    .returning();
  if (!row) throw new AppError('CONFLICT');
  return row;
}

/**
 * The versions of a text, newest first, with how many users accepted each (console); a fresh
 * install publishes the first version first.
 */
export async function legalVersions(db: Db, kind: LegalKind) {
  await currentLegalDocument(db, kind);
  return legalVersionRows(db, kind);
}
