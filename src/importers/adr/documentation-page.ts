/**
 * A documentation page kept in an ADR folder (issue #18, docs/decisions/0057): gardenlinux's
 * `docs/reference/adr/install.md` ("how to install adr-tools") beside 37 numbered ADRs,
 * openfga/rfcs' `DESIGN_PRINCIPLES.md` beside its numbered RFCs. Such a page is not imported as a
 * decision: it is reported as skipped, with why. Pure.
 */
import { CONTEXT_SECTIONS } from './adr-content.js';
import { headingKey } from './markdown-outline.js';
import type { ParsedAdr } from './parse-adr.js';

/** The skip reason {@link documentationPages} gives. */
export const DOCUMENTATION_PAGE = 'not a decision record: no number, status, date, authors, context or decision in a folder of numbered ADRs';

/**
 * The source paths among `parsed` (one folder's ADRs, as parse-adr.ts reads them) that are
 * documentation pages, not decision records: only in a corpus of at least 3 files most of whose
 * files carry an ADR number, a file that has none (neither its name nor its title heading) and
 * states no status, no day (nor does its name), no authors or deciders (golang/proposal's
 * `draft-vulndb.md`, a design by two named authors; round twenty-one), no supersede reference, no
 * decision, options or context section. A file with any of these stays a decision, so an unnumbered ADR in a numbered
 * folder (eclipse-edc's `2022-11-09-api-refactoring/renaming.md`, whose `# Decision` is its text)
 * is imported as before; an unnumbered corpus (opf/mijn-bureau-infra's feature pages) is never
 * thinned. `indexed` holds the paths the corpus's index page gives a status.
 */
export function documentationPages(parsed: readonly ParsedAdr[], indexed: ReadonlySet<string>): Set<string> {
  const numbered = parsed.filter((p) => p.adr_number !== null).length;
  if (parsed.length < 3 || numbered * 2 <= parsed.length) return new Set();
  const hasContext = (p: ParsedAdr): boolean =>
    p.rationale.split('\n').some((line) => /^#{1,6}\s/.test(line) && CONTEXT_SECTIONS.has(headingKey(line.replace(/^#+\s*/, ''))));
  return new Set(
    parsed
      .filter((p) => p.adr_number === null && p.raw_status === null && p.date === null && p.deciders === null && !indexed.has(p.source_path))
      .filter((p) => p.supersede_refs.length === 0 && p.decision_outcome === '' && p.alternatives.length === 0 && !hasContext(p))
      .map((p) => p.source_path),
  );
}
