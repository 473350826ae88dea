/**
 * Brains for the picture tests (issue #22), built in-process: a bundled ADR corpus imported as a
 * fresh copy (no git history, so every revision is recorded today and only the ADRs' own dates
 * are old), and a synthetic project of 2 000 entries written in four commits straight through
 * the store — decisions with their own dates in supersede chains, plan revisions in chains,
 * dependencies on entries and on external things, blockers on entries and tasks, and every 97th
 * title hostile (markup, a direction override, an attribute breaker).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveEntryId } from '../../src/model/entry-id.js';
import type { Entry } from '../../src/model/entry.js';
import type { EntryKind } from '../../src/model/kinds.js';
import { buildEntry, newEntryBase } from '../../src/model/input.js';
import { importAdr } from '../../src/service/import-adr.js';
import { openTestBrain } from '../helpers/brain.js';
import { tempDir } from '../helpers/git.js';

/** The bundled corpus the tests import: 49 ADRs dated 2018-02-05 … 2026-06-05, one superseded. */
export const CORPUS = 'ministryofjustice__cloud-platform';

/** A hostile title: markup that would run, a right-to-left override, a quote that would end an attribute. */
export const HOSTILE_TITLE = 'Evil \u202Egnp.exe <script>window.pwned=1</script> <img src=x onerror="window.pwned=2"> "><svg onload="window.pwned=3">';

/** Imports {@link CORPUS} into project `projectId` of the repository at `dir`. Returns the entries' ids by their file's path. */
export async function seedCorpus(dir: string, projectId: string): Promise<Map<string, string>> {
  const copy = join(tempDir('brain-pictures-'), 'decisions');
  cpSync(fileURLToPath(new URL(`../../fixtures/adr/${CORPUS}`, import.meta.url)), copy, { recursive: true });
  const brain = await openTestBrain(dir, { projectId, author: 'importer' });
  try {
    return new Map((await importAdr(brain, { dir: copy })).entries.map((e) => [e.source_path, e.entry_id]));
  } finally {
    await brain.close();
  }
}

/** What the synthetic project holds, for the assertions. */
export interface Synthetic {
  ids: string[];
  kinds: Record<string, number>;
  /** Decisions and plan revisions that supersede another (successor → superseded). */
  supersedes: Map<string, string>;
  hostile: string[];
}

const KIND_OF: EntryKind[] = ['decision', 'decision', 'decision', 'plan_revision', 'dependency', 'dependency', 'blocker', 'risk', 'open_question', 'open_question'];
const DAY = 86_400_000;

/** Writes `count` entries (a multiple of 10) into project `projectId` of the repository at `dir`. */
export async function seedSynthetic(dir: string, projectId: string, count = 2000): Promise<Synthetic> {
  const kindAt = (i: number) => KIND_OF[i % 10] as EntryKind;
  const ids = Array.from({ length: count }, (_, i) => deriveEntryId(kindAt(i), `pictures/${projectId}/${i}`));
  const byKind = (kind: EntryKind) => ids.filter((_, i) => kindAt(i) === kind);
  const [decisions, plans, blockers, questions] = [byKind('decision'), byKind('plan_revision'), byKind('blocker'), byKind('open_question')];
  const supersedes = new Map<string, string>();
  decisions.forEach((id, k) => { if (k % 3 !== 0) supersedes.set(id, decisions[k - 1] as string); });
  plans.forEach((id, k) => { if (k % 4 !== 0) supersedes.set(id, plans[k - 1] as string); });
  const superseded = new Set(supersedes.values());
  const hostile: string[] = [];
  const recorded_at = new Date().toISOString();
  const entries: Entry[] = ids.map((id, i) => {
    const kind = kindAt(i);
    const title = i % 97 === 5 ? (hostile.push(id), `${HOSTILE_TITLE} ${i}`) : `${kind.replace('_', ' ')} number ${i} about the ${['cache', 'index', 'daemon', 'hub', 'importer'][i % 5]}`;
    const k = Math.floor(i / 10);
    const fields: Record<string, unknown> = { title, rationale: `Synthetic ${kind} ${i}.` };
    if (kind === 'decision') {
      const old = supersedes.get(id);
      Object.assign(fields, { status: superseded.has(id) ? 'superseded' : 'accepted', ...(old ? { supersedes_entry_id: old } : {}), payload: { decision_date: new Date(Date.UTC(2016, 0, 1) + i * 2 * DAY).toISOString().slice(0, 10) } });
    } else if (kind === 'plan_revision') {
      Object.assign(fields, { status: superseded.has(id) ? 'superseded' : 'active', payload: { summary: `Plan ${i}.`, supersedes_plan_entry_id: supersedes.get(id) ?? null } });
    } else if (kind === 'dependency') {
      const target = [decisions[k % decisions.length], `library-${k % 40}@${1 + (k % 3)}`, blockers[k % blockers.length]][i % 3] as string;
      Object.assign(fields, { related_entry_ids: k % 2 === 0 ? [questions[k % questions.length]] : [], payload: { depends_on: target, dependency_kind: ['requires', 'blocks', 'relates_to'][k % 3] } });
    } else if (kind === 'blocker') {
      Object.assign(fields, { status: 'blocked', related_entry_ids: [questions[(k + 7) % questions.length]], related_task_ids: k % 3 === 0 ? [`T-${k}`] : [], payload: { severity: 'high' } });
    } else if (kind === 'risk') {
      Object.assign(fields, { payload: { likelihood: 'low', impact: 'high' } });
    }
    return buildEntry(newEntryBase({ entry_id: id, entry_kind: kind, project_id: projectId, author: 'synthetic', recorded_at }), fields as Parameters<typeof buildEntry>[1], { revision: 1, author: 'synthetic', recorded_at });
  });
  const brain = await openTestBrain(dir, { projectId, author: 'synthetic' });
  try {
    for (let at = 0; at < entries.length; at += 500) {
      await brain.store.transact({ projectId, identity: brain.identity() }, async (tx) => {
        for (const e of entries.slice(at, at + 500)) await tx.put(e);
        return { message: `brain: synthetic batch ${at / 500 + 1}`, value: null };
      });
    }
  } finally {
    await brain.close();
  }
  const kinds: Record<string, number> = {};
  for (const e of entries) kinds[e.entry_kind] = (kinds[e.entry_kind] ?? 0) + 1;
  return { ids, kinds, supersedes, hostile };
}
