/**
 * The reference rule for "every source line kept" (issue #18), independent of the importer's
 * section list: plain string containment. Shared by `npm run bench` (adr-corpora.js) and the
 * tests (test/importers/adr/nothing-lost.test.ts). Pure.
 */

/** The body of a Markdown file: without a leading `---` … `---`/`...` front matter; LF line ends. */
export function bodyOf(source) {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== '---') return text;
  const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
  return close < 0 ? text : lines.slice(close + 1).join('\n');
}

/**
 * The non-blank body lines of `source` (trimmed) that `entry` does not hold, and how many there
 * are. A line is held when it occurs in the entry's stored text (title, rationale, outcome,
 * options, status words); besides, the title heading (a `#` line containing the title) and the
 * status line (a line containing the stored status words) count as held.
 */
export function lostLines(source, entry) {
  const p = entry.payload;
  const statusText = typeof p.status_text === 'string' ? p.status_text : null;
  const stored = [entry.title, entry.rationale, String(p.decision_outcome ?? ''), ...(p.alternatives ?? []), statusText ?? ''].join('\n');
  const statusLines = (statusText ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const lost = [];
  let total = 0;
  for (const raw of bodyOf(source).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    total += 1;
    if (stored.includes(line)) continue;
    if (/^#{1,6}\s/.test(line) && line.includes(entry.title)) continue;
    if (statusLines.some((s) => line.includes(s))) continue;
    lost.push(line);
  }
  return { total, lost };
}
