import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import { PUBLIC_READ_LIMITS, ReadQueue, readLimitsKey } from '../lib/read-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle handle of the primary; services take it as their first argument. */
    db: Db;
    /**
     * The handle for public, cache-tolerant reads (project search and pages, news, map,
     * analytics, registry lookups): the read replica when DATABASE_READ_URL is set, else the
     * primary. Never for room states, orders, sessions, personal data or anything a write
     * depends on: a replica may lag the primary.
     */
    readDb: Db;
    database: Database;
    /** The replica, when one is configured. */
    readDatabase: Database | null;
    /**
     * The public reads' share of the database: every database read behind a kept answer runs
     * through it (docs/decisions/0052-public-reads-kept-and-queued.md).
     */
    publicReads: ReadQueue;
  }
}

export interface DatabasePluginOptions {
  database: Database;
  /** Read replica for public reads; unset = the primary serves them. */
  readDatabase?: Database;
  /** Close the databases with the app (the app owns them). */
  closeOnShutdown: boolean;
}

/** Makes the opened databases available to routes and closes them on shutdown. */
export const databasePlugin = fp(async (app: FastifyInstance, options: DatabasePluginOptions) => {
  const replica = options.readDatabase ?? null;
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('readDatabase', replica);
  app.decorate('readDb', replica ? replica.db : options.database.db);
  // On the primary, a public read's statement waits while a deposit order runs (the gate of
  // plugins/foreground.ts); a replica's reads never stand in an order's way.
  app.decorate(
    'publicReads',
    new ReadQueue(
      PUBLIC_READ_LIMITS[readLimitsKey(replica ?? options.database)],
      replica ? undefined : app.foreground,
    ),
  );
  if (options.closeOnShutdown) {
    app.addHook('onClose', async () => {
      await Promise.all([options.database.close(), replica?.close()]);
    });
  }
});
