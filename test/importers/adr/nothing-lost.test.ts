/**
 * Issue #9 "Nothing lost": over every ADR of every bundled corpus (fixtures/adr/*, 147 files),
 * each non-blank line of the source — outside the front matter — appears in the entry (title,
 * rationale, decision outcome or options), unless the import reported that field as cut to its
 * bound (docs/decisions/0014). The reference is this file's own reading of the Markdown, never
 * the importer's section lists or parsers (issue 17: a test that shares the code's list cannot
 * see what the list gets wrong). Three lines live in the entry as structured fields instead of
 * text, and only they are exempt, each found by comparing the source with the entry:
 * - the title: the first heading line whose text holds the entry's title;
 * - the status: the first `Status:` line (`- Status: x`, `**Status:** x`) between the title and
 *   the next heading, else the first line but a date under a `Status` heading — and that
 *   heading, when nothing else is under it;
 * - the outcome's heading: the heading with only blank lines between it and the first line of
 *   the decision outcome.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';

const ROOT = fileURLToPath(new URL('../../../fixtures/adr', import.meta.url));
const CORPORA = readdirSync(ROOT).sort();

/** The source's lines after a leading YAML front matter block (`---` … `---` or `...`). */
function bodyLines(source: string): string[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') return lines;
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
  return end < 0 ? lines : lines.slice(end + 1);
}

const isHeading = (line: string) => /^#{1,6}\s/.test(line);
const words = (text: string) => text.replace(/[*_`#>:-]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

/** The lines the entry holds as fields, not text (see the module comment), by index in `lines`. */
function structuredLines(lines: string[], entry: { title: string; outcome: string }): Set<number> {
  const out = new Set<number>();
  const title = lines.findIndex((l) => isHeading(l) && words(l).includes(words(entry.title)));
  if (title >= 0) out.add(title);
  // The status: a `Status:` line in the header (between the title and the next heading), else a Status section.
  const headerEnd = lines.findIndex((l, i) => i > title && isHeading(l));
  const statusLine = lines.findIndex((l, i) => i > title && (headerEnd < 0 || i < headerEnd) && /^\W*status\W*:/i.test(l));
  const statusHeading = lines.findIndex((l) => isHeading(l) && words(l) === 'status');
  if (statusLine >= 0) out.add(statusLine);
  else if (statusHeading >= 0) {
    const under = lines.slice(statusHeading + 1);
    const next = under.findIndex(isHeading);
    const section = (next < 0 ? under : under.slice(0, next)).map((l, i) => ({ l, i: statusHeading + 1 + i })).filter(({ l }) => l.trim() !== '');
    const first = section.find(({ l }) => !/^\W*date\b/i.test(l));
    if (first) out.add(first.i);
    if (section.every(({ i }) => out.has(i))) out.add(statusHeading);
  }
  // The outcome's heading: the heading with only blank lines between it and the outcome's first line.
  const outcomeFirst = entry.outcome.split('\n').find((l) => l.trim() !== '')?.trim();
  if (outcomeFirst !== undefined) {
    const at = lines.findIndex((l, i) => l.trim() === outcomeFirst && lines.slice(0, i).some(isHeading));
    const heading = at < 0 ? -1 : lines.slice(0, at).findLastIndex(isHeading);
    if (heading >= 0 && lines.slice(heading + 1, at).every((l) => l.trim() === '')) out.add(heading);
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
        const body = bodyLines(readFileSync(`${dir}/${draft.source_path}`, 'utf8'));
        const payload = draft.fields.payload as { alternatives: string[]; decision_outcome: string };
        const text = [draft.fields.title, draft.fields.rationale, payload.decision_outcome, ...payload.alternatives].join('\n');
        const exempt = structuredLines(body, { title: String(draft.fields.title), outcome: payload.decision_outcome });
        const cut = read.overflow.filter((o) => o.source_path === draft.source_path);
        const missing = body.filter((l, i) => l.trim() !== '' && !exempt.has(i) && !text.includes(l.trim())).map((l) => l.trim());
        lines += body.filter((l) => l.trim() !== '').length;
        if (cut.length === 0) failures.push(...missing.map((l) => `${corpus}/${draft.source_path}: ${l}`));
        else expect(missing.length, `${corpus}/${draft.source_path} is cut and reported`).toBeGreaterThan(0);
      }
    }
    expect(failures).toEqual([]);
    expect(files).toBe(147);
    expect(lines).toBeGreaterThan(5000);
  });
});
