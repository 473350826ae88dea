/**
 * Numbers typed as text — CLI options (`--limit 20`), REST and dashboard query parameters
 * (`limit=20`) — parsed by ONE rule (issue #17 "No input reaches `internal`"): plain decimal
 * digits only (an integer: `[0-9]+`; a fraction: `[0-9]+(.[0-9]*)?` or `.[0-9]+`), within the
 * parameter's bounds. `Number()` also reads `1e9`, `0x1`, `0b1`, ` 7 ` and `Infinity`, and
 * `99999999999999999999` became 1e20, which SQLite refused as a `datatype mismatch`; each
 * is now an `invalid_argument` naming the bounds. MCP inputs are JSON numbers: their zod
 * schemas use the same {@link BOUNDS} (src/mcp/tool-schemas.ts, the hub's read tools: src/mcp/repo-tool-schemas.ts).
 */
import { BrainError } from './errors.js';

/** Inclusive bounds of a numeric parameter, and a value to show in the hint. */
export interface Bounds {
  min: number;
  max: number;
  example?: number;
}

/**
 * Bounds of the parameters shared by several surfaces. `count`: an `at most N` the caller
 * sizes itself (CLI `list`/`search --limit`: one snapshot, no paging); pages served over HTTP
 * and MCP have their own smaller maxima (500 entries, 100 hits).
 */
export const BOUNDS = {
  revision: { min: 1, max: 1_000_000_000, example: 2 },
  count: { min: 1, max: 1_000_000_000, example: 20 },
  budget: { min: 1, max: 1_000_000, example: 6000 },
  confidence: { min: 0, max: 1, example: 0.8 },
  port: { min: 0, max: 65_535, example: 7420 },
} as const satisfies Record<string, Bounds>;

const INTEGER = /^[0-9]+$/;
const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** `--limit 20` for a CLI option name (`--limit`), `limit=20` for a query parameter. */
function example(name: string, value: number): string {
  return name.startsWith('--') ? `${name} ${value}` : `${name}=${value}`;
}

function refuse(name: string, text: string, what: string, bounds: Bounds): never {
  const { min, max } = bounds;
  throw new BrainError('invalid_argument', `${name} must be ${what} from ${min} to ${max} in plain decimal digits, got "${text.slice(0, 40)}"`, {
    hint: `e.g. ${example(name, bounds.example ?? max)}`,
    data: { [name.replace(/^--/, '')]: text.slice(0, 200), min, max },
  });
}

/**
 * `text` as an integer within `bounds`. `name` is what the caller typed (`--limit`, `limit`);
 * it names the parameter in the message and the hint's example.
 * Errors: `invalid_argument` (not digits only, or out of bounds).
 */
export function parseIntegerText(name: string, text: string, bounds: Bounds): number {
  const n = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!(n >= bounds.min && n <= bounds.max)) refuse(name, text, 'an integer', bounds);
  return n;
}

/** {@link parseIntegerText}, or undefined when the parameter is absent (`text` undefined). */
export function parseOptionalInteger(name: string, text: string | undefined, bounds: Bounds): number | undefined {
  return text === undefined ? undefined : parseIntegerText(name, text, bounds);
}

/**
 * `text` as a decimal number (`0.8`, `.5`, `1`) within `bounds`.
 * Errors: `invalid_argument` (not a plain decimal, or out of bounds).
 */
export function parseDecimalText(name: string, text: string, bounds: Bounds): number {
  const n = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (!(n >= bounds.min && n <= bounds.max)) refuse(name, text, 'a number', bounds);
  return n;
}
