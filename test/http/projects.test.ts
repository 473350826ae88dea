/**
 * `GET /api/projects` on the real daemon process (issue #7): every project on the branch with
 * its counts per kind, a strong ETag answered with 304, a new ETag once the branch moves, 400
 * for query parameters, 503 `not_initialized` before `brain init`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess } from '../helpers/daemon.js';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

const zero = { decision: 0, open_question: 0, blocker: 0, risk: 0, dependency: 0, plan_revision: 0 };

describe('GET /api/projects', () => {
  it('lists the projects with counts per kind, with an ETag that changes when the branch moves', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    expect(brain(dir, ['add', 'decision', '--title', 'One']).code).toBe(0);
    expect(brain(dir, ['--project', 'other', 'add', 'risk', '--title', 'Two']).code).toBe(0);
    const d = await startDaemonProcess(dir);
    try {
      const first = await httpGet(d.port, '/api/projects');
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toContain('application/json');
      expect(first.json()).toEqual({
        data: [
          { project_id: 'demo', entries: 1, by_kind: { ...zero, decision: 1 } },
          { project_id: 'other', entries: 1, by_kind: { ...zero, risk: 1 } },
        ],
      });
      // The same as the CLI's --json.
      expect(first.json().data).toEqual(brain(dir, ['projects', '--json']).json());
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect((await httpGet(d.port, '/api/projects', { 'if-none-match': etag })).status).toBe(304);
      expect((await httpGet(d.port, '/api/projects', { 'if-none-match': `W/${etag}` })).status).toBe(304);

      expect(brain(dir, ['--project', 'other', 'add', 'blocker', '--title', 'Three']).code).toBe(0);
      const moved = await httpGet(d.port, '/api/projects', { 'if-none-match': etag });
      expect(moved.status).toBe(200);
      expect(moved.headers.etag).not.toBe(etag);
      expect(moved.json().data[1]).toEqual({ project_id: 'other', entries: 2, by_kind: { ...zero, risk: 1, blocker: 1 } });

      const bad = await httpGet(d.port, '/api/projects?project=demo');
      expect(bad.status).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'invalid_argument', hint: expect.any(String) });
    } finally {
      await d.stop();
    }
  });

  it('before brain init: 503 not_initialized with a hint', async () => {
    const d = await startDaemonProcess(initRepo());
    try {
      const r = await httpGet(d.port, '/api/projects');
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(r.json().error).toMatchObject({ code: 'not_initialized', hint: expect.stringContaining('brain init') });
    } finally {
      await d.stop();
    }
  });
});
