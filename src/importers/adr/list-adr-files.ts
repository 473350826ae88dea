/**
 * The ADR files of a directory: every `*.md`, `*.rst`, `*.adoc` and `*.asciidoc` file
 * (markup-family.ts, decision 0082), recursively, except index pages, templates and hidden or
 * private files, sorted by path.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { BrainError } from '../../model/errors.js';
import { isRecordPage } from '../../model/record-file-name.js';
import { folderStatus } from './folder-status.js';
import { ADR_FILE, withoutAdrExtension } from './markup-family.js';

/** An ADR-named file (Markdown, reStructuredText, AsciiDoc) that is not imported, and why. */
export interface SkippedFile {
  source_path: string;
  reason: string;
}

/** What {@link listAdrFiles} found. */
export interface AdrFileListing {
  /** Paths relative to the directory, POSIX separators, sorted by code unit order. */
  files: string[];
  skipped: SkippedFile[];
}

/** Directory names never descended into (besides any starting with `.` or `_`). */
const IGNORED_DIRS: ReadonlySet<string> = new Set(['node_modules', 'templates', 'template']);

/**
 * Whether the walk enters the folder `name`: not one starting with `.`, nor with `_` unless the
 * rest names a status (shopware keeps its superseded ADRs in `adr/_superseded/`: their status is
 * that folder's, folder-status.ts), nor `node_modules` or a template folder.
 */
function entersFolder(name: string): boolean {
  if (name.startsWith('.') || IGNORED_DIRS.has(name)) return false;
  return !name.startsWith('_') || folderStatus(`${name}/x.md`, null) !== null;
}

/** The skip reason of a private folder (`_drafts/`) that holds files named like ADRs. */
const PRIVATE_FOLDER = 'private folder (its name starts with _): not read';

/**
 * A folder of meeting notes or minutes (cardano's `BiweeklyMeetings/2022-05-24.md`: 51 notes
 * named by their day, imported as decisions titled "24" and found by search; round twenty-one).
 * Its notes record what was said, not what was decided: the folder is reported, not read.
 */
const MEETING_FOLDER = /(?:^|[-_ ]|[a-z](?=[A-Z]))(?:meetings?|minutes|meeting[-_ ]?notes)$/i;
const MEETING_NOTES = 'meeting notes (a folder of meetings or minutes): not read';

/** Base names (lower case, without `.md`) of index pages: GitHub, static sites, Docusaurus, GitBook. */
const INDEX_PAGES: ReadonlySet<string> = new Set(['readme', 'index', 'intro', 'summary', 'toc',
  // A page named for the whole collection (Unleash's `contributing/ADRs/ADRs.md`, "ADR Overview"; decision 0113).
  'adrs', 'adr-index', 'adr-overview']);

/** A language tag ending a base name (`.fr`, `.en-ca`, `.eng-ca`, `.zh_cn`). */
const LANGUAGE_TAG = /\.[a-z]{2,3}(?:[-_][a-z]{2,4})?$/;

/** A lower-case base name whose number is a placeholder: three or more `x` or `n`, after `adr` / `madr` or alone. */
const PLACEHOLDER_NUMBER = /^(?:m?adr[-_ ]?)?(?:x{3,}|n{3,})(?:[-_. ]|$)/;

/**
 * Why `fileName` (a `*.md`, `*.rst`, `*.adoc` base name; the rules read the name without its extension) is not an ADR, or null when it is one:
 * README.md, index.md, intro.md, SUMMARY.md, toc.md, ADRs.md, adr-index.md (any case), also after a zero number
 * (`000-index.md`, DependencyTrack/hyades), are index pages (read for their status index, see
 * status-index.ts); `template.md`, `adr-template.md`, `adr.template.md`,
 * `adr-template-minimal.md`, `0000-template.md`, and `rfc-`, `proposal-` (OpenFGA's RFCs),
 * `decision-`, `design-`, `madr-`, `0000-ladr-template.md` (carbon-aware-sdk), `NNNN-adr-template.md`
 * (wmde/wikibase-release-pipeline), `yyyymmdd-template.md` (opentofu's RFCs, decision 0076) are templates (but `0039-use-x-as-template-engine.md` is an
 * ADR), and so is the word in French, German, Spanish, Portuguese alone or with `adr`:
 * `0000-modele-adr.md` (ansforge/ans-architecture-adr), `vorlage.md`, `adr-plantilla.md` (but
 * `0005-modelo-de-datos.md` is an ADR); so is a name whose number is a placeholder, with or
 * without the word: a run of x or n letters where the number goes, any case, after an optional
 * `adr` label (alphagov/forms' `ADR` + three capital x + `-architecture-decision-record-template.md`,
 * `adr-nnn-x.md`, `NNNN-x.md`); but `0000-use-markdown.md` and `xylophone.md` are ADRs); so is a
 * name without digits that ends in the word (`GRFC-TEMPLATE.md`, `spec-template.md`, `APEtemplate.rst`); a
 * language tag ending the name is left aside (`index.fr-ca.md` is an index page); a
 * repository's own files (CONTRIBUTING.md, CODE_OF_CONDUCT.md, GOVERNANCE.md, LICENSE.md, …) are
 * no records;
 * names starting with `_` or `.` are private or hidden; `x.src.md` is the source a document is
 * generated from (golang/proposal's `44167/gc-pacer-redesign.src.md` beside the rendered
 * `44167-gc-pacer-redesign.md`: LaTeX formulas rendered by a tool), so the record is not
 * imported twice.
 */
export function skipReason(fileName: string): string | null {
  // A translation's language tag is no part of the name the rules read: `index.fr-ca.md` is an
  // index page, `0001-ailab-template.en-ca.md` a template (ai-cfia's bilingual records; decision 0112).
  const base = withoutAdrExtension(fileName).toLowerCase().replace(LANGUAGE_TAG, '');
  if (fileName.startsWith('_') || fileName.startsWith('.')) return 'hidden or private file';
  if (INDEX_PAGES.has(base)) return INDEX_PAGE;
  if (withoutAdrExtension(fileName).toLowerCase().endsWith('.src')) return GENERATED_SOURCE;
  // `000-index.md` (DependencyTrack/hyades): a zero number sorts the index first; it is no record.
  const zeroNumbered = /^0+[-_](.+)$/.exec(base);
  if (zeroNumbered !== null && INDEX_PAGES.has(zeroNumbered[1] ?? '')) return INDEX_PAGE;
  // Also after a label before the number (Arbeidstilsynet's `adr-0000-template.md`; decision 0113).
  // Not a real number with more words after the word: ghc-proposals' `0555-template-patterns.rst` is
  // "Higher Order Patterns in Rewrite Rules" (round twenty).
  const aboutTemplates = /^(?:(?:adr|madr|rfc)[-_])?0*[1-9]\d*[-_]template[-_](?!(?:adr|madr|rfc|short|long|minimal|full|bare|basic|simple|example)(?:[-_.]|$))/.test(base);
  if (!aboutTemplates && /^(?:(?:adr|madr|rfc)[-_])?(?:(?:\d+|n+|x+|y{4}-?m{2}-?d{2})[-_])?(?:(?:adr|ladr|madr|rfc|proposal|decision|design)[-_.])?template(?:[-_.].*)?$/.test(base)) return 'template';
  // A name with no number that ends in the word: gRPC's `GRFC-TEMPLATE.md`, microsoft/terminal's
  // `spec-template.md`, `settings-spec-template.md` (decision 0098).
  if (/^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*[-_.]template$/.test(base) && !/\d/.test(base)) return 'template';
  // A series' word run into it: astropy's `APEtemplate.rst` (decision 0112).
  if (/^[a-z]{2,5}template$/.test(base)) return 'template';
  if (REPOSITORY_FILES.has(base.replace(/_/g, '-'))) return REPOSITORY_FILE;
  if (/^(?:\d+[-_])?(?:(?:adr|madr)[-_.])?(?:modele|modèle|vorlage|plantilla|modelo)(?:[-_.](?:adr|madr))?$/.test(base)) return 'template';
  // A placeholder for the number (x or n letters: alphagov/forms' template; `ADR-nnn_x.md`, `NNNN-x.md`): the
  // template a record is copied from, whatever its words. Decision 0079.
  if (PLACEHOLDER_NUMBER.test(base)) return 'template';
  return null;
}

/**
 * The files a repository keeps at its root for people and for GitHub (CONTRIBUTING.md,
 * CODE_OF_CONDUCT.md, GOVERNANCE.md, LICENSE.md, SECURITY.md, …), lower case, `_` read as `-`:
 * beside records kept at a repository's root (grpc/proposal, dapr/proposals) they are no
 * records. Decision 0098.
 */
const REPOSITORY_FILES: ReadonlySet<string> = new Set([
  'contributing', 'code-of-conduct', 'codeofconduct', 'governance', 'license', 'licence', 'copying', 'security', 'changelog', 'changes',
  'maintainers', 'codeowners', 'support', 'notice', 'pull-request-template', 'issue-template',
]);

/** The skip reason of a repository file ({@link REPOSITORY_FILES}). */
const REPOSITORY_FILE = 'repository file (contributing, code of conduct, governance, licence, …)';

/** The skip reason of an index page. */
export const INDEX_PAGE = 'index page';

/**
 * A file named like a record but with no extension at all (`0006-use-servicebus-for-webhooks`
 * beside `0005-x.md`, DFE-Digital/get-an-identity): not read — its markup cannot be told — but
 * reported, not passed over in silence.
 */
const UNMARKED_RECORD = /^(?:adr[-_]?)?\d+[-_][^.]+$/i;

/** The skip reason of an {@link UNMARKED_RECORD} file. */
const NO_EXTENSION = 'no file extension (named like a record: rename it to .md to import it)';

/** The skip reason of a `*.src.md` file: the source another file of the folder is rendered from. */
const GENERATED_SOURCE = 'source of a generated document (*.src.md)';

/**
 * True when `path` (relative, POSIX) is an ADR file {@link listAdrFiles} would import: a `*.md`,
 * `*.rst` or `*.adoc` file with no {@link skipReason}, or the README.md / index.md of a record folder, under no
 * hidden, private, `node_modules` or template directory.
 */
export function isAdrPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  const folder = parts.at(-1);
  if (!ADR_FILE.test(name) || (skipReason(name) !== null && !(folder !== undefined && isRecordPage(name, folder)))) return false;
  return parts.every((d) => d !== '' && entersFolder(d));
}

/**
 * Lists the ADR files under `dir` (recursively; directories starting with `.`, with `_` unless
 * named for a status (`_superseded/`), `node_modules` and `template(s)` directories are not
 * entered, a `_` one holding ADR-named files is reported as skipped, and so is a folder of meeting
 * notes ({@link MEETING_FOLDER}); symbolic links to files are
 * followed, to directories are not). The README.md / index.md of a subfolder named like a record
 * (`2022-02-07-tracing/README.md`, model/record-file-name.ts) is an ADR, not an index page.
 * Skipped files of those names are reported with {@link skipReason}, and a file named like a
 * record with no extension with {@link NO_EXTENSION}.
 * Errors: BrainError `not_found` when `dir` does not exist or is not a directory, `io_error`
 * when it cannot be read.
 */
export async function listAdrFiles(options: { dir: string }): Promise<AdrFileListing> {
  const rootStat = await stat(options.dir).catch(() => null);
  if (!rootStat?.isDirectory()) {
    throw new BrainError('not_found', `ADR directory not found: ${options.dir}`, {
      hint: 'pass the directory that holds the ADR Markdown files, e.g. docs/decisions',
      data: { dir: options.dir },
    });
  }
  const files: string[] = [];
  const skipped: SkippedFile[] = [];
  // `assets`: the folder is named by the number alone of a record beside it (golang/proposal's
  // `44167/` next to `44167-gc-pacer-redesign.md`): its README is no record of its own.
  const walk = async (relative: string, assets = false): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(options.dir, relative), { withFileTypes: true });
    } catch (cause) {
      throw new BrainError('io_error', `cannot read directory ${join(options.dir, relative)}`, { cause });
    }
    // The numbers record files of this folder lead with (`44167` of `44167-gc-pacer-redesign.md`).
    const fileNumbers = new Set(entries.filter((e) => !e.isDirectory() && ADR_FILE.test(e.name)).map((e) => /^(\d+)[-_.]/.exec(e.name)?.[1]).filter((n) => n !== undefined));
    for (const entry of entries) {
      const path = relative === '' ? entry.name : posix.join(relative, entry.name);
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) isFile = (await stat(join(options.dir, path)).catch(() => null))?.isFile() ?? false;
      if (entry.isDirectory()) {
        if (MEETING_FOLDER.test(entry.name)) {
          if (await holdsAdrFiles(join(options.dir, path))) skipped.push({ source_path: `${path}/`, reason: MEETING_NOTES });
        } else if (entersFolder(entry.name)) await walk(path, fileNumbers.has(entry.name));
        else if (entry.name.startsWith('_') && (await holdsAdrFiles(join(options.dir, path)))) skipped.push({ source_path: `${path}/`, reason: PRIVATE_FOLDER });
      } else if (isFile && ADR_FILE.test(entry.name)) {
        const folder = relative.split('/').pop() ?? '';
        const reason = relative !== '' && !assets && isRecordPage(entry.name, folder) ? null : skipReason(entry.name);
        if (reason === null) files.push(path);
        else skipped.push({ source_path: path, reason });
      } else if (isFile && UNMARKED_RECORD.test(entry.name)) {
        skipped.push({ source_path: path, reason: NO_EXTENSION });
      }
    }
  };
  await walk('');
  const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  files.sort(byPath);
  skipped.sort((a, b) => byPath(a.source_path, b.source_path));
  return { files, skipped };
}

/** True when the folder at `dir` holds a file named like an ADR (its own files, not its sub-folders'). */
async function holdsAdrFiles(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.some((e) => !e.isDirectory() && ADR_FILE.test(e.name) && skipReason(e.name) === null);
}
