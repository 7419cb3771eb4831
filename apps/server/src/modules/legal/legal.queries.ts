import type { LegalKind } from '@portal/shared/legal/texts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalAcceptances, legalDocuments } from '../../db/schema/index';

export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

/** The highest published version of a text, if any was published yet. */
export async function latestLegalDocument(
  db: Db,
  kind: LegalKind,
): Promise<LegalDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return row;
}

/** The highest version of a text a user accepted, and when. */
export async function latestAcceptance(db: Db, userId: number, kind: LegalKind) {
  const [accepted] = await db
    .select({ version: legalAcceptances.version, acceptedAt: legalAcceptances.acceptedAt })
    .from(legalAcceptances)
    .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.kind, kind)))
    .orderBy(desc(legalAcceptances.version))
    .limit(1);
  return accepted;
}

/**
 * Whether the user accepted the version of `kind` in force (the newest published), in one
 * statement; false while none is published (nobody can have accepted it yet).
 */
export async function hasAcceptedCurrent(
  db: Db,
  userId: number,
  kind: LegalKind,
): Promise<boolean> {
  const [row] = await db
    .select({ id: legalAcceptances.id })
    .from(legalAcceptances)
    .where(
      and(
        eq(legalAcceptances.userId, userId),
        eq(legalAcceptances.kind, kind),
        eq(
          legalAcceptances.version,
          sql`(select max(${legalDocuments.version}) from ${legalDocuments} where ${legalDocuments.kind} = ${kind})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The versions of a text, newest first, with who published each and how many users accepted it. */
export async function legalVersionRows(db: Db, kind: LegalKind) {
  return db
    .select({
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      title: legalDocuments.title,
      body: legalDocuments.body,
      publishedAt: legalDocuments.publishedAt,
      publishedBy: sql<
        string | null
      >`(select coalesce(nickname, phone) from users where users.id = legal_documents.published_by)`,
      acceptedCount: sql<number>`(select count(*)::int from legal_acceptances a where a.kind = legal_documents.kind and a.version = legal_documents.version)`,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version));
}
