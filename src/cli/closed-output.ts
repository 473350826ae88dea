/**
 * A closed stdout or stderr ends the command quietly, as it ends git (issue #17 "No input
 * reaches `internal`"): `brain list --json | head -c 10` printed an unhandled `EPIPE` stack
 * trace. git dies of SIGPIPE there, which a shell reports as status 141 (128 + 13). Node
 * ignores SIGPIPE and reports the broken pipe as an `EPIPE` error event on the stream instead;
 * brain answers it by exiting at once with {@link EXIT_CLOSED_OUTPUT}, printing nothing.
 *
 * Nothing is lost by ending there: every command prints after its work is done (a write is
 * committed before its entry is printed), and brain is safe to kill at any point anyway
 * (docs/decisions/0002). Any other write error on stdout (`ENOSPC`, `EIO`) is reported on
 * stderr, as git's `write failure on standard output`, with exit 1.
 */

/** The exit status of a command whose output was closed: 128 + SIGPIPE (13), what shells report for git. */
export const EXIT_CLOSED_OUTPUT = 141;

let closedOutput: () => void = () => process.exit(EXIT_CLOSED_OUTPUT);

function onOutputError(stream: 'stdout' | 'stderr') {
  return (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return closedOutput();
    if (stream === 'stdout') process.stderr.write(`brain: write failure on standard output: ${err.code ?? err.message}\n`);
    process.exit(1);
  };
}

/**
 * Makes a closed stdout or stderr end the process quietly with status 141, and any other
 * write error on them end it with status 1 (reported on stderr when it still works). Call once,
 * before anything is printed.
 */
export function endOnClosedOutput(): void {
  process.stdout.on('error', onOutputError('stdout'));
  process.stderr.on('error', onOutputError('stderr'));
}

/**
 * Replaces what a closed output does, for a command that handles it itself: `brain mcp`
 * shuts its server down cleanly when the client stops reading (src/mcp/stdio.ts).
 */
export function onClosedOutput(handler: () => void): void {
  closedOutput = handler;
}
