/**
 * A cheap test that a text cannot hold anything the secret scan (secret-scan.ts) would report,
 * so a record without any of these triggers skips secretlint's run (its fixed cost, ~30 µs,
 * and ~20 ns per character for the preset's regexes: 58 µs for a 1.7 KB revision hot, 118 of
 * the ~350 µs of node CPU an imported revision cost in a profiled import — docs/decisions/0068).
 *
 * Each rule the scan runs is listed with substrings that every match of that rule contains
 * (lower case; searched ignoring ASCII case, so a case-insensitive rule is covered and a
 * case-sensitive one over-covered). Derived from the rules of
 * `@secretlint/secretlint-rule-preset-recommend` 13.0.x as the scan configures them:
 * - `aws`: an access key id starts with one of its nine prefixes; a secret access key
 *   assignment names `secret`; account ids are allowed (never reported), so need none.
 * - `gcp`: reports only files named `*.json` / `*.p12`; the scan names its source `field`
 *   with no extension, so the rule never reports (listed with no trigger).
 * - `npm`: `npm_` tokens (its `package.json` and `.npmrc` checks never run on `field`; their
 *   markers are listed anyway).
 * - `basicauth`, `database-connection-string`: a URL with `user:password@` right after its
 *   `://` (both rules match only non-space, non-`/` characters there, and the database rule
 *   skips a URL without a password); Slack webhooks: `hooks.slack.com`.
 * - private keys (the preset's and pem-private-key-rule.ts): `-----BEGIN`.
 * - every other rule: the literal prefix its pattern starts with (OpenAI: the `T3BlbkFJ`
 *   every key holds).
 * A rule the scan loads that is not listed here switches the filter off (everything is
 * scanned): an upgrade of the preset that adds a rule can cost time, never a finding.
 * test/model/secret-triggers.test.ts runs the rules' own test inputs (the secretlint
 * repository's snapshots, fixtures/secrets/secretlint-rule-inputs.json) through the full scan and
 * checks that every text it reports on passes this filter; rerun it on upgrade.
 */
import { PEM_PRIVATE_KEY_RULE } from './pem-private-key-rule.js';

/** A URL holding `user:password@` (no whitespace or `/` between `://` and `@`). */
const URL_WITH_CREDENTIALS = /:\/\/[^\s/]*@/;
const prefixed = (separator: string, ...prefixes: string[]) => prefixes.map((p) => `${p}${separator}`);

/** A lower-case substring, or a pattern, found in every text a rule reports on. */
export type SecretTrigger = string | RegExp;

/** Rule id → the triggers of which every match of it contains one (an empty list: it never reports on entry text). */
export const SECRET_TRIGGERS: ReadonlyMap<string, readonly SecretTrigger[]> = new Map<string, readonly SecretTrigger[]>([
  ...Object.entries<readonly SecretTrigger[]>({
    aws: ['a3t', 'akia', 'agpa', 'aida', 'aroa', 'aipa', 'anpa', 'anva', 'asia', 'secret'],
    gcp: [],
    privatekey: ['-----begin'],
    npm: ['npm_', '_authtoken', 'x-oauth-basic'],
    basicauth: [URL_WITH_CREDENTIALS],
    slack: [...prefixed('-', 'xoxb', 'xoxp', 'xapp', 'xoxa', 'xoxo', 'xoxr'), 'hooks.slack.com'],
    sendgrid: ['sg.'],
    shopify: prefixed('_', 'shppa', 'shpca', 'shpat', 'shpss'),
    stripe: prefixed('_', 'sk_live', 'sk_test', 'rk_live', 'rk_test'),
    github: prefixed('_', 'ghp', 'gho', 'ghu', 'ghs', 'ghr', 'github_pat'),
    gitlab: ['glpat-'],
    grafana: ['glc_', 'glsa_'],
    openai: ['t3blbkfj'],
    anthropic: ['sk-ant-api0'],
    groq: ['gsk_'],
    huggingface: ['hf_'],
    linear: ['lin_api_'],
    notion: ['ntn_'],
    '1password': ['ops_ey'],
    'database-connection-string': [URL_WITH_CREDENTIALS],
    'hashicorp-vault': ['hvs.', 'hvb.', 'hvr.'],
    vercel: prefixed('_', 'vcp', 'vci', 'vca', 'vcr', 'vck'),
    databricks: ['dapi'],
    docker: ['dckr_pat_'],
    figma: ['figd_'],
    cloudflare: prefixed('_', 'cfk', 'cfut', 'cfat'),
    tailscale: ['tskey-'],
  }).map(([name, triggers]) => [`@secretlint/secretlint-rule-${name}`, triggers] as const),
  [PEM_PRIVATE_KEY_RULE, ['-----begin']],
]);

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A filter for the rules `ruleIds` (the ids of the rules the scan loaded): a function that is
 * false only when no rule can report anything in `text` (no trigger of any rule occurs in it,
 * ASCII case ignored), or null when a rule is not in {@link SECRET_TRIGGERS} (then scan all).
 * One case-insensitive alternation of the triggers, ~7 µs for a 1.7 KB revision (a loop of
 * `includes` over a lower-cased copy: ~30 µs).
 */
export function createSecretFilter(ruleIds: readonly string[]): ((text: string) => boolean) | null {
  const triggers = new Set<string>(); // regular expression sources
  for (const id of ruleIds) {
    const listed = SECRET_TRIGGERS.get(id);
    if (listed === undefined) return null;
    for (const t of listed) triggers.add(typeof t === 'string' ? literal(t) : t.source);
  }
  if (triggers.size === 0) return () => false;
  // Without the `u` flag, `i` folds ASCII letters only: a trigger matches exactly the texts
  // holding it in any ASCII case, a superset of what each case-sensitive rule needs.
  const pattern = new RegExp([...triggers].join('|'), 'i');
  return (text) => pattern.test(text);
}
