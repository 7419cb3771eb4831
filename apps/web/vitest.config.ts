import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: [
      // Node loads `antd` as its CommonJS build (lib/) in tests, while the app takes a few pieces
      // alone from the ES build (`antd/es/app/useApp`, which keeps the App component and its modal
      // and toast code off the first load): in tests they come from lib/ too, so both halves of
      // the app read the same contexts.
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Rendering whole pages in jsdom takes seconds on a busy 2-core machine, and a form with date
    // pickers half a minute on a slow one (the publish wizard's type change, 33 s).
    testTimeout: 60_000,
  },
});
