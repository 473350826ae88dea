/**
 * The brief of an empty project names the brain's other projects (docs/decisions/0054): a
 * teammate's first `brain context` in a clone whose default project is empty, while the ADRs
 * were imported as other projects, must not read as "nothing recorded".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('the brief of an empty project', () => {
  it('names the projects that hold entries, biggest first, and how to read one', async () => {
    const dir = initRepo();
    const writer = await openTestBrain(dir, { projectId: 'app' });
    await writer.init();
    await writer.close();
    for (const [project, titles] of [['cometbft', ['Use gRPC', 'Adopt LibP2P']], ['nats', ['JetStream']]] as const) {
      const brain = await openTestBrain(dir, { projectId: project });
      for (const title of titles) await brain.writes.append({ kind: 'decision', fields: { title } });
      await brain.close();
    }
    const reader = await openTestBrain(dir);
    const brief = (await reader.context()).markdown;
    await reader.close();
    expect(brief).toContain('# Project brain: app — re-entry brief');
    expect(brief).toContain('- no entries recorded yet\n');
    expect(brief).toContain(
      "- this brain's entries are in other projects: cometbft (2 entries), nats (1 entry) — read one with `brain --project cometbft context` (an MCP server reads one project: `brain mcp --project cometbft`)\n",
    );

    const inCometbft = await openTestBrain(dir, { projectId: 'cometbft' });
    const own = (await inCometbft.context()).markdown;
    await inCometbft.close();
    expect(own).toContain('Use gRPC');
    expect(own).not.toContain('other projects');
  });
});
