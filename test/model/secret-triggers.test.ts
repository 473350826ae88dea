/**
 * The secret scan's pre-filter (src/model/secret-triggers.ts, docs/decisions/0068) misses
 * nothing the rules find: the secretlint rules' own test inputs, whole and line by line, the
 * real-shaped set and the bundled look-alikes, scanned in full, and every text with a finding
 * passes the filter; every rule the scan loads is listed; an unlisted rule turns it off.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOK_ALIKES, REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js';
import { findSecrets } from '../../src/model/secret-scan.js';
import { createSecretFilter, SECRET_TRIGGERS } from '../../src/model/secret-triggers.js';
import { PEM_PRIVATE_KEY_RULE } from '../../src/model/pem-private-key-rule.js';

const INPUTS = JSON.parse(readFileSync(new URL('../../fixtures/secrets/secretlint-rule-inputs.json', import.meta.url), 'utf8')) as Record<string, string>;
const shapes = [...(REAL_SHAPED as { name: string; text: string }[]), ...(LOOK_ALIKES as { name: string; text: string }[])];

/** The rules the scan loads: the preset's, less the comment filter, and ours. */
async function loadedRuleIds(): Promise<string[]> {
  const { rules } = await import('@secretlint/secretlint-rule-preset-recommend');
  return [...rules.map((r) => r.meta.id).filter((id) => id !== '@secretlint/secretlint-rule-filter-comments'), PEM_PRIVATE_KEY_RULE];
}

describe('secret pre-filter', () => {
  it('lists every rule the scan loads', async () => {
    const ids = await loadedRuleIds();
    expect(ids.filter((id) => !SECRET_TRIGGERS.has(id))).toEqual([]);
    expect(createSecretFilter(ids)).not.toBeNull();
  });

  it('passes every text the full scan finds a credential in (the rules\' own test inputs, whole and by line)', async () => {
    const mayHold = createSecretFilter(await loadedRuleIds())!;
    const texts = [
      ...Object.entries(INPUTS).flatMap(([name, text]) => [[name, text] as const, ...text.split('\n').map((line, i) => [`${name}:${i + 1}`, line] as const)]),
      ...shapes.map((s) => [s.name, s.text] as const),
    ];
    let found = 0;
    for (const [name, text] of texts) {
      const findings = await findSecrets({ text }, { prefilter: false });
      if (findings.length === 0) continue;
      found++;
      expect(mayHold(text), `${name}: ${findings.map((f) => f.rule_id).join(', ')}`).toBe(true);
      expect(await findSecrets({ text }), name).toEqual(findings);
    }
    expect(found).toBeGreaterThan(150); // the inputs do hold credentials: the test tests something
  });

  it('skips text with no trigger, and is off when a rule is not listed', async () => {
    const mayHold = createSecretFilter(await loadedRuleIds())!;
    expect(mayHold('We chose SQLite for the projection because it ships with node.')).toBe(false);
    expect(mayHold('See postgres://app@db/brain')).toBe(true);
    expect(mayHold('AWS_SECRET_ACCESS_KEY is read from the environment')).toBe(true);
    expect(createSecretFilter([...(await loadedRuleIds()), '@secretlint/secretlint-rule-new'])).toBeNull();
  });
});
