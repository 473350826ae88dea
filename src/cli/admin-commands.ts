/**
 * Repository-level commands: `init`, `status`, `verify`, `import adr`.
 */
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import type { ImportReport } from '../service/import-adr.js';
import type { ExportReport } from '../service/export-adr.js';
import type { BrainStatus } from '../service.js';
import { runWithBrain } from './context.js';
import { table } from './table.js';
import { registerImportJsonlCommand } from './import-jsonl-command.js';
import { upstreamLine } from '../service/upstream-line.js';
import { answerLine } from '../model/state-terms.js';
import { plural } from '../model/plural.js';
import { daemonLine, daemonState } from '../service/doctor-daemon.js';
import { commandAgent } from './agent-option.js';

/** The daemon's sync in one line, or null when brain.json does not ask for it and no daemon runs it. */
function syncLine(sync: BrainStatus['sync']): string | null {
  if (sync.error) return `off: ${sync.error}`;
  const d = sync.daemon;
  if (d) {
    const last = d.last_error ? `last round failed (${d.last_error.message}; ${d.failures} in a row, backing off)` : d.last_ok_at ? `last synced ${d.last_ok_at}` : 'first round pending';
    return `the daemon (pid ${d.pid}) syncs with ${d.remote} every ${d.interval_seconds} s and after each local write; ${last}; next ${d.next_at ?? 'soon'}`;
  }
  if (sync.configured) return `brain.json asks the daemon to sync with ${sync.configured.remote} every ${sync.configured.interval_seconds} s; no daemon runs here (\`brain daemon\` or \`brain ui\` starts one)`;
  return null;
}

function renderStatus(s: BrainStatus): string {
  const lines = [
    `branch:     ${s.branch}`,
    `project:    ${s.project_id}`,
    `tip:        ${s.tip ?? '(none)'}`,
    `projected:  ${s.projected ?? '(none)'}${s.projected === s.tip ? ' (up to date)' : ''}`,
    `entries:    ${s.entries} (${s.revisions} ${s.revisions === 1 ? 'revision' : 'revisions'})`,
  ];
  const counts = Object.entries(s.by_kind).flatMap(([entry_kind, statuses]) => Object.entries(statuses).map(([status, n]) => ({ entry_kind, status, n })));
  for (const [kind, statuses] of Object.entries(s.by_kind)) {
    lines.push(`  ${kind.padEnd(14)} ${Object.entries(statuses).map(([st, n]) => `${st} ${n}`).join(', ')}`);
  }
  if (s.entries > 0) lines.push(`state:      ${answerLine(counts)}`);
  if (s.upstream) lines.push(`upstream:   ${upstreamLine(s.upstream)}`);
  const sync = syncLine(s.sync);
  if (sync) lines.push(`sync:       ${sync}`);
  if (s.forked.length) lines.push(`forked:     ${s.forked.join(', ')} — two revisions share a number (a merge outside brain sync); \`brain doctor\` says how to close it`);
  if (s.problems.length) {
    lines.push(`problems:   ${plural(s.problems.length, 'problem')} on the branch (files that fail to parse or validate, ledgers that disagree; \`brain doctor\` says how to fix each):`);
    for (const p of s.problems) lines.push(`  ${p.code}  ${p.path}: ${p.message}`);
  } else lines.push('problems:   none');
  return lines.join('\n');
}

/**
 * More than three files of one kind (`kind` not null) share one line — `  5 files, no status;
 * recorded as proposed: a, b, c, … +2 more (…)` — in `grouped`; the other files, in order, are
 * `apart`. A folder whose template has no status (tractusx-edc: 42 records) printed 42 alike lines.
 */
function alike<T extends { source_path: string }>(files: readonly T[], kind: (file: T) => string | null): { grouped: string[]; apart: T[] } {
  const byKind = new Map<string, T[]>();
  for (const f of files) {
    const k = kind(f);
    if (k !== null) byKind.set(k, [...(byKind.get(k) ?? []), f]);
  }
  const many = [...byKind].filter(([, same]) => same.length > 3);
  const shared = new Set(many.flatMap(([, same]) => same));
  return {
    grouped: many.map(([k, same]) => `  ${plural(same.length, 'file')}, ${k}: ${same.slice(0, 3).map((f) => f.source_path).join(', ')}, … +${same.length - 3} more (brain import adr --json lists them all)`),
    apart: files.filter((f) => !shared.has(f)),
  };
}

function renderImport(r: ImportReport): string {
  const lines = r.dry_run
    ? [`dry run, nothing written: would import ${r.imported}, revise ${r.revised}, leave ${r.unchanged} unchanged`]
    : [`imported ${r.imported}, revised ${r.revised}, unchanged ${r.unchanged}${r.commit ? ` (commit ${r.commit.slice(0, 12)})` : ' (no commit: nothing changed)'}`];
  // Long lists are cut to their first lines: --json has them all.
  const some = <T,>(items: T[], line: (item: T) => string): string[] =>
    items.length <= 8 ? items.map(line) : [...items.slice(0, 5).map(line), `  … +${items.length - 5} more (brain import adr --json lists them all)`];
  if (r.defaulted.length) lines.push(`status defaulted (no status in the file; format default): ${r.defaulted.length}`, ...some(r.defaulted, (d) => `  ${d.source_path}: ${d.status} (${d.format})`));
  if (r.indexed.length) lines.push(`status from the folder's index page or name, or the file's day of acceptance (the file states no status it can map): ${r.indexed.length}`, ...some(r.indexed, (i) => `  ${i.source_path}: "${i.words}" → ${i.status} (${i.index_path === i.source_path ? 'its own day of acceptance' : i.index_path})`));
  if (r.unmapped.length) {
    // Files that state no status share a line per reason (alike).
    const what = (u: ImportReport['unmapped'][number]) => `${u.reason}; recorded as ${u.status}`;
    const { grouped, apart } = alike(r.unmapped, (u) => (u.raw_status === '' ? what(u) : null));
    lines.push(
      `statuses to review (not mapped, missing, stated twice, or at odds with a supersede link): ${r.unmapped.length}`,
      ...grouped,
      ...some(apart, (u) => `  ${u.source_path}: "${u.raw_status}" — ${what(u)}`),
    );
  }
  if (r.unresolved.length) lines.push(`references to ADRs outside the import or to a number several files have (kept as citations): ${r.unresolved.length}`, ...r.unresolved.map((u) => `  ${u.source_path}: ${u.phrase} ${u.reference}${u.ambiguous.length > 0 ? ` — ambiguous: ${u.ambiguous.join(', ')}` : ''}`));
  if (r.numbering.length) lines.push(`title numbers that disagree with the file name (the file name's kept): ${r.numbering.length}`, ...r.numbering.map((n) => `  ${n.source_path}: ADR ${n.heading_number} in the title`));
  if (r.shared_labels.length) lines.push(`ADR labels several files carry (each imported; \`brain show <label>\` asks which): ${r.shared_labels.length}`, ...some(r.shared_labels, (s) => `  ${s.label}: ${s.source_paths.join(', ')}`));
  if (r.swapped_dates.length) lines.push(`dates read with month and day swapped (no month 13 or later): ${r.swapped_dates.length}`, ...some(r.swapped_dates, (d) => `  ${d.source_path}: "${d.written}" read as ${d.date}`));
  if (r.unread_dates.length) lines.push(`dates that name no day of the calendar (the day not used; the month it names is): ${r.unread_dates.length}`, ...some(r.unread_dates, (d) => `  ${d.source_path}: "${d.written}"${d.date === null ? '' : `, dated ${d.date} instead`}`));
  if (r.invalid_front_matter.length) lines.push(`front matter that is not valid YAML (its keys read one by one, the rest kept as written): ${r.invalid_front_matter.length}`, ...some(r.invalid_front_matter, (f) => `  ${f.source_path}: ${f.error}`));
  if (r.history) lines.push(`history: ${r.history.commits} commits replayed, ${r.entries.reduce((n, e) => n + e.written, 0)} revisions written`);
  if (r.shallow && r.shallow.files.length) {
    lines.push(
      `shallow clone: git holds no history before ${r.shallow.since.slice(0, 10)}, so it cannot say when or by whom ${plural(r.shallow.files.length, 'ADR')} ${r.shallow.files.length === 1 ? 'was' : 'were'} written; their dates and deciders are the ADRs' own or what the brain already held (\`git fetch --unshallow\` for git's)`,
      ...some(r.shallow.files, (f) => `  ${f}`),
    );
  }
  if (r.skipped.length) {
    // ghc-proposals' 53 "moved" stubs, each naming its own target, are one kind.
    const { grouped, apart } = alike(r.skipped, (f) => (f.reason.startsWith('only points to ') ? 'only points to another file' : f.reason));
    lines.push(`skipped: ${r.skipped.length}`, ...grouped, ...apart.map((f) => `  ${f.source_path}: ${f.reason}`));
  }

  if (r.withheld.length) {
    lines.push(
      `withheld, the text holds a credential (brain never commits one): ${r.withheld.length}`,
      ...r.withheld.map((w) => `  ${w.source_path}${w.commit === null ? '' : ` as of commit ${w.commit.slice(0, 12)} (that revision not replayed)`}: ${w.message}`),
      'hint: replace each with a placeholder such as ${PASSWORD} in the file (and rotate it if it was real), then import again',
    );
  }
  return lines.join('\n');
}

/** Registers init, status, verify, import and export on `program`. */
export function registerAdminCommands(program: Command): void {
  program
    .command('init')
    .description('create the docs branch (idempotent; HEAD, index and working tree are untouched)')
    .action(async (_options: unknown, command: Command) => {
      await runWithBrain(command, (brain) => brain.init(), (r) => `${r.created ? 'created' : 'already initialized:'} branch ${r.branch} at ${r.tip.slice(0, 12)} (project ${r.project_id})`);
    });

  program
    .command('status')
    .description('branch, tip, projection, counts, forks, problems and the daemon')
    .action(async (_options: unknown, command: Command) => {
      // The daemon line is the terminal's (doctor --json has it as a finding): daemon.json and the process table.
      await runWithBrain(
        command,
        async (brain) => ({ status: await brain.status(), daemon: daemonState(brain.repo) }),
        (r) => `${renderStatus(r.status)}\ndaemon:     ${daemonLine(r.daemon, r.status.branch)}`,
        (r) => r.status,
      );
    });

  program
    .command('verify')
    .description('check ledgers, hashes, schema and append-only history; --cache also checks the projection')
    .option('--cache', 'also prove the cache equals a fresh rebuild from git')
    .option('--range <BASE..HEAD>', 'check the tree at HEAD and only the commits in the range (CI on pull requests)')
    .action(async (options: { cache?: boolean; range?: string }, command: Command) => {
      const args = { cache: options.cache === true, ...(options.range !== undefined ? { range: options.range } : {}) };
      const report = await runWithBrain(command, (brain) => brain.verify(args), (r) => {
        const { revisions, ledgers, commits } = r.branch.checked;
        const lines = [`branch: ${plural(revisions, 'revision')}, ${plural(ledgers, 'ledger')}, ${plural(commits, 'commit')} checked`];
        if (r.branch.failures.length) lines.push(table(['CODE', 'PATH', 'COMMIT', 'MESSAGE'], r.branch.failures.map((f) => [f.code, f.path, f.commit?.slice(0, 12) ?? '', f.message])));
        for (const f of r.branch.repaired) lines.push(`repaired: ${f.code} ${f.path} at ${f.commit?.slice(0, 12) ?? ''} — ${f.message}`);
        for (const f of r.branch.forks ?? []) lines.push(`forked: ${f.entry_id} r${f.revision} (${f.files.join(', ')}) — the next revision closes it; review: brain history ${f.entry_id}`);
        if (r.cache) {
          lines.push(`cache: ${r.cache.ok ? 'equals a fresh rebuild' : 'DIFFERS from a fresh rebuild'}`);
          for (const t of r.cache.tables) if (t.only_live.length || t.only_rebuilt.length) lines.push(`  ${t.table}: live ${t.live_rows} rows, rebuilt ${t.rebuilt_rows}`);
          if (r.cache.search_index_problem) lines.push(`  search index: ${r.cache.search_index_problem}`);
        }
        lines.push(r.ok ? 'ok' : 'FAILED');
        return lines.join('\n');
      });
      if (!report.ok) process.exitCode = 1;
    });

  const importCommand = program.command('import').description('import entries from other formats');
  importCommand
    .command('adr <dir>')
    .description('import Architecture Decision Records as decisions, in one commit: Markdown (MADR, Nygard/adr-tools, log4brains, RFC and proposal folders), reStructuredText and AsciiDoc')
    .option('--history', 'also replay the git history of the folder: each commit that changed an ADR becomes a revision')
    .option('--dry-run', 'read the folder and report what the import would write; write nothing')
    .action(async (dir: string, options: { history?: boolean; dryRun?: boolean }, command: Command) => {
      if (dir.trim() === '') throw new BrainError('invalid_argument', 'missing directory');
      const agent = commandAgent(command);
      if (process.stderr.isTTY && !command.optsWithGlobals<{ json?: boolean }>().json) process.stderr.write(`importing ADRs from ${dir}…\n`);
      // Loaded on demand: the Markdown and YAML parsers are only needed here.
      const { importAdr } = await import('../service/import-adr.js');
      await runWithBrain(command, (brain) => importAdr(brain, { dir, ...(options.history ? { history: true } : {}), ...(options.dryRun ? { dryRun: true } : {}), ...(agent !== undefined ? { agent } : {}) }), renderImport);
    });
  registerImportJsonlCommand(importCommand);

  program
    .command('export')
    .description('export entries to other formats')
    .command('adr <dir>')
    .description('write every decision as an ADR file (one per decision; MADR by default)')
    .option('--format <format>', 'madr or nygard (default: madr; a changed ADR over its own source file keeps that file\'s layout)')
    .option('--force', 'also replace files of the same name that brain did not write, and rewrite files that already read back as their decision')
    .action(async (dir: string, options: { format?: string; force?: boolean }, command: Command) => {
      const { exportAdr } = await import('../service/export-adr.js');
      await runWithBrain(command, (brain) => exportAdr(brain, { dir, ...(options.format === undefined ? {} : { format: options.format }), force: options.force === true }), exportSummary);
    });
}

/** `wrote 2 madr files to DIR; 36 unchanged (they already read back as their decisions)`. */
function exportSummary(r: ExportReport): string {
  const kept = r.files.filter((f) => !f.written).length;
  const formats = [...new Set(r.files.filter((f) => f.written).map((f) => f.format))];
  return `wrote ${plural(r.files.length - kept, `${formats.length > 0 ? formats.join('/') : r.format} file`)} to ${r.dir}${kept ? `; ${kept} unchanged (they already read back as their decisions)` : ''}`;
}
