/**
 * A KEP exported to a fresh folder (decision 0095; 0082 left it out): the Kubernetes enhancement
 * process keeps a KEP's metadata (`kep-number`, `status`, `creation-date`, authors) in `kep.yaml`
 * beside its `README.md`, which states none of it. The import reads that file as the README's
 * front matter (importers/adr/sidecar-metadata.ts `withSidecar`); here the export gives the
 * front matter of the README it rendered back to a `kep.yaml`, so `withSidecar(readme, yaml)` is the
 * rendered text itself, byte for byte, and re-importing the folder gives the same entry. Pure.
 */
import { posix } from 'node:path';
import { parseDocument } from 'yaml';
import type { Entry } from '../../model/entry.js';
import { adrLabelOf } from '../../model/adr-label.js';
import { frontMatterSeries } from '../../importers/adr/front-matter.js';
import { isFolderPage } from '../../importers/adr/sidecar-metadata.js';

/**
 * True when `entry` was imported from a KEP: a record folder's page (`x/README.md`) whose front
 * matter numbers it `kep-number`. Such a record is rendered in MADR layout (status in the front
 * matter) whatever `--format` asks, as its export over the source writes the status to the kep.yaml.
 */
export function isKepRecord(entry: Entry, file: string): boolean {
  const stored = entry.payload['front_matter'];
  const label = adrLabelOf(entry);
  if (!isFolderPage(file) || typeof stored !== 'string' || stored.trim() === '' || label === null) return false;
  const js: unknown = parseDocument(stored).toJS();
  const data = js !== null && typeof js === 'object' && !Array.isArray(js) ? (js as Record<string, unknown>) : {};
  return frontMatterSeries(data, Number.parseInt(label.split('-')[1] ?? '', 10)) === 'KEP';
}

/**
 * `text` (the README rendered for `entry`, to be written at `file`, POSIX, relative to the export
 * folder) as a README without front matter and the `kep.yaml` beside it (`path` relative to the
 * export folder, `text` the front matter's lines and a newline), when `entry` is a KEP and `text`
 * opens with front matter; else null (the README is written as rendered).
 */
export function kepMetadataFile(options: { entry: Entry; file: string; text: string }): { readme: string; metadata: { path: string; text: string } } | null {
  const { entry, file, text } = options;
  if (!text.startsWith('---\n') || !isKepRecord(entry, file)) return null;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return null;
  const yaml = text.slice(4, end + 1);
  if (yaml.trim() === '') return null;
  // A line that would end front matter early never came from one (sidecar-metadata.ts leaves such a file out).
  if (yaml.split('\n').some((line) => line.trimEnd() === '---' || line.trimEnd() === '...')) return null;
  return { readme: text.slice(end + 5), metadata: { path: posix.join(posix.dirname(file), 'kep.yaml'), text: yaml } };
}
