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
 * each action imports what it uses (the service, the daemon client, importers, the HTTP stack).
 */
import { Command, CommanderError } from 'commander';
import { BrainError } from '../model/errors.js';
import { errorBody, exitCodeFor, EXIT_USAGE } from './exit-codes.js';
import { formatError, silenceCommander, specificHint, usageError } from './error-output.js';
import { endOnClosedOutput } from './closed-output.js';
import { assertArgvUtf8 } from './argv-utf8.js';
import { registerReadCommands } from './read-commands.js';
import { registerWriteCommands } from './write-commands.js';
import { registerCandidateCommands } from './candidate-commands.js';
import { registerCaptureCommand } from './capture-command.js';
import { registerAdminCommands } from './admin-commands.js';
import { registerSyncCommand } from './sync-command.js';
import { registerMcpCommand } from './mcp-command.js';
import { registerDaemonCommand } from './daemon-command.js';
import { registerReviewCommand } from './review-command.js';
import { registerProjectsCommand } from './projects-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { registerUiCommand } from './ui-command.js';
import { registerHubCommand } from './hub-command.js';
import { PACKAGE_VERSION } from '../model/package-info.js';
import { registerSetupCommand } from './setup-command.js';
import { agentFlag } from './agent-option.js';

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
    .option('--agent <name>', 'the agent (e.g. claude-code) that makes writes for the author (default: BRAIN_AGENT)', agentFlag)
    .option('--json', 'print one JSON document on stdout')
    .option('--no-daemon', 'read directly even when a brain daemon serves this repository (also BRAIN_NO_DAEMON=1)')
    .exitOverride();
  registerWriteCommands(program);
  registerCandidateCommands(program);
  registerCaptureCommand(program);
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
