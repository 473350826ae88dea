/**
 * Ledger lines a change of a ledger file lost (DESIGN §3 invariant 3: a ledger is append-only
 * and merges by union, so every line it ever held stays). Shared by `brain verify` (per commit)
 * and `brain review` (merge base against HEAD; decision 0067).
 */
import type { ObjectReader } from '../git/object-reader.js';

/**
 * The non-blank lines of the ledger blob `oldOid` that the blob `newOid` no longer holds byte
 * for byte (an edited line counts as lost), in their old order; `newOid` null = the ledger was
 * deleted, so every line is lost. Errors: the reader's (`not_found`, `git_error`).
 */
export async function lostLedgerLines(reader: ObjectReader, oldOid: string, newOid: string | null): Promise<string[]> {
  const before = (await reader.readBlob(oldOid)).toString('utf8').split('\n').filter((l) => l.trim() !== '');
  const after = newOid === null ? new Set<string>() : new Set((await reader.readBlob(newOid)).toString('utf8').split('\n'));
  return [...new Set(before)].filter((line) => !after.has(line));
}
