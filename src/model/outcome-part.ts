/**
 * The part of a decision's outcome a summary leads with. Pure; split out of summary.ts.
 */
import { Lexer, type Tokens } from 'marked';
import { collapseSpace as collapse } from './collapse-space.js';

/** Sub-headings of a Decision section that hold its outcome (the NHS England template's `### Outcome`). */
const OUTCOME_HEADING = /^(?:decision\s+)?outcome$/i;

/**
 * The part of a decision outcome under its own `Outcome` sub-heading, when it has one with text
 * (the NHS England ADR template's `## Decision` holds `### Assumptions`, `### Drivers`,
 * `### Options`, then `### Outcome`: the decision is the latter); else `outcome` whole. The
 * stored outcome is unchanged. Decision 0062.
 */
export function outcomePart(outcome: unknown): unknown {
  if (typeof outcome !== 'string' || !/^#{2,6}[ \t]+(?:decision[ \t]+)?outcome[ \t]*#*[ \t]*$/im.test(outcome)) return outcome;
  const tokens = new Lexer().lex(outcome);
  const at = tokens.findIndex((t) => t.type === 'heading' && OUTCOME_HEADING.test(collapse((t as Tokens.Heading).text)));
  const heading = tokens[at] as Tokens.Heading | undefined;
  if (heading === undefined) return outcome;
  const end = tokens.findIndex((t, i) => i > at && t.type === 'heading' && (t as Tokens.Heading).depth <= heading.depth);
  const part = tokens.slice(at + 1, end < 0 ? tokens.length : end).map((t) => t.raw).join('').trim();
  return part === '' ? outcome : part;
}
