/**
 * Issue #9 "Nothing lost", issue #18 "every source line kept, always": over every ADR of every
 * corpus of fixtures/adr (real folders from twelve projects, one in reStructuredText), each non-blank line of the body is
 * held by its entry — by the independent reference rule of bench/adr-line-rule.js (plain string
 * containment: title, rationale, outcome, options, status words), not the importer's own section
 * list. The longest real ADRs (22–45 kB) are held whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { lostLines } from '../../../bench/adr-line-rule.js';

const ROOT = fileURLToPath(new URL('../../../fixtures/adr', import.meta.url));
const CORPORA = readdirSync(ROOT).sort();

/** A draft's fields as the reference rule reads an entry. */
const asEntry = (fields: Record<string, unknown>) => fields as { title: string; rationale: string; payload: Record<string, unknown> };

describe('every body line of every bundled ADR reaches its entry', () => {
  it('holds every line of the 476 files of the twelve corpora', async () => {
    const failures: string[] = [];
    let files = 0;
    let lines = 0;
    for (const corpus of CORPORA) {
      const dir = `${ROOT}/${corpus}`;
      const read = await readAdrDirectory({ dir, projectId: 'demo' });
      for (const draft of read.drafts) {
        files += 1;
        const r = lostLines(readFileSync(`${dir}/${draft.source_path}`, 'utf8'), asEntry(draft.fields as Record<string, unknown>));
        lines += r.total;
        failures.push(...r.lost.map((l: string) => `${corpus}/${draft.source_path}: ${l}`));
      }
    }
    expect(failures).toEqual([]);
    expect(files).toBe(476);
    expect(lines).toBeGreaterThan(23_000);
  });

  it('holds the longest real ADRs whole (cometbft ADR 118, 45 kB; ADR 062, 33 kB; cloud-platform 022, 20 kB)', async () => {
    const cases: Array<[string, string]> = [
      ['cometbft__cometbft', 'adr-118-mempool-lanes.md'],
      ['cometbft__cometbft', 'tendermint-core/adr-062-p2p-architecture.md'],
      ['cometbft__cometbft', 'adr-112-proposer-based-timestamps.md'],
      ['ministryofjustice__cloud-platform', '022-EKS.md'],
    ];
    for (const [corpus, path] of cases) {
      const read = await readAdrDirectory({ dir: `${ROOT}/${corpus}`, projectId: 'demo' });
      const draft = read.drafts.find((d) => d.source_path === path);
      const source = readFileSync(`${ROOT}/${corpus}/${path}`, 'utf8');
      expect(source.length, path).toBeGreaterThan(20_000);
      const payload = draft?.fields.payload as { decision_outcome: string };
      expect(String(draft?.fields.rationale).length + payload.decision_outcome.length, path).toBeGreaterThan(source.length * 0.95);
      expect(lostLines(source, asEntry(draft?.fields as Record<string, unknown>)).lost, path).toEqual([]);
    }
  });
});
