/**
 * Link reference definitions (`[label]: https://…`) of an ADR's Markdown, which marked keeps out
 * of its tokens (in `tokens.links`): collected as written so the import keeps them with the text
 * (markdown-outline.ts; decisions 0073 and 0076). Pure.
 */
import { Lexer, type Token } from 'marked';

/** marked's own rule for a link reference definition, the lines after the label's included. */
const DEFINITION = Lexer.rules.block.gfm.def;

/**
 * The link reference definitions of `body` whose labels marked read (`labels`, lower case), each
 * as written, trailing blanks off: the label line and, when the URL or the title stands on the
 * next line, that line too — golang/proposal writes `[CL 121304]: https://golang.org/cl/121304`
 * then `    "cmd/go/internal/vgo: track …"` (those title lines were lost before round nine).
 * Only those marked left out of `tokens`: a definition inside a list item (the Rust RFCs'
 * `   [type coercions]: …` under a list) is in that list's text already (decision 0076).
 * `afterDefinition`: the tokens that follow such a definition with only blank lines between.
 */
export function linkDefinitions(body: string, labels: ReadonlySet<string>, tokens: readonly Token[]): { definitions: string[]; afterDefinition: Set<Token> } {
  const afterDefinition = new Set<Token>();
  if (labels.size === 0) return { definitions: [], afterDefinition };
  const out: string[] = [];
  const source = body.replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  const held = heldSpans(source, tokens);
  let offset = 0;
  let k = 0; // the first span not ending before `offset` (spans are in order, offsets only grow)
  for (let i = 0; i < lines.length; offset += (lines[i]?.length ?? 0) + 1, i++) {
    while (k < held.length && (held[k]?.[1] ?? 0) <= offset) k++;
    if (k < held.length && (held[k]?.[0] ?? Infinity) <= offset) continue;
    const match = /^ {0,3}\[([^\]]+)\]:/.exec(lines[i] ?? '');
    if (match === null || !isMarkedLabel(match[1] ?? '', labels)) continue;
    const rest = lines.slice(i, i + 3).join('\n');
    const whole = DEFINITION.exec(rest)?.[0].replace(/\n+$/, '') ?? '';
    const count = whole === '' ? 1 : whole.split('\n').length;
    if (whole === '' && !/\]:\s*\S/.test(lines[i] ?? '')) continue;
    out.push(lines.slice(i, i + count).map((l) => l.trimEnd()).join('\n'));
    for (let k = 1; k < count; k++) offset += (lines[i + k - 1]?.length ?? 0) + 1;
    i += count - 1;
    const next = held.slice(k).find(([from]) => from > offset);
    if (next !== undefined && source.slice(offset + (lines[i]?.length ?? 0), next[0]).trim() === '') afterDefinition.add(next[2]);
  }
  return { definitions: out, afterDefinition };
}

/**
 * `label` is one marked keyed: marked lower-cases a label and folds its white space without
 * trimming it (erlang/eep's `[EEP ]: eep-index:` is keyed `"eep "`); a trimmed key is accepted too.
 */
function isMarkedLabel(label: string, labels: ReadonlySet<string>): boolean {
  const key = label.replace(/\s+/g, ' ').toLowerCase();
  return labels.has(key) || labels.has(key.trim());
}

/** Where each token's text stands in `source` (`[from, to)` offsets, the token), found in order; a token not found there is left out. */
function heldSpans(source: string, tokens: readonly Token[]): Array<[number, number, Token]> {
  const spans: Array<[number, number, Token]> = [];
  let at = 0;
  for (const token of tokens) {
    const raw = token.raw;
    if (raw.trim() === '') continue;
    const from = source.indexOf(raw, at);
    if (from < 0) continue;
    spans.push([from, from + raw.length, token]);
    at = from + raw.length;
  }
  return spans;
}

/**
 * `markdown` with its reference links written inline, by the document's definitions (`links`,
 * marked's `tokens.links`: label, lower case → href): `[EEP 1][]`, `[decided][user-auth-adr]` and
 * the shortcut `[ADR 13]` become `[EEP 1](eep-0001.md)` … — so the supersede and mention rules
 * (supersede-refs.ts), which read one line at a time, see where they point (erlang/eep,
 * nationalarchives/tdr-dev-documentation; round twenty). A label with no definition stays as written.
 */
export function inlineReferenceLinks(markdown: string, links: Readonly<Record<string, { href?: string | null }>> | undefined): string {
  if (links === undefined || Object.keys(links).length === 0 || !markdown.includes('[')) return markdown;
  const href = (label: string): string | undefined => {
    const key = label.replace(/\s+/g, ' ').toLowerCase();
    return (links[key] ?? links[key.trim()])?.href ?? undefined;
  };
  return markdown.replace(/(!?)\[([^\[\]]+)\](?:\[([^\[\]]*)\])?(?![(:[])/g, (whole, bang: string, text: string, label: string | undefined) => {
    const target = href(label === undefined || label === '' ? text : label);
    return bang !== '' || target === undefined || /\s/.test(target) ? whole : `[${text}](${target})`;
  });
}
