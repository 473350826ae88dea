/**
 * `brain hub …` (issue #11): the hub's command line. Every subcommand takes `--db <postgres
 * url>` (env BRAIN_HUB_DB); those that touch the mirrors — serve, add, remove, sync — need
 * `--dir <hub dir>` (env BRAIN_HUB_DIR), as does `list --backend sqlite` (its projection lives
 * there); the others accept and ignore it. `--json` prints one JSON document. Loaded lazily: the hub (pg, Hono, the MCP SDK) is imported when a hub
 * command runs, never by other commands.
 *
 *   brain hub serve [--port N] [--host H] [--interval S] [--webhook-secret-file F] [--backend postgres|sqlite]
 *   brain hub add <path-or-url> [--name N] [--branch B] · list · remove <name> · sync [name]
 *   brain hub token create (--repo A --repo B | --all-repos) [--project P] --capability read[,write] [--name N]
 *   brain hub token list · token revoke <id>
 */
import type { Command } from 'commander';
import type { GlobalOptions } from './context.js';
import { hubAction, type HubCliOptions } from './hub-actions.js';
import { valuesAfterCommand } from './raw-args.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

function withHubOptions(command: Command): Command {
  return command
    .option('--db <url>', 'PostgreSQL URL of the hub (env BRAIN_HUB_DB)')
    .option('--dir <dir>', 'the hub directory: mirrors live under it (env BRAIN_HUB_DIR); needed by serve, add, remove, sync')
    .option('--backend <kind>', 'projection backend: postgres (default) or sqlite (files under --dir)');
}

/** Registers `hub` and its subcommands on `program`. */
export function registerHubCommand(program: Command): void {
  const hub = program.command('hub').description('one brain across many repositories: a server projecting their docs branches into PostgreSQL');
  const run = (name: string) => async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const positional = args.slice(0, -2) as string[];
    const repo = valuesAfterCommand(command, '--repo');
    const project = valuesAfterCommand(command, '--project');
    await hubAction(name, positional, { ...command.opts<HubCliOptions>(), ...(repo.length ? { repo } : {}), ...(project.length ? { project } : {}) }, command.optsWithGlobals<GlobalOptions>());
  };
  withHubOptions(hub.command('serve').description('serve REST (/api), MCP (/mcp) and the push webhook (/hooks/git); sync every repository on a schedule'))
    .option('--port <n>', 'TCP port (0: any free port)', '7420')
    .option('--host <addr>', 'address to listen on', '127.0.0.1')
    .option('--interval <s>', 'seconds between sync passes (0: never on a schedule)', '60')
    .option('--read-db <url>', 'a read replica of --db for the queries (env BRAIN_HUB_READ_DB)')
    .option('--webhook-secret-file <file>', 'file holding the webhook secret (else env BRAIN_HUB_WEBHOOK_SECRET; none: webhooks refused)')
    .action(run('serve'));
  withHubOptions(hub.command('add <source>').description('register a repository by path or git URL and sync it'))
    .option('--name <name>', 'its name on the hub (default: the last path segment)')
    .option('--branch <name>', 'its docs branch', 'brain')
    .action(run('add'));
  withHubOptions(hub.command('list').description('registered repositories: source, projected commit, last sync and error')).action(run('list'));
  withHubOptions(hub.command('remove <name>').description('unregister a repository (its projection and mirror are removed)')).action(run('remove'));
  withHubOptions(hub.command('sync [name]').description('fetch and project one repository now (default: all)')).action(run('sync'));
  const token = hub.command('token').description('scoped, capability-bearing tokens');
  withHubOptions(token.command('create').description('issue a token; its secret is printed once'))
    .option('--repo <name>', 'a repository it may read (repeatable)', collect)
    .option('--all-repos', 'every repository, including those added later')
    .option('--project <id>', 'only this project (repeatable)', collect)
    .option('--capability <list>', 'comma-separated: read, propose, write, approve (the hub serves reads only yet)', 'read')
    .option('--name <name>', 'a label', 'cli')
    .action(run('token-create'));
  withHubOptions(token.command('list').description('every token (never its secret)')).action(run('token-list'));
  withHubOptions(token.command('revoke <id>').description('revoke a token and every token minted from it')).action(run('token-revoke'));
}
