/**
 * `brain setup <client> [--dry-run] [--no-hook] [--read-only] [--user]` (issue #20 "One command
 * sets an agent up"; docs/decisions/0041): writes the client's MCP server entry, instructions
 * and session-start hook into the repository's work tree (src/setup/clients.ts). Idempotent: a
 * second run changes nothing. A file holding what brain did not write where brain would write is
 * refused (`conflict`, exit 1) and then no file is written; `--dry-run` prints the unified diff
 * and writes nothing. `--json`: `{client, dry_run, files: [{path, action, what, diff?}], notes}`,
 * `action` one of `create`, `update`, `unchanged`, `diff` with `--dry-run`.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join, relative, sep } from 'node:path';
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import { CLIENTS } from '../setup/client-names.js';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../model/package-info.js';
import type { GlobalOptions } from './context.js';
import { neutralizeTerminal, safeJson } from './terminal-text.js';

interface SetupFlags {
  dryRun?: boolean;
  hook: boolean;
  readOnly?: boolean;
  user?: boolean;
}

/** True when an executable named `brain` is on PATH (the clients launch `brain`). */
function brainOnPath(): boolean {
  const names = process.platform === 'win32' ? ['brain.cmd', 'brain.exe', 'brain.ps1', 'brain'] : ['brain'];
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && names.some((name) => existsSync(join(dir, name))));
}

/** Registers `setup` on `program`. */
export function registerSetupCommand(program: Command): void {
  program
    .command('setup <client>')
    .description(`set an agent client up for this repository: ${CLIENTS.join(', ')} (MCP server, instructions, session-start hook)`)
    .option('--dry-run', 'print the changes as a unified diff and write nothing')
    .option('--no-hook', 'leave out the session-start hook that runs `brain context --hook`')
    .option('--read-only', 'the MCP server offers only the read tools (brain mcp --read-only)')
    .option('--user', "codex only: the MCP server goes to ~/.codex/config.toml ($CODEX_HOME) instead of the project's .codex/config.toml")
    .action(async (clientArg: string, flags: SetupFlags, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ clientSetup }, { applySetup, planSetup }, { findRepo }, { readBranchTip }] = await Promise.all([
        import('../setup/clients.js'),
        import('../setup/plan-setup.js'),
        import('../git/repo.js'),
        import('../git/refs.js'),
      ]);
      const client = CLIENTS.find((name) => name === clientArg);
      if (client === undefined) throw new BrainError('invalid_argument', `unknown client: ${clientArg}`, { hint: `brain setup sets up one of: ${CLIENTS.join(', ')}` });
      if (flags.user === true && client !== 'codex') {
        throw new BrainError('invalid_argument', `--user is for codex only: ${client} reads its MCP servers from the project`, { hint: `run brain setup ${client} without --user` });
      }
      const repo = findRepo(globals.repo ?? process.cwd());
      if (repo.workDir === null) throw new BrainError('not_a_repository', 'a bare repository has no work tree to set an agent up in', { hint: 'run brain setup in a clone with a work tree' });
      const root = repo.workDir;
      const codexHome = process.env.CODEX_HOME?.trim() ? process.env.CODEX_HOME : join(homedir(), '.codex');
      const setup = clientSetup(client, { root, readOnly: flags.readOnly === true, hook: flags.hook, user: flags.user === true, codexHome });
      const labelOf = (path: string) => {
        const rel = relative(root, path);
        return rel.startsWith('..') || isAbsolute(rel) ? path : rel.split(sep).join('/');
      };
      const planned = planSetup(setup.targets, labelOf);
      if (flags.dryRun !== true) applySetup(planned);

      const notes = [...setup.notes];
      if (planned.some((file) => file.action !== 'unchanged' && !isAbsolute(file.label))) notes.push('Commit the project files above so that every clone is set up alike.');
      if (readBranchTip(repo.commonDir, globals.branch) === null) notes.push(`This repository has no docs branch "${globals.branch}" yet: run \`brain init\` before the agent starts.`);
      // The package's own name: `project-brain` on the registry is somebody else's package.
      if (!brainOnPath()) notes.push(`No \`brain\` on PATH: the client runs \`brain\`, so install the ${PACKAGE_NAME} package (README "Installing": npm pack, then npm install --global ./${PACKAGE_NAME}-${PACKAGE_VERSION}.tgz) or link bin/brain.js there (npm link in a checkout).`);

      let diffOf: (file: (typeof planned)[number]) => string = () => '';
      if (flags.dryRun === true) {
        const { createTwoFilesPatch, FILE_HEADERS_ONLY } = await import('diff');
        diffOf = (file) =>
          file.action === 'unchanged'
            ? ''
            : createTwoFilesPatch(file.before === null ? '/dev/null' : `a/${file.label}`, `b/${file.label}`, file.before ?? '', file.after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
      }
      if (globals.json) {
        const files = planned.map((file) => ({ path: file.label, action: file.action, what: file.what, ...(flags.dryRun === true ? { diff: diffOf(file) } : {}) }));
        process.stdout.write(`${safeJson({ client, dry_run: flags.dryRun === true, files, notes })}\n`);
        return;
      }
      const verb = { create: flags.dryRun ? 'would create' : 'created', update: flags.dryRun ? 'would update' : 'updated', unchanged: 'unchanged' } as const;
      const width = Math.max(...planned.map((file) => file.label.length));
      const lines = [
        ...planned.map((file) => diffOf(file).trimEnd()).filter((diff) => diff !== ''),
        ...planned.map((file) => `${verb[file.action].padEnd(12)} ${file.label.padEnd(width)}  ${file.what}`),
        ...notes.map((note) => `note: ${note}`),
        ...(flags.dryRun === true ? ['dry run: nothing was written'] : []),
      ];
      process.stdout.write(neutralizeTerminal(`${lines.join('\n')}\n`));
    });
}
