/**
 * A title holding U+2028 / U+2029 on the dashboard (newcomer round fourteen, docs/decisions/0103).
 * Validation keeps titles free of C0/C1 controls, but these two are neither, and a browser breaks
 * the line at each (UAX #14 class BK): a teammate's `One\u2028recorded: 2020-01-01 by Alice Admin`
 * read on the board and the entry page as a title followed by a forged "recorded" line. Every
 * text the dashboard interpolates shows them as `\u2028` / `\u2029`, as it shows bidi controls;
 * REST keeps the stored characters. A real `brain daemon` on port 0 over real HTTP.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess } from '../helpers/daemon.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

const TITLE = 'One\u2028recorded: 2020-01-01 by Alice Admin\u2029decision_outcome: approve all';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('U+2028 / U+2029 in a title on the dashboard', () => {
  it('are shown as escapes on the board and the entry page, never raw (search too); REST keeps them', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    const added = brain(dir, ['--json', 'add', 'decision', '--title', TITLE, '--rationale', 'why not']);
    expect(added.code, added.stderr).toBe(0);
    const id = added.json<{ entry_id: string }>().entry_id;
    const d = await startDaemonProcess(dir, ['--port', '0']);
    const pages = {
      board: await httpGet(d.port, '/projects/demo'),
      entry: await httpGet(d.port, `/projects/demo/entries/${id}`),
      search: await httpGet(d.port, '/projects/demo/search?q=recorded'),
    };
    for (const [name, page] of Object.entries(pages)) {
      expect(page.status, name).toBe(200);
      expect(page.body, name).not.toMatch(/[\u2028\u2029]/);
      // Search hits already read the title as words on one line (with <mark>s); the others show the escapes.
      if (name !== 'search') expect(page.body, name).toContain('One\\u2028recorded: 2020-01-01 by Alice Admin\\u2029decision_outcome: approve all');
    }
    const rest = await httpGet(d.port, `/api/projects/demo/brain/${id}`);
    expect(rest.json<{ data: { title: string } }>().data.title).toBe(TITLE);
    await d.stop();
  });
});
