/**
 * `brain import adr <dir> [--history]` (DESIGN §9, issues #9 and #18): ADR files become decisions
 * in one commit. Idempotent: ids derive from the source path, an unchanged ADR writes nothing, a
 * changed one becomes the next revision. The brain is made to match the source: fields absent
 * from the ADR are reset to their defaults (docs/decisions/0004-adr-import-source-wins.md).
 * Dates and people (docs/decisions/0014, 0033): the decision's own day and deciders
 * (`payload.decision_date`, `decision_makers`) are the ADR's, else those of the commit that
 * created the file's content (adr-origin.ts); a new entry's `recorded_at` / `author` are the
 * ADR's date and deciders, else that commit's, else the import's. The store still assigns
 * revisions; the commit identity is the importing user's.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Entry } from '../model/entry.js';
import { BrainError, isBrainError } from '../model/errors.js';
import { buildEntry, newEntryBase, sameContent } from '../model/input.js';
import { readAdrDirectory, type AdrDraft, type AdrReadResult } from '../importers/adr/read-adr-dir.js';
import { sourceLineOf } from '../importers/adr/finding-lines.js';
import { readGitFileHistory, type GitFileHistory } from '../importers/adr/git-file-history.js';
import type { Brain } from '../service.js';
import { withAgentTrailer } from '../store/agent-trailer.js';
import { describeFinding, findSecrets, type SecretFinding } from '../model/secret-scan.js';
import { authorOf, withOrigin } from './adr-origin.js';
import { historyPlan, type PlannedRevision } from './import-adr-history.js';
import { createOwnExportCheck } from './own-export.js';

/** One imported file and what happened to its entry. */
export interface ImportedEntry {
  entry_id: string;
  source_path: string;
  title: string;
  status: string;
  revision: number;
  action: 'imported' | 'revised' | 'unchanged';
  /** Revisions written for it by this import (more than one only with `--history`). */
  written: number;
}

/**
 * An ADR whose text holds a credential, not imported (decision 0087): the whole file (`commit`
 * null: its text in the folder), or with `--history` one commit's text of it (that revision not
 * replayed; the next one holds the change). `findings` name field, line, column and rule — never
 * the credential; `message` says them in one line (`rationale (line 3, column 9): MongoDBConnection, @secretlint/…`).
 */
export interface WithheldRevision {
  source_path: string;
  commit: string | null;
  /** Each with `source_line`: the line of the file that holds it (null with `commit`, or when no line does; decision 0105). */
  findings: Array<SecretFinding & { source_line: number | null }>;
  message: string;
}

/** `brain import adr --json`: the counts, each file's entry, and the reader's reports (read-adr-dir.ts `AdrReadResult`, its drafts aside). */
export interface ImportReport extends Omit<AdrReadResult, 'drafts'> {
  /** True with `--dry-run`: the counts and lists say what the import would write; nothing was (`commit` null). */
  dry_run: boolean;
  imported: number;
  revised: number;
  unchanged: number;
  entries: ImportedEntry[];
  /** ADRs (or historical revisions of them) whose text holds a credential: not imported, the rest is. */
  withheld: WithheldRevision[];
  /** With `--history`: how many commits of the ADR folder were replayed; else null. */
  history: { commits: number } | null;
  /**
   * A shallow clone (`git clone --depth`, a CI checkout): the ADRs git cannot date or name the
   * author of, as their history reaches the clone's oldest commit (`since`, its date). Their
   * dates and deciders are the ADRs' own or what the brain already held — never that commit's
   * (decision 0099). Null in a whole history or outside git.
   */
  shallow: { since: string; files: string[] } | null;
  commit: string | null;
}

/** True when the instant `when` (ISO 8601, UTC) falls in the month, quarter or year that starts on `day` (`YYYY-MM-DD`). */
function withinPeriod(day: string, precision: string, when: string): boolean {
  const quarter = (iso: string): string => `${iso.slice(0, 4)}-Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3)}`;
  if (precision === 'month') return when.slice(0, 7) === day.slice(0, 7);
  if (precision === 'quarter') return quarter(when) === quarter(day);
  if (precision === 'year') return when.slice(0, 4) === day.slice(0, 4);
  return false;
}

/** `when` if it is later than `after` (or `after` is absent). */
const laterThan = (when: string | null | undefined, after: string | undefined): when is string =>
  typeof when === 'string' && (after === undefined || when > after);

/**
 * When and by whom the working-tree text of `draft` was recorded, given the revision it follows
 * (`previous`, null for a new entry). A new entry: the ADR's date (00:00 UTC), else the commit
 * that created its content, else `now`; an ADR dated only by a month, quarter or year
 * (`decision_date_precision`) is stamped by the commit that created it when that commit falls in
 * the period — the moment it was written, not a first day the file never states (decision 0082,
 * 0073's "Left out") — else by the period's first day. A changed one never predates its
 * predecessor: the ADR's date or the file's last commit when later than the previous revision,
 * else `now`.
 */
export function draftStamp(args: { draft: AdrDraft; previous: Entry | null; git: GitFileHistory | null; now: string; user: string }): { recorded_at: string; author: string } {
  const { draft, previous, git, now, user } = args;
  const day = draft.date === null ? null : `${draft.date}T00:00:00.000Z`;
  if (previous === null) {
    const first = git?.first(draft.source_path) ?? null;
    const precision = draft.fields.payload?.['decision_date_precision'];
    const inPeriod = first !== null && draft.date !== null && typeof precision === 'string' && withinPeriod(draft.date, precision, first.date);
    return { recorded_at: (inPeriod ? first.date : day) ?? first?.date ?? now, author: authorOf(draft.deciders ?? first?.author ?? user) };
  }
  const last = git?.last(draft.source_path) ?? null;
  const recorded_at = [day, last?.date].find((d) => laterThan(d, previous.recorded_at)) ?? now;
  return { recorded_at, author: authorOf(draft.deciders ?? (recorded_at === last?.date ? last.author : null) ?? user) };
}

/**
 * The entry one ADR draft becomes: `fields` over a fresh base (fields the ADR does not state are
 * reset to their defaults, decision 0004), stamped. Errors: `invalid_entry` (and any other
 * validation error) naming the ADR file in its message, `data.source_path` and the hint — an
 * import of a hundred files must say which one holds the bad byte.
 */
export function draftEntry(args: { draft: AdrDraft; fields: AdrDraft['fields']; projectId: string; stamp: { recorded_at: string; author: string }; revision: number }): Entry {
  const { draft, stamp } = args;
  const base = newEntryBase({ entry_id: draft.entry_id, entry_kind: 'decision', project_id: args.projectId, ...stamp });
  try {
    return buildEntry(base, args.fields, { revision: args.revision, ...stamp });
  } catch (err) {
    if (!(err instanceof BrainError)) throw err;
    throw new BrainError(err.code, `${draft.source_path}: ${err.message}`, {
      hint: `edit ${draft.source_path} as the message says, then import again`,
      data: { ...err.data, source_path: draft.source_path },
      cause: err,
    });
  }
}

/**
 * Imports every ADR under `dir` into the brain's project as one commit; with `history`, every
 * commit of the folder that changed an ADR first becomes a revision (import-adr-history.ts).
 * Errors: `invalid_argument` (no such directory, no ADR found, `history` outside a git work
 * tree), `invalid_entry` (a draft failed validation: a bug, reported with the file),
 * `secret_detected` (a revision still holds a credential once the withheld ones are set aside —
 * an author name, say: nothing written; names the file), store errors. An ADR whose text holds a
 * credential is withheld and reported (`withheld`), the rest imported (decision 0087; 0040 refused
 * the whole folder).
 * `agent`: the agent that ran the import for the person, named in the commit's `Brain-Agent:`
 * trailer (the entries keep the ADRs' authors; docs/decisions/0060 "Agents through the CLI").
 * `dryRun`: everything above is done and reported (the same errors, the same report), and
 * nothing is written (`dry_run: true`, `commit` null; decision 0105).
 */
export async function importAdr(brain: Brain, args: { dir: string; history?: boolean; agent?: string; dryRun?: boolean }): Promise<ImportReport> {
  const dir = resolve(args.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BrainError('invalid_argument', `${args.dir} is not a directory`, { hint: 'brain import adr path/to/docs/decisions' });
  }
  const projectId = await brain.projectId();
  const read = await readAdrDirectory({ dir, projectId });
  if (read.drafts.length === 0) {
    // What was skipped is said (an RST folder of `.. include::` stubs, a folder of templates), decision 0082.
    const first = read.skipped[0];
    const skipped = first === undefined ? '' : ` (${read.skipped.length} skipped, e.g. ${first.source_path}: ${first.reason})`;
    throw new BrainError('invalid_argument', `no ADR files (Markdown, reStructuredText or AsciiDoc) found in ${args.dir}${skipped}`, {
      hint: 'point at the directory holding NNNN-title.md (or .rst, .adoc) files',
      data: { skipped: read.skipped },
    });
  }
  const git = await readGitFileHistory({ dir });
  try {
    return await importRead(brain, { dir, projectId, read, git, history: args.history === true, agent: args.agent ?? null, dryRun: args.dryRun === true });
  } finally {
    await git?.close();
  }
}

/** {@link importAdr} once the folder and its git history are read: the plan, the one commit, the report. */
async function importRead(
  brain: Brain,
  args: { dir: string; projectId: string; read: AdrReadResult; git: GitFileHistory | null; history: boolean; agent: string | null; dryRun: boolean },
): Promise<ImportReport> {
  const { dir, projectId, read, git } = args;
  if (args.history && git === null) {
    throw new BrainError('invalid_argument', `${dir} is not inside a git work tree: there is no history to import`, { hint: 'drop --history' });
  }
  if (args.history && git?.shallow) {
    // Its oldest commit lists every file as added: replayed, it would be each ADR's first revision.
    throw new BrainError('invalid_argument', `this clone is shallow (git clone --depth): its history starts at ${git.shallow.since}, not where the ADRs were written`, {
      hint: 'run `git fetch --unshallow` and import again, or drop --history',
      data: { shallow_since: git.shallow.since },
    });
  }
  const { author: user, identity, committer } = brain.writer();
  const plan = args.history && git !== null ? await historyPlan({ brain, projectId, git, dirName: basename(resolve(dir)) }) : new Map<string, PlannedRevision[]>();
  // An .rst / .adoc file that is brain's own export of the entry writes nothing (decision 0095).
  const ownExport = createOwnExportCheck(brain, dir);
  const result = await brain.store.transact({ projectId, identity, committer, dryRun: args.dryRun }, async (tx) => {
    const now = new Date().toISOString();
    const entries: ImportedEntry[] = [];
    const build = (draft: AdrDraft, fields: AdrDraft['fields'], stamp: { recorded_at: string; author: string }, revision: number): Entry =>
      draftEntry({ draft, fields, projectId, stamp, revision });
    await tx.prefetch(read.drafts.map((d) => d.entry_id), { current: true });
    const withheld: WithheldRevision[] = [];
    // Withholds a text holding a credential (decision 0087); true when `fields` may be written.
    const clean = async (draft: AdrDraft, fields: AdrDraft['fields'], commit: string | null): Promise<boolean> => {
      const found = await findSecrets(fields);
      if (found.length === 0) return true;
      const source = commit === null ? readFileSync(join(dir, draft.source_path), 'utf8') : null;
      const findings = found.map((f) => ({ ...f, source_line: source === null ? null : sourceLineOf(f, fields, source) }));
      const described = (f: (typeof findings)[number]) => `${f.source_line === null ? '' : `line ${f.source_line} of the file: `}${describeFinding(f)}`;
      withheld.push({ source_path: draft.source_path, commit, findings, message: findings.map(described).join('; ') });
      return false;
    };
    // A credential is refused naming the ADR file (and, with --history, the commit of its text).
    const put = async (entry: Entry, draft: AdrDraft, commit?: string): Promise<void> => {
      try {
        await tx.put(entry);
      } catch (err) {
        if (!isBrainError(err, 'secret_detected')) throw err;
        const at = commit === undefined ? '' : ` as of commit ${commit.slice(0, 12)}`;
        throw new BrainError('secret_detected', `${draft.source_path}${at}: ${err.message}`, {
          hint: commit === undefined ? err.hint : `the ADR's git history holds it (its text${at}): import without --history, or ${err.hint}`,
          data: { ...err.data, source_path: draft.source_path, ...(commit === undefined ? {} : { commit }) },
          cause: err,
        });
      }
    };
    for (const draft of read.drafts) {
      if (!(await clean(draft, draft.fields, null))) continue;
      const before = await tx.current(draft.entry_id);
      let written = 0;
      for (const step of plan.get(draft.entry_id) ?? []) {
        if (!(await clean(draft, step.fields, step.commit))) continue;
        const current = await tx.current(draft.entry_id);
        const entry = build(draft, step.fields, { recorded_at: step.recorded_at, author: step.author }, (current?.revision ?? 0) + 1);
        if (current && sameContent(entry, current)) continue;
        await put(entry, draft, step.commit);
        written += 1;
      }
      const current = await tx.current(draft.entry_id);
      const stamp = draftStamp({ draft, previous: current, git, now, user });
      const entry = build(draft, withOrigin(draft, git, current), stamp, (current?.revision ?? 0) + 1);
      if (!current || (!sameContent(entry, current) && !(await ownExport(draft.source_path, current)))) {
        await put(entry, draft);
        written += 1;
      }
      const final = (await tx.current(draft.entry_id)) as Entry;
      const action: ImportedEntry['action'] = written === 0 ? 'unchanged' : before === null ? 'imported' : 'revised';
      entries.push({ entry_id: final.entry_id, source_path: draft.source_path, title: final.title, status: final.status, revision: final.revision, action, written });
    }
    const count = (a: ImportedEntry['action']) => entries.filter((e) => e.action === a).length;
    const how = args.history ? ' with history' : '';
    const message = `brain: import adr ${basename(dir)}${how} — ${count('imported')} new, ${count('revised')} revised, ${count('unchanged')} unchanged`;
    return { message: withAgentTrailer(message, args.agent), value: { entries, withheld } };
  });
  if (!args.dryRun) await brain.refresh();
  const { entries, withheld } = result.value;
  const { drafts, ...reports } = read;
  return {
    dry_run: args.dryRun,
    imported: entries.filter((e) => e.action === 'imported').length,
    revised: entries.filter((e) => e.action === 'revised').length,
    unchanged: entries.filter((e) => e.action === 'unchanged').length,
    entries,
    ...reports,
    withheld,
    history: args.history && git !== null ? { commits: git.commits.length } : null,
    shallow: git?.shallow ? { since: git.shallow.since, files: drafts.map((d) => d.source_path).filter((p) => git.beyondDepth(p)) } : null,
    commit: result.commit,
  };
}
