/**
 * An imported ADR shown (decision 0050): the headings whose text the importer moved into
 * fields (`## Status` → status_text, `## Decision` → decision_outcome) stay in the stored
 * rationale — the export gives the file back — but neither `brain show` nor the entry page
 * shows them as empty sections. Plus the display rule itself on the shapes it must respect.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { buildEntryView } from '../../../src/service/entry-view.js';
import { cloneReader } from '../../../src/service/clone-reader.js';
import { withPictureReader } from '../../../src/service/picture-reader.js';
import { renderEntry as renderEntryText } from '../../../src/cli/render-entry.js';
import { renderEntry as renderEntryPage } from '../../../src/http/dashboard/entry-page.js';
import { withoutEmptyHeadings } from '../../../src/model/empty-headings.js';
import { renderEntryText as renderMcpEntryText } from '../../../src/mcp/render.js';

const MOJ = fileURLToPath(new URL('../../../fixtures/adr/ministryofjustice__cloud-platform', import.meta.url));
afterAll(() => cleanupTempDirs());

/** Headings in `html` with nothing before the next heading of the same or a shallower level (or the end). */
function emptyHtmlHeadings(html: string): string[] {
  const heads = [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/gs)];
  return heads.filter((m, i) => {
    const next = heads[i + 1];
    const between = html.slice((m.index ?? 0) + m[0].length, next ? next.index : html.indexOf('</div>', m.index)).replace(/<[^>]+>|\s/g, '');
    return between === '' && (!next || Number(next[1]) <= Number(m[1]));
  }).map((m) => m[2] as string);
}

describe('imported ADR headings whose text went to fields', () => {
  it('are kept in the stored rationale and left out of brain show, brain_get and the entry page', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir, { projectId: 'moj' });
    try {
      await b.init();
      await importAdr(b, { dir: MOJ });
      const [row] = (await b.list({ kind: 'decision' })).filter((r) => r.entry.title === 'Use Karpenter For Scaling');
      const entry = row!.entry;
      expect(entry.rationale).toMatch(/^## Status\n\n## Context$/m);
      expect(entry.rationale).toMatch(/^## Decision\n\n## Consequences$/m);

      const shown = renderEntryText(entry);
      expect(shown).not.toMatch(/^## (Status|Decision)$/m);
      expect(shown).toMatch(/^Date: 2026-04-21\n\n## Context\n\nThe Cloud Platform Team/m);
      expect(shown).toMatch(/Testing was successful\.[^]*\n\n## Consequences\n\n- Scaling is event-driven/);

      // brain_get's text, too (its structuredContent keeps the stored rationale).
      const mcp = renderMcpEntryText(entry);
      expect(mcp).not.toMatch(/^## (Status|Decision)$/m);
      expect(mcp).toMatch(/^## Context$/m);

      const view = await buildEntryView(cloneReader(b), (_project, fn) => withPictureReader(b, fn), { entryId: entry.entry_id });
      const page = renderEntryPage({ project: 'moj', view }).body.toString();
      const rationale = page.slice(page.indexOf('id="h-rationale"'), page.indexOf('</section>', page.indexOf('id="h-rationale"')));
      expect(emptyHtmlHeadings(rationale)).toEqual([]);
      expect(rationale).toContain('>Context</h4>');
      expect(rationale).toContain('>Consequences</h4>');
    } finally {
      await b.close();
    }
  });
});

describe('withoutEmptyHeadings', () => {
  it('drops headings over nothing, with their blank line, and keeps every other line', () => {
    expect(withoutEmptyHeadings('Date: x\n\n## Status\n\n## Context\n\nWhy.\n\n## Decision\n')).toBe('Date: x\n\n## Context\n\nWhy.\n');
    // A heading over only empty subheadings goes too; one over a subheading with text stays.
    expect(withoutEmptyHeadings('## A\n\n### B\n\n## C\n\ntext')).toBe('## C\n\ntext');
    expect(withoutEmptyHeadings('## A\n\n### B\n\ntext')).toBe('## A\n\n### B\n\ntext');
    // A deeper heading ends nothing: `## A` heads `### B`'s text.
    expect(withoutEmptyHeadings('## A\n### B\nbody\n## C')).toBe('## A\n### B\nbody');
  });

  it('reads fenced code as text and leaves text without empty headings as it is', () => {
    const fenced = '## Shell\n\n```sh\n# not a heading\n```\n\n~~~\n## nor this\n~~~';
    expect(withoutEmptyHeadings(fenced)).toBe(fenced);
    for (const same of ['', 'plain', '#hashtag\n\n## Real\ntext', '## A\r\ntext\r\n']) expect(withoutEmptyHeadings(same)).toBe(same);
    expect(withoutEmptyHeadings('## Empty\r\n\r\n## Full\r\ntext')).toBe('## Full\r\ntext');
  });
});
