/**
 * One decision as an ADR Markdown file (DESIGN §6/§9 `brain export adr`, issues #9 and #18):
 * MADR (status in YAML front matter) or Nygard/adr-tools (a Status section). Written so that
 * importing the file gives the same entry back (docs/decisions/0015-adr-export.md, 0033):
 * - an imported decision's text goes back as it came: the rationale as stored (document order),
 *   the outcome under the decision heading it was read from, the status in the source's own words
 *   (`payload.status_text`; none when the source stated none, since the import derives it), the
 *   front matter keys brain does not model (`payload.front_matter`) as written;
 * - any other decision gets a status line carrying the status, the supersession and every
 *   relation it states, as Markdown links (`accepted; supersedes [ADR-0021](021-multi-cluster.md)`),
 *   and a decision section after its context. Pure; no I/O.
 */
import { posix } from 'node:path';
import { lexMarkdown } from '../../model/markdown-tokens.js';
import { parseDocument } from 'yaml';
import type { Entry } from '../../model/entry.js';
import { adrLabelOf } from '../../model/adr-label.js';
import { periodShown } from '../../model/decision-origin.js';
import { decisionSectionOf, isOptionSection } from '../../importers/adr/adr-content.js';
import { headingAttributes, stripTitlePrefix } from '../../importers/adr/adr-title.js';
import { leadingNumber } from '../../importers/adr/file-name.js';
import { frontMatterSeries, frontMatterTitle, isTranslatedStatusKey, splitFrontMatter, withFrontMatterValue } from '../../importers/adr/front-matter.js';
import { recordFileName } from '../../model/record-file-name.js';
import { isAdrSectionName, outlineMarkdown, withPlainSectionNames } from '../../importers/adr/markdown-outline.js';
import { openingSubheadingIndex } from '../../importers/adr/opening-title.js';
import { fieldBlockTitleAt, headerSeries } from '../../importers/adr/header-fields.js';
import { withStatedTitle } from './stated-title.js';
import { insertAt, offsetOf, topHeadings, underStatusHeading, withHeadingStatus, withMetadataStatus, withQuotedStatus, withStatus } from './status-placement.js';
import { parseAdr } from '../../importers/adr/parse-adr.js';

/** The two formats `brain export adr` writes. */
export type AdrExportFormat = 'madr' | 'nygard';

/** Section names (lower case) that hold the context or the options; a new decision section goes after them. */
const BEFORE_DECISION = /^(?:context|context and problem statement|problem|problem statement|context and problem|decision drivers|considered options|options considered|considered alternatives|options)$/;
const OPTIONS = /^(?:considered options|options considered|considered alternatives|options|alternatives|alternatives considered|alternative approaches)$/;

/** What {@link renderAdr} needs besides the entry: where every exported decision is written. */
export interface RenderAdrOptions {
  entry: Entry;
  format: AdrExportFormat;
  /** The file of this entry, relative to the export directory (POSIX). */
  file: string;
  /** Exported decisions by id, and their files (for links). */
  files: ReadonlyMap<string, { entry: Entry; file: string }>;
  /**
   * The decision's own source file as it stands at the target path (an export over the import's
   * folder), and what the import would take from outside its text for it (git's first commit:
   * adr-origin.ts `gitOrigin`): its title heading's own prefix is kept (`# ADR-MB-004: `, `# 18. `),
   * and front matter `date` / `decision-makers` are written only when neither the text nor git
   * would give them back.
   */
  source?: { text: string; origin: { date: string | null; makers: string | null } };
  /**
   * The record's status and front matter live in its folder's metadata file (a KEP's `kep.yaml`,
   * written by sidecar-status.ts; decision 0082): the README is written with neither.
   */
  metadataFile?: boolean;
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
 * The status line of a decision that has no source words: the status word, then
 * `supersedes …`, `superseded by …`, then each relation the entry states (its `entry` citations
 * with a phrase, e.g. "in favour of", "see") and each reference outside the export (its `file` /
 * `external_url` citations with a phrase).
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
      parts.push(/^[A-Z]{2,5}-\d+$/.test(c.source_ref) ? `${c.locator} ${c.source_ref}` : `${c.locator} [${c.source_ref}](${c.source_ref})`);
    }
  });
  return parts.join('; ');
}

/**
 * The status to write: the source's own words; null when the source stated none (the import
 * derives it again); the generated {@link statusLine} for a decision without source words.
 */
function statusWords(options: RenderAdrOptions): string | null {
  const text = options.entry.payload['status_text'];
  if (typeof text === 'string') return text;
  if ('status_text' in options.entry.payload && text === null) return null;
  return statusLine(options);
}

/**
 * The body: the rationale with the outcome under its decision heading (the empty top-level
 * Decision section — or an RFC's Summary, `decisionSectionOf` — the import left in place), else — a decision not imported — a decision
 * section (and a Considered Options list when the rationale has no options section) inserted
 * before the first top-level section that is not context, drivers or options.
 */
function body(entry: Entry, format: AdrExportFormat): string {
  const rationale = entry.rationale;
  const outcome = String(entry.payload['decision_outcome'] ?? '').trim();
  const alternatives = Array.isArray(entry.payload['alternatives']) ? (entry.payload['alternatives'] as unknown[]).map(String) : [];
  const tokens = withPlainSectionNames(lexMarkdown(rationale));
  const top = topHeadings(tokens);
  const placeholder = decisionSectionOf(top.filter((h) => tokens.slice(h.i + 1, h.end).every((t) => t.type === 'space')));
  if (placeholder !== undefined) {
    if (outcome === '') return rationale;
    return insertAt(rationale, offsetOf(rationale, tokens, placeholder.i) + (tokens[placeholder.i]?.raw.length ?? 0), outcome);
  }
  const depth = top[0]?.depth ?? 2;
  const hashes = '#'.repeat(Math.max(2, depth));
  const blocks: string[] = [];
  if (alternatives.length > 0 && !top.some((h) => OPTIONS.test(h.key) || isOptionSection(h.key))) blocks.push(`${hashes} Considered Options\n\n${alternatives.map((a) => `* ${a}`).join('\n')}`);
  if (outcome !== '') blocks.push(`${hashes} ${format === 'madr' ? 'Decision Outcome' : 'Decision'}\n\n${outcome}`);
  if (blocks.length === 0) return rationale;
  const at = top.find((h) => !BEFORE_DECISION.test(h.key));
  return insertAt(rationale, at === undefined ? rationale.length : offsetOf(rationale, tokens, at.i), blocks.join('\n\n'));
}

/** A YAML scalar that reads back as exactly `text` (JSON strings are YAML). */
const yamlString = (text: string): string => JSON.stringify(text);

/** The top-level keys of stored front matter YAML. */
function yamlKeys(yaml: string | null): Set<string> {
  if (yaml === null) return new Set();
  const js: unknown = parseDocument(yaml).toJS();
  return new Set(js !== null && typeof js === 'object' && !Array.isArray(js) ? Object.keys(js) : []);
}

/** The file name starts with the label's word and number (`tep-0070-x.md` carries `TEP-0070`; `adr-007-x.md` carries `ADR-0007`). */
function nameCarries(name: string, label: string): boolean {
  const [word, digits] = label.split('-');
  return new RegExp(`^${word ?? ''}[-_]0*${Number.parseInt(digits ?? '', 10)}(?=[-_. ]|$)`, 'i').test(name);
}

/** True when the stored front matter numbers the record by `label`'s series (`kep-number: 1802` for `KEP-1802`). */
function frontMatterLabels(entry: Entry, label: string): boolean {
  const stored = entry.payload['front_matter'];
  if (typeof stored !== 'string' || stored.trim() === '') return false;
  const js: unknown = parseDocument(stored).toJS();
  const data = js !== null && typeof js === 'object' && !Array.isArray(js) ? (js as Record<string, unknown>) : {};
  const [word, digits] = label.split('-');
  return frontMatterSeries(data, Number.parseInt(digits ?? '', 10)) === word;
}

/** True when a header note of the rationale labels the record by `label` (`* Proposal: [SE-0001](…)`, header-fields.ts `headerSeries`). */
function noteLabels(entry: Entry, label: string): boolean {
  const [word, digits] = label.split('-');
  return headerSeries(outlineMarkdown(entry.rationale), Number.parseInt(digits ?? '', 10)) === word;
}

/**
 * The title heading: the source file's own prefix when it has one (`# ADR-MB-004: ` + title);
 * else the numbering the imported heading had (`payload.title_prefix`: `# 1. X`); else the file
 * name carries the ADR number, else the heading does (`# ADR-0012: X`; a series' own label does,
 * `# TEP-0070: X`, as the import read it, unless the file name carries it); the source
 * heading's attribute block (`{#adr_0015}`) is kept after the title.
 */
function titleLine(entry: Entry, file: string, source: string | null): string {
  const heading = source === null ? undefined : splitFrontMatter(source).body.split('\n').find((line) => /^# /.test(line));
  const whole = heading?.slice(2).trim() ?? '';
  const attributes = headingAttributes(whole);
  if (heading !== undefined) {
    const text = whole.slice(0, whole.length - attributes.length);
    const stripped = stripTitlePrefix(text, recordFileName(file));
    if (stripped !== text && text.endsWith(stripped)) return `# ${text.slice(0, text.length - stripped.length)}${entry.title}${attributes}`;
  }
  // The numbering the source heading wrote (`# 1. `, `# ADR-001 `), as the import read it. Decision 0070.
  const prefix = entry.payload['title_prefix'];
  if (typeof prefix === 'string' && prefix !== '') return `# ${prefix}${entry.title}${attributes}`;
  const label = adrLabelOf(entry);
  const name = recordFileName(file);
  // A series' own label (`TEP-0070`) is how its heading names the record: written back before the
  // title, unless the file name is what carries it (`tep-0070-x.md`, decision 0070).
  // … nor when the front matter written with it numbers it (`kep-number: 1802`, decision 0076).
  // … nor when a header note of the text names it (Swift Evolution's `* Proposal: [SE-0001](…)`; decision 0098).
  const numbered = label !== null && !nameCarries(name, label) && (leadingNumber(name) === null || !label.startsWith('ADR-')) && !frontMatterLabels(entry, label) && !noteLabels(entry, label);
  return `# ${numbered ? `${label}: ` : ''}${entry.title}${attributes}`;
}

/**
 * True when the Markdown `source` titles itself by a line of its text, not a `#` heading or front
 * matter: an opening `##` heading (thanos, gRPC's setext `----`) or a `Title:` field of a block of
 * fields (Stellar's CAPs). Decision 0098.
 */
function titledInText(source: string): boolean {
  const split = splitFrontMatter(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  const outline = outlineMarkdown(split.body);
  if (frontMatterTitle(split.data) !== null) return false;
  // A `Title:` field before the first `#` heading titles the record (Stellar's cap-0016: `# Motivation` after its preamble).
  const field = fieldBlockTitleAt(outline);
  if (field !== null && (outline.titleIndex < 0 || field.index < outline.titleIndex)) return true;
  return outline.titleIndex < 0 && openingSubheadingIndex(outline) >= 0;
}

/**
 * The ADR file of one decision (LF line endings, trailing newline), per the module comment.
 * The status words go under the rationale's own Status heading when it has one (the import left
 * it there), in both formats, unless that section states a status of its own (then they go to
 * front matter `status` only); MADR also puts them in front matter `status`. Nygard: `# title`,
 * the header notes, the status — a `Status:` line for an imported decision whose source had no
 * Status section, a `## Status` section for any other — then the rest. When the rationale
 * states the status in a metadata table (the import keeps the table whole), it goes there (the
 * row's value, if the words changed) and nowhere else; so when its Status section is a block
 * quote whose first line states it (the quote's first line, decision 0079). Front matter, in both formats, also
 * carries the stored front matter keys, and `tags` (without "adr"), `date` (`2023-05` for a
 * month, `2021-Q3` a quarter, `2021` a year, `decision_date_precision`: decisions 0073, 0076) and
 * `decision-makers` when the text (a metadata table) does not say them itself (the decision's
 * own, else for a decision not imported its recorded day and author): the file reads back as the
 * same entry.
 */
export function renderAdr(options: RenderAdrOptions): string {
  const { entry, format, file } = options;
  const p = entry.payload;
  const imported = 'status_text' in p || 'decision_date' in p;
  const status = options.metadataFile === true ? null : statusWords(options);
  const read = body(entry, format);
  // A metadata table that states a status (nats-io's `|Status|Implemented|`) carries the words: nothing else is added.
  const own = parseAdr({ sourcePath: file, source: read });
  const tabled = status !== null && (own.status_origin === 'metadata_table' || own.status_origin === 'metadata_list');
  // A Status section that is a block quote (alphagov/forms' `> Accepted`) states the words in
  // the quote the import kept whole; changed words replace its first line. Decision 0079.
  const quoted = status !== null && own.status_origin === 'status_quote' ? (own.raw_status === status ? read : withQuotedStatus(read, status))
    // So does a heading that states it (`## Status: Accepted`; decision 0090).
    : status !== null && own.status_origin === 'status_heading' ? (own.raw_status === status ? read : withHeadingStatus(read, status)) : null;
  const inTable = tabled || quoted !== null;
  // A Status section that still states a status of its own (front matter `status: ACTIVE` over
  // `## Status` / `Angenommen`, both kept by the import) is left as written: the words go to
  // front matter, in both formats, as the source had them.
  const ownWords = status !== null && own.status_origin === 'status_section' && own.status_mapping?.mapped === true;
  const text = quoted ?? (tabled && own.raw_status !== status ? withMetadataStatus(read, status) : read);
  const kept = typeof p['front_matter'] === 'string' && p['front_matter'].trim() !== '' ? p['front_matter'] : null;
  // A translated status key kept as written (`statut: accepté`) states the words: changed words
  // go into it, and no `status` key or Status line is added (decision 0090).
  const ownKey = [...yamlKeys(kept)].find(isTranslatedStatusKey) ?? null;
  const keyWords = kept !== null && ownKey !== null ? splitFrontMatter(`---\n${kept}\n---\n`).status : null;
  const stored = kept !== null && ownKey !== null && status !== null && keyWords !== status ? withFrontMatterValue(kept, ownKey, status) : kept;
  const taken = yamlKeys(stored);
  const day = typeof p['decision_date'] === 'string' ? p['decision_date'] : imported ? null : entry.recorded_at.slice(0, 10);
  const makers = typeof p['decision_makers'] === 'string' ? p['decision_makers'] : imported ? null : entry.author;
  const tags = entry.tags.filter((t) => t !== 'adr');
  const front = (keys: { date: boolean; makers: boolean; tags: boolean }): string => {
    const lines = [
      ...((format === 'madr' || ownWords) && status !== null && !inTable && !taken.has('status') && ownKey === null ? [`status: ${yamlString(status)}`] : []),
      ...(keys.date && day !== null && !taken.has('date') ? [`date: ${periodShown(day, p['decision_date_precision'])}`] : []),
      ...(keys.makers && makers !== null && !taken.has('decision-makers') ? [`decision-makers: ${yamlString(makers)}`] : []),
      ...(keys.tags && tags.length > 0 && !taken.has('tags') ? [`tags: [${tags.map(yamlString).join(', ')}]`] : []),
      ...(stored === null ? [] : [stored]),
    ];
    return lines.length === 0 ? '' : `---\n${lines.join('\n')}\n---\n`;
  };
  const inFront = ownWords || ownKey !== null;
  const underOwnHeading = status === null || inTable || inFront ? null : underStatusHeading(text, status);
  const withWords = underOwnHeading ?? (format === 'madr' || inTable || inFront ? text : withStatus(text, status, imported));
  const titleOf = (text: string): string => parseAdr({ sourcePath: file, source: `${front({ date: false, makers: false, tags: false })}${text}\n` }).title;
  // A text that states its own title gets no `#` heading over it, and a title revised in brain is
  // written into that line (stated-title.ts, decision 0098): a title heading the import kept (a
  // setext one, one cut to 200 characters or spaced as the title is not, a template's); over its own
  // source file, an opening `##` heading or a `Title:` field the source titled itself by.
  const opened = outlineMarkdown(withWords);
  const statesTitle = imported && (opened.titleIndex >= 0 || (options.source !== undefined && titledInText(options.source.text)));
  const restated = statesTitle && titleOf(withWords) !== entry.title ? withStatedTitle(withWords, entry.title) : null;
  const titled = restated !== null && titleOf(restated) === entry.title ? restated : withWords;
  // A title that is a section name (`notes.md`'s "notes" over its own `# Notes`) would read back
  // as a section: left out when the text without it reads back as the same title (the file name).
  const untitled = (statesTitle || isAdrSectionName(entry.title)) && titleOf(titled) === entry.title;
  const markdown = `${[untitled ? '' : titleLine(entry, file, options.source?.text ?? null), untitled ? titled : withWords].filter((s) => s !== '').join('\n\n')}\n`;
  if (options.metadataFile === true) return markdown;
  // Date, deciders and tags in front matter only when the text does not say them: the import reads them back.
  const reread = parseAdr({ sourcePath: file, source: `${front({ date: false, makers: false, tags: false })}${markdown}` });
  const tagsSaid = tags.length === reread.tags.length && tags.every((t) => reread.tags.includes(t));
  const origin = options.source?.origin ?? { date: null, makers: null };
  // A Nygard file read with no front matter and no day or deciders of its own (they came from git)
  // is written back in that shape: no front matter added. Its status words are still the file's,
  // so brain changed neither the status nor the day it brings. Decision 0062. A file whose front
  // matter brain models whole (`date`, `status`: `front_matter` '') had front matter: its day
  // goes back there (decision 0076).
  const asRead = format === 'nygard' && imported && (p['front_matter'] === null || p['front_matter'] === undefined) && typeof p['status_text'] === 'string';
  const say = (stated: string | null, known: string | null, value: string | null): boolean => (asRead && stated === null ? false : (stated ?? known) !== value);
  return `${front({ date: say(reread.date, origin.date, day), makers: say(reread.deciders, origin.makers, makers), tags: !tagsSaid })}${markdown}`;
}
