import { defineProject } from 'vitest/config';

/**
 * Test files that never open the database under test (pure logic, configuration, files and
 * storage adapters, or server processes on PGlite data folders of their own). The PostgreSQL
 * pass of `npm test` (TEST_DATABASE_URL set) leaves them out: they ran, unchanged, in the PGlite
 * pass just before. A file that starts using the test database must leave this list.
 */
const DATABASE_INDEPENDENT = [
  'src/config/config.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/integrations/sms/notice-template.test.ts',
  'src/integrations/storage/local-storage.test.ts',
  'src/integrations/storage/s3-storage.test.ts',
  'src/modules/chat/chat-fanout.test.ts',
  'src/modules/chat/chat-rate.test.ts',
  'src/modules/orders/order-numbers.test.ts',
  'src/lib/read-cache.test.ts',
  'src/db/unique-violation.test.ts',
  'src/db/version-feed.test.ts',
  'src/seed/geo.test.ts',
  'test/crash-recovery.test.ts',
  'test/deploy-config.test.ts',
  'test/log-redaction.test.ts',
];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      'test/scale-out/**',
      '**/node_modules/**',
      ...(process.env.TEST_DATABASE_URL ? DATABASE_INDEPENDENT : []),
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share a worker's loaded modules instead of importing the whole server again
    // each (about 3 s of CPU per file); every file still opens its own database and app.
    isolate: false,
    globalSetup: ['test/build-server.setup.ts', 'test/database-template.setup.ts'],
  },
});
