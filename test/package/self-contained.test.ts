/**
 * The repository stands on its own (issue #19): nothing tracked points outside it — no path
 * into the team workspace (`../shared/…`, absolute `/work/…`), every relative Markdown link
 * resolves to a tracked file or directory inside the repository, and every `DESIGN §N` that
 * source comments cite is a section of docs/architecture.md. The third-party ADR corpora in
 * fixtures/adr/ are quoted as published and not checked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && !f.startsWith('fixtures/adr/') && existsSync(join(root, f)));
const TEXT = /\.(ts|js|mjs|json|md|yml|yaml|sh|txt)$|^\.ci\/run$|^\.gitignore$|^\.gitattributes$/;
const text = tracked.filter((f) => TEXT.test(f)).map((f) => ({ file: f, body: readFileSync(join(root, f), 'utf8') }));

/** `[label](target)` targets of a Markdown text outside code, without `#anchor`, only relative ones. */
function relativeLinks(body: string): string[] {
  const prose = body.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] as string).replace(/#.*$/, ''))
    .filter((t) => t !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('nothing in the repository points outside it', () => {
  it('has tracked text to check', () => {
    expect(text.map((t) => t.file)).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'src/service.ts']));
  });

  it('no path into the team workspace: ../shared, absolute /work/ paths', () => {
    const outside = new RegExp(['\\.\\./shared\\b', '(^|[\\s\'"`(])/work/'].join('|'), 'm');
    const self = 'test/package/self-contained.test.ts'; // names what it looks for
    expect(text.filter((t) => t.file !== self && outside.test(t.body)).map((t) => t.file)).toEqual([]);
  });

  it('every relative Markdown link resolves inside the repository', () => {
    const broken: string[] = [];
    for (const { file, body } of text.filter((t) => t.file.endsWith('.md'))) {
      for (const target of relativeLinks(body)) {
        const path = normalize(join(dirname(file), decodeURIComponent(target)));
        if (relative(root, join(root, path)).startsWith('..') || !existsSync(join(root, path))) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every DESIGN §N cited is a section of docs/architecture.md', () => {
    const sections = new Set([...readFileSync(join(root, 'docs/architecture.md'), 'utf8').matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
    const cited = new Set(text.flatMap((t) => [...t.body.matchAll(/DESIGN\s+§(\d+)/g)].map((m) => Number(m[1]))));
    expect(cited.size).toBeGreaterThan(5);
    expect([...cited].filter((n) => !sections.has(n))).toEqual([]);
  });
});
