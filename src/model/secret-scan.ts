/**
 * Credentials never reach the branch (issue #20, docs/decisions/0040): every string value of
 * a record about to be written — an entry revision, a candidate — is scanned with the rules of
 * secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, in-process,
 * no network) and one of ours for PEM private key blocks it misses (pem-private-key-rule.ts),
 * and the write is refused with `secret_detected` naming each field and rule, never the secret.
 *
 * One secretlint run per record, not per field (a run's fixed cost, ~0.4 ms, dwarfs the rules'
 * regexes): the string values are joined with {@link FIELD_SEPARATOR}, which no rule of the
 * pinned preset matches across (entry text holds no NUL: text.ts refuses control characters),
 * and each finding is mapped back to the field it starts in. test/model/secret-scan.test.ts
 * checks that the joined run finds exactly what field-by-field runs find (rerun it on upgrade).
 * A joined text in which no loaded rule's trigger occurs (secret-triggers.ts, docs/decisions/0068)
 * is not run through secretlint: no rule could report in it.
 * Pure: no IO, no state but the rules, loaded on the first scan (a read never loads them).
 */
import { BrainError } from './errors.js';
import { PEM_PRIVATE_KEY_RULE } from './pem-private-key-rule.js';
import { createSecretFilter } from './secret-triggers.js';

/** One credential found in a record; never holds the credential itself. */
export interface SecretFinding {
  /** Where it is, as a path into the record: `rationale`, `payload.decision_outcome`, `citations[2].source_ref`. */
  field: string;
  /** The secretlint rule that matched, e.g. `@secretlint/secretlint-rule-aws`. */
  rule_id: string;
  /** The rule's message id: what was found, e.g. `AWSAccessKeyID`, `GITHUB_TOKEN`, `PostgreSQLConnection`. */
  message_id: string;
  /** 1-based line and column (UTF-16 code units, as JavaScript counts) of the match in the field's text. */
  line: number;
  column: number;
}

/** Between two fields in the joined text: the newline ends every `[^\s…]` and `.` run, the NUL every `\s` run. */
const FIELD_SEPARATOR = '\n\u0000\n';

const AWS = '@secretlint/secretlint-rule-aws';
const DATABASE_URL = '@secretlint/secretlint-rule-database-connection-string';

/**
 * A database URL whose password is a placeholder in angle or square brackets —
 * `postgresql://<user>:<password>@<host>/<db>`, `mysql://app:[password]@db` — is documentation,
 * not a credential (a bundled CometBFT ADR holds one). The rule already skips `${VAR}`, `{var}`,
 * `$VAR`, `%VAR%`, `***` and words such as `password`. The trade: a real password that is
 * written inside brackets passes.
 */
const PLACEHOLDER_PASSWORD = String.raw`/^(?:jdbc:)?[a-z+]{1,20}:\/\/[^:\/\s]{1,100}:(?:<[^<>\s@\/]{1,100}>|\[[^\[\]\s@\/]{1,100}\])@/i`;
/**
 * A URL whose host is a name reserved for documentation — `example.com`, `example.net`,
 * `example.org` and their subdomains, anything under `.example`, `.test` or `.invalid` (RFC 2606
 * §2–3, RFC 6761 §6) — reaches no server, so credentials in it are an example's
 * (`https://mysite:mysite@staging.example.com/` in a wagtail RFC; decision 0105). Checked on
 * the basic-auth and database URL rules, whose matches run from the scheme to the host. The
 * trade: a real password pasted into an example URL passes. `localhost` is not among them: a
 * local service's password is a real one.
 */
const RESERVED_HOST = String.raw`/@(?:[-a-z0-9%._+~#=]*\.)?(?:example\.(?:com|net|org)|[-a-z0-9]+\.(?:example|test|invalid))(?=[:\/?#]|$)/i`;
const BASIC_AUTH = '@secretlint/secretlint-rule-basicauth';
const FILTER_COMMENTS = '@secretlint/secretlint-rule-filter-comments';

type LintSource = typeof import('@secretlint/core').lintSource;
type LintConfig = Parameters<LintSource>[0]['options']['config'];
interface Match {
  ruleId: string;
  messageId: string;
  range: readonly [number, number];
}

interface Engine {
  lint(content: string): Promise<Match[]>;
  /** False when no loaded rule can report in the text (secret-triggers.ts); null: scan everything. */
  mayHold: ((text: string) => boolean) | null;
}

let engine: Promise<Engine> | null = null;

/** secretlint with the preset's rules, its always-on profiler switched off. */
function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const [{ lintSource }, { rules }, { secretLintProfiler }, { pemPrivateKeyRule }] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend'),
      import('@secretlint/profiler'),
      import('./pem-private-key-rule.js'),
    ]);
    // On by default, it keeps every performance mark of every run: memory and time that grow
    // with each write of a long-lived daemon (secretlint issue #1633).
    secretLintProfiler.setEnabled(false);
    // The preset's rules, each as a rule of its own: secretlint ignores `disabled` on a rule
    // inside a preset, and the comment filter must go (`secretlint-disable` written into entry
    // text would switch the scan off). AWS access key ids are found too, not only secret key
    // assignments — but not account ids, which are identifiers (a bundled ADR names one).
    // Then the PEM blocks the preset's private key rule misses (pem-private-key-rule.ts).
    const aws = { options: { enableIDScanRule: true }, allowMessageIds: ['AWSAccountID'] };
    const options = (id: string) =>
      id === AWS ? aws : id === DATABASE_URL ? { options: { allows: [PLACEHOLDER_PASSWORD, RESERVED_HOST] } } : id === BASIC_AUTH ? { options: { allows: [RESERVED_HOST] } } : { options: {} };
    const config: LintConfig = {
      rules: [...rules.filter((rule) => rule.meta.id !== FILTER_COMMENTS), pemPrivateKeyRule].map((rule) => ({
        id: rule.meta.id,
        rule,
        ...options(rule.meta.id),
      })),
    };
    return {
      lint: async (content: string) =>
        (await lintSource({ source: { content, filePath: 'field', ext: '', contentType: 'text' }, options: { config, maskSecrets: true, noPhysicFilePath: true } })).messages,
      mayHold: createSecretFilter(config.rules.map((rule) => rule.id)),
    };
  })();
  return engine;
}

/** `[path, text]` for every string value of `value`, depth first in key order (keys are not scanned). */
function stringFields(value: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => stringFields(item, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) stringFields(item, path === '' ? key : `${path}.${key}`, out);
  }
  return out;
}

/**
 * Every credential the rules find in the string values of `value` (any JSON value), in the
 * order they appear (secretlint sorts by position; fields in {@link stringFields} order).
 * Text in which no rule's trigger occurs (secret-triggers.ts) is not handed to secretlint:
 * it would find nothing there. `options.prefilter: false` scans it anyway (the tests that
 * prove the filter misses nothing). Errors: none of its own (a value without strings finds nothing).
 */
export async function findSecrets(value: unknown, options: { prefilter?: boolean } = {}): Promise<SecretFinding[]> {
  const fields = stringFields(value).filter(([, text]) => text !== '');
  if (fields.length === 0) return [];
  const { lint, mayHold } = await loadEngine();
  const starts: number[] = [];
  let end = 0;
  for (const [, text] of fields) {
    starts.push(end);
    end += text.length + FIELD_SEPARATOR.length;
  }
  const fieldAt = (at: number): number => {
    let i = starts.length - 1;
    while (i > 0 && (starts[i] as number) > at) i--;
    return i;
  };
  const joined = fields.map(([, text]) => text).join(FIELD_SEPARATOR);
  if (options.prefilter !== false && mayHold !== null && !mayHold(joined)) return [];
  const findings: SecretFinding[] = [];
  for (const match of await lint(joined)) {
    const i = fieldAt(match.range[0]);
    const [field, text] = fields[i] as [string, string];
    const offset = match.range[0] - (starts[i] as number);
    const before = text.slice(0, offset);
    findings.push({ field, rule_id: match.ruleId, message_id: match.messageId, line: before.split('\n').length, column: offset - before.lastIndexOf('\n') });
  }
  // A key block both private key rules find is named once, by the preset's.
  const twice = (f: SecretFinding) => findings.some((o) => o !== f && o.field === f.field && o.line === f.line && o.column === f.column);
  return findings.filter((f) => f.rule_id !== PEM_PRIVATE_KEY_RULE || !twice(f));
}

/** How many findings the message lists (`data.findings` has them all). */
const MAX_LISTED = 5;

/** `rationale (line 1, column 10): AWSAccessKeyID, @secretlint/secretlint-rule-aws` */
export function describeFinding(f: SecretFinding): string {
  return `${f.field} (line ${f.line}, column ${f.column}): ${f.message_id}, ${f.rule_id}`;
}

/**
 * Refuses `value` (an entry revision, a candidate — any JSON value) when a string value in it
 * holds a credential: throws `secret_detected` (CLI exit 2, HTTP 422, MCP isError) whose
 * message names `where` (`entry dec-4f9k2m1x7q3z r2`), then each field, its line and column,
 * what was found and the rule — never the credential — with `data.where` and `data.findings`
 * ({@link SecretFinding}[]). Call it before staging anything, so nothing is written.
 */
export async function assertNoSecrets(value: unknown, options: { where: string }): Promise<void> {
  const findings = await findSecrets(value);
  if (findings.length === 0) return;
  const listed = findings.slice(0, MAX_LISTED).map(describeFinding).join('; ');
  const more = findings.length > MAX_LISTED ? `; and ${findings.length - MAX_LISTED} more` : '';
  const what = findings.length === 1 ? 'a credential' : `${findings.length} credentials`;
  throw new BrainError('secret_detected', `${options.where} holds ${what}, nothing written: ${listed}${more}`, {
    data: { where: options.where, findings },
  });
}
