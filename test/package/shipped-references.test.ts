/**
 * Every file of this repository that the code names to a user — in a hint, a message, help
 * text: any string literal in src/, comments aside — is shipped in the npm package
 * (package.json `files`), so an installed `brain` never points at a file that is not there
 * (issue #19: hints named docs/format.md, which no package shipped). test/package/install.test.ts
 * checks the installed copy; this checks every literal.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const shipped = picomatch((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }).files.flatMap((f) => [f, `${f}/**`]));

/** The text of every string literal and template part of a TypeScript file. */
function literals(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

/** Repository files a text names (`docs/format.md`, `../../docs/format.md`). */
function namedFiles(text: string): string[] {
  return [...text.matchAll(/(?:\.\.\/)*((?:[\w.-]+\/)+[\w.-]+\.(?:md|json|ya?ml|js|txt))/g)].map((m) => m[1] as string).filter((f) => files.includes(f));
}

describe('files the code names are shipped', () => {
  const named = [...new Set(files.filter((f) => f.startsWith('src/') && f.endsWith('.ts')).flatMap((f) => literals(f).flatMap(namedFiles)))];

  it('finds the references (the format document)', () => {
    expect(named).toContain('docs/format.md');
  });

  it('every one is in package.json files', () => {
    expect(named.filter((f) => !shipped(f))).toEqual([]);
  });
});
