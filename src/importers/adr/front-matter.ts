/**
 * MADR YAML front matter (`---` … `---` at the top of the file), parsed with the `yaml` package.
 * Only `status`, `title`, `tags` and `category` are used; dates are ignored (recorded_at is
 * assigned by the store).
 */
import { isScalar, parseDocument } from 'yaml';
import { LIMITS } from '../../model/limits.js';

/** The split of one file into front matter and Markdown body. */
export interface FrontMatter {
  /** True when the file starts with a `---` line closed by a `---` or `...` line. */
  present: boolean;
  /** The parsed mapping; `{}` when absent, not a mapping, or invalid YAML. */
  data: Record<string, unknown>;
  /** The YAML parser's first error message, when the block is not valid YAML. */
  error: string | null;
  /** The status value as source text (`"accepted"`, or `{proposed | rejected}` verbatim); null if none. */
  status: string | null;
  /** The Markdown after the front matter (the whole text when absent). */
  body: string;
}

/**
 * Splits `source` (LF line endings) into front matter and body. The fence is found by trivial
 * line checks; the YAML between is parsed by `yaml`. A status that YAML reads as a collection
 * (an unquoted `{a | b}` is a flow mapping) is returned as its source text, so template values
 * are still recognised. Never throws: invalid YAML yields `error` and empty `data`.
 */
export function splitFrontMatter(source: string): FrontMatter {
  const lines = source.split('\n');
  const absent: FrontMatter = { present: false, data: {}, error: null, status: null, body: source };
  if (lines[0]?.trimEnd() !== '---') return absent;
  const close = lines.findIndex((line, i) => i > 0 && (line.trimEnd() === '---' || line.trimEnd() === '...'));
  if (close < 0) return absent;
  const yamlText = lines.slice(1, close).join('\n');
  const body = lines.slice(close + 1).join('\n');
  const doc = parseDocument(yamlText);
  if (doc.errors.length > 0) {
    return { present: true, data: {}, error: doc.errors[0]?.message ?? 'invalid YAML', status: null, body };
  }
  const js: unknown = doc.toJS();
  const data = js !== null && typeof js === 'object' && !Array.isArray(js) ? (js as Record<string, unknown>) : {};
  let status: string | null = null;
  for (const key of ['status', 'Status', 'STATUS']) {
    const node: unknown = doc.get(key, true);
    if (node === undefined || node === null) continue;
    if (isScalar(node)) {
      status = node.value === null || node.value === undefined ? null : String(node.value);
    } else {
      const range = (node as { range?: [number, number, number] }).range;
      status = range ? yamlText.slice(range[0], range[1]).trim() : null;
    }
    break;
  }
  return { present: true, data, error: null, status, body };
}

/**
 * Tags from front matter `tags` (a list, or a comma-separated string) and `category`
 * (a string or list): trimmed, lower-cased, non-blank, at most {@link LIMITS.tag} characters
 * (longer ones dropped), de-duplicated, in source order. Non-string items are ignored.
 */
export function frontMatterTags(data: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['tags', 'category', 'categories']) {
    const value = data[key];
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
    for (const item of items) {
      if (typeof item !== 'string' && typeof item !== 'number') continue;
      const tag = String(item).trim().toLowerCase();
      if (tag !== '' && tag.length <= LIMITS.tag && !out.includes(tag)) out.push(tag);
    }
  }
  return out;
}

/** Front matter `title` as a trimmed non-blank string, else null. */
export function frontMatterTitle(data: Record<string, unknown>): string | null {
  const title = data['title'];
  if (typeof title !== 'string' && typeof title !== 'number') return null;
  const text = String(title).trim();
  return text === '' ? null : text;
}
