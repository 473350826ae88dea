/**
 * One decision as an ADR Markdown file (DESIGN §6/§9 `brain export adr`, issue #9): MADR (YAML
 * front matter) or Nygard/adr-tools (a Status section). Written so that importing the file gives
 * the same entry back (docs/decisions/0015-adr-export.md):
 * - the status line carries the status, the supersession and every relation the entry states,
 *   as Markdown links (`accepted; supersedes [ADR-0021](021-multi-cluster.md)`);
 * - the rationale is written as it is (header notes, context, other sections), with the
 *   decision section inserted after the context, and a Considered Options list only when the
 *   rationale has none. Pure; no I/O.
 */
import { posix } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import type { Entry } from '../../model/entry.js';
import { adrLabelOf } from '../../model/adr-label.js';

/** The two formats `brain export adr` writes. */
export type AdrExportFormat = 'madr' | 'nygard';

/** Section names (lower case) that hold the context or the options; the decision goes after them. */
const BEFORE_DECISION = /^(?:context|context and problem statement|problem|problem statement|context and problem|decision drivers|considered options|considered alternatives|options)$/;
const OPTIONS = /^(?:considered options|considered alternatives|options|alternatives|alternatives considered|alternative approaches)$/;

/** What {@link renderAdr} needs besides the entry: where every exported decision is written. */
export interface RenderAdrOptions {
  entry: Entry;
  format: AdrExportFormat;
  /** The file of this entry, relative to the export directory (POSIX). */
  file: string;
  /** Exported decisions by id, and their files (for links). */
  files: ReadonlyMap<string, { entry: Entry; file: string }>;
}

/** `[ADR-0036](036-multi-cluster.md)` from `from`'s directory, or the entry id when it is not exported. */
function linkTo(id: string, from: string, files: RenderAdrOptions['files']): string {
  const target = files.get(id);
  if (!target) return id;
  const label = adrLabelOf(target.entry) ?? target.file.replace(/\.md$/i, '');
  const href = posix.relative(posix.dirname(from), target.file) || posix.basename(target.file);
  return `[${label}](${encodeURI(href)})`;
}

/**
 * The status line: the status word, then `supersedes …`, `superseded by …`, then each relation
 * the entry states (its `entry` citations with a phrase, e.g. "in favour of", "see") and each
 * reference outside the export (its `file` / `external_url` citations with a phrase).
 */
export function statusLine(options: RenderAdrOptions): string {
  const { entry, file, files } = options;
  const parts: string[] = [entry.status];
  if (entry.supersedes_entry_id !== null) parts.push(`supersedes ${linkTo(entry.supersedes_entry_id, file, files)}`);
  if (entry.status === 'superseded') {
    const successor = [...files.values()].find((f) => f.entry.supersedes_entry_id === entry.entry_id);
    if (successor) parts.push(`superseded by ${linkTo(successor.entry.entry_id, file, files)}`);
  }
  entry.citations.forEach((c, i) => {
    if (i === 0 && c.source_kind === 'file') return;
    if (c.locator === undefined || c.locator === '') return;
    if (c.source_kind === 'entry') parts.push(`${c.locator} ${linkTo(c.source_ref, file, files)}`);
    else if (c.source_kind === 'file' || c.source_kind === 'external_url') {
      parts.push(/^ADR-\d+$/.test(c.source_ref) ? `${c.locator} ${c.source_ref}` : `${c.locator} [${c.source_ref}](${c.source_ref})`);
    }
  });
  return parts.join('; ');
}

/** The rationale with the decision section inserted after its context sections. */
function body(entry: Entry, format: AdrExportFormat): string {
  const rationale = entry.rationale;
  const outcome = String(entry.payload['decision_outcome'] ?? '').trim();
  const alternatives = Array.isArray(entry.payload['alternatives']) ? (entry.payload['alternatives'] as unknown[]).map(String) : [];
  const tokens = new Lexer().lex(rationale);
  const headings = tokens.flatMap((t, i) => (t.type === 'heading' ? [{ i, depth: (t as Tokens.Heading).depth, key: (t as Tokens.Heading).text.trim().toLowerCase().replace(/:$/, '') }] : []));
  const depth = headings.reduce((min, h) => Math.min(min, h.depth), 6) || 2;
  const top = headings.filter((h) => h.depth === depth);
  const hashes = '#'.repeat(headings.length === 0 ? 2 : depth);
  const blocks: string[] = [];
  if (alternatives.length > 0 && !top.some((h) => OPTIONS.test(h.key))) blocks.push(`${hashes} Considered Options\n\n${alternatives.map((a) => `* ${a}`).join('\n')}`);
  if (outcome !== '') blocks.push(`${hashes} ${format === 'madr' ? 'Decision Outcome' : 'Decision'}\n\n${outcome}`);
  if (blocks.length === 0) return rationale;
  // Insert before the first top-level section that does not belong before the decision.
  const at = top.find((h) => !BEFORE_DECISION.test(h.key));
  let offset = rationale.length;
  if (at !== undefined) {
    const before = tokens.slice(0, at.i).reduce((n, t) => n + t.raw.length, 0);
    if (rationale.startsWith(tokens[at.i]?.raw ?? '\u0000', before)) offset = before;
  }
  const head = rationale.slice(0, offset).trimEnd();
  const tail = rationale.slice(offset).trim();
  return [head, ...blocks, tail].filter((s) => s !== '').join('\n\n');
}

/** A YAML scalar that reads back as exactly `text` (JSON strings are YAML). */
const yamlString = (text: string): string => JSON.stringify(text);

/**
 * The ADR file of one decision (LF line endings, trailing newline). MADR: front matter with
 * `status`, `date` (recorded day), `decision-makers` (author) and `tags` (without "adr"), then
 * `# title` and the body. Nygard: `# title`, the header notes, `## Status` with the status line,
 * then the rest (dates and deciders stay where the ADR wrote them; tags are not written).
 */
export function renderAdr(options: RenderAdrOptions): string {
  const { entry, format } = options;
  const status = statusLine(options);
  const text = body(entry, format);
  if (format === 'madr') {
    const tags = entry.tags.filter((t) => t !== 'adr');
    const front = [
      '---',
      `status: ${yamlString(status)}`,
      `date: ${entry.recorded_at.slice(0, 10)}`,
      `decision-makers: ${yamlString(entry.author)}`,
      ...(tags.length > 0 ? [`tags: [${tags.map(yamlString).join(', ')}]`] : []),
      '---',
    ];
    return `${front.join('\n')}\n# ${entry.title}\n\n${text}\n`.replace(/\n{3,}$/, '\n');
  }
  // Nygard: the header notes (text before the first heading) stay above the Status section.
  const firstHeading = /^#{1,6}\s/m.exec(text);
  const notes = firstHeading ? text.slice(0, firstHeading.index).trim() : text.trim();
  const rest = firstHeading ? text.slice(firstHeading.index).trim() : '';
  return `${[`# ${entry.title}`, notes, `## Status\n\n${status}`, rest].filter((s) => s !== '').join('\n\n')}\n`;
}

/** `0007-use-postgres.md`: a file name for a decision that was not imported from an ADR. */
export function adrFileName(number: number, title: string): string {
  const slug = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'decision';
  return `${String(number).padStart(4, '0')}-${slug}.md`;
}
