/**
 * The export's write of a changed decision day into the source's own `Date:` line (issue #18
 * "the export should keep the source's own shape"; docs/decisions/0057): a Nygard / adr-tools
 * file states its day on a `Date: 2021-05-03` line and has no front matter, so a decision
 * accepted later is written there, not as MADR front matter `date:` over a file that had none.
 * Pure.
 */
import { parseAdrDate } from '../../importers/adr/adr-dates.js';
import { DATE_LINE } from '../../importers/adr/adr-metadata.js';
import { plainText } from '../../importers/adr/inline-text.js';
import { parseAdr } from '../../importers/adr/parse-adr.js';

/**
 * `markdown` (a whole ADR file without front matter, as the export writes it to `file`) with
 * `day` (`YYYY-MM-DD`) in place of the date of the first `Date:` line (any label DATE_LINE
 * reads: `Date:`, `- Date:`, `**Datum:**`, …) that states the day the file now reads as: the
 * line's date written as ISO (its first `YYYY-MM-DD` replaced, else a value that is only the
 * date), the rest of the line kept. Null when no such line exists or the result would not read
 * back as `day` (the caller then writes front matter `date`, as before).
 */
export function withDateLine(markdown: string, file: string, day: string): string | null {
  const before = parseAdr({ sourcePath: file, source: markdown }).date;
  if (before === null || before === day) return null;
  const lines = markdown.split('\n');
  let fence = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s*(?:```|~~~)/.test(line)) fence = !fence;
    const match = fence ? null : DATE_LINE.exec(line);
    const value = match?.[1] ?? '';
    if (match === null || parseAdrDate(plainText(value)) !== before) continue;
    const start = line.length - value.length;
    const iso = /\d{4}-\d{2}-\d{2}/.exec(value);
    const written = iso !== null
      ? `${value.slice(0, iso.index)}${day}${value.slice(iso.index + iso[0].length)}`
      : /^[\w\s,./-]{1,24}$/.test(value.trim()) ? value.replace(value.trim(), day) : null;
    if (written === null) return null;
    lines[i] = `${line.slice(0, start)}${written}`;
    const result = lines.join('\n');
    return parseAdr({ sourcePath: file, source: result }).date === day ? result : null;
  }
  return null;
}
