/**
 * Issue #18: in a project imported with `--history`, an entry's last change is a later edit (a
 * typo fix by a bot), yet every surface shows when and by whom the decision was made next to it
 * — `brain show`, `brain list`, the dashboard's board and entry page, the brief — and the
 * source's status words beside the status.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../src/importers/adr/assemble-drafts.js';
import { brain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';

let repo: string;
let daemon: DaemonProcess | undefined;
const ID = () => adrEntryId('demo', 'adr-111-nop-mempool.md');

function commitAs(author: string, date: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `by ${author}`], { env: { GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: 'a@x.invalid', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } });
}

const nop = (context: string) => `# ADR 111: \`nop\` Mempool\n\n## Changelog\n\n- 2023-11-07: First version (@sergio-mena)\n\n## Status\n\nAccepted (tracked in [#1643](https://github.com/cometbft/cometbft/pull/1643))\n\n## Context\n\n${context}\n\n## Decision\n\nAdd a nop mempool.\n`;

beforeAll(async () => {
  repo = initRepo();
  commitAs('Sergio Mena', '2023-11-20T07:32:32Z', { 'docs/architecture/adr-111-nop-mempool.md': nop('Some apps do not need a mempool.') });
  commitAs('ci-bot', '2025-09-18T16:39:40Z', { 'docs/architecture/adr-111-nop-mempool.md': nop('Some applications do not need a mempool.') });
  expect(brain(repo, ['--project', 'demo', 'init']).code).toBe(0);
  const imported = brain(repo, ['--project', 'demo', 'import', 'adr', 'docs/architecture', '--history']);
  expect(imported.code, imported.stderr).toBe(0);
});

afterAll(async () => {
  await daemon?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('a history project shows each decision\'s own date and author beside its last change', () => {
  it('brain show and brain list', () => {
    const shown = brain(repo, ['--project', 'demo', 'show', ID()]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('recorded:    2025-09-18T16:39:40.000Z by ci-bot');
    expect(shown.stdout).toContain('decided:     2023-11-07 (ADR by Sergio Mena)');
    expect(shown.stdout).toContain('status text: Accepted (tracked in #1643)');
    const listed = brain(repo, ['--project', 'demo', 'list']);
    expect(listed.stdout).toMatch(/^ID\s+KIND\s+STATUS\s+REV\s+DECIDED\s+CHANGED\s+TITLE$/m);
    expect(listed.stdout).toMatch(/accepted\s+r2\s+2023-11-07\s+2025-09-18 ci-bot\s+ADR-0111 nop Mempool/);
  });

  it('the brief', () => {
    const brief = brain(repo, ['--project', 'demo', 'context']);
    expect(brief.stdout).toMatch(/\(ADR-0111 `dec-[0-9a-z]+` r2, accepted, decided 2023-11-07, ADR by Sergio Mena, changed 2025-09-18 by ci-bot\)/);
  });

  it('the dashboard\'s board and entry page', async () => {
    daemon = await startDaemonProcess(repo);
    const board = await httpGet(daemon.port, '/projects/demo');
    expect(board.status).toBe(200);
    expect(board.body).toContain('<td class="when"><time datetime="2025-09-18T16:39:40.000Z" title="2025-09-18T16:39:40.000Z">2025-09-18</time><div class="meta">decided <time datetime="2023-11-07">2023-11-07</time> · ADR by Sergio Mena</div></td>');
    const page = await httpGet(daemon.port, `/projects/demo/entries/${ID()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<dt>Decided</dt><dd>2023-11-07</dd><dt>ADR by</dt><dd>Sergio Mena</dd><dt>Last change by</dt>');
    // Its ADR label beside its id, in the crumbs and the facts (decision 0054, round six).
    expect(page.body).toContain(`› <span class="mono">ADR-0111</span> · <span class="mono">${ID()}</span></p>`);
    expect(page.body).toContain(`<dt>ID</dt><dd class="mono">${ID()}</dd><dt>ADR</dt><dd class="mono">ADR-0111</dd>`);
    expect(page.body).toContain('<span class="small muted">“Accepted (tracked in #1643)”</span>');
  });
});
