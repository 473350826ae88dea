/**
 * An ADR's date from its front matter under the keys enhancement-proposal templates use
 * (Tekton TEPs and Kubernetes KEPs: `creation-date`; others `created`, `decision-date`), not
 * only MADR's `date`; `last-updated` dates an edit and is not read. The key stays in the front
 * matter as written, so the export gives the file back.
 */
import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';

const tep = (keys: string) => `---\ntitle: Custom Tasks\nauthors:\n  - "@imjasonh"\n${keys}status: implemented\n---\n\n# TEP-0002: Enable Custom Tasks\n\n## Summary\n\nWhy.\n`;
const parse = (source: string) => parseAdr({ sourcePath: '0002-custom-tasks.md', source });

describe('front matter dates', () => {
  it('reads creation-date and its kin, prefers date, never last-updated', () => {
    expect(parse(tep('creation-date: 2020-06-18\nlast-updated: 2021-12-15\n')).date).toBe('2020-06-18');
    expect(parse(tep('created: 2019-03-04\n')).date).toBe('2019-03-04');
    expect(parse(tep('decision-date: 2022-01-02\ncreation-date: 2021-01-01\n')).date).toBe('2022-01-02');
    expect(parse(tep('creation-date: 2021-01-01\ndate: 2022-05-06\n')).date).toBe('2022-05-06');
    expect(parse(tep('last-updated: 2021-12-15\n')).date).toBeNull();
  });

  it('keeps a creation-date key in the front matter as written', () => {
    expect(parse(tep('creation-date: 2020-06-18\n')).front_matter).toContain('creation-date: 2020-06-18');
  });
});
