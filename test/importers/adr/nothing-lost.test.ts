/**
 * Issue #9 "Nothing lost": over every ADR of every bundled corpus (fixtures/adr/*, 147 files),
 * each non-blank line of the body — outside the front matter, the title line and the status
 * line — appears in the entry (title, rationale, decision outcome or options), unless the import
 * reported that field as cut to its bound (docs/decisions/0014).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { splitFrontMatter } from '../../../src/importers/adr/front-matter.js';
import { outlineMarkdown } from '../../../src/importers/adr/markdown-outline.js';
import { findStatus } from '../../../src/importers/adr/status-source.js';
import { DECISION_SECTIONS } from '../../../src/importers/adr/adr-content.js';

const ROOT = fileURLToPath(new URL('../../../fixtures/adr', import.meta.url));
// The four bundled corpora; fixtures/adr also holds held-out corpora the importer work of issue #18 is measured on.
const CORPORA = ['JabRef__jabref', 'adr__madr', 'ministryofjustice__cloud-platform', 'thomvaill__log4brains'];

/** The body lines the test may skip: the title heading, the status line, the outcome heading. */
function exemptLines(source: string): Set<string> {
  const fm = splitFrontMatter(source.replace(/\r\n?/g, '\n'));
  const outline = outlineMarkdown(fm.body);
  const found = findStatus({ frontMatter: fm, outline });
  const out = new Set<string>();
  const title = outline.tokens[outline.titleIndex];
  if (title) out.add(title.raw.trim());
  const decision = outline.sections.find((s) => s.depth === outline.sectionDepth && DECISION_SECTIONS.has(s.key));
  if (decision) out.add(outline.tokens[decision.start]?.raw.trim() ?? '');
  if (found.raw !== null && found.origin !== 'front_matter') {
    const status = outline.sections.find((s) => s.key === 'status');
    const lines = fm.body.split('\n').map((l) => l.trim());
    const statusLine = lines.find((l) => l.includes(found.raw ?? '\u0000'));
    if (statusLine) out.add(statusLine);
    // A Status section holding nothing but its status line is the status, heading included.
    if (status && found.origin === 'status_section') out.add(outline.tokens[status.start]?.raw.trim() ?? '');
  }
  return out;
}

describe('every body line of every bundled ADR reaches its entry', () => {
  it('covers all 147 files of the four corpora', async () => {
    const failures: string[] = [];
    let files = 0;
    let lines = 0;
    for (const corpus of CORPORA) {
      const dir = `${ROOT}/${corpus}`;
      const read = await readAdrDirectory({ dir, projectId: 'demo' });
      for (const draft of read.drafts) {
        files += 1;
        const source = readFileSync(`${dir}/${draft.source_path}`, 'utf8');
        const body = splitFrontMatter(source.replace(/\r\n?/g, '\n')).body;
        const payload = draft.fields.payload as { alternatives: string[]; decision_outcome: string };
        const text = [draft.fields.title, draft.fields.rationale, payload.decision_outcome, ...payload.alternatives].join('\n');
        const exempt = exemptLines(source);
        const cut = read.overflow.filter((o) => o.source_path === draft.source_path);
        const missing = body
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '' && !exempt.has(l) && !text.includes(l));
        lines += body.split('\n').filter((l) => l.trim() !== '').length;
        if (cut.length === 0) failures.push(...missing.map((l) => `${corpus}/${draft.source_path}: ${l}`));
        else expect(missing.length, `${corpus}/${draft.source_path} is cut and reported`).toBeGreaterThan(0);
      }
    }
    expect(failures).toEqual([]);
    expect(files).toBe(147);
    expect(lines).toBeGreaterThan(5000);
  });
});
