import { defineProject } from 'vitest/config';

/**
 * Several real server processes on one PostgreSQL and one Redis (docs/operations.md). Run by
 * `npm test` after the PostgreSQL API suite, only when both services are reachable.
 */
export default defineProject({
  test: {
    name: 'scale-out',
    include: ['test/scale-out/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    globalSetup: ['test/build-server.setup.ts'],
    fileParallelism: false,
  },
});
