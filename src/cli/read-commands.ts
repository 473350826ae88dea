/**
 * Read commands: `show`, `list`, `history`, `search`, `context`. Each brings the projection up
 * to the branch tip first (inside the service), or is answered by the running daemon of the
 * repository (context.ts `runRead`; issue #10).
 */
import { Option, type Command } from 'commander';
import type { CurrentRow } from '../projection/sqlite/queries.js';
import type { GetAnswer } from '../service/read-call.js';
import type { SearchAnswer } from '../service/search-corrections.js';
import type { Brief } from '../context/build-brief.js';
import type { Entry } from '../model/entry.js';
import { runRead } from './context.js';
import { BOUNDS, parseOptionalInteger } from '../model/number-text.js';
import { BrainError } from '../model/errors.js';
import { collect } from './fields.js';
import { valuesAfterCommand } from './raw-args.js';
import { safeJson } from './terminal-text.js';
import { HOOK_BUDGET, sessionStartAnswer } from '../setup/session-start-hook.js';

/** The text renderers, loaded only when a command prints text: `--json` never needs them (docs/decisions/0085-one-shot-reads.md). */
function render(): Promise<typeof import('./render.js')> {
  return import('./render.js');
}

interface ListOptions {
  kind?: string;
  status?: string;
  tag?: string;
  author?: string;
  relatedTask?: string;
  path?: string;
  updatedSince?: string;
  limit?: string;
}

/** Registers the read commands on `program`. */
export function registerReadCommands(program: Command): void {
  program
    .command('show <entry_id> [adr_number]')
    .description('show an entry (any unique id prefix, or an imported ADR by its label: ADR-0030, adr 30, 0030), current or --revision N')
    .option('--revision <n>', 'a past revision')
    .action(async (first: string, adrNumber: string | undefined, options: { revision?: string }, command: Command) => {
      // `brain show adr 30` as README writes it: two words of one label, never two entries.
      if (adrNumber !== undefined && !/^adr$/i.test(first)) throw new BrainError('invalid_argument', `show takes one entry, not "${first.slice(0, 40)}" and "${adrNumber.slice(0, 40)}"`, { hint: 'an ADR by its label: brain show ADR-0030 (or adr 30)' });
      const entryId = adrNumber === undefined ? first : `${first} ${adrNumber}`;
      const revision = parseOptionalInteger('--revision', options.revision, BOUNDS.revision);
      await runRead<GetAnswer>(
        command,
        { command: 'get', args: { entryId, ...(revision ? { revision } : {}) } },
        async (row) => (await import('./render-entry.js')).renderEntry(row.entry, { forked: row.forked, revision_count: row.revision_count, entries: new Map((row.linked ?? []).map((e) => [e.entry_id, e])) }),
        (row) => row.entry,
      );
    });

  program
    .command('list')
    .description('list current entries, newest first')
    .option('--kind <kind>', 'decision, open_question, blocker, risk, dependency, plan_revision')
    .option('--status <status>', 'e.g. accepted, open, blocked, active')
    .option('--tag <tag>', 'only entries with this tag')
    .option('--author <name>', 'only entries whose current revision is by this author')
    .option('--related-task <id>', 'only entries related to this task')
    .option('--path <path>', "only entries whose paths concern this path prefix or glob (quote globs: 'src/payments/**')")
    .option('--updated-since <iso>', 'only entries revised at or after this ISO 8601 time')
    .option('--limit <n>', 'at most N entries')
    .action(async (options: ListOptions, command: Command) => {
      const limit = parseOptionalInteger('--limit', options.limit, BOUNDS.count);
      // Commander hands `list --author A` to the program's --author (the author of new revisions),
      // as it does `--author A list`: only a value given after `list` is the filter (raw-args.ts).
      const author = options.author ?? valuesAfterCommand(command, '--author').at(-1);
      // A given filter is passed even when blank: the service refuses what can never match (issue #17).
      const args = {
        ...(options.kind !== undefined ? { kind: options.kind } : {}),
        ...(options.status !== undefined ? { status: options.status } : {}),
        ...(options.tag !== undefined ? { tag: options.tag } : {}),
        ...(author !== undefined ? { author } : {}),
        ...(options.relatedTask !== undefined ? { relatedTask: options.relatedTask } : {}),
        ...(options.path !== undefined ? { path: options.path } : {}),
        ...(options.updatedSince !== undefined ? { updatedSince: options.updatedSince } : {}),
        ...(limit !== undefined ? { limit } : {}),
      };
      await runRead<CurrentRow[]>(command, { command: 'list', args }, async (rows) => (await render()).renderList(rows), (rows) => rows.map((r) => r.entry));
    });

  program
    .command('history <entry_id>')
    .description('every revision of an entry, oldest first')
    .action(async (entryId: string, _options: unknown, command: Command) => {
      await runRead<{ entry: Entry; sha256: string }[]>(command, { command: 'history', args: { entryId } }, async (revisions) => (await render()).renderHistory(revisions), (revisions) => revisions.map((r) => r.entry));
    });

  program
    .command('search <words...>')
    .description('full-text search over current entries (quoted or not: `brain search cache invalidation` is one query)')
    .option('--kind <kind>', 'only this kind')
    .option('--limit <n>', 'at most N hits (default 20)')
    .action(async (words: string[], options: { kind?: string; limit?: string }, command: Command) => {
      // The words as one query, the way a person types it unquoted (`git grep`, `gh search` take several too).
      const query = words.join(' ');
      const limit = parseOptionalInteger('--limit', options.limit, BOUNDS.count);
      // --json stays the hits; the text says what a typo was searched as (decision 0050).
      await runRead<SearchAnswer>(command, { command: 'search', args: { query, ...(options.kind !== undefined ? { kind: options.kind } : {}), ...(limit !== undefined ? { limit } : {}) } }, async (answer) => (await render()).renderSearch(answer), (answer) => answer.hits);
    });

  program
    .command('context')
    .description('the re-entry brief: what is decided, open, blocked, at risk, and why (Markdown)')
    .option('--budget <tokens>', 'token budget (default 6000)')
    .option('--path <path>', "favour entries whose paths concern this path prefix or glob, as list --path (repeatable)", collect)
    .option('--related-task <id>', 'favour entries related to this task (repeatable)', collect)
    .option('--hook', `answer as a session-start hook: {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": <brief>}} (default budget ${HOOK_BUDGET})`)
    // The spellings before issue #19, kept working but out of the help (one name per concept).
    .addOption(new Option('--paths <path...>').hideHelp())
    .addOption(new Option('--task <id...>').hideHelp())
    .action(async (options: { budget?: string; path?: string[]; paths?: string[]; relatedTask?: string[]; task?: string[]; hook?: boolean }, command: Command) => {
      const budget = parseOptionalInteger('--budget', options.budget, BOUNDS.budget) ?? (options.hook ? HOOK_BUDGET : undefined);
      const paths = [...(options.path ?? []), ...(options.paths ?? [])];
      const taskIds = [...(options.relatedTask ?? []), ...(options.task ?? [])];
      const args = { ...(budget ? { budget } : {}), ...(paths.length ? { paths } : {}), ...(taskIds.length ? { taskIds } : {}) };
      if (options.hook) {
        // The answer is JSON whether or not --json is given: clients parse it (src/setup/session-start-hook.ts).
        await runRead<Brief>(command, { command: 'context', args }, (brief) => safeJson(sessionStartAnswer(brief.markdown), 0), (brief) => sessionStartAnswer(brief.markdown));
        return;
      }
      await runRead<Brief>(command, { command: 'context', args }, (brief) => brief.markdown);
    });
}
