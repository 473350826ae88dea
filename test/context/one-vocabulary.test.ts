/**
 * One vocabulary, one rule per option (issue #19). One path-matching rule everywhere
 * (model/path-match.ts): asked about the file
 * `src/payments/charge.ts`, `brain list --path`, `brain context --path` (the brief marks
 * "matches paths"), `brain review --code` on a change of that file, MCP `brain_list` and
 * `brain_context`, REST `/brain` and `/brain/context`, and the dashboard's board all pick the
 * same entries — globs (`src/payments/**`, `**\/*.ts`) as well as prefixes. One name for
 * the task filter: `related_task` (CLI `--related-task`) in list, context, REST, MCP and the
 * dashboard; the older `--task`/`task`/`task_ids` still work, out of the help.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, commitFiles, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { startMcp } from '../mcp/mcp-client.js';

const FILE = 'src/payments/charge.ts';
const CONCERNED = ['src/payments/**', 'src/payments', 'src', '**/*.ts', 'src/payments/charge.ts'];
const UNCONCERNED = ['src/pay', 'src/orders/**', 'docs', '**/*.sql'];
let repo: string;
const idOf = new Map<string, string>();
let d: DaemonProcess;

const expected = () => CONCERNED.map((p) => idOf.get(p)).sort();
const taskId = () => idOf.get('task') as string;
/** The ids the brief marks `matches task`. */
const taskMarked = (markdown: string) => sorted([...idOf.values()].filter((id) => markdown.split('\n').some((l) => l.includes(`\`${id}\``) && l.includes('matches task'))));
const sorted = (ids: string[]) => [...ids].sort();
/** The ids the brief marks `matches paths`. */
const marked = (markdown: string) => sorted([...idOf.values()].filter((id) => markdown.split('\n').some((l) => l.includes(`\`${id}\``) && l.includes('matches paths'))));

beforeAll(async () => {
  repo = initRepo();
  commitFiles(repo, { [FILE]: 'export const charge = 1;\n' }, 'payments');
  expect(brain(repo, ['init', '--project', 'shop']).code).toBe(0);
  for (const path of [...CONCERNED, ...UNCONCERNED]) {
    const r = brain(repo, ['--json', 'add', 'decision', '--title', `About ${path}`, '--status', 'accepted', '--path', path]);
    expect(r.code, r.stderr).toBe(0);
    idOf.set(path, r.json().entry_id);
  }
  const task = brain(repo, ['--json', 'add', 'open_question', '--title', 'About task T-42', '--related-task', 'T-42']);
  idOf.set('task', task.json().entry_id);
  git(repo, ['checkout', '-q', '-b', 'change']);
  commitFiles(repo, { [FILE]: 'export const charge = 2;\n' }, 'change the charge');
  d = await startDaemonProcess(repo);
}, 120_000);
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('the path rule of list --path is the rule of every surface', () => {
  it('CLI: list --path, context --path and review --code pick the same entries', () => {
    const list = brain(repo, ['--json', 'list', '--path', FILE]);
    expect(sorted(list.json().map((e: { entry_id: string }) => e.entry_id))).toEqual(expected());
    const brief = brain(repo, ['context', '--budget', '20000', '--path', FILE]);
    expect(brief.code, brief.stderr).toBe(0);
    expect(marked(brief.stdout)).toEqual(expected());
    const review = brain(repo, ['--json', 'review', '--code', 'main..change']).json();
    expect(sorted(review.groups.decisions.map((e: { entry_id: string }) => e.entry_id))).toEqual(expected());
  });

  it('context --paths and --task, the spellings before, still work (hidden aliases)', () => {
    const brief = brain(repo, ['context', '--budget', '20000', '--paths', FILE]);
    expect(marked(brief.stdout)).toEqual(expected());
    expect(brain(repo, ['context', '--help']).stdout).not.toMatch(/--paths|--task\b/);
  });

  it('MCP: brain_list {path} and brain_context {path} (and the alias paths)', async () => {
    const mcp = await startMcp(repo);
    try {
      const list = await mcp.call('brain_list', { path: FILE });
      expect(sorted((list.structuredContent as { entries: { entry_id: string }[] }).entries.map((e) => e.entry_id))).toEqual(expected());
      for (const args of [{ path: FILE }, { path: [FILE] }, { paths: [FILE] }]) {
        const brief = await mcp.call('brain_context', { budget: 20000, ...args });
        expect(marked((brief.structuredContent as { markdown: string }).markdown)).toEqual(expected());
      }
    } finally {
      await mcp.close();
    }
  });

  it('REST: /brain?path= and /brain/context?path=; the dashboard board ?path=', async () => {
    const q = encodeURIComponent(FILE);
    const list = await httpGet(d.port, `/api/projects/shop/brain?path=${q}`);
    expect(sorted(list.json().data.map((e: { entry_id: string }) => e.entry_id))).toEqual(expected());
    const brief = await httpGet(d.port, `/api/projects/shop/brain/context?budget=20000&path=${q}`);
    expect(marked(brief.json().data.markdown)).toEqual(expected());
    const board = await httpGet(d.port, `/projects/shop?path=${q}`);
    expect(board.status).toBe(200);
    const shown = sorted([...idOf.values()].filter((id) => board.body.includes(id)));
    expect(shown).toEqual(expected());
  });

  it('related_task: one name in list, context, REST, MCP and the dashboard (old spellings kept)', async () => {
    expect(brain(repo, ['--json', 'list', '--related-task', 'T-42']).json().map((e: { entry_id: string }) => e.entry_id)).toEqual([taskId()]);
    for (const flag of ['--related-task', '--task']) expect(taskMarked(brain(repo, ['context', flag, 'T-42']).stdout)).toEqual([taskId()]);
    expect(brain(repo, ['context', '--help']).stdout).toContain('--related-task');
    for (const param of ['related_task', 'task']) {
      expect(taskMarked((await httpGet(d.port, `/api/projects/shop/brain/context?${param}=T-42`)).json().data.markdown)).toEqual([taskId()]);
      const board = await httpGet(d.port, `/projects/shop?${param}=T-42`);
      expect([...idOf.values()].filter((id) => board.body.includes(id))).toEqual([taskId()]);
    }
    const entry = await httpGet(d.port, `/projects/shop/entries/${taskId()}`);
    expect(entry.body).toContain('?related_task=T-42');
    const mcp = await startMcp(repo);
    try {
      for (const args of [{ related_task: 'T-42' }, { related_task: ['T-42'] }, { task_ids: ['T-42'] }]) {
        expect(taskMarked(((await mcp.call('brain_context', args)).structuredContent as { markdown: string }).markdown)).toEqual([taskId()]);
      }
    } finally {
      await mcp.close();
    }
  });
});
