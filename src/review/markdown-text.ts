/**
 * Untrusted entry text as Markdown for a pull request (issue #4, DESIGN §7): whatever a title,
 * answer or citation holds, it renders as literal text on one line — no links, images, HTML,
 * emphasis, mentions or headings of its own — and cannot close a `<brain-state>` wrapper when
 * the review is fed to an agent. Pure string functions.
 */
import { inlineText } from '../context/inline-text.js';
import { neutralize } from '../context/untrusted.js';

/** Markdown punctuation that can start markup inline: escaped with a backslash everywhere. */
const ACTIVE = /[\\`*_[\]<>#|~!&@$]/g;
/** Autolink triggers (GFM extended autolinks): `scheme://` and `www.`. */
const AUTOLINK = /(:)(?=\/\/)|(?<=\bwww)(\.)/gi;

/**
 * `value` as inline Markdown text: one line, at most `max` characters (`…` when cut),
 * `<brain-state>` tags neutralized, and every character that could form markup
 * backslash-escaped (`[x](y)` stays text, `https://…` and `www.…` do not autolink, `@user` does
 * not mention, `#` cannot close a heading). Non-strings give `''`.
 */
export function mdText(value: unknown, max = 200): string {
  return inlineText(value, max).replace(ACTIVE, '\\$&').replace(AUTOLINK, '\\$&');
}

/** The longest run of backticks in `text` (0 when none). */
function longestBacktickRun(text: string): number {
  let best = 0;
  for (const run of text.match(/`+/g) ?? []) best = Math.max(best, run.length);
  return best;
}

/**
 * `text` as a code span (literal, link-free): one line, neutralized, cut at `max`, delimited
 * by one more backtick than its longest backtick run, padded with a space when it starts or
 * ends with a backtick (CommonMark code spans).
 */
export function codeSpan(text: string, max = 200): string {
  const body = inlineText(text, max) || ' ';
  const ticks = '`'.repeat(longestBacktickRun(body) + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/**
 * A fenced code block of `lines` with info string `info`: the fence is longer than any
 * backtick run in the lines (so no line can close it), control characters (CR, ESC, …; tabs
 * kept) become U+FFFD, and `<brain-state>` tags are neutralized.
 */
export function fencedBlock(lines: readonly string[], info = ''): string {
  const safe = lines.map((line) => neutralize(line.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, '\uFFFD')));
  const fence = '`'.repeat(Math.max(3, ...safe.map((l) => longestBacktickRun(l) + 1)));
  return [`${fence}${info}`, ...safe, fence].join('\n');
}

