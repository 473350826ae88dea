/**
 * The `brain` command line (issue #2 contract; commander). Global options `--repo`,
 * `--branch`, `--project`, `--author`, `--agent` (agent-option.ts), `--json`. With `--json` every command prints one JSON
 * document on stdout and errors go to stderr as one line `{"error": {code, message, hint}}`, else
 * as `brain: <code>: <message>` and `hint: …` (error-output.ts, for commander's parse errors too). Exit codes:
 * 0 ok, 1 failure, 2 usage or validation error (see exit-codes.ts), 141 when the reader of
 * stdout went away (closed-output.ts).
 *
 * Read commands (`list`, `show`, `search`, `context`, `history`) are answered by the running
 * daemon of the repository when there is one, unless `--no-daemon` (context.ts `runRead`).
 * Cold start (issue #10): registering the commands loads commander and small modules only;
 * each action imports what it uses (the service, the daemon client, importers, the HTTP stack);
 * a call naming a read command registers the read commands alone (decision 0085).
 */
import { Command, CommanderError } from 'commander';
import { BrainError } from '../model/errors.js';
import { errorBody, exitCodeFor, EXIT_USAGE } from './exit-codes.js';
import { formatError, silenceCommander, specificHint, usageError } from './error-output.js';
import { endOnClosedOutput } from './closed-output.js';
import { assertArgvUtf8 } from './argv-utf8.js';
import { registerReadCommands } from './read-commands.js';
import { PACKAGE_VERSION } from '../model/package-info.js';
import { agentFlag } from './agent-option.js';
import { commandWordIndex } from './raw-args.js';

function isJson(argv: string[]): boolean {
  return argv.includes('--json');
}

/** `--project ''` selects nothing: an error, not the default project (issue #17; the README's filter rule). */
function projectOption(value: string): string {
  if (value.trim() === '') throw new BrainError('invalid_argument', '--project must not be blank', { hint: 'omit --project for the default project (brain.json, else the repository name); `brain projects` lists them' });
  return value;
}

/** The commands of read-commands.ts: a call naming one registers only those (below). */
const READ_COMMAND_NAMES: ReadonlySet<string> = new Set(['show', 'list', 'history', 'search', 'context']);

/**
 * Builds the program (exported for tests and for other entry points). `commands: 'read'`
 * registers only the read commands, for a call that names one: parsing it, its errors and its
 * `--help` need no other command, and the other commands' modules cost a one-shot read ~16 ms
 * of CPU to load (docs/decisions/0085-one-shot-reads.md). Default: every command.
 */
export async function createProgram(options: { commands?: 'all' | 'read' } = {}): Promise<Command> {
  const program = new Command('brain')
    .description('Project Brain: what was decided, what is open, blocked, at risk, and why — stored in git')
    .version(PACKAGE_VERSION)
    .option('--repo <dir>', 'a directory inside the git repository (default: the current directory)')
    .option('--branch <name>', 'the docs branch', 'brain')
    .option('--project <id>', 'project id (default: brain.json, else the repository name)', projectOption)
    .option('--author <name>', 'author of new revisions (default: BRAIN_AUTHOR, else git user.name)')
    .option('--agent <name>', 'the agent (e.g. claude-code) that makes writes for the author (default: BRAIN_AGENT)', agentFlag)
    .option('--json', 'print one JSON document on stdout')
    .option('--no-daemon', 'read directly even when a brain daemon serves this repository (also BRAIN_NO_DAEMON=1)')
    .exitOverride();
  if (options.commands === 'read') registerReadCommands(program);
  else (await import('./all-commands.js')).registerAllCommands(program);
  return program;
}

/** Runs the CLI on `argv` (`process.argv` itself: its raw bytes are checked, argv-utf8.ts) and sets `process.exitCode`. */
export async function main(argv: string[]): Promise<void> {
  endOnClosedOutput();
  const args = argv.slice(2);
  const word = args[commandWordIndex(args)];
  const program = await createProgram({ commands: word !== undefined && READ_COMMAND_NAMES.has(word) ? 'read' : 'all' });
  const json = isJson(argv);
  const failedCommand = silenceCommander(program);
  let ran: Command | undefined;
  program.hook('preAction', (_program, action) => {
    ran = action;
  });
  try {
    assertArgvUtf8(argv);
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
        process.exitCode = 0;
        return;
      }
      process.stderr.write(formatError(usageError(err.message, failedCommand()), json));
      process.exitCode = EXIT_USAGE;
      return;
    }
    process.stderr.write(formatError(specificHint(errorBody(err), ran ?? failedCommand()), json));
    process.exitCode = exitCodeFor(err);
  }
}

await main(process.argv);
