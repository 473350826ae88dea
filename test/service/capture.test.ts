/**
 * `brain capture` in the service (src/service/capture.ts): an external extractor's memories
 * land as candidates in one commit; its failure or invalid answer falls back to the built-in
 * extractor, saying why; nothing becomes an entry; a credential refuses the capture with nothing
 * written. The extractor is a real child process (a node script).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import { isBrainError } from '../../src/model/errors.js';
import { captureText } from '../../src/service/capture.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js'; // plain ESM, shared with the benchmark

let dir: string;
let brain: Brain;
const tip = () => git(dir, ['rev-parse', 'brain']);
const TEXT = 'Notes.\nDecision: use SQLite for the cache.\nOpen question: who rotates the tokens?\n';

beforeEach(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir);
  await brain.init();
  return async () => brain.close();
});
afterAll(cleanupTempDirs);

/** A command running a node script that writes `body` (JavaScript, stdin text in `input`). */
function extractor(body: string): string {
  const file = join(tempDir('extractor-'), 'extract.mjs');
  writeFileSync(file, `let input = ''; process.stdin.on('data', (c) => { input += c; }); process.stdin.on('end', () => { ${body} });\n`);
  return `'${process.execPath}' '${file}'`;
}

describe('capture', () => {
  it("takes the command's memories (text on stdin) as candidates in one commit, never entries", async () => {
    const before = tip();
    const command = extractor(`process.stdout.write(JSON.stringify({ memories: [{ kind: 'risk', title: 'Saw ' + input.split('\\n').length + ' lines', rationale: 'from the transcript' }, { entry_kind: 'decision', title: 'Use Postgres for the hub', tags: ['hub'] }] }));`);
    const r = await captureText(brain.candidates.byAgent('ci'), { text: TEXT, source: 'session.txt', command });
    expect(r.extractor).toBe('command');
    expect(r.fallback_reason).toBeNull();
    expect(r.candidates.map((c) => [c.proposal.entry_kind, c.proposal.title, c.status, c.capture?.extractor, c.agent])).toEqual([
      ['risk', 'Saw 4 lines', 'pending', 'command', 'ci'],
      ['decision', 'Use Postgres for the hub', 'pending', 'command', 'ci'],
    ]);
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    expect(git(dir, ['log', '-1', '--format=%s', 'brain'])).toBe('brain: capture 2 candidates from session.txt (command extractor)');
    expect(await brain.list()).toEqual([]);
    expect(await brain.candidates.list()).toHaveLength(2);
    git(dir, ['fsck', '--strict']);
  });

  it('falls back to the built-in extractor, saying why, when the command fails or answers wrong', async () => {
    const cases: [string, RegExp][] = [
      [extractor(`process.stderr.write('model unavailable\\u001b[31m\\n'); process.exit(3);`), /exited with 3: model unavailable/],
      [extractor(`process.stdout.write('Sure! Here are the memories: ...');`), /not JSON/],
      [extractor(`process.stdout.write(JSON.stringify({ items: [] }));`), /not \{"memories"/],
      [extractor(`process.stdout.write(JSON.stringify({ memories: [{ kind: 'epic', title: 'x' }] }));`), /memories\.0\.kind/],
      [extractor(`process.stdout.write(JSON.stringify({ memories: [{ kind: 'risk', title: 'x', status: 'decided' }] }));`), /memory 1 is refused \(illegal_status/],
      ['/nonexistent/extractor --flag', /could not run/],
      ['extract | tee log', /no pipes/],
    ];
    for (const [command, reason] of cases) {
      const r = await captureText(brain.candidates, { text: TEXT, source: 'stdin', command });
      expect(r.extractor, command).toBe('builtin');
      expect(r.fallback_reason, command).toMatch(reason);
      expect(r.fallback_reason, command).not.toMatch(/\p{Cc}/u);
      expect(r.candidates.map((c) => [c.proposal.entry_kind, c.proposal.title, c.capture?.extractor])).toEqual([
        ['decision', 'Use SQLite for the cache', 'builtin'],
        ['open_question', 'Who rotates the tokens?', 'builtin'],
      ]);
    }
    expect(await brain.list()).toEqual([]);
  });

  it('writes nothing when nothing is found, and refuses a credential with nothing written', async () => {
    const before = tip();
    expect(await captureText(brain.candidates, { text: 'just chatting', source: 'stdin' })).toEqual({ extractor: 'builtin', fallback_reason: null, candidates: [], commit: null });
    const key = (REAL_SHAPED as { name: string; text: string }[]).find((s) => s.name === 'GitHub classic token') as { text: string };
    const refused = await captureText(brain.candidates, { text: `Decision: use SQLite.\nRisk: the token ${key.text} is in the log`, source: 'stdin' }).catch((e: unknown) => e);
    expect(isBrainError(refused) && refused.code).toBe('secret_detected');
    expect(tip()).toBe(before);
  });
});
