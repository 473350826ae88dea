/**
 * A deterministic synthetic brain for the benchmark: `entries` entries of all six kinds with
 * `revisions` revisions in total, as a chronological stream of revision events. Same seed,
 * same events, same bytes on every machine (the PRNG is seeded; ids are derived, not random).
 *
 * Shapes: titles from per-kind templates, rationales of 300–1500 characters from technical
 * sentences, 0–5 tags with a Zipf-like skew, related tasks, paths, citations, confidence, and
 * statuses that move through each kind's lifecycle over the entry's revisions (the last
 * revision of many entries resolves, clears, mitigates or supersedes them).
 */
import { deriveEntryId } from '../dist/model/entry-id.js';

/** mulberry32: a small, fast, seeded 32-bit PRNG returning floats in [0, 1). */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  /** Index skewed towards the start of a list (Zipf-like, exponent ~1). */
  const zipf = (n) => Math.min(n - 1, Math.floor(Math.exp(next() * Math.log(n + 1)) - 1));
  return { next, int, pick, zipf };
}

const COMPONENTS = [
  'the cache', 'the SQLite projection', 'the search index', 'ref updates', 'the writer lock', 'the daemon',
  'the MCP server', 'the REST API', 'the dashboard', 'the ADR importer', 'brain sync', 'the ledger',
  'the tree diff', 'the object reader', 'pack files', 'the CI pipeline', 'auth tokens', 'the rate limiter',
  'the job queue', 'the billing service', 'the payment gateway', 'feature flags', 'structured logging',
  'metrics export', 'distributed tracing', 'schema migrations', 'the Postgres cluster', 'the Redis tier',
  'the Kafka consumers', 'object storage', 'the CDN', 'OAuth login', 'the websocket gateway',
  'the mobile client', 'the onboarding flow', 'search ranking', 'the notification service',
  'the retry policy', 'the connection pool', 'TLS certificate rotation', 'the Kubernetes deployment',
  'the Helm charts', 'the Terraform modules', 'the build cache', 'monorepo tooling', 'the TypeScript config',
  'the ESM migration', 'API versioning', 'the GraphQL layer', 'the gRPC services', 'the protobuf schemas',
];
const TECH = [
  'SQLite', 'Postgres', 'Redis', 'Kafka', 'NATS', 'MiniSearch', 'FTS5', 'isomorphic-git', 'libgit2',
  'git cat-file', 'zod', 'commander', 'chokidar', 'vitest', 'esbuild', 'tsc', 'pnpm', 'npm workspaces',
  'OpenTelemetry', 'Prometheus', 'Grafana', 'Envoy', 'nginx', 'Caddy', 'WebAssembly', 'protobuf', 'JSON Schema',
  'better-sqlite3', 'node:test', 'Playwright', 'Chromium headless', 'Docker', 'Podman', 'Nix', 'Bazel',
];
const PRACTICES = [
  'canonical JSON', 'append-only ledgers', 'compare-and-swap ref updates', 'content-addressed blobs',
  'cursor pagination', 'ETags on every GET', 'structured errors', 'property-based tests', 'golden files',
  'feature flags', 'blue-green deploys', 'semantic versioning', 'trunk-based development', 'code owners',
  'exponential backoff with jitter', 'idempotent retries', 'backpressure', 'circuit breakers', 'fan-out directories',
];
const VERBS = [
  'cache tree objects in process', 'fsync before the ref update', 'rebuild from git on boot',
  'diff two trees instead of rescanning', 'batch blob reads through one child process', 'persist the index keyed by the tip',
  'retry on a lost race', 'shard by project', 'stream results instead of buffering', 'drop the ROW_NUMBER window query',
  'serialize writers behind a lock file', 'vacuum the index when it gets dirty', 'debounce watcher events',
  'poll the tip as a safety net', 'limit the brief to a token budget', 'wrap untrusted text', 'pin the toolchain',
];
const FAILURES = [
  'lose writes', 'serve stale results', 'run out of file descriptors', 'time out', 'corrupt a loose object',
  'deadlock', 'leak memory', 'exceed its latency budget', 'drift from the source of truth', 'fork the history',
];
const CONDITIONS = [
  'two concurrent writers', 'a packed fresh clone', 'a history rewrite', 'fifty thousand revisions', 'a crash mid-write',
  'a slow network filesystem', 'git gc running alongside', 'a daemon restart', 'a force-push', 'a cold cache',
];
const BLOCKED_ON = [
  'a security review', 'the vendor contract', 'a decision on the storage engine', 'the upstream release',
  'CI capacity', 'missing credentials for the staging cluster', 'the schema freeze', 'legal sign-off',
];
const REASONS = [
  'it keeps git as the only source of truth', 'the measured cost is well inside the budget',
  'it removes a second copy of the data that could claim to be current', 'the alternative needs a server we do not run',
  'it survives a crash at any point without a torn object', 'reviewers can read the change in a pull request',
  'the spike showed a 30x difference on packed repositories', 'it is what native git does, so both interoperate',
  'agents need structured answers, not prose', 'it keeps every tree object small whatever the size of the store',
];
export const TAGS = [
  'performance', 'git', 'sqlite', 'api', 'security', 'cache', 'search', 'ci', 'infra', 'ux', 'migration',
  'tech-debt', 'backend', 'frontend', 'data', 'observability', 'reliability', 'mcp', 'cli', 'daemon', 'sync',
  'importer', 'docs', 'testing', 'release', 'privacy', 'compliance', 'cost', 'mobile', 'onboarding', 'billing',
  'q1', 'q2', 'q3', 'q4', 'breaking-change', 'needs-review', 'spike', 'postgres', 'redis', 'kafka', 'kubernetes',
  'terraform', 'typescript', 'esm', 'graphql', 'grpc', 'auth', 'rate-limits', 'storage', 'latency', 'throughput',
  'durability', 'concurrency', 'packaging', 'licensing', 'accessibility', 'i18n', 'dashboard', 'rest',
];
const AUTHORS = ['alice', 'bob', 'carol', 'dmitri', 'eun-ji', 'farah', 'agent-claude', 'agent-codex', 'agent-ci', 'grace'];
const PATHS = [
  'src/store/commit-writer.ts', 'src/store/refs.ts', 'src/projection/sqlite/refresh.ts', 'src/projection/sqlite/apply-changes.ts',
  'src/search/search-index.ts', 'src/service.ts', 'src/cli/main.ts', 'src/daemon/watch.ts', 'src/http/routes.ts',
  'src/mcp/tools.ts', 'infra/helm/values.yaml', 'infra/terraform/main.tf', 'web/app/checkout.tsx', 'docs/format.md',
];

const KIND_WEIGHTS = [
  ['decision', 0.35], ['open_question', 0.2], ['blocker', 0.1], ['risk', 0.15], ['dependency', 0.1], ['plan_revision', 0.1],
];

/** Final-status distributions per kind (the status of the last revision). */
const FINAL_STATUS = {
  decision: [['accepted', 0.6], ['superseded', 0.15], ['proposed', 0.1], ['deprecated', 0.1], ['rejected', 0.05]],
  open_question: [['resolved', 0.6], ['open', 0.4]],
  blocker: [['cleared', 0.7], ['blocked', 0.3]],
  risk: [['active', 0.5], ['mitigated', 0.35], ['retired', 0.15]],
  dependency: [['resolved', 0.55], ['open', 0.45]],
  plan_revision: [['superseded', 0.7], ['active', 0.3]],
};
const INITIAL_STATUS = {
  decision: 'proposed', open_question: 'open', blocker: 'blocked', risk: 'active', dependency: 'open', plan_revision: 'active',
};

function weighted(rng, table) {
  let u = rng.next();
  for (const [value, w] of table) {
    if ((u -= w) < 0) return value;
  }
  return table[table.length - 1][0];
}

function sentence(rng) {
  switch (rng.int(6)) {
    case 0: return `We ${rng.pick(['chose', 'prefer', 'settled on', 'measured'])} ${rng.pick(TECH)} for ${rng.pick(COMPONENTS)} because ${rng.pick(REASONS)}.`;
    case 1: return `Without ${rng.pick(PRACTICES)}, ${rng.pick(COMPONENTS)} could ${rng.pick(FAILURES)} under ${rng.pick(CONDITIONS)}.`;
    case 2: return `The plan is to ${rng.pick(VERBS)} and to ${rng.pick(VERBS)}, then revisit ${rng.pick(COMPONENTS)} once ${rng.pick(TECH)} is upgraded.`;
    case 3: return `In the spike, ${rng.pick(COMPONENTS)} handled ${1 + rng.int(900)} operations per second at p95 ${1 + rng.int(80)} ms with ${rng.pick(TECH)}.`;
    case 4: return `An alternative was ${rng.pick(PRACTICES)} in ${rng.pick(COMPONENTS)}; it was set aside because ${rng.pick(REASONS)}.`;
    default: return `See task-${1 + rng.int(4000)} for the discussion; ${rng.pick(['alice', 'bob', 'the on-call', 'the reviewer'])} noted that ${rng.pick(COMPONENTS)} must ${rng.pick(VERBS)}.`;
  }
}

function paragraph(rng, min, max) {
  const target = min + rng.int(max - min + 1);
  let text = '';
  while (text.length < target) text += (text ? ' ' : '') + sentence(rng);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}.` : text;
}

function title(rng, kind) {
  const c = rng.pick(COMPONENTS);
  switch (kind) {
    case 'decision': return rng.pick([`Use ${rng.pick(TECH)} for ${c}`, `Adopt ${rng.pick(PRACTICES)} in ${c}`, `Replace ${rng.pick(TECH)} with ${rng.pick(TECH)} in ${c}`]);
    case 'open_question': return rng.pick([`Should ${c} ${rng.pick(VERBS)}?`, `How do we make ${c} survive ${rng.pick(CONDITIONS)}?`, `What latency budget does ${c} need?`]);
    case 'blocker': return `${c[0].toUpperCase()}${c.slice(1)} blocked on ${rng.pick(BLOCKED_ON)}`;
    case 'risk': return `${c[0].toUpperCase()}${c.slice(1)} may ${rng.pick(FAILURES)} under ${rng.pick(CONDITIONS)}`;
    case 'dependency': return `${c[0].toUpperCase()}${c.slice(1)} requires ${rng.pick(TECH)} ${1 + rng.int(9)}.${rng.int(20)}`;
    default: return `Plan ${2023 + rng.int(3)}-Q${1 + rng.int(4)}: focus on ${c} and ${rng.pick(COMPONENTS)}`;
  }
}

function tags(rng) {
  const n = rng.int(6);
  const out = new Set();
  for (let i = 0; i < n; i++) out.add(TAGS[rng.zipf(TAGS.length)]);
  return [...out];
}

function payload(rng, kind, status, previous, ids) {
  switch (kind) {
    case 'decision':
      return previous ?? {
        alternatives: Array.from({ length: 1 + rng.int(3) }, () => `${rng.pick(PRACTICES)} with ${rng.pick(TECH)}`),
        decision_outcome: sentence(rng),
      };
    case 'open_question':
      return status === 'resolved' ? { answer: paragraph(rng, 80, 300) } : {};
    case 'blocker':
      return { severity: previous?.severity ?? rng.pick(['low', 'medium', 'high', 'critical']), ...(status === 'cleared' ? { resolution: sentence(rng) } : {}) };
    case 'risk':
      return {
        likelihood: previous?.likelihood ?? rng.pick(['low', 'medium', 'high']),
        impact: previous?.impact ?? rng.pick(['low', 'medium', 'high']),
        ...(status !== 'active' || rng.next() < 0.4 ? { mitigation: sentence(rng) } : {}),
      };
    case 'dependency':
      return previous ?? {
        depends_on: ids.length > 0 && rng.next() < 0.5 ? rng.pick(ids) : `${rng.pick(TECH).toLowerCase().replace(/\s+/g, '-')}@${1 + rng.int(9)}`,
        dependency_kind: rng.pick(['blocks', 'requires', 'relates_to']),
      };
    default:
      return previous ?? { summary: paragraph(rng, 100, 400), supersedes_plan_entry_id: null };
  }
}

/**
 * The words of {@link RARE_ENTRIES} entries at every scale (issue 21: "real queries match few";
 * every other word of the generator recurs at a fixed rate, so its matches grow with the brain).
 */
export const RARE_WORDS = 'heron cutover';
/** How many entries hold {@link RARE_WORDS} in their title, whatever the scale. */
export const RARE_ENTRIES = 12;
const RARE_SUFFIX = ` (${RARE_WORDS.replace(/^./, (c) => c.toUpperCase())})`;

/** The title of entry number `i`: the first {@link RARE_ENTRIES} end with the rare words (no draw from the PRNG, so every other value stays the same). */
function rare(i, text) {
  return i < RARE_ENTRIES && !text.endsWith(RARE_SUFFIX) ? `${text}${RARE_SUFFIX}` : text;
}

/**
 * Generates the history. Returns `{ events, entryIds }`: `events` is chronological, each
 * `{ entry }` an entry without `revision` (the store assigns it), ready for `tx.put`.
 * Options: `entries`, `revisions` (≥ entries), `projectId`, `seed`.
 */
export function generateHistory({ entries, revisions, projectId, seed = 20240611 }) {
  const rng = createRng(seed);
  const start = Date.UTC(2023, 0, 1);
  const span = 900 * 86_400_000;

  // Revision counts: 1 each plus a heavy-tailed share of the rest (largest-remainder rounding).
  const extra = Math.max(0, revisions - entries);
  const weights = Array.from({ length: entries }, () => Math.pow(-Math.log(1 - rng.next()), 1.6));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => 1 + Math.floor((extra * w) / total));
  let left = revisions - counts.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [((extra * w) / total) % 1, i]).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % entries, left--) counts[order[k][1]]++;

  const timeline = [];
  const entryIds = [];
  for (let i = 0; i < entries; i++) {
    const kind = weighted(rng, KIND_WEIGHTS);
    const id = deriveEntryId(kind, `bench/${seed}/${i}`);
    entryIds.push(id);
    const n = counts[i];
    let t = start + Math.floor(rng.next() * span * 0.85);
    const gap = Math.max(60_000, Math.min(14 * 86_400_000, (start + span - t) / (n + 1)));
    const finalStatus = weighted(rng, FINAL_STATUS[kind]);
    const switchAt = n === 1 ? 1 : 2 + rng.int(n - 1); // revision that takes the final status
    let previous = null;
    for (let r = 1; r <= n; r++) {
      const status = r >= switchAt ? finalStatus : INITIAL_STATUS[kind];
      const related = entryIds.length > 1 && rng.next() < 0.3 ? [entryIds[rng.int(entryIds.length - 1)]] : [];
      const entry = {
        entry_id: id,
        project_id: projectId,
        entry_kind: kind,
        title: rare(i, previous && rng.next() < 0.8 ? previous.title : title(rng, kind)),
        rationale: previous && rng.next() < 0.5
          ? `${previous.rationale.slice(0, 1200)} Update: ${sentence(rng)}`.slice(0, 1500)
          : paragraph(rng, 300, 1500),
        status,
        author: AUTHORS[rng.zipf(AUTHORS.length)],
        recorded_at: new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        related_task_ids: previous && rng.next() < 0.7 ? previous.related_task_ids : Array.from({ length: rng.int(3) }, () => `task-${1 + rng.int(4000)}`),
        related_entry_ids: previous ? [...new Set([...previous.related_entry_ids, ...related.filter((x) => x !== id)])].slice(0, 5) : related.filter((x) => x !== id),
        tags: previous && rng.next() < 0.7 ? previous.tags : tags(rng),
        supersedes_entry_id: null,
        confidence: rng.next() < 0.3 ? null : Math.round(rng.next() * 100) / 100,
        citations: rng.next() < 0.4 ? [{ source_ref: `task-${1 + rng.int(4000)}`, source_kind: 'task' }] : previous?.citations ?? [],
        paths: previous?.paths ?? (rng.next() < 0.5 ? [rng.pick(PATHS)] : []),
        payload: payload(rng, kind, status, previous?.payload ?? null, entryIds),
      };
      timeline.push({ t, i, r, entry });
      previous = entry;
      t += 1000 + Math.floor(-Math.log(1 - rng.next()) * gap);
    }
  }
  timeline.sort((a, b) => a.t - b.t || a.i - b.i || a.r - b.r);
  return { events: timeline.map(({ entry }) => ({ entry })), entryIds };
}
