/**
 * The per-entry ledger (DESIGN §3 invariant 3): `ledger.jsonl`, one line per revision,
 * `{author, file, merged_sha256?, parent_sha256, recorded_at, revision, sha256}` as single-line
 * canonical JSON. `parent_sha256` is the sha256 of the previous revision's file (null for
 * revision 1), so the lines form a hash chain. The file merges by union
 * (`.gitattributes: *.jsonl merge=union`).
 *
 * `merged_sha256` appears only on a revision that closes a fork (DESIGN §3 invariant 5): when
 * revision n-1 was held by several files (a merge made outside `brain sync`), the next revision
 * chains onto the current one (`parent_sha256`) and lists the other heads here, sorted, so the
 * chain records both parents (docs/decisions/0008-sync-replays-local-revisions.md).
 */
import { z } from 'zod';
import { BrainError } from '../model/errors.js';

/** One ledger line (docs/format.md "Ledger"; JSON Schema in docs/schema/ledger-line.schema.json). */
export const LedgerLineSchema = z.strictObject({
  revision: z.number().int().min(1),
  file: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  parent_sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  merged_sha256: z.array(z.string().regex(/^[0-9a-f]{64}$/)).min(1).optional(),
  recorded_at: z.string(),
  author: z.string(),
});
/** A parsed ledger line. */
export type LedgerLine = z.infer<typeof LedgerLineSchema>;

/** One ledger line as text, with its trailing LF. Keys sorted, no spaces; an absent `merged_sha256` is omitted. */
export function formatLedgerLine(line: LedgerLine): string {
  const ordered = Object.fromEntries(
    Object.entries(line)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return `${JSON.stringify(ordered)}\n`;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const LINE_KEYS = Object.keys(LedgerLineSchema.shape);
const isSha = (v: unknown): v is string => typeof v === 'string' && SHA256_HEX.test(v);

/**
 * `value` as {@link LedgerLineSchema} returns it (its key order, `merged_sha256` copied), when
 * it is a plain object every rule of the schema accepts; null when it is not, or on any doubt —
 * then the schema decides and words the error (issue 21: zod cost ~5 µs a line in a cold
 * rebuild; test/store/ledger-line.test.ts compares both).
 */
export function plainLedgerLine(value: unknown): LedgerLine | null {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const v = value as Record<string, unknown>;
  const merged = v.merged_sha256;
  const hasMerged = Object.hasOwn(v, 'merged_sha256');
  if (Object.keys(v).length !== LINE_KEYS.length - (hasMerged ? 0 : 1) || !LINE_KEYS.every((k) => k === 'merged_sha256' || Object.hasOwn(v, k))) return null;
  if (!Number.isSafeInteger(v.revision) || (v.revision as number) < 1) return null;
  if (typeof v.file !== 'string' || v.file.length === 0 || !isSha(v.sha256) || (v.parent_sha256 !== null && !isSha(v.parent_sha256))) return null;
  if (typeof v.recorded_at !== 'string' || typeof v.author !== 'string') return null;
  if (hasMerged && !(Array.isArray(merged) && merged.length > 0 && merged.every(isSha))) return null;
  return {
    revision: v.revision as number, file: v.file, sha256: v.sha256, parent_sha256: v.parent_sha256 as string | null,
    ...(hasMerged ? { merged_sha256: [...(merged as string[])] } : {}), recorded_at: v.recorded_at, author: v.author,
  };
}

/**
 * Parses a ledger file. Blank lines are ignored. Errors: `invalid_entry` naming the line.
 */
export function parseLedger(text: string): LedgerLine[] {
  const lines: LedgerLine[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (cause) {
      throw new BrainError('invalid_entry', `ledger line ${index + 1} is not JSON`, { cause, data: { line: index + 1 } });
    }
    const plain = plainLedgerLine(value);
    if (plain !== null) {
      lines.push(plain);
      return;
    }
    const parsed = LedgerLineSchema.safeParse(value);
    if (!parsed.success) {
      throw new BrainError('invalid_entry', `ledger line ${index + 1} is malformed: ${parsed.error.issues[0]?.message}`, {
        data: { line: index + 1 },
      });
    }
    lines.push(parsed.data);
  });
  return lines;
}
