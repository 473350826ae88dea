/**
 * The hub's pure parts: name and source checks (hostile input), webhook signatures and the
 * repositories a payload names, token scope narrowing and resolution; the mirror's tip.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBranchName, checkRepoName, defaultRepoName, normalizeSource } from '../../src/hub/names.js';
import { reposNamedBy, signBody, signatureMatches } from '../../src/hub/webhook.js';
import { assertNarrower, parseCapabilities, resolveScope } from '../../src/hub/scope.js';
import { ensureMirror, mirrorTip } from '../../src/hub/mirror.js';
import { cleanupTempDirs, commitFiles, git, initRepo, tempDir } from '../helpers/git.js';
import { BrainError, DEFAULT_HINTS } from '../../src/model/errors.js';
import { HUB_DEFAULT_HINTS, hubError, toolHint } from '../../src/hub/hub-hints.js';

/** A hint naming a command of a clone (`brain list`, `brain doctor`, …): meaningless to a hub client. */
const PER_CLONE = /\bbrain (?!hub\b)[a-z<]|--repo DIR|\.git\/brain/;

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof BrainError ? err.code : 'other';
  }
  return 'none';
};

describe('hub names', () => {
  it('accepts plain names and refuses hostile ones', () => {
    expect(checkRepoName('pay-ments_1.x')).toBe('pay-ments_1.x');
    for (const bad of ['', '-x', '.hidden', '..', 'a/b', 'a b', 'x\n', 'é', 'a'.repeat(101)]) expect(code(() => checkRepoName(bad)), bad).toBe('invalid_argument');
    for (const bad of ['-b', '/b', 'a..b', 'a//b', 'b.lock', 'b/', 'a b']) expect(code(() => checkBranchName(bad)), bad).toBe('invalid_argument');
    expect(defaultRepoName('git@github.com:org/payments.git')).toBe('payments');
    expect(defaultRepoName('https://example.com/org/mobile.git/')).toBe('mobile');
  });

  it('refuses sources git would read as options or commands', () => {
    for (const bad of ['-oProxyCommand=x', '--upload-pack=touch x', 'ext::sh -c x', 'fd::3', ' ', 'https://x/\n', '/does/not/exist/anywhere']) {
      expect(code(() => normalizeSource(bad, '/')), bad).toBe('invalid_argument');
    }
    expect(normalizeSource('ssh://git@host/org/r.git', '/')).toBe('ssh://git@host/org/r.git');
    expect(normalizeSource('https://ci@example.com/org/r.git', '/')).toBe('https://ci@example.com/org/r.git');
    // A password or token in the URL would be shown to every reader: refused, with a hint naming credential helpers.
    for (const secret of ['https://ci:ghp_abc@github.com/org/r.git', 'HTTPS://x:y@host/r', 'ssh://git:pw@host/org/r.git']) expect(code(() => normalizeSource(secret, '/')), secret).toBe('invalid_argument');
    expect(normalizeSource('.', '/tmp')).toBe('/tmp');
  });
});

describe('hub webhook', () => {
  const body = Buffer.from('{"repository":{"clone_url":"https://github.com/org/payments.git","name":"payments"}}');
  it('checks the HMAC exactly', () => {
    expect(signatureMatches('s3cret', body, signBody('s3cret', body))).toBe(true);
    for (const header of [undefined, '', 'sha256=', signBody('other', body), signBody('s3cret', Buffer.concat([body, Buffer.from(' ')])), `sha1=${signBody('s3cret', body).slice(7)}`, `${signBody('s3cret', body)}00`]) {
      expect(signatureMatches('s3cret', body, header), String(header)).toBe(false);
    }
  });

  it('finds the repositories a payload names', () => {
    const registered = [{ name: 'pay', source: 'git@github.com:org/payments.git' }, { name: 'payments', source: '/srv/other' }, { name: 'mob', source: '/srv/mobile' }];
    expect(reposNamedBy(body, registered)).toEqual(['pay']);
    expect(reposNamedBy(Buffer.from('{"repo":"mob"}'), registered)).toEqual(['mob']);
    expect(reposNamedBy(Buffer.from('{"repository":{"name":"payments"}}'), registered)).toEqual(['payments']);
    expect(code(() => reposNamedBy(Buffer.from('not json'), registered))).toBe('invalid_argument');
    expect(code(() => reposNamedBy(Buffer.from('{}'), registered))).toBe('invalid_argument');
  });
});

describe('hub token scope', () => {
  const parent = { repos: ['a', 'b'], projects: null, capabilities: parseCapabilities('read') };
  it('never widens', () => {
    expect(code(() => assertNarrower({ repos: ['a'], projects: ['p'], capabilities: ['read'] }, parent))).toBe('none');
    for (const wider of [{ repos: null, projects: null, capabilities: parseCapabilities('read') }, { repos: ['a', 'c'], projects: null, capabilities: parseCapabilities('read') }, { repos: ['a'], projects: null, capabilities: parseCapabilities('read,write') }]) {
      expect(code(() => assertNarrower(wider, parent))).toBe('forbidden');
    }
    expect(code(() => assertNarrower({ repos: ['a'], projects: null, capabilities: ['read'] }, { ...parent, projects: ['p'] }))).toBe('forbidden');
    expect(code(() => parseCapabilities('read,admin'))).toBe('invalid_argument');
    expect(code(() => parseCapabilities(''))).toBe('invalid_argument');
  });

  it('resolves to registered repositories; a hidden repo is not_found like a missing one', () => {
    expect(resolveScope(parent, ['a', 'c'])).toEqual({ repos: ['a'] });
    expect(resolveScope({ ...parent, repos: null }, ['a', 'c'])).toEqual({ repos: ['a', 'c'] });
    const hidden = (() => { try { resolveScope(parent, ['a', 'c'], { repo: 'c' }); } catch (e) { return (e as BrainError).message.replace('"c"', 'X'); } })();
    const missing = (() => { try { resolveScope(parent, ['a', 'c'], { repo: 'z' }); } catch (e) { return (e as BrainError).message.replace('"z"', 'X'); } })();
    expect(hidden).toBe(missing);
    expect(resolveScope({ ...parent, projects: ['p'] }, ['a'], { project: 'q' })).toEqual({ repos: ['a'], projects: [] });
  });
});

describe('hub mirror tip', () => {
  afterAll(() => cleanupTempDirs());
  it('reads the branch in one git run: absent, a commit, a peeled tag, not a commit', async () => {
    const hubDir = tempDir('hub-mirror-');
    const mirror = await ensureMirror(hubDir, 'r');
    expect(await mirrorTip(hubDir, 'r', 'brain')).toBeNull();
    const source = initRepo();
    const commit = commitFiles(source, { 'a.txt': 'a' });
    git(mirror, ['fetch', '-q', source, `+HEAD:refs/heads/brain-2`]);
    expect(await mirrorTip(hubDir, 'r', 'brain')).toBeNull(); // another branch sharing the prefix is not it
    git(mirror, ['update-ref', 'refs/heads/brain', commit]);
    expect(await mirrorTip(hubDir, 'r', 'brain')).toBe(commit);
    git(source, ['tag', '-a', '-m', 'release', 'v1']);
    git(mirror, ['fetch', '-q', source, '+refs/tags/v1:refs/tags/v1']);
    // git refuses a branch at anything but a commit; a ref file written by hand is what a broken mirror would hold.
    const pointAt = (rev: string) => writeFileSync(join(mirror, 'refs', 'heads', 'brain'), `${git(mirror, ['rev-parse', rev]).trim()}\n`);
    pointAt('refs/tags/v1');
    expect(await mirrorTip(hubDir, 'r', 'brain')).toBe(commit);
    pointAt(`${commit}^{tree}`);
    await expect(mirrorTip(hubDir, 'r', 'brain')).rejects.toMatchObject({ code: 'git_error' });
  });
});

describe('hub hints', () => {
  it('speak of hub routes and `brain hub …`, never of a clone\'s commands', () => {
    expect(Object.values(DEFAULT_HINTS).some((h) => PER_CLONE.test(h))).toBe(true); // the shared defaults do, for clones
    for (const [code, hint] of Object.entries(HUB_DEFAULT_HINTS)) expect(hint, code).not.toMatch(PER_CLONE);
  });

  it('replace a shared default hint, keep a specific one', () => {
    expect((hubError(new BrainError('not_found', 'x')) as BrainError).hint).toBe(HUB_DEFAULT_HINTS.not_found);
    expect((hubError(new BrainError('not_found', 'x', { hint: 'specific', data: { repo: 'r' } })) as BrainError).hint).toBe('specific');
    expect((hubError(new BrainError('git_error', 'x', { data: { repo: 'r' } })) as BrainError).data).toEqual({ repo: 'r' });
    const bug = new Error('bug');
    expect(hubError(bug)).toBe(bug);
    expect(toolHint('see GET /api/repos for the repositories you can read')).toBe('see brain_status for the repositories you can read');
    expect(toolHint(HUB_DEFAULT_HINTS.invalid_argument)).toBe('see the tool inputSchema (tools/list)');
  });
});
