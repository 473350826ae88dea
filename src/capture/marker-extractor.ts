/**
 * The built-in capture extractor (issue #20 "Capture"; docs/decisions/0042): finds what a text
 * says explicitly — a session transcript, a pull request description, `git log` of a range —
 * by its markers, and nothing else. Pure and deterministic:
 *
 * | marker (any case, at a word start)      | kind            | title                          |
 * |-----------------------------------------|-----------------|--------------------------------|
 * | `Decision:` X                            | `decision`      | X                              |
 * | `We decided` (to / that / on) X          | `decision`      | X                              |
 * | `Open question:` X                       | `open_question` | X                              |
 * | `Blocked by` X                           | `blocker`       | `Blocked by` X                 |
 * | `Risk:` X                                | `risk`          | X                              |
 *
 * X runs to the end of its sentence (`.`, `!`, `?` followed by a space) or line; the title is
 * its first 200 characters (first letter upper-cased), and the whole line it stood on is the
 * rationale when it says more. ANSI escapes are removed; other control characters and runs of white space become one space (the text is hostile: a
 * terminal, a commit header). Leading list, quote and heading marks are ignored. The same
 * kind and title found twice is one memory.
 */
import type { EntryKind } from '../model/kinds.js';
import { BIDI_CONTROL_RANGES, BIDI_MARK_CHARS } from '../model/bidi-controls.js';

/** One thing to propose: the entry kind and the fields of `brain add`. */
export interface Memory {
  kind: EntryKind;
  fields: { title: string; rationale?: string };
}

const MARKERS: readonly { pattern: RegExp; kind: EntryKind; prefix: string }[] = [
  { pattern: /(?<![\p{L}\p{N}])decision:\s*/iu, kind: 'decision', prefix: '' },
  { pattern: /(?<![\p{L}\p{N}])we(?:'ve| have)?\s+decided\s+(?:(?:to|that|on)\s+)?/iu, kind: 'decision', prefix: '' },
  { pattern: /(?<![\p{L}\p{N}])open\s+question:\s*/iu, kind: 'open_question', prefix: '' },
  { pattern: /(?<![\p{L}\p{N}])blocked\s+by\s+/iu, kind: 'blocker', prefix: 'Blocked by ' },
  { pattern: /(?<![\p{L}\p{N}])risk:\s*/iu, kind: 'risk', prefix: '' },
];

const TITLE_MAX = 200;
const RATIONALE_MAX = 20_000;

/** ANSI escape sequences (CSI, OSC, two-character escapes): a terminal's, never the text's. */
const ANSI = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/gu;

/** Control characters, line and paragraph separators, direction marks and controls, white space: each run becomes one space. */
const LINE_BREAKERS = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI_MARK_CHARS}${BIDI_CONTROL_RANGES}\\s]+`, 'gu');

/** `text` without ANSI escapes, with control characters (C0, DEL, C1, line and paragraph separators, bidi controls) and white-space runs made one space, trimmed. */
function clean(text: string): string {
  return text.replace(ANSI, '').replace(LINE_BREAKERS, ' ').trim();
}

/** The sentence starting `rest`: up to `.`, `!` or `?` followed by white space or the end; a `?` is kept (a question stays one), a `.` or `!` is not. */
function sentence(rest: string): string {
  const m = /[.!?](?:\s|$)/u.exec(rest);
  return (m ? rest.slice(0, m.index + (m[0].startsWith('?') ? 1 : 0)) : rest).trim();
}

/** The memories `text` states by marker, in order of appearance (see the module doc). */
export function extractMarked(text: string): Memory[] {
  const out: Memory[] = [];
  const seen = new Set<string>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = clean(raw.replace(/^\s*(?:[-*+>#]+|\d+[.)])\s*/u, ''));
    if (line === '') continue;
    for (const { pattern, kind, prefix } of MARKERS) {
      const global = new RegExp(pattern.source, 'giu');
      for (const m of line.matchAll(global)) {
        const body = sentence(line.slice((m.index ?? 0) + m[0].length)).replace(/^["'“‘`]+|["'”’`:,;]+$/gu, '').trim();
        if (body.length < 3) continue;
        const full = prefix === '' ? `${body.charAt(0).toUpperCase()}${body.slice(1)}` : `${prefix}${body}`;
        const title = full.length > TITLE_MAX ? `${full.slice(0, TITLE_MAX - 1).trimEnd()}…` : full;
        const key = `${kind}\u0000${title.toLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const rationale = line.length > title.length ? line.slice(0, RATIONALE_MAX) : undefined;
        out.push({ kind, fields: { title, ...(rationale !== undefined ? { rationale } : {}) } });
      }
    }
  }
  return out;
}
