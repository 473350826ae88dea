#!/usr/bin/env node
// The `brain` command's bundle (decision 0104): rolldown joins the compiled CLI (dist/cli/main.js)
// with the dependencies that are plain ES modules into a few files in dist/bundle/, so a command
// loads tens of files where it loaded ~350 (zod alone is 99) — the part of every command's
// start-up that grows with the module count. Run after tsc (npm run build); bin/brain.js runs
// dist/bundle/brain.js. The library (dist/index.js) is not bundled.
//
// A dependency goes into the bundle only when it and every package it depends on, as installed,
// declare "type": "module": CommonJS (UMD builds that require their own files, optional
// requires), native addons (better-sqlite3) and packages that find files beside themselves stay
// in node_modules, loaded by Node as installed — so the bundle never resolves a package from a
// place npm did not put it. dist/bundle/ sits two levels below the package root, as every
// compiled module does, so the paths modules resolve from import.meta.url (../../package.json,
// ../../docs/format.md, ../../bin/brain.js) stay right; the parse worker is an entry of its own
// beside the chunks, where parse-pool.ts looks for it (./parse-worker.js). `service.js` is the
// service alone (dist/service.js's exports), for a process that embeds brain and starts as the
// command does: the tests' writer processes (test/helpers/writer-process.mjs).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(root, 'dist', 'bundle');

/** The package.json of `name` as Node finds it from `fromDir` (the node_modules folders up the tree), or null. */
function manifestOf(name, fromDir) {
  for (const dir of createRequire(join(fromDir, 'package.json')).resolve.paths(name) ?? []) {
    const path = join(dir, name, 'package.json');
    if (existsSync(path)) return { path, json: JSON.parse(readFileSync(path, 'utf8')) };
  }
  return null;
}

/**
 * The names of `name` (resolved from `fromDir`) and of all it depends on, when every one is an
 * ES module package; null when one is not (or is not found).
 */
function esmClosure(name, fromDir, names = new Set()) {
  const found = manifestOf(name, fromDir);
  if (found === null || found.json.type !== 'module' || found.json.gypfile) return null;
  if (names.has(name)) return names;
  names.add(name);
  for (const dep of Object.keys(found.json.dependencies ?? {})) if (esmClosure(dep, dirname(found.path), names) === null) return null;
  return names;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const inline = new Set(Object.keys(manifest.dependencies ?? {}).flatMap((name) => [...(esmClosure(name, root) ?? [])]));
const packageName = (id) => id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/');

rmSync(OUT, { recursive: true, force: true });
const bundle = await rolldown({
  input: { brain: join(root, 'dist', 'cli', 'main.js'), 'parse-worker': join(root, 'dist', 'projection', 'parse-worker.js'), service: join(root, 'dist', 'service.js') },
  platform: 'node',
  // Relative, absolute and `#` (a package's own imports map) ids are our own files or an inlined
  // package's; a bare one names a package.
  external: (id) => id.startsWith('node:') || (!/^[./#]/.test(id) && !inline.has(packageName(id))),
  logLevel: 'warn',
});
const { output } = await bundle.write({ dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' });
await bundle.close();
// Which modules each file holds (file URLs), for tests that check what a command loads
// (test/cli/one-shot-loads.test.ts); not packed (package.json "files" takes dist's .js and .d.ts).
const modules = Object.fromEntries(output.filter((o) => o.type === 'chunk').map((o) => [o.fileName, o.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => pathToFileURL(id).href)]));
writeFileSync(join(OUT, 'modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
process.stderr.write(`bundle: ${output.length} files in dist/bundle; inlined ${[...inline].sort().join(', ')}\n`);
