/**
 * `brain daemon token create --name NAME | list | revoke NAME` (issue #17 "tokens carry a
 * name"; docs/decisions/0032): the daemon's named tokens, one per agent. A write an agent makes
 * through the daemon with its token records the token's name as the revision's `agent`, for
 * the repository's git user. The default token (`.git/brain/token`) is listed as `daemon`.
 *
 * Works on `.git/brain/` directly, with or without a running daemon (which reads the tokens on
 * every request: a token created or revoked here counts at once). Output: `create` prints the
 * secret on the first line (shown only now), `--json` `{token: {name, capabilities,
 * created_at, default}, secret}`; `list` a table or the JSON list; `revoke` the revoked token.
 */
import type { Command } from 'commander';
import type { DaemonTokenInfo } from '../service/daemon-tokens.js';
import { runWithBrain } from './context.js';
import { table } from './table.js';

async function tokensOf(): Promise<typeof import('../service/daemon-tokens.js')> {
  return import('../service/daemon-tokens.js');
}

async function dirsOf(repo: import('../git/repo.js').RepoLocation): Promise<{ brainDir: string; commonDir: string }> {
  const { brainDir } = await import('../git/repo.js');
  return { brainDir: brainDir(repo), commonDir: repo.commonDir };
}

const listing = (tokens: DaemonTokenInfo[]) =>
  tokens.length === 0
    ? 'no tokens (the daemon makes the default one, .git/brain/token, when it starts)'
    : table(['NAME', 'CAPABILITIES', 'CREATED', 'WHERE'], tokens.map((t) => [t.name, t.capabilities.join(','), t.created_at, t.default ? '.git/brain/token' : '.git/brain/tokens.json (hashed)']));

/** Registers `token create|list|revoke` under `brain daemon`. */
export function registerDaemonTokenCommands(daemon: Command): void {
  const token = daemon.command('token').description("named tokens for agents: an agent's writes through the daemon record its token's name");
  token
    .command('create')
    .description('make a token for one agent; its secret is printed once')
    .requiredOption('--name <name>', 'the agent that will hold it (a-z 0-9 . _ -), e.g. claude-code')
    .option('--capabilities <list>', 'what it may do, comma-separated: read, propose, write, approve (default read,propose: it proposes, a person approves)')
    .action(async (options: { name: string; capabilities?: string }, command: Command) => {
      const { parseCapabilities } = await import('../model/capabilities.js');
      const capabilities = options.capabilities === undefined ? undefined : parseCapabilities(options.capabilities, '--capabilities');
      await runWithBrain(
        command,
        async (brain) => (await tokensOf()).createDaemonToken({ ...(await dirsOf(brain.repo)), name: options.name, ...(capabilities ? { capabilities } : {}) }),
        (r) => `${r.secret}\n(token ${r.token.name}, capabilities ${r.token.capabilities.join(', ')}; the secret is shown only now: give it to the agent as "Authorization: Bearer <secret>")`,
      );
    });
  token
    .command('list')
    .description('every token: name, capabilities, created (never a secret)')
    .action(async (_options: unknown, command: Command) => {
      await runWithBrain(command, async (brain) => (await tokensOf()).listDaemonTokens(await dirsOf(brain.repo)), listing);
    });
  token
    .command('revoke <name>')
    .description('revoke a token: requests with it are refused from now on (revoking `daemon` deletes .git/brain/token; the daemon makes a new one when it next starts)')
    .action(async (name: string, _options: unknown, command: Command) => {
      await runWithBrain(command, async (brain) => (await tokensOf()).revokeDaemonToken({ ...(await dirsOf(brain.repo)), name }), (t) => `revoked token ${t.name}`);
    });
}
