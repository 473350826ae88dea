/**
 * Pages that stand in for a record kept elsewhere (issue #18): an RST page that only includes
 * one, a one-line page that says the record moved. Neither is a record; the import skips and
 * reports them (read-adr-dir.ts). Pure.
 */
import { markupFamily } from './markup-family.js';

/**
 * The file an RST page only includes (`.. include:: ../../x/0001-y.rst`, edx-django-utils'
 * `docs/monitoring/decisions/` stubs of the records kept beside the code), else null: such a
 * page is the record's copy in a documentation tree, not a record (decision 0082).
 */
export function includeOnly(sourcePath: string, source: string): string | null {
  if (markupFamily(sourcePath) !== 'rst') return null;
  const lines = source.split(/\r?\n/).filter((l) => l.trim() !== '' && !/^\.\.(?:\s|$)(?!\s*include::)/.test(l));
  const include = /^\.\. include::\s*(\S.*)$/.exec(lines[0]?.trim() ?? '');
  return lines.length === 1 && include !== null ? (include[1] ?? '').trim() : null;
}

/** A link in a stub: Markdown `[x](href)`, reStructuredText `` `x <href>`_ ``, an autolink `<https://…>`, a bare address or path. */
const STUB_LINK = /\]\(([^()\s]+)\)|<([^<>\s]+)>`_|<(https?:\/\/[^<>\s]+)>(?!`)|(?:^|\s)((?:https?:\/\/|\.{0,2}\/)\S+?)[.,;]?(?=\s|$)/g;

/**
 * The file a page only points to (`Moved to [CIP-0001/README.md](./README.md).`, Cardano's
 * `CIP-0001/CIP-0001.md` left where the record was before it moved into its folder's README;
 * ghc-proposals' 53 `This document was moved to https://github.com/…/0120-deriving-via.rst`
 * stubs, in reStructuredText, round twenty), else null: the whole text is one line of at most
 * twelve words that says the record moved (`Moved to`, `This ADR has moved to`, `This document was
 * moved to`, `See`, `Redirect to`) and holds one link — a Markdown or reStructuredText link or a
 * bare address; to a relative path, or anywhere when it says "moved" (a record that only says
 * "See <https://…>" is one kept outside the folder, and stays). Such a page is no record; the
 * record it points to is (decision 0098).
 */
export function movedStub(source: string): string | null {
  // Quoted, under a notice's label, as prometheus/proposals leaves its 14 old names:
  // `> IMPORTANT: This document was moved to [0045-direct-io.md](./0045-direct-io.md)` (round twenty).
  const text = source.replace(/^\uFEFF/, '').trim().replace(/^>\s*/, '').replace(/^(?:\[!\w+\]\s*|(?:\*\*|__)?(?:important|note|notice|warning|info)(?:\*\*|__)?\s*[:：]?(?:\*\*|__)?\s+)/i, '');
  if (text.includes('\n') || text.split(/\s+/).length > 12) return null;
  const said = /^(?:this\s+\S+\s+(?:has\s+been\s+|has\s+|was\s+|is\s+)?)?(moved|relocated|redirect(?:ed|s)?|see)\b/i.exec(text);
  if (said === null) return null;
  const links = [...text.matchAll(STUB_LINK)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  const [href] = links;
  if (links.length !== 1 || href === undefined || href === '') return null;
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) || /^(?:moved|relocated)$/i.test(said[1] ?? '') ? href : null;
}
