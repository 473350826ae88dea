/**
 * The agent clients `brain setup` knows, by the slug that is also the agent name their writes
 * record (docs/decisions/0032, 0041). A module of its own so that registering the command loads
 * no parser (cold start, issue #10).
 */
export const CLIENTS = ['claude-code', 'codex', 'cursor', 'vscode'] as const;

/** One of {@link CLIENTS}. */
export type ClientName = (typeof CLIENTS)[number];
