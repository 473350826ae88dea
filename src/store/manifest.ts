/**
 * The files at the root of the docs branch (DESIGN §3): `brain.json` (the manifest,
 * `{format, default_project, created_by}`), `.gitattributes` (ledgers merge by union, JSON
 * stays LF) and a README for people browsing the branch.
 */
import { BrainError } from '../model/errors.js';
import { PROJECT_ID_PATTERN } from '../model/limits.js';
import { canonicalJson } from './canonical-json.js';
import { FORMAT_VERSION } from './layout.js';

/**
 * A parsed manifest: `format` (an integer ≥ 1) and an optional `default_project`; other members
 * are kept as they are (a newer brain may add some). The JSON Schema of the file is generated
 * from manifest-schema.ts, which states the same rules in zod; this module checks them by hand so
 * that reading a brain never loads zod (issue #10 cold start; test/store/manifest.test.ts keeps
 * the two in agreement).
 */
export interface Manifest {
  format: number;
  default_project?: string;
  [member: string]: unknown;
}

/** A member's value as it may be quoted in a message: JSON (controls escaped), at most 60 characters. */
const quoted = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * Why `value` is not a manifest by the rules above (null: it is one), and whether it is a brain's
 * (a valid `format`: only another member is wrong — a teammate's hand edit, not another tool's branch).
 */
function manifestFault(value: unknown): { why: string; brains: boolean } | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { why: 'not a JSON object', brains: false };
  const { format, default_project: project } = value as Record<string, unknown>;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) return { why: `format ${quoted(format)} is not an integer ≥ 1`, brains: false };
  if (project === undefined || (typeof project === 'string' && PROJECT_ID_PATTERN.test(project))) return null;
  return { why: `default_project ${quoted(project)} is not a project id (lower-case letters, digits, ".", "_", "-"; at most 64)`, brains: true };
}

export const BRANCH_GITATTRIBUTES = '*.jsonl merge=union\n*.json text eol=lf\n';

/** The README committed at the root of the docs branch. */
export function branchReadme(branch: string): string {
  return `# Project brain

This branch (\`${branch}\`) holds the project's brain: its decisions, open questions,
blockers, risks, dependencies and plan revisions, written by the \`brain\` tool.

- \`brain.json\` — the manifest (on-disk format version).
- \`projects/<project>/<kind>/<fan>/<entry_id>/\` — one directory per entry:
  \`r0001-<sha8>.json\` is one immutable revision (canonical JSON), \`ledger.jsonl\` the
  hash-chained list of its revisions.

Revision files are never edited or deleted; a change is a new revision. Read it with
\`brain list\`, \`brain show <id>\` and \`brain context\`; check it with \`brain verify\`.
`;
}

/** The text of `brain.json` for a new branch. */
export function manifestText(defaultProject: string): string {
  return canonicalJson({ format: FORMAT_VERSION, default_project: defaultProject, created_by: 'project-brain' });
}

/**
 * Parses `brain.json`. Errors: `not_initialized` (not JSON or not a manifest),
 * `unsupported_format` (written by a newer brain).
 */
export function parseManifest(text: string, branch: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new BrainError('not_initialized', `brain.json on branch ${branch} is not valid JSON`, { cause, hint: 'fix or restore brain.json on the branch' });
  }
  const fault = manifestFault(value);
  if (fault !== null) {
    throw new BrainError('not_initialized', `brain.json on branch ${branch} is not a brain manifest: ${fault.why}`, {
      hint: fault.brains
        ? `fix brain.json on the branch in a commit (\`git log ${branch} -- brain.json\` shows who changed it; \`git revert\` that commit in a \`git worktree add\` of ${branch}, then remove the worktree)`
        : 'is this branch used for something else? pass --branch NAME',
    });
  }
  const manifest = value as Manifest;
  if (manifest.format > FORMAT_VERSION) {
    throw new BrainError('unsupported_format', `branch ${branch} uses brain format ${manifest.format}; this brain reads format ${FORMAT_VERSION}`, {
      hint: 'upgrade brain (npm package git-brain): this branch was written by a newer version',
    });
  }
  return manifest;
}
