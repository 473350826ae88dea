/**
 * An entry's title (or a source name) as it goes into the subject of a commit brain writes
 * (`brain: add dec-… r1 — <title>`): one line, at most `max` characters, and with bidi
 * embedding, override and isolate controls written as visible escapes (`\u202e`), as every other
 * surface shows them (bidi-controls.ts, decision 0050). `git log` prints the message as it is: a
 * raw U+202E there made a title read backwards to every teammate (docs/decisions/0060). The
 * revision file keeps the exact text. Pure.
 */
import { showBidiControls } from './bidi-controls.js';

/** `text` on one line (whitespace runs, U+2028 included, become one space), bidi controls shown, cut to `max` characters with `…`. */
export function commitTitle(text: string, max: number): string {
  const line = showBidiControls(text.replace(/\s+/g, ' ').trim());
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
