/**
 * Values of an ADR's metadata as text (front matter, metadata tables, header notes), shared by
 * the readers of its day (adr-metadata.ts), people (adr-people.ts) and title. Pure.
 */

/**
 * A front matter value as text: strings and numbers as is, dates as ISO, lists joined by ", ", a
 * map by its `name` (Docusaurus' `authors: [{ name: Mithril Team, url: … }]`; decision 0113).
 */
export function scalarText(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  if (Array.isArray(value)) {
    const items = value.map(scalarText).filter((v): v is string => v !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  if (value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') return scalarText((value as { name: string }).name);
  return null;
}

/** A placeholder of a template (`{list everyone involved}`, `[names]`, `<date>`), not a value. */
export function isPlaceholder(text: string): boolean {
  return /^[{[<].*[}\]>]$/s.test(text.trim());
}
