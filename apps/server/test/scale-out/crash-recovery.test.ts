import { type CrashTarget, describeCrashRecovery } from '../crash-scenario';
import { createSharedDatabase } from './instances';

/**
 * SIGKILL in the middle of order creation and payment notifications on PostgreSQL (the PGlite
 * half runs in the server project: test/crash-recovery.test.ts).
 */
async function postgresTarget(): Promise<CrashTarget> {
  const database = await createSharedDatabase();
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url },
    query: (text) => database.query(text) as never,
    dispose: () => database.drop(),
  };
}

describeCrashRecovery('PostgreSQL', postgresTarget);
