/**
 * `brain projects` (issue #7): every project on the docs branch with its entry counts per kind.
 * Human output is a table, the project this invocation works on (`--project`, else the default)
 * marked `*` like `git branch`; `--json` prints the service's array
 * (`{project_id, entries, by_kind}[]`, sorted by project_id).
 */
import type { Command } from 'commander';
import { ENTRY_KINDS } from '../model/kinds.js';
import type { ProjectCounts } from '../service/projects.js';
import { runWithBrain } from './context.js';
import { table } from './table.js';

function renderProjects(value: { projects: ProjectCounts[]; current: string }): string {
  if (value.projects.length === 0) return `no projects: the brain has no entries yet (add one with \`brain add <kind> --title …\`; it goes to project ${value.current})`;
  const rows = value.projects.map((p) => [p.project_id === value.current ? '*' : ' ', p.project_id, String(p.entries), ...ENTRY_KINDS.map((k) => String(p.by_kind[k]))]);
  const text = table([' ', 'PROJECT', 'ENTRIES', ...ENTRY_KINDS.map((k) => k.toUpperCase())], rows);
  const listed = value.projects.some((p) => p.project_id === value.current);
  return listed ? text : `${text}\n(project ${value.current}, which this command works on, has no entries yet)`;
}

/** Registers `projects` on `program`. */
export function registerProjectsCommand(program: Command): void {
  program
    .command('projects')
    .description('every project in the brain with its entry counts per kind (* = the project in effect)')
    .action(async (_options: unknown, command: Command) => {
      await runWithBrain(
        command,
        async (brain) => ({ projects: await brain.projects(), current: await brain.projectId() }),
        renderProjects,
        (value) => value.projects,
      );
    });
}
