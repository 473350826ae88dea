/**
 * README's main command, `npm run demo` (scripts/demo.js), on the real input it names: every
 * corpus of fixtures/adr/ is imported into its own project and asked what is decided, open,
 * blocked and why; it exits 0. A corpus the brain refuses (a false secret refusal once stopped
 * the demo at CometBFT) makes it fail, naming the corpus. The demo imports copies made outside
 * any git repository, so an ADR that states no date is not dated by this checkout's commits.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const corpora = readdirSync(new URL('../../fixtures/adr/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('npm run demo (scripts/demo.js)', () => {
  it('imports every bundled corpus, answers for each, and exits 0', () => {
    const run = spawnSync(process.execPath, ['scripts/demo.js'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('not imported');
    expect(corpora.length).toBeGreaterThanOrEqual(7);
    for (const corpus of corpora) {
      const section = run.stdout.slice(run.stdout.indexOf(`\n## ${corpus}\n`));
      expect(section, corpus).toMatch(/\n\$ brain --project \S+ import adr \S+ {3}\(\d+ ms\)\nimported \d+, revised 0, unchanged 0 \(commit [0-9a-f]{12}\)/);
      expect(section, corpus).toMatch(/# Project brain: \S+ — re-entry brief\n/);
    }
    // Dates come from the ADRs, never from the commit that vendored them into this checkout.
    const vendored = spawnSync('git', ['log', '--format=%as', '--', 'fixtures/adr'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    for (const day of new Set(vendored)) expect(run.stdout).not.toContain(`decided:     ${day}`);
    expect(run.stdout).toContain('verify');
  });
});
