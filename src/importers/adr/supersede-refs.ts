/**
 * References between ADRs in their text (DESIGN §9, issue #9 "Links"), found in inline Markdown
 * flattened by marked (inline-text.ts):
 * - supersession, both directions: "Superseded by [ADR-0057](0057-x.md)", "⌛️ Superseded
 *   [0019](0019-x.md)" (no "by"), adr-tools' "Superceded by", "accepted; supersedes ADR-0045",
 *   "This ADR supersedes the decisions made in ADRs 60 and 61", log4brains "- Supersedes [x](x.md)";
 * - relations that are not supersession: "Rejected in favour of ADR 111", "Partly undo ADR 109",
 *   a supersession in part ("in part supersedes [0003](…)", "supersedes parts of ADR 3",
 *   "supersedes the "option 3" portion of ADR 16", "partially superseded by ADR 33": the older
 *   ADR stays in force),
 *   "amends", "clarified by", "relates to" (→ related entries plus a citation);
 * - in status lines, header notes and Links sections (`allLinks`), any other link to an ADR file
 *   or "ADR N" mention is a plain relation ("❌ Rejected (see [019](019-x.md))").
 * A reference names its target by link (`href`) and/or ADR number; resolving it to a file is the
 * caller's job (supersede-links.ts).
 */
import { Lexer } from 'marked';
import { inlineSegments } from './inline-text.js';
import { limitAt, otherThingSuperseded } from './supersede-scope.js';
import { isAdrLink, isRecordFileLink, MENTIONS } from './record-links.js';

/** What a reference says about its target. */
export type RefDirection = 'superseded_by' | 'supersedes' | 'related';

/** One reference from the ADR being read to another ADR. */
export interface SupersedeRef {
  direction: RefDirection;
  /** The link target as written (`0057-x.md`, `../a/b.md#top`), or null for a number. */
  href: string | null;
  /** The ADR number named (`ADR-0057` → 57, `036. Multi-cluster` → 36), or null. */
  number: number | null;
  /** The words that stated it, lower case: "superseded by", "in favour of", "see". */
  phrase: string;
  /** The series' label the number was written with (`CPS-0008` → "CPS"), upper case; absent for an ADR number or a link. */
  series?: string;
}

/** "Superseded by" in French, Spanish, Portuguese, German, Italian and Dutch (any gender and number). */
const REPLACED_BY = '(?:remplac[ée]e?s?\\s+par|reemplazad[oa]s?\\s+por|sustituid[oa]s?\\s+por|substitu[íi]d[oa]s?\\s+por|ersetzt\\s+durch|abgel[öo]st\\s+durch|sostituit[oa]\\s+da|vervangen\\s+door)';

/** `prose`: also a keyword in running text; otherwise only in status lines, header notes and Links. */
const KEYWORDS: ReadonlyArray<{ re: RegExp; direction: RefDirection; prose: boolean }> = [
  // "This RFC has superseded [x](x.md)" (opentofu): the perfect tense of "supersedes", not "superseded by".
  { re: /(?:has|have|had)\s+(?:superse(?:e)?ded|superceded)(?!\s+(?:in\s+part|partly|partially|by)\b)/iy, direction: 'supersedes', prose: true },
  // A supersession in part leaves the older ADR in force: a relation, tried before the plain keywords.
  { re: /(?:superse(?:e)?ded|superceded|replaced)\s+(?:in\s+part|partly|partially)(?:\s+by\b)?/iy, direction: 'related', prose: true },
  // "This part of the decision is superseded by [x](…), but the rest of this ADR is untouched" (shopware).
  { re: /(?:this|that|one|a|some)\s+(?:parts?|portions?|sections?|aspects?)\s+of\s+(?:the|this|that)\s+(?:decision|adr|record|document)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:superse(?:e)?ded|superceded|replaced)(?:\s+by\b)?/iy, direction: 'related', prose: true },
  // "supersedes some aspects of [ADR-15](…)" (arachne-framework ADR 17), "replaces parts of ADR 3",
  // "Supersedes the "option 3" portion of [ADR 0016](…)" (DEFRA): up to four words after "the",
  // none of them an ADR label, before the part named.
  { re: /(?:supersedes|supercedes|replaces)\s+(?:in\s+part|partly|partially|(?:some\s+|certain\s+|the\s+(?:(?!adrs?\b)[^\s[\]]+\s+){0,4}?)?(?:parts?|aspects?|portions?|elements?|sections?)\s+of)\b/iy, direction: 'related', prose: true },
  { re: /(?:superse(?:e)?ded|superceded)(?:\s+by\b)?/iy, direction: 'superseded_by', prose: true },
  { re: /(?:supersedes|supercedes)\b/iy, direction: 'supersedes', prose: true },
  { re: /in\s+favou?r\s+of\b/iy, direction: 'related', prose: true },
  { re: /(?:partly|partially|partial|in\s+part)\s+(?:undo(?:es|ne)?|revert(?:s|ed)?|revers(?:e|es|ed|al\s+of)|supersed(?:es|ed)?|replac(?:es|ed))\b/iy, direction: 'related', prose: true },
  { re: /(?:amends|amended\s+by|clarifies|clarified\s+by)\b/iy, direction: 'related', prose: true },
  { re: /(?:relates\s+to|related\s+to|extends|extended\s+by)\b/iy, direction: 'related', prose: false },
  // The same in the languages ADR templates are translated into (decision 0090): "remplacé par"
  // (MADR's French template), "substituído por", "reemplazado por", "ersetzt durch", … — in a
  // part first (a relation). Only in status lines, header notes and Links sections: in running
  // text these verbs say "replaced" of anything. A status word alone ("Ersetzt") names nothing.
  { re: new RegExp(`(?:partiellement|en\\s+partie|parcialmente|em\\s+parte|teilweise|parzialmente|gedeeltelijk)\\s+${REPLACED_BY}`, 'iy'), direction: 'related', prose: false },
  { re: new RegExp(`${REPLACED_BY}(?![\\p{L}])`, 'iuy'), direction: 'superseded_by', prose: false },
  // English "Replaced by ADR-2" / "Replaces ADR-1" (flux's RFC template has a `replaced` status):
  // like the translations, only where a status is stated — in running text "replaced by" is said
  // of anything.
  { re: /replaced\s+by\b/iy, direction: 'superseded_by', prose: false },
  { re: /replaces\b/iy, direction: 'supersedes', prose: false },
  { re: /(?:remplace|reemplaza|sustituye|substitui|sostituisce|vervangt)(?:\s+(?:a|à))?(?=\s|$)/iy, direction: 'supersedes', prose: false },
];
/**
 * Where some keyword may start: the keywords' patterns as one alternation, tried once at a
 * position before each of them is (the scan tries every word start of every text; decision 0109).
 * A position it rejects starts no keyword. The `u`-flag pattern is apart: in `iu` mode `\b`
 * counts more characters as word characters (U+017F, U+212A), which could reject a match of the
 * others.
 */
const MAY_START_KEYWORD = [
  new RegExp(KEYWORDS.filter((k) => !k.re.unicode).map((k) => `(?:${k.re.source})`).join('|'), 'iy'),
  ...KEYWORDS.filter((k) => k.re.unicode).map((k) => k.re),
];

/**
 * "ADR-0057", "ADRs 60 and 61", "ADR 7, 8 & 9"; not a day after the list ("Remplacé par ADR-0038,
 * 2026-07-26.", nclsppr/surplasse: 2026 is no record; decision 0112).
 */
const ADR_LIST = /\badrs?\b[\s#_-]*(\d{1,9})((?:\s*(?:,|and|&|or)\s*(?:adr[\s#_-]*)?\d{1,9}\b(?![-/.]\d))*)/iy;
/** A bare number right after a keyword: "superseded by 036", "supersedes #12". */
const BARE_NUMBER = /\s*:?\s*(?:decision\s*)?#?(\d{1,9})\b/iy;
/**
 * A series' label and number right after a keyword: "CAP-0018", "SE-0001", "PEP 387", "CIP-0121"
 * (2–5 capitals, a dash, underscore, blank or `#` before the digits — "CUID2" is a name; not ADR:
 * ADR_LIST reads it).
 */
const SERIES_NUMBER = /\s*:?\s*(?!ADRs?\b)([A-Z]{2,5})(?:[-_ ]#?|#)(\d{1,9})\b/y;
/** A clause boundary: a pending keyword does not reach beyond it. */
const BOUNDARY = /[;\n]|\.(?:\s|$)/y;
/** The first number in a link's text: "036. Multi-cluster", "ADR-0057", alphagov/forms' typo "AD045" (decision 0079). */
const NUMBER_IN = /(?:^|[^\p{L}\p{N}])(?:adr?[\s#_-]*)?(\d{1,9})(?![\p{N}])/iu;
/** A link's text that opens with a day (shopware's `[2021-11-05 - Adjust ADR approval rules](…)`): its number is the day's, as a dated file name's is. */
const LEADING_DAY = /^\s*(\d{4})[-_](\d{2})[-_](\d{2})(?!\d)/;
/** A letter or digit: inside a word, where no keyword or ADR list starts. */
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** True when the UTF-16 unit at `i` is a letter or digit, as {@link LETTER_OR_NUMBER} tests it (ASCII without a regex). */
function isWordUnit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
  return LETTER_OR_NUMBER.test(text.charAt(i));
}

/** Text between two links that keeps a keyword pending: ", ", " and ", " & ". */
const CONNECTOR = /^\s*(?:,|and|&|or|\/)?\s*(?:,|and|&|or)?\s*$/i;

function toNumber(digits: string | undefined): number | null {
  if (digits === undefined) return null;
  const n = Number.parseInt(digits, 10);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * `markdown` with each code span replaced by a clause boundary: prose that quotes a template's
 * status values (kumahq/kuma's MADR 001: "one of the following status: `rejected | accepted |
 * superseded by [ADR-0005](0005-example.md)`") states no reference. Decision 0062.
 */
function withoutCodeSpans(markdown: string): string {
  if (!markdown.includes('`')) return markdown;
  return Lexer.lexInline(markdown)
    .map((t) => (t.type === 'codespan' ? '; ' : t.raw))
    .join('');
}

/**
 * References in one inline Markdown text. After a keyword, the ADR numbers and links of the
 * same clause are its targets; in a clause that opens with a link to another ADR, they are
 * relations (that ADR is what supersedes or is superseded). With `allLinks`, ADR links and
 * mentions outside any keyword's reach are `related` with phrase "see"; without it (running
 * text), a code span states none (a status line's `` `Superseded by ADR-3` `` still does).
 * Pure; never throws.
 */
export function findSupersedeRefs(markdown: string, options: { allLinks?: boolean } = {}): SupersedeRef[] {
  const refs: SupersedeRef[] = [];
  let pending: { direction: RefDirection; phrase: string } | null = null;
  let afterLink = false;
  // A clause that opens with a link to another ADR is about that one: "[Distributed Mailbox
  // Listeners Configuration](0035-x.md) also covers … and supersedes ADR 0026" (apache/james'
  // ADR 38) says nothing of the file it is read in being a successor — a relation only.
  let atClauseStart = true;
  let otherSubject = false;
  // Where this clause's supersessions start in `refs`: a limit after them (supersede-scope.ts `limitAt`) makes them relations.
  let clauseFrom = 0;
  // The clause's text before the current segment (the subject of a "superseded by" in running text).
  let clause = '';
  for (const segment of inlineSegments(options.allLinks === true ? markdown : withoutCodeSpans(markdown))) {
    if (segment.kind === 'link') {
      const day = LEADING_DAY.exec(segment.text);
      const number = day !== null ? toNumber(`${day[1]}${day[2]}${day[3]}`) : toNumber(NUMBER_IN.exec(segment.text)?.[1]);
      const adrLink = isAdrLink(segment.href, segment.text);
      if (atClauseStart && adrLink) otherSubject = true;
      atClauseStart = false;
      if (pending !== null && (pending.direction !== 'related' || adrLink)) refs.push({ ...pending, href: segment.href, number });
      else if (pending === null && options.allLinks && adrLink) refs.push({ direction: 'related', phrase: 'see', href: segment.href, number });
      // In running text a link to a record file is a relation by its file alone ("See [11. x](./0011-x.md)"):
      // kept when it names a record of the import, else dropped unreported (supersede-links.ts; decision 0113).
      else if (pending === null && !options.allLinks && isRecordFileLink(segment.href)) refs.push({ direction: 'related', phrase: MENTIONS, href: segment.href, number: null });
      afterLink = true;
      clause += segment.text;
      continue;
    }
    const text = segment.text;
    let clauseStart = 0;
    if (afterLink && pending !== null && !CONNECTOR.test(text)) pending = null;
    afterLink = false;
    let pos = 0;
    while (pos < text.length) {
      // Inside a word only a clause boundary (`;`, a newline, `.`) can start: no keyword (its
      // previous character may not be a letter or digit) and no ADR list (nor may its).
      if (pos > 0 && isWordUnit(text, pos - 1)) {
        const c = text.charCodeAt(pos);
        if (c !== 0x3b && c !== 0x0a && c !== 0x2e) {
          pos += 1;
          continue;
        }
      }
      const keyword = matchKeyword(text, pos, options.allLinks === true);
      if (keyword) {
        const aboutOther = otherSubject || (keyword.direction === 'superseded_by' && otherThingSuperseded(clause + text.slice(clauseStart, pos)));
        pending = { direction: aboutOther ? 'related' : keyword.direction, phrase: keyword.phrase };
        atClauseStart = false;
        pos = keyword.end;
        BARE_NUMBER.lastIndex = pos;
        SERIES_NUMBER.lastIndex = pos;
        // A series' label right after the keyword names its number (Stellar's "In favor of CAP-0018",
        // a PEP's "superseded by PEP 387"; decision 0098).
        // In running text only after "superseded by" / "supersedes" (Rust's "superseded by RFC 2972"):
        // "deprecated in favor of CUID 2" names no record.
        const plain = BARE_NUMBER.exec(text);
        const bare = plain ?? (options.allLinks === true || keyword.direction !== 'related' ? SERIES_NUMBER.exec(text) : null);
        // "superseded 2 weeks later" is not a reference: a bare number needs "by" or "supersedes".
        if (bare && !/^(?:superse(?:e)?ded|superceded)$/.test(keyword.phrase)) {
          // A series' label names the series too (cardano's "This CPS supersedes CPS-0008", beside CIP-0008; round twenty-one).
          refs.push({ ...pending, href: null, ...(plain === null ? { number: toNumber(bare[2]), series: (bare[1] ?? '').toUpperCase() } : { number: toNumber(bare[1]) }) });
          pos = bare.index + bare[0].length;
        }
        continue;
      }
      const limit = refs.length > clauseFrom ? limitAt(text, pos) : null;
      if (limit !== null) {
        for (let i = clauseFrom; i < refs.length; i++) if (refs[i]!.direction !== 'related') refs[i] = { ...refs[i]!, direction: 'related' };
        pending = null;
        pos = limit;
        continue;
      }
      BOUNDARY.lastIndex = pos;
      if (BOUNDARY.test(text)) {
        pending = null;
        clauseFrom = refs.length;
        clause = '';
        clauseStart = BOUNDARY.lastIndex;
        // A line break inside a paragraph or item (James' item wraps after "more in details")
        // ends a keyword's reach, not the sentence whose subject a link was.
        if (text.charCodeAt(pos) !== 0x0a) (atClauseStart = true), (otherSubject = false);
        pos = BOUNDARY.lastIndex;
        continue;
      }
      if (isWordUnit(text, pos)) atClauseStart = false;
      ADR_LIST.lastIndex = pos;
      const list = ADR_LIST.exec(text);
      if (list && (pos === 0 || !isWordUnit(text, pos - 1))) {
        const numbers = [list[1], ...(list[2] ?? '').match(/\d{1,9}/g) ?? []].map(toNumber).filter((n): n is number => n !== null);
        const by = pending ?? (options.allLinks ? { direction: 'related' as const, phrase: 'see' } : null);
        if (by) for (const number of numbers) refs.push({ ...by, href: null, number });
        pos = ADR_LIST.lastIndex;
        continue;
      }
      pos += 1;
    }
    clause += text.slice(clauseStart);
  }
  return refs;
}

/**
 * The keyword at `pos`, or null. Words glued by `-`/`_` ("superseeded-by-ADR-0006" in a badge
 * name) are not keywords; in prose (`allLinks` false) "superseded" needs its "by".
 */
function matchKeyword(text: string, pos: number, allLinks: boolean): { direction: RefDirection; phrase: string; end: number; prose: boolean } | null {
  if (pos > 0 && /[\p{L}\p{N}_-]/u.test(text.charAt(pos - 1))) return null;
  if (!MAY_START_KEYWORD.some((re) => ((re.lastIndex = pos), re.test(text)))) return null;
  for (const { re, direction, prose } of KEYWORDS) {
    if (!allLinks && !prose) continue;
    re.lastIndex = pos;
    const match = re.exec(text);
    if (!match || /^[-_]/.test(text.slice(re.lastIndex))) continue;
    const phrase = match[0].toLowerCase().replace(/\s+/g, ' ');
    if (!allLinks && (!prose || /^(?:superse(?:e)?ded|superceded)$/.test(phrase))) continue;
    return { direction, phrase, end: re.lastIndex, prose };
  }
  return null;
}

/**
 * References in several texts, de-duplicated (same direction, href and number; the first
 * phrase wins), in order. `allLinks` applies to every text (see {@link findSupersedeRefs}).
 */
export function collectSupersedeRefs(texts: readonly string[], options: { allLinks?: boolean } = {}): SupersedeRef[] {
  const seen = new Set<string>();
  const out: SupersedeRef[] = [];
  for (const text of texts) {
    for (const ref of findSupersedeRefs(text, options)) {
      const key = `${ref.direction}\u0000${ref.href ?? ''}\u0000${ref.number ?? ''}\u0000${ref.series ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(ref);
    }
  }
  return out;
}
