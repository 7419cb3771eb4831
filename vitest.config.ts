import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/server/vitest.scale-out.config.ts',
      'apps/web',
    ],
  },
});
