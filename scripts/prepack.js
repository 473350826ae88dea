#!/usr/bin/env node
// `npm pack` / `npm publish` run this before packing: a clean build of dist/ (so no compiled
// file of a deleted source is packed), then the CLI's bundle (scripts/bundle.js, decision 0104).
// See docs/decisions/0036-installable-package.md.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist`, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.json`], { stdio: 'inherit' });
execFileSync(process.execPath, [`${root}scripts/bundle.js`], { stdio: 'inherit' });
