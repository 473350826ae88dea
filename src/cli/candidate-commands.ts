/**
 * Candidate commands (issue #20; docs/decisions/0042): `propose <kind>` (the options of `add`),
 * `candidates [id] [--all|--status S]`, `approve <cand> [--as new|--merge <id>|--supersede <id>]`,
 * `reject <cand> --reason R`. Thin: parse options, call the service, print. A person on the CLI
 * may approve anything but a candidate they proposed themselves. Made by the global
 * `--agent`/`BRAIN_AGENT` for the person when given (agent-option.ts).
 */
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../model/candidate-id.js';
import type { Candidate } from '../model/candidate.js';
import { runWithBrain } from './context.js';
import { fieldsFromOptions, type FieldOptions } from './fields.js';
import { fieldOptions } from './write-commands.js';
import type { CandidateWriteResult } from '../service/candidates.js';
import type { ApprovalChoice } from '../service/candidate-approval.js';
import { candidatesAs, commandAgent } from './agent-option.js';

const render = () => import('./render-candidate.js');

/** The one choice `--as new`, `--merge <id>`, `--supersede <id>` make (none: the reviewer's suggestion). Errors: `invalid_argument`. */
function choiceOf(options: { as?: string; merge?: string; supersede?: string }): ApprovalChoice | undefined {
  const given = [options.as !== undefined, options.merge !== undefined, options.supersede !== undefined].filter(Boolean).length;
  if (given > 1) throw new BrainError('invalid_argument', 'give one of --as new, --merge <entry_id>, --supersede <entry_id>', { hint: 'or none, to follow the reviewer\'s suggestion' });
  if (options.as !== undefined) {
    if (options.as !== 'new') throw new BrainError('invalid_argument', `--as takes "new", not ${JSON.stringify(options.as.slice(0, 40))}`, { hint: 'to merge or supersede, use --merge <entry_id> or --supersede <entry_id>' });
    return { action: 'accept' };
  }
  if (options.merge !== undefined) return { action: 'merge', entryId: options.merge };
  if (options.supersede !== undefined) return { action: 'supersede', entryId: options.supersede };
  return undefined;
}

function statusOf(options: { all?: boolean; status?: string }): CandidateStatus | undefined {
  if (options.all && options.status !== undefined) throw new BrainError('invalid_argument', 'give --all or --status, not both');
  if (options.all) return undefined;
  const status = options.status ?? 'pending';
  if (!(CANDIDATE_STATUSES as readonly string[]).includes(status)) throw new BrainError('invalid_argument', `unknown candidate status ${JSON.stringify(status.slice(0, 40))}`, { hint: `one of ${CANDIDATE_STATUSES.join(', ')}` });
  return status as CandidateStatus;
}

async function printDecided(): Promise<(r: CandidateWriteResult) => string> {
  const { renderCandidate } = await render();
  return (r) => `${renderCandidate(r.candidate)}${r.entries.length ? `\n\nwrote ${r.entries.map((e) => `${e.entry_id} r${e.revision}`).join(', ')}` : ''}`;
}

/** Registers the candidate commands on `program`. */
export function registerCandidateCommands(program: Command): void {
  fieldOptions(program.command('propose <kind>').description('propose an entry for review: a candidate, reviewed against the brain, that a person approves (same options as add)'))
    .option('--supersedes <entry_id>', 'propose replacing this decision or plan (id, prefix or ADR label): the reviewer suggests superseding it')
    .action(async (kind: string, options: FieldOptions & { supersedes?: string }, command: Command) => {
      if (options.title === undefined) throw new BrainError('invalid_argument', '--title is required', { hint: 'brain propose decision --title "Use SQLite for the cache"' });
      const agent = commandAgent(command);
      const fields = { ...fieldsFromOptions(options), ...(options.supersedes !== undefined ? { supersedes_entry_id: options.supersedes } : {}) };
      await runWithBrain(command, async (brain) => candidatesAs(brain, agent).propose({ kind, fields }), await printDecided());
    });

  program
    .command('candidates [candidate_id]')
    .description('pending candidates with the reviewer\'s relation, evidence and suggestion; with an id, one in full')
    .option('--all', 'every candidate: pending, approved and rejected')
    .option('--status <status>', `only candidates in this status (${CANDIDATE_STATUSES.join(', ')}; default pending)`)
    .action(async (id: string | undefined, options: { all?: boolean; status?: string }, command: Command) => {
      const { renderCandidate, renderCandidateList } = await render();
      if (id !== undefined) {
        await runWithBrain(command, async (brain) => (await brain.candidates.get({ candidateId: id })).candidate, renderCandidate);
        return;
      }
      const status = statusOf(options);
      await runWithBrain(command, async (brain): Promise<Candidate[]> => (await brain.candidates.list(status ? { status } : {})).map((r) => r.candidate), (list) => renderCandidateList(list, status === undefined));
    });

  program
    .command('approve <candidate_id>')
    .description("approve a candidate: write its entry revision(s) and its approval in one commit (default: the reviewer's suggestion)")
    .option('--as <new>', 'record it as a new entry')
    .option('--merge <entry_id>', 'merge it into this entry as its next revision')
    .option('--supersede <entry_id>', 'record it as a new entry that supersedes this decision or plan')
    .addHelpText('after', "\nNobody may approve their own candidate, but identities on a local clone are self-asserted (git config, --author): the hard boundary is a daemon/MCP token's approve capability.")
    .action(async (id: string, options: { as?: string; merge?: string; supersede?: string }, command: Command) => {
      const choice = choiceOf(options);
      const agent = commandAgent(command);
      await runWithBrain(command, async (brain) => candidatesAs(brain, agent).approve({ candidateId: id, ...(choice ? { choice } : {}) }), await printDecided());
    });

  program
    .command('reject <candidate_id>')
    .description('reject a candidate, with the reason (it stays on the branch, rejected)')
    .requiredOption('--reason <text>', 'why')
    .action(async (id: string, options: { reason: string }, command: Command) => {
      const agent = commandAgent(command);
      await runWithBrain(command, async (brain) => candidatesAs(brain, agent).reject({ candidateId: id, reason: options.reason }), await printDecided());
    });
}
