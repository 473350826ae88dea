/**
 * One ADR Markdown file → a parsed ADR (DESIGN §9). Pure: takes the text, does no I/O.
 * Cross-file work (supersede links, entry ids, reports) is done by read-adr-dir.ts.
 */
import { posix } from 'node:path';
import { extractContent, type ContentOverflow } from './adr-content.js';
import { detectFormat, type AdrFormat } from './adr-format.js';
import { findAdrDate, findDeciders } from './adr-metadata.js';
import { adrNumber, extractTitle, leadingNumber } from './adr-title.js';
import { frontMatterTags, frontMatterTitle, splitFrontMatter } from './front-matter.js';
import { tokenText } from './inline-text.js';
import { blockTexts, outlineMarkdown } from './markdown-outline.js';
import { mapStatusText, type StatusMapping } from './status-map.js';
import { findStatus, type StatusOrigin } from './status-source.js';
import { collectSupersedeRefs, type SupersedeRef } from './supersede-refs.js';

/** Everything one file says, before it is related to the other files of its directory. */
export interface ParsedAdr {
  /** Path relative to the imported directory, POSIX separators. */
  source_path: string;
  format: AdrFormat;
  /** Non-blank, ≤ 200 characters. */
  title: string;
  /** Markdown, ≤ 20 000 characters: header notes, context, then every other section (adr-content.ts). */
  rationale: string;
  /** The whole Decision / Decision Outcome section, Markdown, ≤ 20 000 characters. */
  decision_outcome: string;
  alternatives: string[];
  /** Fields cut to their bound (the rest stays in the source file). */
  overflow: ContentOverflow[];
  /** The title's full text when it had to be cut to 200 characters, else null. */
  full_title: string | null;
  /** The ADR's number (file name, else title prefix), kept as the citation locator; or null. */
  adr_number: number | null;
  /** The date the ADR gives (ISO instant, 00:00 UTC), or null (adr-metadata.ts). */
  date: string | null;
  /** Its deciders / authors as one line, or null. */
  deciders: string | null;
  /** Front matter tags and category (lower case, without the importer's own "adr" tag). */
  tags: string[];
  /** The status as written (one line of inline Markdown), or null when the file states none. */
  raw_status: string | null;
  status_origin: StatusOrigin | null;
  /** The mapping of {@link raw_status}; null when there is none. */
  status_mapping: StatusMapping | null;
  /** The front matter's YAML error, if it has one (its status could not be read). */
  front_matter_error: string | null;
  supersede_refs: SupersedeRef[];
  /** The file name's leading number (`0045-x.md` → 45), or null. */
  leading_number: number | null;
}

/**
 * Parses one ADR. `source` may have CRLF line endings and a BOM. `sourcePath` is the path
 * relative to the imported directory (POSIX), used for the title fallback and the file number.
 * Rules: status per status-source.ts and status-map.ts, format per adr-format.ts, title per
 * adr-title.ts, rationale / outcome / options per adr-content.ts, supersede references per
 * supersede-refs.ts. Never throws on any text.
 */
export function parseAdr(options: { sourcePath: string; source: string }): ParsedAdr {
  const text = options.source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fileName = posix.basename(options.sourcePath);
  const frontMatter = splitFrontMatter(text);
  const outline = outlineMarkdown(frontMatter.body);
  const found = findStatus({ frontMatter, outline });
  const content = extractContent({ outline, status: { origin: found.origin }, sourcePath: options.sourcePath });
  const heading = outline.tokens[outline.titleIndex];
  const headingText = heading ? tokenText(heading) : '';
  const title = extractTitle({ outline, frontMatterTitle: frontMatterTitle(frontMatter.data), fileName });
  const untruncated = extractTitle({ outline, frontMatterTitle: frontMatterTitle(frontMatter.data), fileName, max: Number.MAX_SAFE_INTEGER });
  // Status lines, header notes and Links sections: any ADR link is a relation; the title and the
  // prose of every section: only what a keyword states ("supersedes", "in favour of", …).
  const prose = [title, ...outline.sections.flatMap((s) => blockTexts(outline.tokens.slice(s.start + 1, s.end)))];
  const format = detectFormat({
    hasFrontMatter: frontMatter.present,
    hasHeaderBullets: found.hasHeaderBullets,
    hasStatusSection: found.hasStatusSection,
    headingKeys: outline.sections.map((s) => s.key),
  });
  return {
    source_path: options.sourcePath,
    format,
    title,
    rationale: content.rationale,
    decision_outcome: content.decision_outcome,
    alternatives: content.alternatives,
    overflow: content.overflow,
    full_title: untruncated === title ? null : untruncated,
    adr_number: adrNumber({ fileName, headingText }),
    date: findAdrDate({ frontMatter: frontMatter.data, outline }),
    deciders: findDeciders({ frontMatter: frontMatter.data, outline }),
    tags: frontMatterTags(frontMatter.data),
    raw_status: found.raw,
    status_origin: found.origin,
    status_mapping: found.raw === null ? null : mapStatusText(found.raw),
    front_matter_error: frontMatter.error,
    supersede_refs: [
      ...collectSupersedeRefs(found.referenceTexts, { allLinks: true }),
      ...collectSupersedeRefs(prose),
    ].filter((ref, i, all) => all.findIndex((r) => r.direction === ref.direction && r.href === ref.href && r.number === ref.number) === i),
    leading_number: leadingNumber(fileName),
  };
}
