/**
 * Memoized pure text functions, for the Markdown readings every summary repeats (summary.ts:
 * the why of a rationale, a decision outcome as one plain line). A revision never changes once
 * written, so the same rationale is lexed again on every MCP list page, search page and brief
 * that shows it; lexing was most of an MCP `brain_list` round trip's CPU beside the REST list of
 * the same rows (issue 21, profiled with `node --cpu-prof` on a daemon; decision 0065 says what
 * was measured).
 */
import { LRUCache } from 'lru-cache';

/** Characters the memo of one function holds, keys and values together (~2 bytes each). */
export const TEXT_MEMO_CHARS = 4_000_000;

/**
 * `fn` with its results kept by input text: same result for the same text as `fn` (which must
 * be pure), least recently used dropped first once {@link TEXT_MEMO_CHARS} characters are
 * held; an input longer than 1/16 of that is computed each time and not kept.
 */
export function memoizeText(fn: (text: string) => string): (text: string) => string {
  const memo = new LRUCache<string, string>({ maxSize: TEXT_MEMO_CHARS, sizeCalculation: (value, key) => key.length + value.length + 64 });
  return (text) => {
    const known = memo.get(text);
    if (known !== undefined) return known;
    const value = fn(text);
    if (text.length <= TEXT_MEMO_CHARS / 16) memo.set(text, value);
    return value;
  };
}
