/**
 * Issue #18, round twenty-one: ADR and proposal folders no earlier round had read — what they
 * showed wrong, each as its family in a small fixture written here in the shape met (decision 0116).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { readAdrFolder } from '../../helpers/adr-folder.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const byPath = (read: Awaited<ReturnType<typeof readAdrFolder>>) => new Map(read.drafts.map((d) => [d.source_path, d]));
const label = (read: Awaited<ReturnType<typeof readAdrFolder>>, path: string) => byPath(read).get(path)?.fields.citations?.[0]?.locator;

describe('wellcomecollection/docs: numbered chapters inside an RFC folder whose README is the RFC', () => {
  const FOLDER = {
    '001-merger/README.md': '# RFC 001: Matcher architecture\n\n## Decision\n\nMatch works.\n',
    '086-item-viewer/README.md': '# RFC 086: IIIF Viewer Context Refactoring\n\n**Status:** Not started\n\n1. [Overview](01-overview.md)\n',
    '086-item-viewer/01-overview.md': '# Overview\n\nWhy the viewer changes.\n',
    '086-item-viewer/13-phase-7-cleanup.md': '# Phase 7: Cleanup\n\nText.\n',
    '086-item-viewer/13-migration-checklist.md': '# Migration Checklist\n\n- one\n',
  };

  it('imports the chapters without numbers of their own: no ADR-0001 beside RFC 001, no ADR-0013 twice', async () => {
    const read = await readAdrFolder(FOLDER);
    expect(label(read, '086-item-viewer/README.md')).toBe('RFC-0086');
    expect(label(read, '001-merger/README.md')).toBe('RFC-0001');
    for (const part of ['01-overview.md', '13-phase-7-cleanup.md', '13-migration-checklist.md']) {
      expect(byPath(read).get(`086-item-viewer/${part}`), part).toBeDefined();
      expect(label(read, `086-item-viewer/${part}`), part).toBeUndefined();
    }
    // A numbered file in a folder that holds no record page keeps its number.
    const other = await readAdrFolder({ 'area/README.md': '# Area\n\nIndex.\n', 'area/0001-use-x.md': '# Use X\n\n## Decision\n\nX.\n' });
    expect(label(other, 'area/0001-use-x.md')).toBe('ADR-0001');
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip(FOLDER);
  });
});
