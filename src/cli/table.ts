/**
 * The CLI's plain text table (human output of `list`, `projects`, `status`, tokens, hub
 * commands). Its own module so that registering a command loads no renderer: render.ts brings
 * the Markdown parser with it (docs/decisions/0085-one-shot-reads.md).
 */

/** A left-aligned table with a header row; columns sized to content. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  return [fmt(header), ...rows.map(fmt)].join('\n');
}
