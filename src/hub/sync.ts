/**
 * Syncing one hub repository (issue #11): fetch its docs branch into the hub's mirror
 * (mirror.ts), check the tip is a brain tree (`brain.json` a manifest this brain reads), and
 * bring the backend's projection of that repository to the tip through the backend's one
 * apply path (`ProjectionBackend.refresh`, an object reader over the bare mirror). A failure
 * of any step is recorded on the repository (code, message, when) and the projection keeps
 * its last good state; other repositories are untouched. Syncs of one repository are
 * coalesced: while one runs, every further request shares ONE follow-up sync, which starts
 * after it and so sees every push made before the request.
 */
import type pg from 'pg';
import { createObjectReader, type ObjectReader } from '../git/object-reader.js';
import { BrainError } from '../model/errors.js';
import type { ProjectionBackend } from '../projection/backend.js';
import { MANIFEST_PATH } from '../store/layout.js';
import { parseManifest } from '../store/manifest.js';
import { fetchMirror, mirrorLocation, mirrorTip } from './mirror.js';
import { getRepo, recordSync } from './registry.js';

/** What one sync did. */
export interface SyncOutcome {
  repo: string;
  ok: boolean;
  /** The commit projected after the sync (the old one when it failed). */
  projected_oid: string | null;
  error: { code: string; message: string } | null;
}

/** Throws `not_initialized`/`unsupported_format` unless `tip`'s tree has a `brain.json` this brain reads. */
async function assertBrainTree(reader: ObjectReader, tip: string, branch: string): Promise<void> {
  const commit = await reader.readCommit(tip);
  const manifest = (await reader.readTree(commit.tree)).find((item) => item.name === MANIFEST_PATH && item.type === 'blob');
  if (!manifest) throw new BrainError('not_initialized', `branch ${branch} at ${tip.slice(0, 12)} is not a brain tree: no ${MANIFEST_PATH}`, { hint: 'is this branch used for something else? register the repository with the right --branch' });
  parseManifest((await reader.readBlob(manifest.oid)).toString('utf8'), branch);
}

/** Options of {@link RepoSyncer}. */
export interface RepoSyncerOptions {
  pool: pg.Pool;
  backend: ProjectionBackend;
  hubDir: string;
  /** Limit of one git fetch, ms. */
  fetchTimeoutMs?: number;
  /** Called after every sync (logging). */
  onSynced?: (outcome: SyncOutcome) => void;
}

/** Runs and coalesces syncs (see the module doc). */
export class RepoSyncer {
  private readonly running = new Map<string, Promise<SyncOutcome>>();
  private readonly queued = new Map<string, Promise<SyncOutcome>>();

  constructor(private readonly options: RepoSyncerOptions) {}

  /** Syncs `repo` (see the module doc); never rejects for a failing repository: the outcome says (`not_found` when it is not registered, or was removed meanwhile). */
  sync(repo: string): Promise<SyncOutcome> {
    const queued = this.queued.get(repo);
    if (queued) return queued;
    const running = this.running.get(repo);
    if (!running) return this.start(repo);
    const next = running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      this.queued.delete(repo);
      return this.start(repo);
    });
    this.queued.set(repo, next);
    return next;
  }

  /** Resolves when no sync runs or waits. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.queued.size > 0) await Promise.allSettled([...this.running.values(), ...this.queued.values()]);
  }

  private start(repo: string): Promise<SyncOutcome> {
    const run = this.run(repo).finally(() => {
      if (this.running.get(repo) === run) this.running.delete(repo);
    });
    this.running.set(repo, run);
    return run;
  }

  private async run(name: string): Promise<SyncOutcome> {
    const { pool, backend, hubDir } = this.options;
    let outcome: SyncOutcome;
    try {
      // Inside the try: a repository removed meanwhile (another process) is this sync's outcome, not a failed pass.
      const record = await getRepo(pool, name);
      await fetchMirror({ hubDir, name, source: record.source, branch: record.branch, ...(this.options.fetchTimeoutMs ? { timeoutMs: this.options.fetchTimeoutMs } : {}) });
      const tip = await mirrorTip(hubDir, name, record.branch);
      const reader = await createObjectReader({ repo: mirrorLocation(hubDir, name) });
      try {
        if (tip !== null) await assertBrainTree(reader, tip, record.branch);
        await backend.refresh({ repo: name, reader, tip });
      } finally {
        await reader.close();
      }
      // Unregistered while this sync ran: what it projected must not stay.
      if (!(await recordSync(pool, name, null))) await backend.drop(name);
      outcome = { repo: name, ok: true, projected_oid: await backend.projectedOid(name), error: null };
    } catch (err) {
      const error = err instanceof BrainError ? { code: err.code, message: err.message } : { code: 'internal', message: err instanceof Error ? err.message : String(err) };
      await recordSync(pool, name, error);
      outcome = { repo: name, ok: false, projected_oid: await backend.projectedOid(name).catch(() => null), error };
    }
    this.options.onSynced?.(outcome);
    return outcome;
  }
}
