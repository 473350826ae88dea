/**
 * A small line diff for rationales (issue #4: "the rationale diff"): longest common
 * subsequence over lines, rendered as a unified diff (`@@ -a,b +c,d @@` hunks, 3 lines of
 * context), like `diff -u` without file headers. Pure; no dependencies.
 *
 * Cost: common leading and trailing lines are stripped first, then an O(n×m) table over what
 * is left. When that would exceed {@link MAX_CELLS} (a rewrite of a very long rationale) the
 * middle is shown as all removed then all added — still a correct diff, just not minimal.
 */

/** One line of a diff: kept (` `), removed (`-`) or added (`+`). */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** Table size above which the LCS is skipped (≈ 2 000 × 2 000 lines). */
export const MAX_CELLS = 4_000_000;

/** Options of {@link unifiedDiff}. */
export interface UnifiedDiffOptions {
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
}

/** The lines of `text`: split on LF (a CR before it is dropped); a final newline adds no empty line; `''` has none. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A minimal edit script turning lines `a` into lines `b` (removals before additions within a change). */
export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const keep = (lines: readonly string[]): DiffLine[] => lines.map((text) => ({ op: ' ', text }));
  return [...keep(a.slice(0, start)), ...middle(a.slice(start, endA), b.slice(start, endB)), ...keep(a.slice(endA))];
}

function middle(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n * m > MAX_CELLS) {
    return [...a.map((text): DiffLine => ({ op: '-', text })), ...b.map((text): DiffLine => ({ op: '+', text }))];
  }
  // lcs[i*(m+1)+j] = LCS length of a[i..] and b[j..]
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? (lcs[(i + 1) * width + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number)) {
      out.push({ op: '-', text: a[i++] as string });
    } else {
      out.push({ op: '+', text: b[j++] as string });
    }
  }
  while (i < n) out.push({ op: '-', text: a[i++] as string });
  while (j < m) out.push({ op: '+', text: b[j++] as string });
  return out;
}

/**
 * The unified diff from `before` to `after` (texts, split by {@link splitLines}): hunks with
 * `@@ -start,count +start,count @@` headers (1-based; a zero count names the line before),
 * each line prefixed by ` `, `-` or `+`, joined by LF, no trailing newline. Null when the two
 * have the same lines. From `''` every line is an addition (`@@ -0,0 +1,n @@`).
 */
export function unifiedDiff(before: string, after: string, options: UnifiedDiffOptions = {}): string | null {
  const context = Math.max(0, options.context ?? 3);
  const lines = diffLines(splitLines(before), splitLines(after));
  const changed = lines.map((l, index) => (l.op === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return null;
  // Group changes whose context windows touch into hunks: [from, to) over `lines`.
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length, index + 1 + context);
    const last = hunks[hunks.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else hunks.push([from, to]);
  }
  // Line numbers before each position of `lines`.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const l of lines) {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (l.op !== '+') oldLine++;
    if (l.op !== '-') newLine++;
  }
  const out: string[] = [];
  for (const [from, to] of hunks) {
    const body = lines.slice(from, to);
    const oldCount = body.filter((l) => l.op !== '+').length;
    const newCount = body.filter((l) => l.op !== '-').length;
    const oldStart = oldCount === 0 ? (oldAt[from] ?? 1) - 1 : (oldAt[from] ?? 1);
    const newStart = newCount === 0 ? (newAt[from] ?? 1) - 1 : (newAt[from] ?? 1);
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const l of body) out.push(`${l.op}${l.text}`);
  }
  return out.join('\n');
}
