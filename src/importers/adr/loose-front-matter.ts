/**
 * A front matter the `yaml` package refuses, read one top-level key at a time (issue #18 "every
 * source line kept", round twenty-one: decision 0116), so one bad line does not cost a record its
 * status, day and people. Pure; never throws.
 */
import { isMap, parseDocument } from 'yaml';

/** One top-level key of a front matter that is not valid YAML, read apart from the others. */
export interface LooseKey {
  key: string;
  value: unknown;
  /** Offsets in the YAML text of its first line's start and just past its last line. */
  from: number;
  to: number;
}

/** A line that starts a top-level key: `status: implemented`, `issue-number: [#117](…)`. */
const TOP_LEVEL_KEY = /^([A-Za-z_][\w .-]*?)\s*:(?:\s|$)/;

/**
 * The top-level keys of a front matter the `yaml` package refuses, each read on its own
 * (round twenty-one: cert-manager's design front matter lists `- @jetstack/team-cert-manager`,
 * and `@` starts no YAML value; jupyter's `issue-number: [#117](https://…)` is a broken flow list,
 * and each lost its status, day and authors with the rest). A key's lines are its own line and
 * the indented or `- ` lines after it; they are parsed alone, and when they are still not
 * YAML the value is the text after the colon as written (none for a broken `[` or `{` collection),
 * or the items of a `- ` list under it.
 */
export function looseKeys(yamlText: string): LooseKey[] {
  const keys: LooseKey[] = [];
  let offset = 0;
  for (const line of yamlText.split('\n')) {
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    if (key !== undefined) keys.push({ key, value: null, from: offset, to: offset + line.length + 1 });
    else if (keys.length > 0 && (line.trim() === '' || /^[\s-]/.test(line))) (keys.at(-1) as LooseKey).to = offset + line.length + 1;
    offset += line.length + 1;
  }
  for (const k of keys) {
    const text = yamlText.slice(k.from, k.to);
    const doc = parseDocument(text);
    let value: unknown;
    try {
      value = doc.errors.length === 0 && isMap(doc.contents) ? (doc.toJS() as Record<string, unknown>)[k.key] : undefined;
    } catch {
      value = undefined;
    }
    if (value === undefined) {
      const rest = text.slice(text.indexOf(':') + 1).split('\n');
      const first = (rest[0] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
      // The list right under the key, up to its first line that is no item (argo-cd's `- "@alexmt"`
      // then `  sponsors:`, a key indented by mistake; round twenty-one), each item unquoted.
      const lines = rest.slice(1);
      const end = lines.findIndex((l) => !/^\s*-\s+\S/.test(l));
      const items = lines.slice(0, end < 0 ? lines.length : end).map((l) => l.replace(/^\s*-\s+/, '').trim().replace(/^(["'])(.*)\1$/, '$2'));
      // A broken flow collection (`status: [accepted`) says nothing sure: no value; a Markdown link
      // (bazel's `status: [Implemented](https://…)`) is text.
      value = first !== '' ? (/^[[{]/.test(first) && !/^\[[^\]]*\]\([^)]*\)/.test(first) ? null : first) : items.length > 0 ? items : null;
    }
    k.value = value;
  }
  return keys;
}
