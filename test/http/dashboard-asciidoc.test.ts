/**
 * Entry text imported from an AsciiDoc ADR is rendered by Asciidoctor.js, sanitized by the
 * dashboard's allow list (decision 0094): sections, links, code and tables read as such, every
 * source line stays visible (the document title, a `Date:` line under it, header attributes), and
 * raw HTML in a passthrough is shown as the text it is. Pure functions with the real libraries,
 * then one entry page from the real daemon after a real `brain import adr`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderAsciidoc } from '../../src/http/dashboard/asciidoc.js';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { httpGet, killDaemons, startDaemonProcess } from '../helpers/daemon.js';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

const ADR = `= 38. pgwire
Date: 2022-06-14
:status: accepted

== Context

We speak the *postgres* wire protocol, see link:https://www.postgresql.org/docs/[the docs] and xref:0002-data-model.adoc[ADR 2].

=== Unions

[source,sql]
----
SELECT a < b FROM t
----

|===
|Option |Cost
|A |low
|===

NOTE: Decided in the 2022 review.
`;

describe('renderAsciidoc', () => {
  it('renders sections, links, code, tables and admonitions; headings demoted below the page’s', () => {
    const out = renderAsciidoc(ADR).toString();
    expect(out).toContain('<h4>Context</h4>');
    expect(out).toContain('<h5>Unions</h5>');
    expect(out).toContain('<strong>postgres</strong>');
    expect(out).toContain('<a href="https://www.postgresql.org/docs/" rel="noopener noreferrer nofollow">the docs</a>');
    expect(out).toContain('<code class="language-sql">SELECT a &lt; b FROM t</code>');
    expect(out).toMatch(/<td>\s*<p>low<\/p>\s*<\/td>/);
    expect(out).toContain('Decided in the 2022 review.');
    expect(out).not.toMatch(/== Context|link:https|\|===/);
  });

  it('keeps every line visible: the document title, the line under it, header attributes', () => {
    const out = renderAsciidoc(ADR).toString();
    expect(out).toContain('<h3>38. pgwire</h3>');
    expect(out).toContain('Date: 2022-06-14'); // not swallowed as the header's author line
    expect(out).toContain('status: accepted');
  });

  it('links a cross-reference to another ADR when the caller resolves it, as in Markdown', () => {
    const out = renderAsciidoc(ADR, { references: (key) => (key === 'adr:2' ? { href: '/projects/p/entries/dec-2', title: 'Data model' } : null) }).toString();
    expect(out).toContain('<a href="/projects/p/entries/dec-2" title="Data model">ADR 2</a>');
  });

  it('shows raw HTML of passthroughs as text and leaves nothing executable', () => {
    const hostile = '== X\n\n++++\n<script>alert(1)</script>\n++++\n\npass:[<img src=x onerror=alert(1)>] and +++<svg onload=alert(1)>+++\n\n[pass]\n<b onclick=x>y</b>\n\nlink:javascript:alert(1)[click] image:javascript:alert(1)[pic] image:x.png[<script>]\n';
    const out = renderAsciidoc(hostile).toString();
    expect(out).not.toMatch(/<(script|iframe|style|svg|img|object|form|input)\b/i);
    expect(out).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/href="\s*javascript:/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;svg onload=alert(1)&gt;');
    expect(out).toContain('&lt;b onclick=x&gt;y&lt;/b&gt;');
    expect(out).toContain('[image: pic]');
  });
});

describe('the entry page of an imported AsciiDoc ADR', () => {
  it('renders it as AsciiDoc, a Markdown ADR of the same import as Markdown', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    const adrs = join(dir, 'adr');
    mkdirSync(adrs);
    writeFileSync(join(adrs, '0038-pgwire.adoc'), ADR);
    writeFileSync(join(adrs, '0039-licence.md'), '# 39. Licence\n\n## Status\n\nAccepted\n\n## Context\n\nWe pick *one* licence.\n');
    const imported = brain(dir, ['import', 'adr', adrs, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const list = brain(dir, ['list', '--kind', 'decision', '--json']).json() as { entry_id: string; title: string }[];
    const byTitle = (t: string) => list.find((e) => e.title.includes(t))!.entry_id;
    const d = await startDaemonProcess(dir);
    try {
      const adoc = await httpGet(d.port, `/projects/demo/entries/${byTitle('pgwire')}`);
      expect(adoc.status).toBe(200);
      expect(adoc.body).toContain('<h4>Context</h4>');
      expect(adoc.body).toContain('<code class="language-sql">SELECT a &lt; b FROM t</code>');
      expect(adoc.body).not.toContain('== Context');
      const md = await httpGet(d.port, `/projects/demo/entries/${byTitle('Licence')}`);
      expect(md.body).toContain('<em>one</em>');
    } finally {
      await d.stop();
    }
  });
});
