/**
 * YAML front matter (`---` … `---` at the top of the file: MADR, static-site generators),
 * parsed with the `yaml` package. `status`, `date`, the people keys, `tags` / `category` and
 * `title` are read (a status and a date from a map of Dublin Core terms too, `dct:`); every key the import does not model is kept as YAML text
 * ({@link unmodeledFrontMatter}) so the export writes it back.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, parseDocument } from 'yaml';
import { LIMITS } from '../../model/limits.js';
import { mapStatusText } from './status-map.js';
import { looseKeys } from './loose-front-matter.js';

/** The split of one file into front matter and Markdown body. */
export interface FrontMatter {
  /** True when the file starts with a `---` line closed by a `---` or `...` line. */
  present: boolean;
  /** The parsed mapping; `{}` when absent or not a mapping; for invalid YAML, its top-level keys read one by one. */
  data: Record<string, unknown>;
  /** The YAML parser's first error message, when the block is not valid YAML. */
  error: string | null;
  /** The status value as source text (`"accepted"`, or `{proposed | rejected}` verbatim); null if none. */
  status: string | null;
  /** The key it was read from as written (`status`, `statut`, `estado`, …); null if none. */
  statusKey: string | null;
  /** The Markdown after the front matter (the whole text when absent). */
  body: string;
  /** The YAML between the fences, as written ('' when absent). */
  yaml: string;
}

/**
 * Splits `source` (LF line endings) into front matter and body. The fence is found by trivial
 * line checks; the YAML between is parsed by `yaml`. A status that YAML reads as a collection
 * (an unquoted `{a | b}` is a flow mapping) is returned as its source text, so template values
 * are still recognised. Never throws: invalid YAML yields `error`, and `data` read key by key (loose-front-matter.ts).
 */
export function splitFrontMatter(source: string): FrontMatter {
  const lines = source.split('\n');
  const absent: FrontMatter = { present: false, data: {}, error: null, status: null, statusKey: null, body: source, yaml: '' };
  if (lines[0]?.trimEnd() !== '---') return absent;
  const close = lines.findIndex((line, i) => i > 0 && (line.trimEnd() === '---' || line.trimEnd() === '...'));
  if (close < 0) return absent;
  const yamlText = lines.slice(1, close).join('\n');
  const body = lines.slice(close + 1).join('\n');
  const doc = parseDocument(yamlText);
  let error = doc.errors[0]?.message ?? null;
  let js: unknown;
  try {
    // Parsed without errors, YAML can still fail to resolve: an alias with no anchor (`*x`), too many aliases.
    if (error === null) js = doc.toJS();
  } catch (cause) {
    error = cause instanceof Error ? cause.message : 'invalid YAML';
  }
  if (error !== null) {
    const data = Object.fromEntries(looseKeys(yamlText).map((k) => [k.key, k.value]));
    const statusKey = [...ENGLISH_STATUS_KEYS, ...Object.keys(data).filter(isTranslatedStatusKey)].find((k) => typeof data[k] === 'string' || typeof data[k] === 'number') ?? null;
    return { present: true, data, error, status: statusKey === null ? null : String(data[statusKey]), statusKey, body, yaml: yamlText };
  }
  const data = js !== null && typeof js === 'object' && !Array.isArray(js) ? (js as Record<string, unknown>) : {};
  let status: string | null = null;
  let statusKey: string | null = null;
  for (const key of [...ENGLISH_STATUS_KEYS, ...Object.keys(data).filter(isTranslatedStatusKey)]) {
    const node: unknown = doc.get(key, true);
    if (node === undefined || node === null) continue;
    if (isScalar(node)) {
      status = node.value === null || node.value === undefined ? null : String(node.value);
    } else {
      const range = (node as { range?: [number, number, number] }).range;
      status = range ? yamlText.slice(range[0], range[1]).trim() : null;
    }
    statusKey = key;
    break;
  }
  if (status === null) ({ status, statusKey } = dublinCoreStatus(data));
  return { present: true, data, error: null, status, statusKey, body, yaml: yamlText };
}

/** The keys a map of Dublin Core terms is kept under (DCMI's namespace prefixes), any case. */
const DUBLIN_CORE_KEYS: readonly string[] = ['dct', 'dcterms', 'dc'];

/**
 * The map of Dublin Core terms a front matter keeps under its namespace prefix (`dct:` with
 * `title`, `issued`, … — Alliander's ADRs, decision 0110), or null.
 */
export function dublinCoreTerms(data: Record<string, unknown>): Record<string, unknown> | null {
  for (const key of DUBLIN_CORE_KEYS) {
    const value = frontMatterGet(data, key);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return null;
}

/**
 * A status the Dublin Core terms state, for a front matter with no `status` of its own: their
 * `status`, else `isVersionOf` (the version of the record the file is: Alliander's template
 * writes `isVersionOf: accepted`), only when the value is a status word the import maps
 * (status-map.ts) — a link or a name there says nothing of the status. The terms stay in the
 * front matter as written.
 */
function dublinCoreStatus(data: Record<string, unknown>): { status: string | null; statusKey: string | null } {
  const terms = dublinCoreTerms(data);
  for (const key of ['status', 'isVersionOf']) {
    const value = terms === null ? undefined : frontMatterGet(terms, key);
    if (typeof value === 'string' && mapStatusText(value).mapped) return { status: value, statusKey: key };
  }
  return { status: null, statusKey: null };
}

/** MADR's front matter status key as files write it; the import models it (the export writes `status`). */
export const ENGLISH_STATUS_KEYS: readonly string[] = ['status', 'Status', 'STATUS'];

/**
 * A front matter key stating the status as the MADR template translated writes it — French
 * `statut` (MTES-MCT/zero-logement-vacant), Spanish / Portuguese `estado`, Italian `stato`, any
 * case. Read like `status`, but kept among the keys brain does not model, so the export writes it
 * back under its own name (render-adr.ts writes changed words into it). Decision 0090.
 */
export function isTranslatedStatusKey(key: string): boolean {
  return ['statut', 'estado', 'estatus', 'stato'].includes(key.toLowerCase());
}

/**
 * `yamlText` (front matter kept as written) with `key`'s value set to `value`, comments and key
 * order kept (the `yaml` package's document), the value on one line; as written when it is not
 * a valid YAML mapping.
 */
export function withFrontMatterValue(yamlText: string, key: string, value: string): string {
  const doc = parseDocument(yamlText);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return yamlText;
  doc.set(key, value);
  return doc.toString({ lineWidth: 0 }).replace(/\s+$/, '');
}

/**
 * The front matter without the keys the import modelled (`used`: status, a date it read, the
 * people key it took, tag keys read whole), or null when nothing is left. Each modelled key's
 * lines (its key's line to its value's last) are cut from the text as written, so every other
 * line is kept byte for byte: the `yaml` package's printer folded long values at 80 columns
 * (a URL split by an escaped line break, a title on two lines) and respaced comments and flow
 * lists. Should the cut text not parse to the same keys and values, that printer's text is used,
 * unfolded. Invalid YAML is kept as written. An export writes modelled keys as lines of their
 * own above this text, so reading it back gives this text again (0 round-trip writes).
 */
export function unmodeledFrontMatter(yamlText: string, used: readonly string[]): string | null {
  if (yamlText.trim() === '') return null;
  const doc = parseDocument(yamlText);
  if (doc.errors.length > 0) {
    // Not YAML: the modelled keys' lines cut as loose-front-matter.ts found them, every other line kept as written.
    let kept = yamlText;
    for (const k of looseKeys(yamlText).filter((l) => used.includes(l.key)).reverse()) kept = kept.slice(0, k.from) + kept.slice(k.to);
    return kept.trim() === '' ? null : kept.replace(/\s+$/, '');
  }
  if (!isMap(doc.contents)) return yamlText.replace(/\s+$/, '');
  const cuts: [number, number][] = [];
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || !used.includes(String(pair.key.value)) || !pair.key.range) continue;
    const end = (pair.value as { range?: [number, number, number] } | null)?.range?.[2] ?? pair.key.range[2];
    cuts.push([yamlText.lastIndexOf('\n', pair.key.range[0] - 1) + 1, lineEnd(yamlText, Math.max(end - 1, pair.key.range[0]))]);
  }
  for (const key of used) doc.delete(key);
  if (doc.contents.items.length === 0 && (doc.commentBefore ?? doc.comment ?? null) === null) return null;
  let kept = yamlText;
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) kept = kept.slice(0, from) + kept.slice(to);
  kept = kept.replace(/\s+$/, '');
  const same = parseDocument(kept);
  if (same.errors.length === 0 && isDeepStrictEqual(same.toJS(), doc.toJS())) return kept;
  return doc.toString({ lineWidth: 0 }).replace(/\s+$/, '');
}

/** The offset just past the line break that ends the line holding `offset` (the text's end when none). */
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * Tags from front matter `tags` (a list, or a comma-separated string) and `category` /
 * `categories` (a string or list): trimmed, lower-cased, non-blank, at most {@link LIMITS.tag}
 * characters (longer ones dropped), de-duplicated, in source order. `keys` lists the keys every
 * item of which became a tag (the import models those; the others keep their YAML).
 */
export function frontMatterTags(data: Record<string, unknown>): { tags: string[]; keys: string[] } {
  const tags: string[] = [];
  const keys: string[] = [];
  for (const key of ['tags', 'category', 'categories']) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    const items: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    let whole = true;
    for (const item of items) {
      const tag = typeof item === 'string' || typeof item === 'number' ? String(item).trim().toLowerCase() : '';
      if (tag === '' || tag.length > LIMITS.tag) whole = false;
      else if (!tags.includes(tag)) tags.push(tag);
    }
    if (whole) keys.push(key);
  }
  return { tags, keys };
}

/**
 * The series a front matter names its record's number in (`kep-number: 1440` → "KEP", the
 * kep.yaml of a Kubernetes enhancement proposal read as front matter, sidecar-metadata.ts), when
 * that number is `number`, the record's: a key of 2–5 letters then `-number` / `_number`, not
 * "adr"; else null. Decision 0076.
 */
export function frontMatterSeries(data: Record<string, unknown>, number: number | null): string | null {
  if (number === null) return null;
  for (const [key, value] of Object.entries(data)) {
    const word = /^([a-z]{2,5})[-_]number$/i.exec(key)?.[1];
    if (word === undefined || /^m?adr$/i.test(word)) continue;
    if ((typeof value === 'number' || typeof value === 'string') && /^\d{1,9}$/.test(String(value).trim()) && Number(value) === number) return word.toUpperCase();
  }
  return null;
}

/**
 * The key of `data` that is `key` in any case, the key as written first (`Created:`, `Title:`,
 * `Authors:` in the front matter of Cardano's CIPs; decision 0098), or null when it has none.
 */
export function frontMatterKey(data: Record<string, unknown>, key: string): string | null {
  if (Object.hasOwn(data, key)) return key;
  const lower = key.toLowerCase();
  return Object.keys(data).find((k) => k.toLowerCase() === lower) ?? null;
}

/** `data`'s value under `key` in any case ({@link frontMatterKey}), else undefined. */
export function frontMatterGet(data: Record<string, unknown>, key: string): unknown {
  const found = frontMatterKey(data, key);
  return found === null ? undefined : data[found];
}

/**
 * A label and nothing else: `ADR-004`, `ADR 12`, `TEP-0001`, `RFC_7` (letters, then digits), or
 * zeromq's number and short name (`16/C4`, `22/C4.1`: its words are in `name:`; round twenty-one).
 */
const LABEL_ONLY = /^(?:[A-Za-z]{1,8}[-_ .]?\d+|\d{1,5}\/[\w.+-]{1,16})$/;

/** `data[key]` as a trimmed non-blank one-line string, else null. */
function oneLine(data: Record<string, unknown>, key: string): string | null {
  const value = frontMatterGet(data, key);
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' || text.includes('\n') ? null : text;
}

/**
 * Front matter `title` (any case: `Title:`) as a trimmed non-blank string, else null. A title that is only the
 * record's label (`title: ADR-004`, the Jekyll collection of NHSDigital/nhs-notify, whose words
 * sit in `description:` / `summary:`) names the record, not its subject: then the one-line
 * `name`, else `description`, else `summary`, is the title, else null (the heading or file name gives it).
 * Decision 0062.
 */
export function frontMatterTitle(data: Record<string, unknown>): string | null {
  const whole = frontMatterGet(data, 'title');
  const title = oneLine(data, 'title') ?? (typeof whole === 'string' && whole.trim() !== '' ? whole.trim() : null);
  if (title === null || !LABEL_ONLY.test(title)) return title;
  // A number and short name with no words beside it (zeromq's `title: 1/SPB`, no `name:`) still says more than the folder's number.
  return oneLine(data, 'name') ?? oneLine(data, 'description') ?? oneLine(data, 'summary') ?? (/^\d/.test(title) ? title : null);
}
