/**
 * The credential scan every write goes through (src/model/secret-scan.ts, docs/decisions/0040):
 * the real-shaped set found by the expected rule in the field it is in, look-alikes and the
 * bundled ADR corpora never refused, the refusal never echoing the credential, one joined
 * secretlint run finding exactly what field-by-field runs find, and secretlint's profiler off.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOOK_ALIKES, REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js'; // plain ESM, shared with the benchmark
import { assertNoSecrets, findSecrets, type SecretFinding } from '../../src/model/secret-scan.js';
import { isBrainError } from '../../src/model/errors.js';
import { readAdrDirectory } from '../../src/importers/adr/read-adr-dir.js';
import { buildEntry, newEntryBase } from '../../src/model/input.js';

interface Shape {
  name: string;
  text: string;
  rule_id?: string;
}
const REAL = REAL_SHAPED as Shape[];
const ALIKE = LOOK_ALIKES as Shape[];

/** The part of a credential that identifies it: its longest run of letters and digits. */
const core = (text: string): string => (text.match(/[A-Za-z0-9]{12,}/g) ?? [text]).sort((a, b) => b.length - a.length)[0] as string;

const rules = (findings: SecretFinding[]) => findings.map((f) => f.rule_id);

describe('findSecrets', () => {
  it('finds every real-shaped credential with its rule, alone and inside prose', async () => {
    for (const shape of REAL) {
      expect(rules(await findSecrets({ rationale: shape.text })), shape.name).toEqual([shape.rule_id]);
      const prose = { rationale: `We rotated it.\n\n  Old value: ${shape.text} (do not reuse)` };
      const [found, ...rest] = await findSecrets(prose);
      expect(rest, shape.name).toEqual([]);
      expect(found, shape.name).toMatchObject({ field: 'rationale', rule_id: shape.rule_id, line: 3 });
    }
  });

  it('names the field by its path in the record, and the line and column in it', async () => {
    const [aws, github, slack] = REAL.filter((s) => /AWS access key id|GitHub classic|Slack bot/.test(s.name)).map((s) => s.text);
    const entry = {
      title: 'Bucket access',
      citations: [{ source_ref: 'docs/a.md', source_kind: 'file' }, { source_ref: `https://ci.example/${github}`, source_kind: 'external_url' }],
      payload: { alternatives: ['keep it', `line one\nuse ${aws} here`], decision_outcome: slack },
    };
    expect(await findSecrets(entry)).toEqual([
      { field: 'citations[1].source_ref', rule_id: '@secretlint/secretlint-rule-github', message_id: 'GITHUB_TOKEN', line: 1, column: 20 },
      { field: 'payload.alternatives[1]', rule_id: '@secretlint/secretlint-rule-aws', message_id: 'AWSAccessKeyID', line: 2, column: 5 },
      { field: 'payload.decision_outcome', rule_id: '@secretlint/secretlint-rule-slack', message_id: 'SLACK_TOKEN', line: 1, column: 1 },
    ]);
  });

  it('finds nothing in text that only looks like a credential', async () => {
    for (const alike of ALIKE) expect(await findSecrets({ rationale: alike.text }), alike.name).toEqual([]);
    expect(await findSecrets({ title: 'x', revision: 3, confidence: 0.5, tags: [], supersedes_entry_id: null })).toEqual([]);
  });

  it('a secretlint-disable comment written into the text does not switch the scan off', async () => {
    const slack = REAL.find((s) => s.name === 'Slack bot token') as Shape;
    for (const comment of ['<!-- secretlint-disable -->', '// secretlint-disable', '# secretlint-disable-next-line']) {
      expect(rules(await findSecrets({ rationale: `${comment}\n${slack.text}` })), comment).toEqual([slack.rule_id]);
    }
  });

  it('one joined run finds exactly what a run per field finds, whatever sits in the next field', async () => {
    const all = [...REAL, ...ALIKE];
    const alone = new Map<string, SecretFinding[]>();
    for (const s of all) alone.set(s.name, await findSecrets({ b: s.text }));
    for (const a of all) {
      for (const b of all) {
        const expected = [...(alone.get(a.name) as SecretFinding[]).map((f) => ({ ...f, field: 'a' })), ...(alone.get(b.name) as SecretFinding[])];
        expect(await findSecrets({ a: a.text, b: b.text }), `${a.name} | ${b.name}`).toEqual(expected);
      }
    }
  });

  it('a credential split across two fields is in neither, and is not reported', async () => {
    const secret = REAL.find((s) => s.name === 'AWS secret access key') as Shape;
    const key = secret.text.split('= ')[1] as string;
    expect(await findSecrets({ a: 'aws_secret_access_key =', b: key })).toEqual([]);
    const pem = (REAL.find((s) => s.name === 'RSA private key (PKCS #1)') as Shape).text;
    const cut = pem.indexOf('\n', 200);
    expect(await findSecrets({ a: pem.slice(0, cut), b: pem.slice(cut + 1) })).toEqual([]);
  });

  it("finds nothing in any revision drafted from the bundled ADR corpora", async () => {
    let drafts = 0;
    for (const corpus of ['JabRef__jabref', 'adr__madr', 'ministryofjustice__cloud-platform', 'thomvaill__log4brains']) {
      const dir = fileURLToPath(new URL(`../../fixtures/adr/${corpus}`, import.meta.url));
      for (const d of (await readAdrDirectory({ dir, projectId: 'demo' })).drafts) {
        const stamp = { author: 'importer', recorded_at: '2024-01-01T00:00:00.000Z' };
        const entry = buildEntry(newEntryBase({ entry_id: d.entry_id, entry_kind: 'decision', project_id: 'demo', ...stamp }), d.fields, { revision: 1, ...stamp });
        expect(await findSecrets(entry), `${corpus}/${d.source_path}`).toEqual([]);
        drafts++;
      }
    }
    expect(drafts).toBeGreaterThan(100);
  });

  it("leaves no secretlint profiler marks behind (its profiler is switched off)", async () => {
    performance.clearMarks();
    await findSecrets({ rationale: 'a\nb' });
    expect(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('@core>'))).toEqual([]);
  });
});

describe('assertNoSecrets', () => {
  it('passes a record without credentials', async () => {
    await expect(assertNoSecrets({ title: 'Use PostgreSQL', rationale: 'transactional DDL' }, { where: 'entry dec-x r1' })).resolves.toBeUndefined();
  });

  it('refuses with secret_detected naming where, the field and the rule, never the credential', async () => {
    for (const shape of REAL) {
      const err = await assertNoSecrets({ title: 'Rotate keys', rationale: shape.text }, { where: 'entry dec-4f9k2m1x7q3z r2' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isBrainError(err, 'secret_detected'), shape.name).toBe(true);
      if (!isBrainError(err)) continue;
      expect(err.message, shape.name).toMatch(/^entry dec-4f9k2m1x7q3z r2 holds a credential, nothing written: rationale \(line 1, column 1\): \w+, /);
      expect(err.message, shape.name).toContain(shape.rule_id);
      expect(err.hint).toMatch(/remove the credential/);
      expect(err.data).toEqual({ where: 'entry dec-4f9k2m1x7q3z r2', findings: [expect.objectContaining({ field: 'rationale', rule_id: shape.rule_id })] });
      expect(JSON.stringify(err.toJSON()), shape.name).not.toContain(core(shape.text));
    }
  });

  it('lists five findings in the message and all of them in data', async () => {
    const aws = (REAL[0] as Shape).text;
    const err = await assertNoSecrets({ tags: Array.from({ length: 7 }, () => aws) }, { where: 'candidate c1' }).catch((e: unknown) => e);
    expect(isBrainError(err, 'secret_detected')).toBe(true);
    if (!isBrainError(err)) return;
    expect(err.message).toMatch(/^candidate c1 holds 7 credentials, nothing written: tags\[0\] .*tags\[4\] [^;]*; and 2 more$/);
    expect((err.data.findings as SecretFinding[]).map((f) => f.field)).toEqual(['tags[0]', 'tags[1]', 'tags[2]', 'tags[3]', 'tags[4]', 'tags[5]', 'tags[6]']);
  });
});
