import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestampTz } from './columns';
import { users } from './users';

/**
 * Published versions of the user service agreement and the privacy policy (docs/product/accounts.md
 * "Agreement and privacy policy"). A version is never edited once published: a change is a new
 * row with the next number, and the highest number of a kind is the one in force.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: idColumn(),
    /** agreement (用户服务协议) or privacy (个人信息保护政策). */
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Plain text, one paragraph a line; `## ` starts a section heading. */
    body: text('body').notNull(),
    publishedAt: timestampTz('published_at').notNull().defaultNow(),
    /** The operator who published it (null: the first version the platform started with). */
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('legal_documents_kind_version_uq').on(t.kind, t.version),
    check('legal_documents_kind_check', sql`${t.kind} in ('agreement', 'privacy')`),
    check('legal_documents_version_check', sql`${t.version} > 0`),
  ],
);

/**
 * What a user accepted and when: one row per user, kind and version. For the privacy policy this
 * is the separate consent (单独同意) asked before ID numbers or face data are collected.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestampTz('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('legal_acceptances_user_kind_version_uq').on(t.userId, t.kind, t.version),
    index('legal_acceptances_user_kind_idx').on(t.userId, t.kind),
    check('legal_acceptances_kind_check', sql`${t.kind} in ('agreement', 'privacy')`),
  ],
);
