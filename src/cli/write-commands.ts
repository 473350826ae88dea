/**
 * Write commands: `add`, `revise`, `resolve`, `supersede`, `clear-blocker`. Thin: parse
 * options, call the service, print the entry (a long rationale's start only). Made by the global `--agent`/`BRAIN_AGENT` for
 * the person when given (agent-option.ts), checked before the brain is opened.
 */
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import { runWithBrain } from './context.js';
import { BOUNDS, parseOptionalInteger } from '../model/number-text.js';
import { collect, fieldsFromOptions, type FieldOptions } from './fields.js';
import type { WriteResult } from '../service/writes.js';
import type { Entry } from '../model/entry.js';
import { commandAgent, writesAs } from './agent-option.js';

/** The entry field options of `add` and `revise` (also `propose`). */
export function fieldOptions(command: Command): Command {
  return command
    .option('--title <text>', 'title (1–200 characters)')
    .option('--rationale <text>', 'the why (≤ 20 000 characters)')
    .option('--status <status>', 'status (legal statuses depend on the kind)')
    .option('--tag <tag>', 'tag (repeatable; on revise, the whole new list: it replaces the tags)', collect)
    .option('--confidence <x>', 'confidence, 0..1')
    .option('--related-task <id>', 'related task id (repeatable; on revise, replaces the list)', collect)
    .option('--related-entry <id>', 'related entry id (repeatable; on revise, replaces the list)', collect)
    .option('--path <path>', 'code path the entry concerns (repeatable; on revise, replaces the list)', collect)
    .option('--cite <ref>', 'citation: URL, entry id, file[#locator] or kind:ref (repeatable; on revise, replaces the list)', collect)
    .option('--payload <json>', 'kind-specific payload as a JSON object, merged over the current one');
}

// Loaded on demand: the entry view needs the Markdown parser, which most commands never load.
// A write prints the start of a long rationale only (decision 0086): the user just wrote it.
const entryView = async (): Promise<(entry: Entry) => string> => {
  const { renderEntry, WRITE_RATIONALE_EXCERPT } = await import('./render-entry.js');
  return (entry) => renderEntry(entry, { rationale: WRITE_RATIONALE_EXCERPT });
};

const printWrite = async (): Promise<(result: WriteResult) => string> => {
  const renderEntry = await entryView();
  return (result) => {
    const head = result.commit ? '' : '(unchanged: no new revision written)\n';
    return head + [result.entry, ...result.also].map((e) => renderEntry(e)).join('\n\n');
  };
};
const entryOf = (result: WriteResult) => result.entry;

/**
 * Says on stderr which payload fields a new entry got by default (issue #19: a default the user
 * did not choose is shown when applied): a `warning:` line, or with `--json` one JSON line
 * `{"warnings": [{code: "defaults_applied", message, hint, data: {entry_id, defaults_applied}}]}`
 * (stdout keeps the entry alone).
 */
function warnDefaults(result: WriteResult, json: boolean): void {
  const applied = result.defaults_applied;
  if (applied.length === 0) return;
  const message = `not given, so set by default: ${applied.map((d) => `${d.field} = ${JSON.stringify(d.value)}`).join(', ')}`;
  const example = JSON.stringify(Object.fromEntries(applied.map((d) => [d.field.replace(/^payload\./, ''), d.value])));
  const hint = `if that is not your judgement: brain revise ${result.entry.entry_id} --payload '${example}' with the right values`;
  const data = { entry_id: result.entry.entry_id, defaults_applied: applied };
  process.stderr.write(json ? `${JSON.stringify({ warnings: [{ code: 'defaults_applied', message, hint, data }] })}\n` : `warning: ${message}\nhint: ${hint}\n`);
}

/** Registers the write commands on `program`. */
export function registerWriteCommands(program: Command): void {
  fieldOptions(program.command('add <kind>').description('record a new entry: decision, open_question, blocker, risk, dependency, plan_revision'))
    .action(async (kind: string, options: FieldOptions, command: Command) => {
      if (options.title === undefined) throw new BrainError('invalid_argument', '--title is required', { hint: 'brain add decision --title "Use SQLite for the cache"' });
      const renderEntry = await entryView();
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const agent = commandAgent(command);
      await runWithBrain(
        command,
        async (brain) => {
          const result = await writesAs(brain, agent).append({ kind, fields: fieldsFromOptions(options) });
          warnDefaults(result, json);
          return entryOf(result);
        },
        (e) => renderEntry(e),
      );
    });

  fieldOptions(program.command('revise <entry_id>').description('append the next revision with the given fields changed'))
    .option('--expected-revision <n>', 'fail with a conflict unless the entry is at revision N')
    .action(async (entryId: string, options: FieldOptions & { expectedRevision?: string }, command: Command) => {
      const expectedRevision = parseOptionalInteger('--expected-revision', options.expectedRevision, BOUNDS.revision);
      const fields = fieldsFromOptions(options);
      const agent = commandAgent(command);
      await runWithBrain(command, async (brain) => writesAs(brain, agent).revise({ entryId, fields, ...(expectedRevision ? { expectedRevision } : {}) }), await printWrite(), entryOf);
    });

  program
    .command('resolve <entry_id>')
    .description('resolve an open question or dependency, or clear a blocker')
    .option('--answer <text>', 'the answer (open questions)')
    .option('--resolution <text>', 'the resolution (blockers)')
    .option('--expected-revision <n>', 'fail with a conflict unless the entry is at revision N')
    .action(async (entryId: string, options: { answer?: string; resolution?: string; expectedRevision?: string }, command: Command) => {
      if (options.answer !== undefined && options.resolution !== undefined) {
        throw new BrainError('invalid_argument', 'give --answer or --resolution, not both');
      }
      const expectedRevision = parseOptionalInteger('--expected-revision', options.expectedRevision, BOUNDS.revision);
      const agent = commandAgent(command);
      await runWithBrain(
        command,
        async (brain) =>
          writesAs(brain, agent).resolve({ entryId, ...(options.answer !== undefined ? { answer: options.answer } : {}), ...(options.resolution !== undefined ? { resolution: options.resolution } : {}), ...(expectedRevision ? { expectedRevision } : {}) }),
        await printWrite(),
        entryOf,
      );
    });

  program
    .command('supersede <entry_id>')
    .description('mark a decision or plan superseded by another entry (links both ways)')
    .requiredOption('--by <entry_id>', 'the successor')
    .option('--expected-revision <n>', 'fail with a conflict unless the superseded entry is at revision N')
    .action(async (entryId: string, options: { by: string; expectedRevision?: string }, command: Command) => {
      const expectedRevision = parseOptionalInteger('--expected-revision', options.expectedRevision, BOUNDS.revision);
      const agent = commandAgent(command);
      await runWithBrain(command, async (brain) => writesAs(brain, agent).supersede({ entryId, byEntryId: options.by, ...(expectedRevision ? { expectedRevision } : {}) }), await printWrite(), entryOf);
    });

  program
    .command('clear-blocker <entry_id>')
    .description('mark a blocker cleared')
    .requiredOption('--resolution <text>', 'how it was cleared')
    .option('--expected-revision <n>', 'fail with a conflict unless the blocker is at revision N')
    .action(async (entryId: string, options: { resolution: string; expectedRevision?: string }, command: Command) => {
      const expectedRevision = parseOptionalInteger('--expected-revision', options.expectedRevision, BOUNDS.revision);
      const agent = commandAgent(command);
      await runWithBrain(command, async (brain) => writesAs(brain, agent).clearBlocker({ entryId, resolution: options.resolution, ...(expectedRevision ? { expectedRevision } : {}) }), await printWrite(), entryOf);
    });
}
