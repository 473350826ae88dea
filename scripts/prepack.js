#!/usr/bin/env node
// `npm pack` / `npm publish` run this before packing (prepack) and after (postpack, --clean).
//
// Before: a clean build of dist/ (no file of a deleted source left behind), and
// npm-shrinkwrap.json copied from package-lock.json, so that `npm install --global` of the
// tarball installs exactly the dependency versions (and integrity hashes) this repository was
// tested with — npm honours a shrinkwrap inside a package, never its package-lock.json.
// After: the shrinkwrap is removed again (the repository keeps package-lock.json only).
// See docs/decisions/0036-installable-package.md.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shrinkwrap = `${root}npm-shrinkwrap.json`;

if (process.argv.includes('--clean')) {
  rmSync(shrinkwrap, { force: true });
} else {
  rmSync(`${root}dist`, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.json`], { stdio: 'inherit' });
  copyFileSync(`${root}package-lock.json`, shrinkwrap);
}
