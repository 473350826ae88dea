import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Backstops for a hang, not budgets: a test counts what happened, never how fast (issue 17).
    // On a loaded 2-core machine a test spawning ~50 CLI processes took over 60 s.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on the 2-core CI
    // machines, where most of a test's time is spent waiting on git, node and chromium child
    // processes. Two files at a time halve the suite's wall time there (its CI budget is 30 min).
    maxWorkers: 2,
    setupFiles: ['test/setup.ts'],
  },
});
