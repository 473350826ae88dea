/**
 * The session-start hook `brain setup` installs (docs/decisions/0041): the command a client runs
 * when a session starts, and the answer that command prints.
 *
 * One answer serves every client that has such a hook, each by its own documentation:
 * Claude Code (code.claude.com "Hooks reference", SessionStart decision control), Codex
 * (developers.openai.com "Hooks", SessionStart) and VS Code (code.visualstudio.com "Agent hooks",
 * SessionStart output) all add `hookSpecificOutput.additionalContext` of a SessionStart hook's
 * JSON stdout to the agent's context. Plain text would do for the first two, but VS Code parses
 * the stdout of every hook as JSON — and VS Code also runs the hooks of `.claude/settings.json`.
 */

/** The command each hook entry runs (`brain` on PATH, the session's directory inside the repository). */
export const HOOK_COMMAND = 'brain context --hook';

/**
 * Estimated tokens of the brief a hook prints unless `--budget` says otherwise: 2000 tokens are at
 * most 8,000 characters (src/context/budget.ts), under the 10,000 characters Claude Code keeps of
 * a hook's context ("Hooks reference", Add context for Claude). The agent reads more with
 * `brain_context`.
 */
export const HOOK_BUDGET = 2000;

/** What `brain context --hook` prints: `{hookSpecificOutput: {hookEventName: "SessionStart", additionalContext: brief}}`. */
export function sessionStartAnswer(brief: string): { hookSpecificOutput: { hookEventName: 'SessionStart'; additionalContext: string } } {
  return { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: brief } };
}

/** True when `command` runs `brain context` (a hook of this kind someone wrote by hand, or brain's own). */
export function runsBrainContext(command: unknown): boolean {
  return typeof command === 'string' && /^\s*brain\s+context(\s|$)/.test(command);
}
