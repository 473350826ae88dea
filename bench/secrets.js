/**
 * Bench section: secrets never reach the branch (issue #20, docs/decisions/0040). Counts, in a
 * repository of its own, through the real store:
 *
 *   - the real-shaped set (fixtures/secrets/real-shaped.js): each credential written in a
 *     revision, in turn in each kind of field — how many were written (target 0);
 *   - the four bundled ADR corpora imported with `importAdr` — how many were refused (target 0);
 *   - what the scan costs per revision on the synthetic history, beside the zod validation
 *     every write already runs on the same revisions, and what it adds to a 100 000-line
 *     `brain import jsonl`.
 *
 * Also runs alone: `npm run bench -- secrets`.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrain } from '../dist/service.js';
import { importAdr } from '../dist/service/import-adr.js';
import { findSecrets } from '../dist/model/secret-scan.js';
import { validateEntry } from '../dist/model/validate.js';
import { isBrainError } from '../dist/model/errors.js';
import { REAL_SHAPED, LOOK_ALIKES } from '../fixtures/secrets/real-shaped.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';
import { fmt, now } from './timing.js';

const CORPORA = ['JabRef__jabref', 'adr__madr', 'ministryofjustice__cloud-platform', 'thomvaill__log4brains'];
/** Where a credential is put: each kind of field an entry has (rationale, title, payload text and list, tags, citations, paths). */
const PLACES = [
  (e, t) => ({ ...e, rationale: `Context.\n${t}\nMore.` }),
  (e, t) => ({ ...e, title: `Rotate ${t}` }),
  (e, t) => ({ ...e, payload: { ...e.payload, decision_outcome: t } }),
  (e, t) => ({ ...e, payload: { ...e.payload, alternatives: ['keep it', t] } }),
  (e, t) => ({ ...e, tags: ['ops', t] }),
  (e, t) => ({ ...e, citations: [{ source_ref: t, source_kind: 'external_url' }] }),
  (e, t) => ({ ...e, paths: [t] }),
];

/** Runs the section; adds its rows and targets to `ctx`; returns `{ written, attempts, refusals, adrs, scanMs, validateMs }`. */
export async function secretsSection(ctx) {
  ctx.section('secrets never reach the branch');
  const repoDir = join(ctx.root, 'secrets');
  mkdirSync(repoDir, { recursive: true });
  git(repoDir, ['init', '-q']);
  const brain = await openBrain({ repoDir, projectId: 'secrets', author: 'bench' });
  await brain.init();
  const identity = brain.identity('bench');
  const base = (n) => ({
    entry_id: `dec-${String(n).padStart(12, '0')}`, project_id: 'secrets', entry_kind: 'decision', title: 'Credentials', rationale: 'r', status: 'accepted',
    author: 'bench', recorded_at: '2025-01-01T00:00:00.000Z', related_task_ids: [], related_entry_ids: [], tags: [], supersedes_entry_id: null,
    confidence: null, citations: [], paths: [], payload: { alternatives: [], decision_outcome: 'o' },
  });

  // The real-shaped set, each credential in each field kind that can hold it (one line only where the field is one line).
  let attempts = 0;
  let written = 0;
  let invalid = 0;
  for (const [i, shape] of REAL_SHAPED.entries()) {
    for (const [j, place] of PLACES.entries()) {
      const entry = place(base(i * PLACES.length + j), shape.text);
      try {
        const r = await brain.store.transact({ projectId: 'secrets', identity }, async (tx) => {
          await tx.put(entry);
          return { message: 'bench: secret', value: null };
        });
        attempts++;
        if (r.commit !== null) written++;
      } catch (err) {
        if (isBrainError(err, 'secret_detected')) attempts++;
        else if (isBrainError(err, 'invalid_entry')) invalid++; // e.g. a multi-line key in a one-line field
        else throw err;
      }
    }
  }
  ctx.log(`  real-shaped set: ${REAL_SHAPED.length} credentials × ${PLACES.length} field kinds → ${attempts} writes attempted (${invalid} invalid for the field), ${written} written`);

  // The bundled corpora and the look-alikes: nothing refused.
  let adrs = 0;
  let refusals = 0;
  for (const corpus of CORPORA) {
    const dir = fileURLToPath(new URL(`../fixtures/adr/${corpus}`, import.meta.url));
    adrs += readdirSync(dir).filter((f) => /^\d+.*\.md$/.test(f)).length;
    try {
      await importAdr(brain, { dir });
    } catch (err) {
      if (!isBrainError(err, 'secret_detected')) throw err;
      refusals++;
      ctx.log(`  REFUSED ${corpus}: ${err.message}`);
    }
  }
  for (const [i, alike] of LOOK_ALIKES.entries()) {
    try {
      await brain.store.transact({ projectId: 'secrets', identity }, async (tx) => {
        await tx.put({ ...base(100000 + i), rationale: alike.text });
        return { message: 'bench: look-alike', value: null };
      });
    } catch (err) {
      if (!isBrainError(err, 'secret_detected')) throw err;
      refusals++;
      ctx.log(`  REFUSED look-alike ${alike.name}`);
    }
  }
  ctx.log(`  bundled corpora: ${adrs} ADRs in ${CORPORA.length} corpora, and ${LOOK_ALIKES.length} look-alikes → ${refusals} refused`);
  await brain.close();

  // Cost per revision on the synthetic history, beside zod's validation of the same revisions.
  const { events } = generateHistory({ entries: 2000, revisions: 10000, projectId: 'bench' });
  const revisions = events.map((e) => ({ ...e.entry, revision: 1 }));
  await findSecrets(revisions[0]);
  let t0 = now();
  let found = 0;
  for (const r of revisions) found += (await findSecrets(r)).length;
  const scanMs = (now() - t0) / revisions.length;
  t0 = now();
  for (const r of revisions) validateEntry(r);
  const validateMs = (now() - t0) / revisions.length;
  ctx.log(`  scan: ${fmt(scanMs)} ms per revision (${found} found in ${revisions.length} synthetic revisions), zod validation ${fmt(validateMs)} ms`);

  ctx.results.add({ name: `secret scan, one revision (${revisions.length} synthetic revisions)`, value: scanMs, unit: 'ms', baseline: validateMs, baselineName: 'validateEntry (zod), same revisions' });
  ctx.results.add({ name: 'secret scan, added to a 100 000-line import jsonl', value: (scanMs * 100_000) / 1000, unit: 's' });
  ctx.targets.add({ operation: `secrets written (real-shaped set, ${attempts} writes)`, ours: written, unit: '', target: '0', met: (o) => o === 0 });
  ctx.targets.add({ operation: `false refusals (${adrs} bundled ADRs, ${LOOK_ALIKES.length} look-alikes)`, ours: refusals, unit: '', target: '0', met: (o) => o === 0 });
  return { written, attempts, refusals, adrs, scanMs, validateMs };
}
