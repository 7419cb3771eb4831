import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Rendering whole pages in jsdom takes seconds on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
