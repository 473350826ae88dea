/**
 * What `brain setup` tells an agent in the client's instructions file (CLAUDE.md, AGENTS.md,
 * `.github/copilot-instructions.md`, a Cursor rule): when to read the brief, and that what it
 * learns goes in as a candidate a person approves (issue #20 "Candidates": `brain_propose`,
 * `brain_candidates`), never straight into the record. The same text for every client — tools
 * are named as the `brain` MCP server offers them — so a file read by several clients says one
 * thing.
 */

/**
 * The Markdown body of brain's instructions block (lines joined by `\n`, no markers).
 * `readOnly`: the server offers only the read tools (`brain mcp --read-only`), so the agent is
 * told to hand what it would record to the person instead.
 */
export function instructionsBody(readOnly: boolean): string {
  const record = readOnly
    ? [
        '- **Tell the person what should be recorded.** The `brain` server here only reads: when you',
        '  reach a decision, hit a blocker, open a question or see a risk, say so, so that a person',
        '  can record it.',
      ]
    : [
        '- **Propose what you learn; a person approves it.** When you reach a decision, hit a blocker,',
        '  open a question or see a risk, call `brain_propose` with its kind (`decision`,',
        '  `open_question`, `blocker`, `risk`, `dependency` or `plan_revision`), a title and why. Check',
        '  `brain_candidates` first so you do not propose the same thing twice. Do not write entries',
        '  directly unless the person asks you to.',
      ];
  return [
    '## Project Brain',
    '',
    "This repository records its decisions, open questions, blockers, risks, dependencies and plan",
    'revisions in Project Brain, which the `brain` MCP server serves to you.',
    '',
    '- **Read the brief first.** At the start of a session call `brain_context` (unless the session',
    '  already began with the Project Brain brief) and read it before you plan or change anything.',
    '- **Read before you decide.** Look up what is already recorded about the code or question at',
    '  hand with `brain_search`, `brain_list` and `brain_get`; do not silently re-decide it.',
    ...record,
    '- Never put credentials, keys or tokens in anything you record.',
  ].join('\n');
}
