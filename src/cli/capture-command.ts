/**
 * `brain capture [FILE|-]` (issue #20 "Capture"; docs/decisions/0042): turns a text — a
 * session transcript, a pull request description, `git log` of a range; FILE, or stdin for `-`
 * or no argument — into candidates in one commit (src/service/capture.ts), never entries. The
 * extractor is `BRAIN_EXTRACTOR_COMMAND` when set (its failure or invalid answer falls back to
 * the built-in marker extractor, said on stderr), else the built-in one. Prints the candidates
 * as `brain candidates` does; `--json`: `{extractor, fallback_reason, candidates, commit}`.
 * Exit 0 (also when nothing was found: nothing written), 2 for an unreadable file or a refused
 * memory (nothing written).
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import { runWithBrain } from './context.js';
import type { CaptureResult } from '../service/capture.js';

/** The text of `file` (stdin for `-`), invalid UTF-8 replaced (a transcript is what it is). */
async function readText(file: string): Promise<string> {
  let bytes: Buffer;
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  } else {
    try {
      bytes = readFileSync(file);
    } catch (err) {
      throw new BrainError('invalid_argument', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { hint: 'brain capture FILE, or - to read stdin (e.g. git log main..HEAD | brain capture -)' });
    }
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** Registers `capture` on `program`. */
export function registerCaptureCommand(program: Command): void {
  program
    .command('capture [file]')
    .description('turn a text (a transcript, a PR description, git log of a range; - or none for stdin) into candidates for review, in one commit')
    .action(async (file: string | undefined, _options: unknown, command: Command) => {
      const source = file ?? '-';
      const text = await readText(source);
      const { renderCandidateList } = await import('./render-candidate.js');
      await runWithBrain(
        command,
        async (brain) => {
          const { captureText } = await import('../service/capture.js');
          const result = await captureText(brain.candidates, { text, source: source === '-' ? 'stdin' : source, command: process.env.BRAIN_EXTRACTOR_COMMAND });
          if (result.fallback_reason !== null) process.stderr.write(`brain: ${result.fallback_reason}\n`);
          return result;
        },
        (r: CaptureResult) => (r.candidates.length === 0 ? `nothing to capture (${r.extractor} extractor): no candidate written` : `${renderCandidateList(r.candidates, true)}\n\n${r.candidates.length} candidate${r.candidates.length === 1 ? '' : 's'} captured (${r.extractor} extractor) in ${r.commit?.slice(0, 12)}; review them with brain candidates`),
      );
    });
}
