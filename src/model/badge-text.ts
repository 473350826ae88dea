/**
 * Status badges: a status written as a badge image (uktrade/trade-remedies-api's
 * `[![Generic badge](https://badgen.net/badge/ADR/approved/green/)](…/README.md)`, a shields.io
 * `![](https://img.shields.io/badge/status-accepted-brightgreen)`) reads as the words the badge
 * shows — its message ("approved", "accepted"); the alt text ("Generic badge") says nothing.
 * Round sixteen: five ADRs stated `approved` this way and were stored as proposed; `brain show`
 * printed their status text as "Generic badge". The status mapping (importers/adr/status-map.ts)
 * and the status text shown (summary.ts `statusWordsOf`) read it. Pure.
 */

/** A Markdown image: `![alt](url "title")`. */
const IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** One path segment of a shields.io static badge as text: `--` is a dash, `__` an underscore, `_` a blank. */
function shieldsText(segment: string): string {
  return segment.replace(/--/g, '\u0000').replace(/__/g, '\u0001').replace(/_/g, ' ').replace(/\u0000/g, '-').replace(/\u0001/g, '_');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The message a badge's URL shows, or null when `url` is no static badge of badgen.net or shields.io. */
export function badgeMessage(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.split('/').filter((s) => s !== '');
  // badgen.net/badge/:label/:status/:color
  if (host === 'badgen.net' || host.endsWith('.badgen.net')) return path[0] === 'badge' && path.length >= 3 ? decoded(path[2] ?? '').trim() || null : null;
  if (host !== 'img.shields.io' && host !== 'shields.io') return null;
  // shields.io: `/static/v1?label=status&message=accepted`, else /badge/<label>-<message>-<color> or /badge/<message>-<color>.
  const message = parsed.searchParams.get('message');
  if ((path[0] === 'static' || path[0] === 'badge') && message !== null && message.trim() !== '') return message.trim();
  if (path[0] !== 'badge') return null;
  const spec = decoded((path[1] ?? '').replace(/\.(?:svg|png)$/i, ''));
  const parts = spec.replace(/--/g, '\u0002').split('-').map((p) => p.replace(/\u0002/g, '--'));
  const words = parts.length >= 3 ? parts[1] : parts.length === 2 ? parts[0] : null;
  return words === undefined || words === null ? null : shieldsText(words).trim() || null;
}

/** `raw` with each status badge image replaced by its message; other images as they are. */
export function withBadgeText(raw: string): string {
  if (!raw.includes('![')) return raw;
  return raw.replace(IMAGE, (image, url: string) => badgeMessage(url) ?? image);
}
