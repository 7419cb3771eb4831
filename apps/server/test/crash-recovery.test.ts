import { describeCrashRecovery, pgliteTarget } from './crash-scenario';

/**
 * SIGKILL in the middle of order creation and payment notifications on embedded PGlite (the
 * default database): needs no other service, so it runs with every server test run. The same
 * scenarios on PostgreSQL are in test/scale-out/crash-recovery.test.ts.
 */
describeCrashRecovery('PGlite', pgliteTarget);
