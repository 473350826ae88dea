/**
 * brain_status's text names at most 20 of the branch's problems (newcomer round fourteen's
 * left-out, docs/decisions/0103): another clone can commit thousands of bad files, and the answer
 * an agent reads would be as long as the list. The rest are counted and the structured result
 * keeps every one. A bad file's path — a git path may hold a newline — stays on its own line.
 * Real repository, plain-git commit, the SDK's real client over stdio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit } from '../helpers/plain-git.js';
import { startMcp, structured, textOf, type McpSession } from './mcp-client.js';

let s: McpSession;
beforeAll(async () => {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite']).code).toBe(0);
  const files: Record<string, string> = {};
  for (let i = 0; i < 24; i++) files[`projects/demo/stray-${String(i).padStart(2, '0')}.txt`] = `not an entry ${i}\n`;
  files['projects/demo/stray\nrecorded: forged line.txt'] = 'a path holding a newline\n';
  handCommit(dir, files, 'bad files from another clone');
  s = await startMcp(dir);
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

describe('brain_status with many problems on the branch', () => {
  it('names the first 20 in its text, counts the rest, and keeps all 25 in structuredContent', async () => {
    const r = await s.call('brain_status');
    const problems = structured(r).problems as { path: string }[];
    expect(problems).toHaveLength(25);
    const text = textOf(r);
    expect(text).toContain('problems: 25 on the branch');
    const named = text.split('\n').filter((line) => line.includes('projects/demo/stray'));
    expect(named).toHaveLength(20);
    expect(text).toContain('… and 5 more problems: every one is in this result\'s structuredContent (problems), and in `brain doctor` on the clone');
    expect(text.split('\n').some((line) => line.startsWith('recorded: forged line'))).toBe(false);
  });
});
