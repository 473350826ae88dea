/**
 * The `agent` field and its names (issue #17 "every write says who made it";
 * docs/decisions/0032): optional and omitted when absent (older revisions keep their bytes and
 * their sha256), validated as a slug wherever it comes from, never inherited by the next
 * revision, ignored when comparing content, kept by a sync rebase from the revision replayed,
 * and written into commits only as a well-formed trailer.
 */
import { describe, expect, it } from 'vitest';
import { validateEntry } from '../../src/model/validate.js';
import { buildEntry, newEntryBase, sameContent } from '../../src/model/input.js';
import { rebaseEntry } from '../../src/model/rebase-entry.js';
import { agentNameOfClient, checkAgentName } from '../../src/model/agent-name.js';
import { writtenBy } from '../../src/model/entry-fields.js';
import { canonicalJson, sha256Hex } from '../../src/store/canonical-json.js';
import { withAgentTrailer } from '../../src/store/agent-trailer.js';
import { BrainError } from '../../src/model/errors.js';

const NOW = '2026-11-21T10:00:00.000Z';
const LATER = '2026-11-22T10:00:00.000Z';

/** A revision as an older brain wrote it: no `agent` member. Its bytes and hash are fixed. */
const OLD_REVISION = `{
  "author": "ana",
  "citations": [],
  "confidence": null,
  "entry_id": "dec-0123456789ab",
  "entry_kind": "decision",
  "paths": [],
  "payload": {
    "alternatives": [],
    "decision_outcome": ""
  },
  "project_id": "demo",
  "rationale": "",
  "recorded_at": "2026-11-21T10:00:00.000Z",
  "related_entry_ids": [],
  "related_task_ids": [],
  "revision": 1,
  "status": "accepted",
  "supersedes_entry_id": null,
  "tags": [],
  "title": "Keep old revisions valid"
}
`;

describe('the agent field', () => {
  it('an older revision without it validates, and keeps its exact bytes and sha256', () => {
    const entry = validateEntry(JSON.parse(OLD_REVISION));
    expect(Object.keys(entry)).not.toContain('agent');
    expect(canonicalJson(entry)).toBe(OLD_REVISION);
    expect(sha256Hex(canonicalJson(entry))).toBe(sha256Hex(OLD_REVISION));
  });

  it('is a member only when an agent wrote the revision, sorted among the others', () => {
    const base = newEntryBase({ entry_id: 'dec-0123456789ab', entry_kind: 'decision', project_id: 'demo', author: 'ana', recorded_at: NOW });
    const byAgent = buildEntry(base, { title: 'By an agent' }, { revision: 1, author: 'ana', agent: 'claude-code', recorded_at: NOW });
    expect(canonicalJson(byAgent)).toMatch(/^\{\n {2}"agent": "claude-code",\n {2}"author": "ana",/);
    const byPerson = buildEntry(base, { title: 'By a person' }, { revision: 1, author: 'ana', agent: undefined, recorded_at: NOW });
    expect(canonicalJson(byPerson)).not.toContain('"agent"');
  });

  it('is never inherited: the next revision has an agent only if its writer is one', () => {
    const first = validateEntry({ ...JSON.parse(OLD_REVISION), agent: 'claude-code' });
    const next = buildEntry(first, { rationale: 'by hand' }, { revision: 2, author: 'ana', recorded_at: LATER });
    expect(next).not.toHaveProperty('agent');
    const other = buildEntry(first, { rationale: 'by codex' }, { revision: 2, author: 'ana', agent: 'codex', recorded_at: LATER });
    expect(other.agent).toBe('codex');
  });

  it('says who wrote it, not what: content comparison ignores it', () => {
    const a = validateEntry(JSON.parse(OLD_REVISION));
    expect(sameContent(a, { ...a, agent: 'claude-code', revision: 2, recorded_at: LATER })).toBe(true);
  });

  it('must be an agent name in a revision file', () => {
    for (const bad of ['Claude Code', 'x\nBrain-Agent: root', '', '-x', 'a'.repeat(65), '\u001b[31mred', null, 7]) {
      expect(() => validateEntry({ ...JSON.parse(OLD_REVISION), agent: bad }), JSON.stringify(bad)).toThrow(/agent/);
    }
  });

  it('a sync rebase keeps the replayed revision\'s agent (or its absence), never the other side\'s', () => {
    const base = validateEntry(JSON.parse(OLD_REVISION));
    const theirs = { ...base, revision: 2, title: 'Theirs', agent: 'codex', recorded_at: LATER };
    const ours = { ...base, revision: 2, rationale: 'Ours', recorded_at: LATER };
    expect(rebaseEntry({ base, ours, theirs }).entry).not.toHaveProperty('agent');
    expect(rebaseEntry({ base, ours: { ...ours, agent: 'claude-code' }, theirs }).entry).toMatchObject({ agent: 'claude-code', title: 'Theirs', rationale: 'Ours' });
  });

  it('reads as "<agent> for <person>"', () => {
    expect(writtenBy({ author: 'Ana', agent: 'claude-code' })).toBe('claude-code for Ana');
    expect(writtenBy({ author: 'Ana' })).toBe('Ana');
  });
});

describe('agent names', () => {
  it('are slugs; anything else is invalid_argument naming the source', () => {
    expect(checkAgentName('claude-code', '--name')).toBe('claude-code');
    expect(checkAgentName('codex.v2_beta', '--name')).toBe('codex.v2_beta');
    for (const bad of ['Claude', 'a b', '', '.x', 'x\ny', '<b>', 'é']) {
      expect(() => checkAgentName(bad, 'BRAIN_AGENT')).toThrow(BrainError);
      try {
        checkAgentName(bad, 'BRAIN_AGENT');
      } catch (err) {
        expect((err as BrainError).code).toBe('invalid_argument');
        expect((err as BrainError).data.source).toBe('BRAIN_AGENT');
      }
    }
  });

  it('an MCP client name is made one, or null when nothing usable is left', () => {
    expect(agentNameOfClient('claude-code')).toBe('claude-code');
    expect(agentNameOfClient('Visual Studio Code')).toBe('visual-studio-code');
    expect(agentNameOfClient('  --Cursor\u001b[2J!! ')).toBe('cursor-2j');
    expect(agentNameOfClient(`x${'y'.repeat(100)}`)).toHaveLength(64);
    expect(agentNameOfClient('***')).toBeNull();
    expect(agentNameOfClient('')).toBeNull();
    expect(agentNameOfClient(undefined)).toBeNull();
  });
});

describe('the Brain-Agent trailer', () => {
  it('is the last paragraph of the message, and only for a valid name', () => {
    expect(withAgentTrailer('brain: add dec-0123456789ab r1 — Title', 'claude-code')).toBe('brain: add dec-0123456789ab r1 — Title\n\nBrain-Agent: claude-code\n');
    expect(withAgentTrailer('brain: add x', null)).toBe('brain: add x');
    expect(() => withAgentTrailer('brain: add x', 'x\nSigned-off-by: someone')).toThrow(BrainError);
  });
});
