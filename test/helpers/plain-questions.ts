/**
 * Entries for the plain-question search tests (issue #18 "Search answers plain questions";
 * docs/decisions/0035), shared by the SQLite search test and the conformance suite so both
 * backends answer the same questions over the same entries: a stemmed word, the issue's
 * superseded entry holding every word of the question, near twins where only the status
 * differs, a superseded entry that matches much better, a phrase held together vs apart, and an
 * entry holding every word of a question once, in passing, vs one about two of its words, and a
 * title naming the question's words vs a body repeating them (0047), and a short entry about two
 * of a question's words vs a long design document holding every word once, in passing (0047), and a title naming most of a question's words vs a body repeating all of
 them (0066).
 */
import type { Brain } from '../../src/service.js';

/** The entry ids by role. */
export type PlainQuestionIds = Record<'backup' | 'policy' | 'langOld' | 'languages' | 'pgNew' | 'pgOld' | 'redisOld' | 'redisNew' | 'phrase' | 'apart' | 'idle' | 'notes' | 'cleanup' | 'design' | 'rotation' | 'platform' | 'sync' | 'protocol', string>;

/** Writes the entries into `brain`'s project (initialised); returns their ids. */
export async function seedPlainQuestions(brain: Brain): Promise<PlainQuestionIds> {
  const add = async (fields: Record<string, unknown>) => (await brain.writes.append({ kind: 'decision', fields: fields as never })).entry.entry_id;
  const backup = await add({ title: 'Backup Strategy', rationale: 'Nightly snapshots of every volume, kept for a month.' });
  const policy = await add({ title: 'Retention policy', rationale: 'Logs are kept for a year.' });
  // The case: the superseded entry holds every word of the question, stop words included.
  const langOld = await add({ title: 'Use Java', rationale: 'Which languages do we use? Java only, for now.' });
  const languages = await add({ title: 'Use Kotlin and Java', rationale: 'Both languages run on the JVM.' });
  await brain.writes.supersede({ entryId: langOld, byEntryId: languages });
  // Same words, the older one saying "postgresql" once more: slightly better, but superseded.
  const pgNew = await add({ title: 'Use PostgreSQL for the main database', rationale: 'It runs well for us.' });
  const pgOld = await add({ title: 'Use PostgreSQL for the main database', rationale: 'PostgreSQL runs well for us.' });
  await brain.writes.supersede({ entryId: pgOld, byEntryId: pgNew });
  // A superseded entry about redis vs an in-force one that mentions it once: the old one matches much better.
  const redisOld = await add({ title: 'Redis for sessions', rationale: 'Redis keeps sessions; redis is fast.' });
  const redisNew = await add({ title: 'Session store in the database', rationale: 'Sessions live in the main database, next to the accounts they belong to, and expire with a nightly job. We tried redis once, long ago, for a different reason.' });
  await brain.writes.supersede({ entryId: redisOld, byEntryId: redisNew });
  // The query's adjacent words as a phrase: one entry says "ingress controller", the other says each word twice, apart.
  const phrase = await add({ title: 'Networking', rationale: 'We run one ingress controller per cluster.' });
  const apart = await add({ title: 'Traffic', rationale: 'Ingress traffic reaches a controller; the ingress side and the controller side scale apart.' });
  // "how do idle heartbeats work": a short entry about idle heartbeats lacks the weak word "work";
  // a longer design note holds each word once, in passing. More matches rank higher, not above everything.
  const idle = await add({ title: 'Idle heartbeats keep quiet subscriptions alive', rationale: 'A subscriber with no traffic gets a heartbeat every 30 seconds, so an idle heartbeat tells it the stream is alive.' });
  const notes = await add({ title: 'Notes on the design of the client library', rationale: 'Connections open lazily and an idle one closes after five minutes. A heartbeat from the server resets the stall timer. Most of this work shipped in the first release.' });
  // "how are old runs cleaned up" (decision 0047): a short entry whose title names the words vs a
  // design note that repeats them in its body. The title matters more than the body.
  const cleanup = await add({ title: 'Automated run cleanup', rationale: 'Old results are removed every night.' });
  const design = await add({ title: 'Results storage', rationale: 'Cleanup removes old results; old runs wait for cleanup, and each run is archived.' });
  // "how often are database credentials rotated" (decision 0047, long documents): a short entry
  // about two of its words vs a long design document (~1 600 words) that names all four once, in
  // passing. BM25 weighs the long document down by its length; so must PostgreSQL's ts_rank.
  const rotation = await add({ title: 'Secrets', rationale: 'Credentials are rotated every month.' });
  const sections = Array.from({ length: 400 }, (_, i) => `Part ${i} covers module${i % 150}.`);
  sections.splice(100, 0, 'The database runs on its own host.');
  sections.splice(250, 0, 'Service credentials live in the vault.');
  sections.splice(380, 0, 'Keys rotate as often as staff leave.');
  const platform = await add({ title: 'Platform design', rationale: sections.join(' ') });
  // "can quotas created on a zone be synced up to global" (decision 0066, kuma's MADR 044 vs
  // 021): the entry whose title names three of its four words vs a design note whose body says
  // every one of them again and again. The title outweighs a body's repetitions.
  const sync = await add({ title: 'Zone to global quota sync', rationale: 'Each one is copied upwards.' });
  const protocol = await add({ title: 'Replication protocol redesign', rationale: 'The global side keeps every zone synced: quotas created on global are synced to each zone, and quotas created on a zone are synced to global. A zone is synced from global after it reconnects; zone quotas reach global when created, global quotas reach a zone when created.' });
  return { backup, policy, langOld, languages, pgNew, pgOld, redisOld, redisNew, phrase, apart, idle, notes, cleanup, design, rotation, platform, sync, protocol };
}

/** Questions and the hits each must start with, in order, on every backend. */
export const plainQuestionCases = (e: PlainQuestionIds): { query: string; first: string[] }[] => [
  { query: 'policies', first: [e.policy] },
  { query: 'how do we do backups', first: [e.backup] },
  { query: 'which languages do we use', first: [e.languages, e.langOld] },
  { query: 'postgresql database', first: [e.pgNew, e.pgOld] },
  { query: 'redis', first: [e.redisOld, e.redisNew] },
  { query: 'ingress controller', first: [e.phrase, e.apart] },
  { query: 'snapshts', first: [e.backup] },
  { query: 'how do idle heartbeats work', first: [e.idle, e.notes] },
  { query: 'how are old runs cleaned up', first: [e.cleanup, e.design] },
  { query: 'how often are database credentials rotated', first: [e.rotation] },
  { query: 'can quotas created on a zone be synced up to global', first: [e.sync, e.protocol] },
];
