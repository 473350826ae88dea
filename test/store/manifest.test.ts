/**
 * brain.json is checked by hand when read (src/store/manifest.ts, so reads never load zod) and
 * described by a zod schema for the generated JSON Schema (manifest-schema.ts): both must
 * accept and reject the same manifests.
 */
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../src/store/manifest.js';
import { ManifestSchema } from '../../src/store/manifest-schema.js';
import { isBrainError } from '../../src/model/errors.js';

const CASES: unknown[] = [
  { format: 1 },
  { format: 1, default_project: 'payments' },
  { format: 1, default_project: 'a.b_c-9', created_by: 'project-brain', extra: [1] },
  { format: 2 },
  { format: 0 },
  { format: -1 },
  { format: 1.5 },
  { format: '1' },
  { format: null },
  {},
  { default_project: 'x' },
  { format: 1, default_project: 'Upper' },
  { format: 1, default_project: '' },
  { format: 1, default_project: 7 },
  { format: 1, default_project: null },
  { format: 1, default_project: 'x'.repeat(65) },
  [],
  [{ format: 1 }],
  null,
  'brain',
  42,
];

describe('brain.json', () => {
  it.each(CASES.map((c) => [JSON.stringify(c), c]))('hand check agrees with the schema: %s', (_, value) => {
    const schemaAccepts = ManifestSchema.safeParse(value).success;
    let readAccepts = true;
    try {
      parseManifest(JSON.stringify(value), 'brain');
    } catch (err) {
      expect(isBrainError(err) && ['not_initialized', 'unsupported_format'].includes(err.code)).toBe(true);
      readAccepts = isBrainError(err) && err.code === 'unsupported_format'; // a valid manifest of a newer format
    }
    expect(readAccepts).toBe(schemaAccepts);
  });

  it('keeps members it does not know and refuses a newer format with a hint', () => {
    expect(parseManifest('{"format":1,"default_project":"p","created_by":"x"}', 'brain')).toEqual({ format: 1, default_project: 'p', created_by: 'x' });
    expect(() => parseManifest('{"format":2}', 'brain')).toThrow(/format 2/);
    expect(() => parseManifest('not json', 'brain')).toThrow(/not valid JSON/);
  });

  it('says which member is wrong, quoted safely; a bad default_project is a brain to fix, not another branch (docs/decisions/0060)', () => {
    const refusal = (text: string) => {
      try {
        parseManifest(text, 'brain');
      } catch (err) {
        if (isBrainError(err, 'not_initialized')) return err;
      }
      throw new Error('not refused');
    };
    const project = refusal(JSON.stringify({ format: 1, default_project: 'x\u001b]0;pwn\u0007\u202e' }));
    expect(project.message).toBe('brain.json on branch brain is not a brain manifest: default_project "x\\u001b]0;pwn\\u0007\u202e" is not a project id (lower-case letters, digits, ".", "_", "-"; at most 64)');
    expect(project.hint).toContain('git log brain -- brain.json');
    const other = refusal('{"name":"some-package"}');
    expect(other.message).toBe('brain.json on branch brain is not a brain manifest: format undefined is not an integer ≥ 1');
    expect(other.hint).toBe('is this branch used for something else? pass --branch NAME');
  });
});
