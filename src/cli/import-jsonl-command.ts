/**
 * `brain import jsonl FILE|-` (issue #10; decision 0022): entries as `brain list --json`
 * prints them, one per line, validated, written as one commit. Progress goes to stderr only
 * when stderr is a terminal; `--json` prints the summary. Run by an agent (`--agent`,
 * `BRAIN_AGENT`), the commit names it in a `Brain-Agent:` trailer.
 */
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import type { JsonlImportReport } from '../service/import-jsonl.js';
import { interactive, runWithBrain } from './context.js';
import { readInput } from './read-input.js';
import { commandAgent } from './agent-option.js';

function renderReport(r: JsonlImportReport): string {
  const head = `${r.lines} line(s): imported ${r.imported}, revised ${r.revised}, unchanged ${r.unchanged}`;
  return `${head}${r.commit ? ` (commit ${r.commit.slice(0, 12)})` : ' (no commit: nothing changed)'}`;
}

/** Registers `jsonl <file>` under the `import` command group. */
export function registerImportJsonlCommand(importCommand: Command): void {
  importCommand
    .command('jsonl <file>')
    .description('import entries, one JSON object per line as `brain list --json` prints them (- for stdin), in one commit')
    .action(async (file: string, _options: unknown, command: Command) => {
      if (file.trim() === '') throw new BrainError('invalid_argument', 'missing file', { hint: 'brain import jsonl FILE (or - for stdin)' });
      const agent = commandAgent(command);
      const text = await readInput(file, { code: 'invalid_entry', hint: 'give a JSON-lines file, or - to read stdin (e.g. brain list --json | jq -c ".[]" | brain import jsonl -)' });
      const progress = interactive() ? (done: number, total: number) => process.stderr.write(`\rimporting ${done}/${total} lines…${done === total ? '\n' : ''}`) : undefined;
      // Loaded on demand: only this command needs it.
      const { importJsonl } = await import('../service/import-jsonl.js');
      await runWithBrain(command, (brain) => importJsonl(brain, { text, source: file === '-' ? 'stdin' : file, ...(agent !== undefined ? { agent } : {}), ...(progress ? { onProgress: progress } : {}) }), renderReport);
    });
}
