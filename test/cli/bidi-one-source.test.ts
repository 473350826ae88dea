/**
 * One list of bidi controls (decision 0050): model/bidi-controls.ts is the only source file
 * that names the embedding/override/isolate range; the terminal text, JSON on a terminal, the
 * SVG labels and the capture extractors build their patterns from it, and each handles every
 * control the model lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { showBidiControls } from '../../src/model/bidi-controls.js';
import { neutralizeTerminal, safeJson } from '../../src/cli/terminal-text.js';
import { displayText } from '../../src/http/dashboard/svg-text.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));

describe('bidi controls', () => {
  it('are listed in model/bidi-controls.ts alone', () => {
    const naming = files(SRC).filter((f) => /\\u202a|\\u2066|\\u2069/i.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect(naming).toEqual(['model/bidi-controls.ts']);
  });

  it('each one the model lists is made visible on a terminal, escaped in JSON and dropped from SVG labels', () => {
    const controls = [...Array(0x3000).keys()].map((c) => String.fromCharCode(c)).filter((c) => showBidiControls(c) !== c);
    expect(controls).toHaveLength(9);
    for (const c of controls) {
      expect(neutralizeTerminal(`a${c}b`)).toBe(`a${showBidiControls(c)}b`);
      expect(safeJson(c, 0)).toBe(`"${showBidiControls(c)}"`);
      expect(displayText(`a${c}b`)).toBe('ab');
    }
  });
});
