/**
 * The `brain` command line (issue #2 contract; commander). Global options `--repo`,
 * `--branch`, `--project`, `--author`, `--json`. With `--json` every command prints one JSON
 * document on stdout and errors go to stderr as `{"error": {code, message, hint}}`. Exit codes:
 * 0 ok, 1 failure, 2 usage or validation error (see exit-codes.ts), 141 when the reader of
 * stdout went away (closed-output.ts).
 *
 * Read commands (`list`, `show`, `search`, `context`, `history`) are answered by the running
 * daemon of the repository when there is one, unless `--no-daemon` (context.ts `runRead`).
 * Cold start (issue #10): registering the commands loads commander and small modules only;
 * each action imports what it uses (the service, the daemon client, importers, the HTTP stack).
 */
import { Command, CommanderError } from 'commander';
import { BrainError } from '../model/errors.js';
import { errorBody, exitCodeFor, EXIT_USAGE } from './exit-codes.js';
import { endOnClosedOutput } from './closed-output.js';
import { assertArgvUtf8 } from './argv-utf8.js';
import { registerReadCommands } from './read-commands.js';
import { registerWriteCommands } from './write-commands.js';
import { registerAdminCommands } from './admin-commands.js';
import { registerSyncCommand } from './sync-command.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerDaemonCommand } from './daemon-command.js';
import { registerReviewCommand } from './review-command.js';
import { neutralizeTerminal, safeJson } from './terminal-text.js';
import { registerProjectsCommand } from './projects-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { registerUiCommand } from './ui-command.js';
import { registerHubCommand } from './hub-command.js';
import { PACKAGE_VERSION } from '../model/package-info.js';
import { registerSetupCommand } from './setup-command.js';

function isJson(argv: string[]): boolean {
  return argv.includes('--json');
}

/** `--project ''` selects nothing: an error, not the default project (issue #17; the README's filter rule). */
function projectOption(value: string): string {
  if (value.trim() === '') throw new BrainError('invalid_argument', '--project must not be blank', { hint: 'omit --project for the default project (brain.json, else the repository name); `brain projects` lists them' });
  return value;
}

/** Builds the program (exported for tests and for other entry points). */
export function createProgram(): Command {
  const program = new Command('brain')
    .description('Project Brain: what was decided, what is open, blocked, at risk, and why — stored in git')
    .version(PACKAGE_VERSION)
    .option('--repo <dir>', 'a directory inside the git repository (default: the current directory)')
    .option('--branch <name>', 'the docs branch', 'brain')
    .option('--project <id>', 'project id (default: brain.json, else the repository name)', projectOption)
    .option('--author <name>', 'author of new revisions (default: BRAIN_AUTHOR, else git user.name)')
    .option('--json', 'print one JSON document on stdout')
    .option('--no-daemon', 'read directly even when a brain daemon serves this repository (also BRAIN_NO_DAEMON=1)')
    .showHelpAfterError('(run brain --help for usage)')
    .exitOverride();
  registerWriteCommands(program);
  registerReadCommands(program);
  registerAdminCommands(program);
  registerSyncCommand(program);
  registerMcpCommand(program);
  registerDaemonCommand(program);
  registerReviewCommand(program);
  registerDoctorCommand(program);
  registerProjectsCommand(program);
  registerUiCommand(program);
  registerHubCommand(program);
  registerSetupCommand(program);
  return program;
}

/** Runs the CLI on `argv` (`process.argv` itself: its raw bytes are checked, argv-utf8.ts) and sets `process.exitCode`. */
export async function main(argv: string[]): Promise<void> {
  endOnClosedOutput();
  const program = createProgram();
  const json = isJson(argv);
  if (json) program.configureOutput({ writeErr: () => {} });
  try {
    assertArgvUtf8(argv);
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
        process.exitCode = 0;
        return;
      }
      if (json) process.stderr.write(`${JSON.stringify({ error: { code: 'usage', message: err.message.replace(/^error: /, ''), hint: 'run brain --help' } })}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    const body = errorBody(err);
    if (json) process.stderr.write(`${safeJson({ error: body }, 0)}\n`);
    else process.stderr.write(neutralizeTerminal(`brain: ${body.message}${body.hint ? `\nhint: ${body.hint}` : ''}\n`));
    process.exitCode = exitCodeFor(err);
  }
}

await main(process.argv);
