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
