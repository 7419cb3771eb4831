import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process (one worker on a two-core machine),
    // which then idles: the main process only transforms and reports. Two workers at least keep
    // both cores of the CI machine busy (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared',
      'apps/server',
      'apps/server/vitest.scale-out.config.ts',
      'apps/web',
    ],
  },
});
