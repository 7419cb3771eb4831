import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle handle; services take it as their first argument. */
    db: Db;
    database: Database;
  }
}

export interface DatabasePluginOptions {
  database: Database;
  /** Close the database with the app (the app owns it). */
  closeOnShutdown: boolean;
}

/** Makes the opened database available to routes and closes it on shutdown. */
export const databasePlugin = fp(async (app: FastifyInstance, options: DatabasePluginOptions) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  if (options.closeOnShutdown) {
    app.addHook('onClose', async () => {
      await options.database.close();
    });
  }
});
