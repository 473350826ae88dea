/**
 * Headings with nothing under them, left out of a rationale as shown (decision 0050). The ADR
 * importer keeps every source line in the rationale so that an export gives the file back
 * (`## Status`, `## Decision` stay where they were), while their text went to fields
 * (`status_text`, `decision_outcome`); shown as they are, they read as empty sections. The
 * stored text is never changed: this is for display only (entry page, `brain show`).
 */

/** An ATX heading line (CommonMark: up to 3 spaces of indent, 1–6 `#`, then a space or the end). */
const HEADING = /^ {0,3}(#{1,6})(?:[ \t].*)?$/;
/** A fence opening or closing line: 3+ backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * `markdown` without the ATX headings that head nothing: a heading is dropped when every line
 * up to the next heading of the same or a shallower depth (or the end) is blank or a dropped
 * heading, so `## A` over nothing but an empty `### B` goes too. Lines in fenced code are text,
 * never headings. The blank line after a dropped heading goes with it; every other line is
 * kept byte for byte (line ends `\n`; a `\r` stays on its line). Pure; never throws.
 */
export function withoutEmptyHeadings(markdown: string): string {
  const lines = markdown.split('\n');
  const depth: number[] = lines.map(() => 0); // heading depth per line, 0 for any other line
  let fence: string | null = null;
  lines.forEach((line, i) => {
    const f = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (f && f[0] === fence[0] && f.length >= fence.length && line.trim() === f) fence = null;
    } else if (f) fence = f;
    else depth[i] = HEADING.exec(line.replace(/\r$/, ''))?.[1]?.length ?? 0;
  });
  const dropped = new Set<number>();
  for (let i = lines.length - 1; i >= 0; i--) {
    const d = depth[i] as number;
    if (d === 0) continue;
    let empty = true;
    for (let j = i + 1; j < lines.length; j++) {
      const dj = depth[j] as number;
      if (dj > 0 && dj <= d) break;
      if (dropped.has(j) || (lines[j] as string).trim() === '') continue;
      empty = false;
      break;
    }
    if (empty) dropped.add(i);
  }
  if (dropped.size === 0) return markdown;
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (dropped.has(i)) return;
    if (line.trim() === '' && dropped.has(i - 1) && (out.length === 0 || (out[out.length - 1] as string).trim() === '')) return;
    out.push(line);
  });
  return out.join('\n');
}
