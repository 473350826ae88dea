/**
 * Issue #18, round ten (decision 0076): shapes met in four proposal folders nobody here had used —
 * kubernetes/enhancements' KEPs (one folder per record: `README.md` with `kep.yaml` beside it),
 * the Rust RFCs (link definitions inside list items and between list items), fluxcd/flux2's
 * `rfcs/0002-x/README.md` with `# RFC-0002 Title`, vectordotdev/vector's `rfcs/2020-03-17-2064-x.md`
 * with `# RFC 2064 - 2020-03-17 - Title`, opentofu's `rfc/20230920-x.md`. Each in a small
 * fixture written here in the shape met.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory, type AdrDraft } from '../../../src/importers/adr/read-adr-dir.js';
import { lostLines } from '../../../bench/adr-line-rule.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });

/** A folder holding `files` (path → text). */
function folder(files: Record<string, string>): string {
  const dir = tempDir('brain-adr-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** The drafts read from `files`, by path. */
async function drafts(files: Record<string, string>): Promise<Map<string, AdrDraft>> {
  const read = await readAdrDirectory({ dir: folder(files), projectId: 'p' });
  return new Map(read.drafts.map((d) => [d.source_path, d]));
}

const KEP_README = '# KEP-1440: kubectl events\n\n<!-- toc -->\n- [Summary](#summary)\n<!-- /toc -->\n\n## Summary\n\nAn events sub-command.\n\n## Proposal\n\nAdd `kubectl events`.\n';
const KEP_YAML = [
  'title: Kubectl events',
  'kep-number: 1440',
  'authors:',
  '  - "@hpandeycodeit"',
  '  - "@soltysh"',
  'owning-sig: sig-cli',
  'status: implementable',
  'creation-date: 2019-10-08',
  'reviewers:',
  '  - "@pwittrock"',
  'replaces: []',
  '',
].join('\n');

describe('a record folder whose metadata is a kep.yaml beside its README (kubernetes/enhancements)', () => {
  it('reads the status, day and authors from it, keeps its other keys, and the README title', async () => {
    const read = await drafts({ '1440-kubectl-events/README.md': KEP_README, '1440-kubectl-events/kep.yaml': KEP_YAML });
    const draft = read.get('1440-kubectl-events/README.md');
    expect(draft?.fields.status).toBe('accepted');
    expect(draft?.fields.payload?.['status_text']).toBe('implementable');
    expect([draft?.date, draft?.deciders]).toEqual(['2019-10-08', '@hpandeycodeit, @soltysh']);
    expect(draft?.fields.title).toBe('kubectl events');
    expect(draft?.fields.payload?.['front_matter']).toContain('owning-sig: sig-cli');
    expect(draft?.fields.payload?.['front_matter']).toContain('reviewers:');
  });

  it('is not read for a README with front matter of its own, nor for a file that is no folder page', async () => {
    const read = await drafts({
      '0001-own/README.md': '---\nstatus: rejected\n---\n# Own\n\n## Decision\n\nNo.\n',
      '0001-own/kep.yaml': 'status: implemented\n',
      'sub/0002-flat.md': '# Flat\n\n## Decision\n\nYes.\n',
      'sub/kep.yaml': 'status: implemented\n',
    });
    expect(read.get('0001-own/README.md')?.fields.status).toBe('rejected');
    expect(read.get('sub/0002-flat.md')?.fields.payload?.['status_text']).toBeNull();
  });

  it('round-trips in both formats with no write', async () => {
    await adrRoundTrip({ '1440-kubectl-events/README.md': KEP_README, '1440-kubectl-events/kep.yaml': KEP_YAML });
  });
});

/** The Rust RFC shape: a definition inside a list item, and one between two items of the Alternatives. */
const RUST_RFC = [
  '- Feature Name: `or_patterns`',
  '- Start Date: 2018-08-29',
  '',
  '## Summary',
  '[summary]: #summary',
  '',
  'Allow `|` anywhere in a pattern.',
  '',
  '## Reference-level explanation',
  '',
  '1. Coercions:',
  '',
  '   [type coercions]: https://doc.rust-lang.org/reference/type-coercions.html',
  '',
  '   implicit [type coercions] do not apply.',
  '',
  '## Alternatives',
  '[alternatives]: #alternatives',
  '',
  '* Add new targets.',
  '',
  '* Keep the old syntax, as [proposed][rfc-1684].',
  '',
  '[rfc-1684]: https://github.com/rust-lang/rfcs/pull/1684',
  '',
  '* Add a new flag.',
  '',
].join('\n');

describe('link definitions of the Rust RFCs', () => {
  it('keeps a definition inside a list item in the list only, not a second time at the end', () => {
    const adr = parse(RUST_RFC, '2535-or-patterns.md');
    const stored = `${adr.rationale}\n${adr.decision_outcome}`;
    expect(stored.split('[type coercions]: https').length - 1).toBe(1);
    expect(stored).toContain('[rfc-1684]: https://github.com/rust-lang/rfcs/pull/1684');
  });

  it('reads the options across a definition between two items', () => {
    expect(parse(RUST_RFC, '2535-or-patterns.md').alternatives).toEqual(['Add new targets.', 'Keep the old syntax, as [proposed][rfc-1684].', 'Add a new flag.']);
  });

  it('keeps every line and round-trips with no write', async () => {
    const adr = parse(RUST_RFC, '2535-or-patterns.md');
    const entry = { title: adr.title, rationale: adr.rationale, payload: { decision_outcome: adr.decision_outcome, alternatives: adr.alternatives, status_text: adr.status_text } };
    expect(lostLines(RUST_RFC, entry).lost).toEqual([]);
    await adrRoundTrip({ '2535-or-patterns.md': RUST_RFC });
  });
});
