/**
 * The hub's brief names the (repository, project) groups its budget leaves out in the brief's
 * one vocabulary, with the request that briefs each alone (docs/decisions/0054): proposed
 * decisions are "Proposed", not "open", and the request names the project, so it does not
 * point back at the same multi-project answer. In-process: no PostgreSQL needed.
 */
import { describe, expect, it } from 'vitest';
import { buildHubBrief, MIN_SHARE } from '../../src/hub/hub-brief.js';
import { makeEntry } from '../context/make-entry.js';

const row = (repo: string, entry: ReturnType<typeof makeEntry>) => ({ repo, entry, forked: false, revision_count: 1, path: `projects/${entry.project_id}/x` });

describe('hub brief: the groups not briefed', () => {
  it('counts each in Decided · Proposed · Open · Blocked · At risk and names its repo and project', () => {
    const rows = [
      row('origin', makeEntry('decision', { project_id: 'cometbft', status: 'proposed', title: 'A' })),
      row('origin', makeEntry('decision', { project_id: 'cometbft', status: 'proposed', title: 'B' })),
      row('origin', makeEntry('decision', { project_id: 'cometbft', status: 'accepted', title: 'C' })),
      row('origin', makeEntry('open_question', { project_id: 'nats', status: 'open', title: 'Q' })),
    ];
    const brief = buildHubBrief({ rows, tips: new Map(), budget: 100 });
    expect(brief.groups.every((g) => !g.included)).toBe(true);
    expect(brief.markdown).toContain(`## Not briefed (each needs ${MIN_SHARE} tokens of the budget): 2\n`);
    expect(brief.markdown).toContain('- origin · cometbft: 3 entries — Decided 1 · Proposed 2 · Open 0 · Blocked 0 · At risk 0 (GET /api/brief?repo=origin&project=cometbft)\n');
    expect(brief.markdown).toContain('- origin · nats: 1 entry — Decided 0 · Proposed 0 · Open 1 (1 open question) · Blocked 0 · At risk 0 (GET /api/brief?repo=origin&project=nats)\n');
    expect(brief.markdown).not.toMatch(/\d+ open \(GET/);
  });
});

describe('hub brief: visible repositories with nothing recorded', () => {
  const rows = [row('origin', makeEntry('decision', { project_id: 'nats', status: 'accepted', title: 'A' }))];

  it('are named under the title, so their absence does not read as a missing permission', () => {
    const brief = buildHubBrief({ rows, tips: new Map(), unrecorded: ['empty', 'fresh'] });
    expect(brief.markdown.split('\n').slice(0, 4)).toEqual(['# Brain hub: brief across 1 repository, 1 project', '', 'No entries in 2 repositories: empty, fresh (why: GET /api/repos)', '']);
  });

  it('are not mentioned when every visible repository holds entries', () => {
    expect(buildHubBrief({ rows, tips: new Map(), unrecorded: [] }).markdown).not.toContain('No entries in');
  });
});

