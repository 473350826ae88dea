/**
 * The dashboard's `/` lands on a project with entries (decision 0054): the brain's own project
 * when it has some, else the one with the most; an empty brain lands on its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { landingProject } from '../../src/service/projects.js';

afterAll(() => cleanupTempDirs());

describe('landingProject', () => {
  it('is the own project when it has entries or none has, else the biggest', async () => {
    const dir = initRepo();
    const own = await openTestBrain(dir, { projectId: 'src' });
    await own.init();
    expect(await landingProject(own)).toBe('src');
    for (const [project, n] of [['nats', 1], ['cometbft', 2]] as const) {
      const b = await openTestBrain(dir, { projectId: project });
      for (let i = 0; i < n; i++) await b.writes.append({ kind: 'decision', fields: { title: `${project} ${i}` } });
      await b.close();
    }
    expect(await landingProject(own)).toBe('cometbft');
    await own.writes.append({ kind: 'risk', fields: { title: 'own entry' } });
    expect(await landingProject(own)).toBe('src');
    await own.close();
  });
});
