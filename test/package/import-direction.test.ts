/**
 * The one-way rule of DESIGN §10 (issue #22): surfaces (cli, mcp, http, daemon, hub) → service
 * → store / projection / search → git → model. Nothing below the surfaces imports from them,
 * and among the surfaces only the composition edges below exist: the daemon mounts `http/`
 * and `mcp/`, the hub mounts the shared `http/` and `mcp/` parts, the CLI starts or calls the
 * daemon and the hub — never the other way (`http/` must not import the daemon's helpers).
 * Scans the relative imports of every file under src/ as text: no build needed.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '../../src');
const SURFACES = ['cli', 'mcp', 'http', 'daemon', 'hub'] as const;
/** Which surfaces each surface may import (itself always). */
const SURFACE_EDGES: Record<(typeof SURFACES)[number], readonly string[]> = {
  cli: ['daemon', 'hub', 'mcp'],
  daemon: ['http', 'mcp'],
  http: ['mcp'],
  hub: ['http', 'mcp'],
  mcp: [],
};
/** Lowest layers: each may import only these top-level modules (and itself). */
const BELOW: Record<string, readonly string[]> = { model: [], git: ['model'], store: ['git', 'model'] };

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** `src/a/b.ts` → `a`; `src/service.ts` → `service` (the service's entry point). */
const moduleOf = (file: string) => relative(SRC, file).split(sep)[0]!.replace(/\.ts$/, '');

/** Every `from '<relative>'` (import, import type, export … from, dynamic import) of `text`. */
function relativeImports(text: string): string[] {
  const specs = [...text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g), ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)];
  return specs.map((m) => m[1]!);
}

/** `importer → imported` edges between top-level modules of src/ that break the rule. */
function wrongImports(sources: { file: string; text: string }[]): string[] {
  const wrong: string[] = [];
  for (const { file, text } of sources) {
    const from = moduleOf(file);
    for (const spec of relativeImports(text)) {
      const to = moduleOf(resolve(dirname(file), spec));
      if (to === from) continue;
      const surface = (m: string): m is (typeof SURFACES)[number] => (SURFACES as readonly string[]).includes(m);
      const allowed = surface(to) ? surface(from) && SURFACE_EDGES[from].includes(to) : BELOW[from] === undefined || BELOW[from].includes(to);
      if (!allowed) wrong.push(`${relative(SRC, file)} imports ${spec} (${from} → ${to})`);
    }
  }
  return wrong;
}

describe('imports point one way (DESIGN §10, issue #22)', () => {
  it('no file under src/ imports a surface above it or a layer it must not see', () => {
    const sources = files(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(sources.length).toBeGreaterThan(100);
    expect(wrongImports(sources)).toEqual([]);
  });

  it('the scan sees each kind of wrong import', () => {
    const at = (path: string, text: string) => ({ file: join(SRC, path), text });
    expect(wrongImports([
      at('http/app.ts', "import type { Log } from '../daemon/log.js';"),
      at('service/x.ts', "export { a } from '../mcp/server.js';"),
      at('model/y.ts', "const m = await import('../git/refs.js');"),
      at('mcp/z.ts', "import {\n  a,\n} from '../cli/main.js';"),
      at('daemon/ok.ts', "import { createApp } from '../http/app.js';"),
      at('hub/ok.ts', "import { x } from './names.js';"),
    ])).toEqual([
      "http/app.ts imports ../daemon/log.js (http → daemon)",
      "service/x.ts imports ../mcp/server.js (service → mcp)",
      "model/y.ts imports ../git/refs.js (model → git)",
      "mcp/z.ts imports ../cli/main.js (mcp → cli)",
    ]);
  });
});
