/**
 * `brain capture [FILE|-]` (issue #20 "Capture"; docs/decisions/0042): turns a text — a
 * session transcript, a pull request description, `git log` of a range; FILE, or stdin for `-`
 * or no argument — into candidates in one commit (src/service/capture.ts), never entries. The
 * extractor is `BRAIN_EXTRACTOR_COMMAND` when set (its failure or invalid answer falls back to
 * the built-in marker extractor, said on stderr), else the built-in one. Prints the candidates
 * as `brain candidates` does; `--json`: `{extractor, fallback_reason, candidates, commit}`.
 * Exit 0 (also when nothing was found: nothing written), 2 for an unreadable file, text that is
 * not UTF-8 (decision 0020) or a refused memory (nothing written). The candidates are made by the
 * global `--agent`/`BRAIN_AGENT` for the person when given (agent-option.ts).
 */
import type { Command } from 'commander';
import { runWithBrain } from './context.js';
import { readInput } from './read-input.js';
import type { CaptureResult } from '../service/capture.js';
import { candidatesAs, commandAgent } from './agent-option.js';

/** Registers `capture` on `program`. */
export function registerCaptureCommand(program: Command): void {
  program
    .command('capture [file]')
    .description('turn a text (a transcript, a PR description, git log of a range; - or none for stdin) into candidates for review, in one commit')
    .action(async (file: string | undefined, _options: unknown, command: Command) => {
      const source = file ?? '-';
      const agent = commandAgent(command);
      const text = await readInput(source, { hint: 'brain capture FILE, or - to read stdin (e.g. git log main..HEAD | brain capture -)' });
      const { renderCandidateList } = await import('./render-candidate.js');
      await runWithBrain(
        command,
        async (brain) => {
          const { captureText } = await import('../service/capture.js');
          const result = await captureText(candidatesAs(brain, agent), { text, source: source === '-' ? 'stdin' : source, command: process.env.BRAIN_EXTRACTOR_COMMAND });
          if (result.fallback_reason !== null) process.stderr.write(`brain: ${result.fallback_reason}\n`);
          return result;
        },
        (r: CaptureResult) => (r.candidates.length === 0 ? `nothing to capture (${r.extractor} extractor): no candidate written` : `${renderCandidateList(r.candidates, true)}\n\n${r.candidates.length} candidate${r.candidates.length === 1 ? '' : 's'} captured (${r.extractor} extractor) in ${r.commit?.slice(0, 12)}; review them with brain candidates`),
      );
    });
}
