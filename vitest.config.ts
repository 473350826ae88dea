import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Backstops for a hang, not budgets: a test counts what happened, never how fast (issue 17).
    // On a loaded 2-core machine a test spawning ~50 CLI processes took over 60 s.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    setupFiles: ['test/setup.ts'],
  },
});
