/**
 * `brain sync [remote]` (DESIGN §6, §8; issue #4): fetch, replay local revisions on top of the
 * remote's, push. Prints what was pushed and received and every entry changed on both sides;
 * `--json` prints the {@link SyncReport}.
 */
import type { Command } from 'commander';
import type { HeldConflict, SyncReport, SyncedEntry } from '../service/sync.js';
import { runWithBrain } from './context.js';
import { plural } from '../model/plural.js';

const revs = (ns: (number | null)[]) => ns.map((n) => (n === null ? '(already there)' : `r${n}`)).join(', ');

function renderEntry(e: SyncedEntry): string {
  const verb = e.yours.length === 1 ? 'follows' : 'follow';
  const kept = e.now.filter((n) => n !== null);
  const where =
    kept.length === 0
      ? `your ${revs(e.yours)} already said what their r${e.theirs} says`
      : `your ${revs(e.yours)} now ${verb} their r${e.theirs} as ${revs(e.now)}`;
  const both = e.both_changed.length ? ` (both changed ${e.both_changed.join(', ')}; yours kept)` : '';
  return `  ${e.entry_id}: ${where}${both} — review: ${e.review}`;
}

function renderHeld(h: HeldConflict): string {
  const remote = h.theirs === null ? 'the remote changed it' : `the remote is at r${h.theirs}`;
  // A revision held only because it was written with (or on) a held guarded write names no guard of its own (decision 0067).
  const why = h.expected_revision === null ? `belongs to a guarded write that was held back (here ${remote})` : `expected r${h.expected_revision}, but ${remote}`;
  return `  ${h.entry_id}: your ${revs(h.yours)} ${why}: not replayed, kept as candidate ${h.candidate_id}\n    hint: ${h.hint}`;
}

/** The human output of `brain sync`. */
export function renderSync(r: SyncReport): string {
  const head: Record<SyncReport['action'], string> = {
    up_to_date: 'already up to date',
    created_local: `created branch ${r.branch} from ${r.remote}/${r.branch}`,
    created_remote: `created ${r.branch} on ${r.remote}`,
    pushed: `pushed to ${r.remote}/${r.branch}`,
    fast_forward: `updated from ${r.remote}/${r.branch}`,
    replayed: `replayed your revisions onto ${r.remote}/${r.branch} and pushed`,
  };
  // A held write is pushed too, as a pending candidate (decision 0063): say so, or "0 revisions pushed" reads as nothing sent (decision 0067).
  const held = r.held.length === 0 ? '' : ` (and ${plural(r.held.length, 'held write')} as ${r.held.length === 1 ? 'a pending candidate' : 'pending candidates'})`;
  // Candidate revisions are counted apart: an approval pushes one of each, which "2 revisions" misread (decision 0067).
  const counted = (entries: number, candidates: number) => `${plural(entries, 'revision')}${candidates === 0 ? '' : ` and ${plural(candidates, 'candidate revision')}`}`;
  const lines = [`${head[r.action]}: ${counted(r.pushed, r.candidate_revisions.pushed)} pushed${held}, ${counted(r.received, r.candidate_revisions.received)} received (tip ${r.tip.slice(0, 12)})`];
  if (r.attempts > 1) lines.push(`  (someone pushed meanwhile: took ${r.attempts} attempts)`);
  if (r.changed_on_both_sides.length) lines.push(`changed on both sides: ${r.changed_on_both_sides.length}`, ...r.changed_on_both_sides.map(renderEntry));
  if (r.held.length) lines.push(`revision_conflict: ${plural(r.held.length, 'guarded write')} held back (--expected-revision no longer holds)`, ...r.held.map(renderHeld));
  if (r.unreplayable.length) lines.push(`not replayed (invalid; see brain verify): ${r.unreplayable.join(', ')}`);
  return lines.join('\n');
}

/** Registers `sync` on `program`. */
export function registerSyncCommand(program: Command): void {
  program
    .command('sync [remote]')
    .description('fetch the docs branch from a remote (default origin), replay your revisions on top, push')
    .action(async (remote: string | undefined, _options: unknown, command: Command) => {
      const { syncBrain } = await import('../service/sync.js');
      const report = await runWithBrain(command, (brain) => syncBrain(brain, remote === undefined ? {} : { remote }), renderSync);
      // Synced, but a guarded write did not land as written: exit 1, like a merge with conflicts.
      if (report.held.length > 0) process.exitCode = 1;
    });
}
