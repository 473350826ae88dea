/**
 * Issue #18, round twelve (decision 0090): ADR folders written in Portuguese and French that no
 * earlier round had — scieloorg/kernel's and associacao-vagalume's adr-tools template translated
 * (`Data: 2019-02-22`, `## Status` / `Aceito`, a `# Consequências` section at the end of a file
 * with no title heading), marciovmartins/jtonynet-go-payments-api's `Data: 05 de outubro de
 * 2024`, MTES-MCT/zero-logement-vacant's French MADR front matter (`statut: accepté`,
 * `décideurs: …`). Each fix reads the family (the other languages' names for the same thing),
 * each in a small fixture written here in the shape met.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareDate, nameDate, parseAdrDate, parseAdrMonth } from '../../../src/importers/adr/adr-dates.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { findSupersedeRefs } from '../../../src/importers/adr/supersede-refs.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });

/** scieloorg/kernel's first ADR, in its shape (adr-tools' template in Portuguese). */
const scielo = (dateLine: string): string =>
  `# 1. Registrar decisões arquiteturais\n\n${dateLine}\n\n## Status\n\nAceito\n\n## Contexto\n\nNós devemos registrar as decisões.\n\n## Decisão\n\nUtilizaremos ADRs.\n\n## Consequências\n\nVeja o artigo.\n`;

describe('dates in other languages (scieloorg/kernel, jtonynet-go-payments-api)', () => {
  it('reads the Portuguese and Italian `Data:` label as the day', () => {
    expect(parse(scielo('Data: 2019-02-22')).date).toBe('2019-02-22');
    expect(parse(scielo('Data: 2019-08-09'), '0007-x.md').date).toBe('2019-08-09');
  });

  it('reads month names with their joining words in six languages', () => {
    const days: Array<[string, string]> = [
      ['05 de outubro de 2024', '2024-10-05'],
      ['28 de Dezembro de 2024', '2024-12-28'],
      ['3 de marzo de 2021', '2021-03-03'],
      ['3 de marzo del 2021', '2021-03-03'],
      ['1er mars 2021', '2021-03-01'],
      ['21 février 2020', '2020-02-21'],
      ['3. März 2021', '2021-03-03'],
      ['12 Dez. 2022', '2022-12-12'],
      ['7 settembre 2019', '2019-09-07'],
      ['14 mei 2020', '2020-05-14'],
    ];
    expect(days.map(([text]) => parseAdrDate(text))).toEqual(days.map(([, day]) => day));
    expect(parse(scielo('Data: 05 de outubro de 2024')).date).toBe('2024-10-05');
    expect(bareDate('10 de Novembro de 2024')).toBe('2024-11-10');
    expect(parseAdrMonth('outubro de 2024')).toBe('2024-10-01');
    expect(parseAdrMonth('März 2021')).toBe('2021-03-01');
  });

  it('reads English as before, and an abbreviation two months share names neither', () => {
    expect(parseAdrDate('2nd of November 2018')).toBe('2018-11-02');
    expect(parseAdrDate('January 3, 2022')).toBe('2022-01-03');
    expect(parseAdrDate('12 jui 2021')).toBeNull();
    expect(parseAdrDate('12 juil. 2021')).toBe('2021-07-12');
    expect(bareDate('1 out of 2021')).toBeNull();
  });

  it('round-trips a Portuguese record dated in words', async () => {
    await adrRoundTrip({ '0001-registrar.md': scielo('Data: 05 de outubro de 2024') });
  });
});

describe('section names in other languages (scieloorg/kernel 0007, French adr-tools records)', () => {
  /** scieloorg/kernel's `0007-container-de-relacionamento.md`: no title heading, a `#` section last. */
  const untitled = 'Data: 2019-08-09\n\n## Status\n\nProposto\n\n## Contexto\nA estratégia adotada.\n\n## Decisão\n\nCom base no ponto citado.\n\n# Consequências\n\nA lista muda.\n';

  it('reads a `#` heading that names a section in another language as a section, not the title', () => {
    const adr = parse(untitled, '0007-container-de-relacionamento.md');
    expect(adr.title).toBe('Container de relacionamento');
    expect(adr.rationale).toContain('# Consequências\n\nA lista muda.');
    for (const [heading, name] of [['# Conséquences', 'conséquences'], ['# Konsequenzen', 'konsequenzen'], ['# Consecuencias', 'consecuencias'], ['# Contexte', 'contexte']]) {
      const other = parse(untitled.replace('# Consequências', heading ?? ''), '0007-container-de-relacionamento.md');
      expect([name, other.title]).toEqual([name, 'Container de relacionamento']);
    }
  });

  it('reads the French `## État` as the Status section and `## Décisions` as the decision', () => {
    const adr = parse('# 41. Suppression logique de données\n\nDate : 2023-02-08\n\n## État\n\nAccepté\n\n## Contexte\n\nLes prescrits supprimés.\n\n## Décisions\n\nStocker une date de suppression.\n\n## Conséquences\n\nRien.\n', '0041-x.md');
    expect([(adr.status_mapping?.mapped && adr.status_mapping.status), adr.raw_status, adr.date, adr.decision_outcome]).toEqual(['accepted', 'Accepté', '2023-02-08', 'Stocker une date de suppression.']);
  });

  it('round-trips both shapes', async () => {
    await adrRoundTrip({
      '0007-container-de-relacionamento.md': untitled,
      '0041-suppression.md': '# 41. Suppression logique\n\nDate : 2023-02-08\n\n## État\n\nAccepté\n\n## Contexte\n\nTexte.\n\n## Décisions\n\nStocker.\n',
    });
  });
});

describe('MADR front matter translated (MTES-MCT/zero-logement-vacant: `statut:`, `décideurs:`)', () => {
  const zlv = (statut: string, key = 'statut', people = 'décideurs'): string =>
    `---\n# Ce sont des éléments optionnels.\n${key}: ${statut}\ndate: 2024-06-03\n${people}: Andrea GUEUGNAUT, Loïc GUILLOIS\n---\n\n# Mocker l’API pour tester le front\n\n## Contexte et problématique\n\nOn utilisait jest-fetch-mock.\n\n## Décision\n\nmsw est la solution.\n`;

  it('reads the status and the people from the translated keys, and keeps both keys as written', () => {
    for (const [key, words, status] of [['statut', 'proposé', 'proposed'], ['Statut', 'accepté', 'accepted'], ['estado', 'aceptado', 'accepted'], ['stato', 'accettato', 'accepted']] as const) {
      const adr = parse(zlv(words, key), '20240603162604-msw.md');
      expect([key, (adr.status_mapping?.mapped && adr.status_mapping.status), adr.raw_status, adr.status_origin]).toEqual([key, status, words, 'front_matter']);
      expect(adr.front_matter).toContain(`${key}: ${words}`);
    }
    for (const people of ['décideurs', 'décisionnaires', 'decisores', 'Entscheider']) {
      const adr = parse(zlv('accepté', 'statut', people), '20240603162604-msw.md');
      expect([people, adr.deciders]).toEqual([people, 'Andrea GUEUGNAUT, Loïc GUILLOIS']);
      expect(adr.front_matter).toContain(`${people}: Andrea GUEUGNAUT`);
    }
  });

  it('exports the keys under their own names in both formats, with no `status` added, and re-imports with no write', async () => {
    await adrRoundTrip({ '20240603162604-msw.md': zlv('proposé'), '20260805142324-millesime.md': zlv('accepté') }, (out, format) => {
      for (const name of readdirSync(out)) {
        const text = readFileSync(join(out, name), 'utf8');
        expect(text, `${format} ${name}`).toMatch(/^statut: (proposé|accepté)$/m);
        expect(text, `${format} ${name}`).toContain('décideurs: Andrea GUEUGNAUT, Loïc GUILLOIS');
        expect(text, `${format} ${name}`).not.toMatch(/^status:|^Status:|^decision-makers:/im);
      }
    });
  });

  it('dates a record named by a timestamp (`20240516132303-x.md`) by its day when the text states none', () => {
    const madr = '# Use Markdown Any Decision Records\n\n## Context and Problem Statement\n\nWhich format?\n\n## Decision Outcome\n\nChosen option: "MADR 3.0.0".\n';
    expect(parse(madr, '20240516132303-use-markdown-any-decision-records.md').date).toBe('2024-05-16');
    expect([nameDate('202405161323-x.md'), nameDate('20240516-x.md'), nameDate('20240516132399-x.md'), nameDate('20240516251303-x.md'), nameDate('2024051613230-x.md')]).toEqual(['2024-05-16', '2024-05-16', null, null, null]);
    expect(parse(zlv('accepté'), '20240603162604-msw.md').date).toBe('2024-06-03');
  });

  it('writes a changed status into the translated key', async () => {
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '20240603162604-msw.md'), zlv('accepté'));
    writeFileSync(join(dir, '20260805142324-millesime.md'), zlv('accepté'));
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      await brain.writes.supersede({ entryId: id('20240603162604-msw.md'), byEntryId: id('20260805142324-millesime.md') });
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format: 'madr' });
      const text = readFileSync(join(out, readdirSync(out).find((f) => f.startsWith('20240603')) ?? ''), 'utf8');
      expect(text).toMatch(/^statut: superseded; superseded by \[/m);
      expect(text).not.toMatch(/^status:|accepté/m);
      const again = await importAdr(brain, { dir: out });
      expect(again.entries.map((e) => [e.source_path, e.status])).toEqual([['20240603162604-msw.md', 'superseded'], ['20260805142324-millesime.md', 'accepted']]);
      const out2 = tempDir('brain-export-');
      await exportAdr(brain, { dir: out2, format: 'madr' });
      expect((await importAdr(brain, { dir: out2 })).entries.reduce((n, e) => n + e.written, 0)).toBe(0);
    } finally {
      await brain.close();
    }
  });
});

describe('"superseded by" in other languages (the MADR French template\'s `remplacé par [ADR-0005](…)`)', () => {
  const refs = (line: string) => findSupersedeRefs(line, { allLinks: true }).map((r) => [r.direction, r.number]);

  it('reads the successor after "remplacé par", "substituído por", "reemplazado por", "ersetzt durch", …', () => {
    for (const line of ['Remplacé par [ADR-0005](0005-x.md)', 'remplacée par [ADR 5](0005-x.md)', 'Substituído por [ADR 0005](0005-x.md)', 'Substituída por ADR-5',
      'Reemplazada por ADR-005', 'Sustituido por [ADR-5](0005-x.md)', 'Ersetzt durch [ADR 0005](0005-x.md)', 'abgelöst durch ADR 5', 'Sostituito da ADR-5', 'Vervangen door ADR 5']) {
      expect([line, refs(line)]).toEqual([line, [['superseded_by', 5]]]);
    }
  });

  it('reads the predecessor after "remplace", "sustituye a", "substitui"; a part as a relation; a status word alone as nothing', () => {
    expect(refs('Accepté ; remplace [ADR-0003](0003-x.md)')).toEqual([['supersedes', 3]]);
    expect(refs('Aceptada — 2026-06-18. Sustituye a [ADR-001](0001-x.md).')).toEqual([['supersedes', 1]]);
    expect(refs('Aceito, substitui ADR 2')).toEqual([['supersedes', 2]]);
    expect(refs('Teilweise ersetzt durch [ADR-0023](0023-x.md).')).toEqual([['related', 23]]);
    expect(refs('Proposé — partiellement remplacé par [ADR-0011](0011-x.md)')).toEqual([['related', 11]]);
    expect(findSupersedeRefs('Le modèle est remplacé par une table de correspondance (ADR 3).')).toEqual([]);
    expect(refs('Ersetzt')).toEqual([]);
  });

  it('links the two records of a folder, and the superseded one no longer reports an unknown successor', async () => {
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '0001-paiement.md'), '# 1. Paiement\n\nDate : 21/10/2020\n\n## Statut\n\nRemplacé par [ADR 2](0002-stripe.md)\n\n## Contexte\n\nTexte.\n\n## Décision\n\nStocker.\n');
    writeFileSync(join(dir, '0002-stripe.md'), '# 2. Stripe\n\nDate : 2021-03-01\n\n## Statut\n\nAccepté\n\n## Contexte\n\nTexte.\n\n## Décision\n\nStripe.\n');
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    const byPath = new Map(read.drafts.map((d) => [d.source_path, d]));
    expect(byPath.get('0002-stripe.md')?.fields.supersedes_entry_id).toBe(byPath.get('0001-paiement.md')?.entry_id);
    expect([byPath.get('0001-paiement.md')?.fields.status, byPath.get('0001-paiement.md')?.date]).toEqual(['superseded', '2020-10-21']);
    expect(read.unmapped).toEqual([]);
  });
});

describe('a heading that states the status or the day (`## Status: Accepted`, `## Status: Aceito`, `## Data: 2026-05-12`)', () => {
  const headed = (status: string, date = '## Data: 2026-05-12'): string => `# ADR-0002: Prisma como ORM\n\n## Status: ${status}\n${date}\n\n## Contexto\n\nPrecisamos de um ORM.\n\n## Decisão\n\nUsar Prisma.\n`;

  it('reads the words after the label of a top-level heading, in any language the label is known in, and the day of a date heading', () => {
    for (const [words, status] of [['Accepted', 'accepted'], ['ACCEPTED', 'accepted'], ['Aceito', 'accepted'], ['Proposto', 'proposed'], ['Substituído por [ADR 3](0003-drizzle.md)', 'superseded']] as const) {
      const adr = parse(headed(words), '0002-prisma.md');
      expect([words, adr.status_mapping?.mapped && adr.status_mapping.status, adr.raw_status, adr.status_origin, adr.date]).toEqual([words, status, words, 'status_heading', '2026-05-12']);
      expect(adr.rationale).toContain(`## Status: ${words}`);
    }
    expect(parse(headed('Accepted', '## Date: 2024-01-10'), '0002-prisma.md').date).toBe('2024-01-10');
    expect(parse('# ADR 1: X\n\n## Statut : accepté\n\n## Contexte\n\nTexte.\n', '0001-x.md').status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    // A sub-heading states none (a plan's `### Status: done`), nor does a Date heading with no value.
    expect(parse('# ADR 1: X\n\n## Plan\n\n### Status: done\n\nText.\n', '0001-x.md').raw_status).toBeNull();
    expect(parse('# ADR 1: X\n\n## Date handling\n\nWe store 2024-01-10 as UTC.\n', '0001-x.md').date).toBeNull();
  });

  it('round-trips with nothing added, and writes a changed status into the heading', async () => {
    await adrRoundTrip({ '0002-prisma.md': headed('Aceito'), '0064-market.md': '# ADR-064: Marketplace jobs wait\n\n## Status: Accepted\n\n## Context\n\nJobs.\n\n## Decision\n\nWait.\n' }, (out, format) => {
      for (const name of readdirSync(out)) expect(readFileSync(join(out, name), 'utf8'), `${format} ${name}`).not.toMatch(/^status:|^Status:|^## Status\n/m);
    });
    const repo = initRepo();
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '0002-prisma.md'), headed('Aceito'));
    writeFileSync(join(dir, '0003-drizzle.md'), '# ADR-0003: Drizzle\n\n## Status: Aceito\n\n## Contexto\n\nX.\n\n## Decisão\n\nDrizzle.\n');
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      await brain.writes.supersede({ entryId: id('0002-prisma.md'), byEntryId: id('0003-drizzle.md') });
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format: 'nygard' });
      const text = readFileSync(join(out, readdirSync(out).find((f) => f.startsWith('0002')) ?? ''), 'utf8');
      expect(text).toMatch(/^## Status: superseded; superseded by \[ADR-0003\]\(0003-drizzle\.md\)\n\n## Data: 2026-05-12$/m);
      expect(text).not.toContain('Aceito');
      const again = await importAdr(brain, { dir: out });
      // The file is the entry's own export: nothing written (decision 0098; before, one revision).
      expect(again.entries.map((e) => [e.source_path, e.status, e.written])).toEqual([['0002-prisma.md', 'superseded', 0], ['0003-drizzle.md', 'accepted', 0]]);
      const out2 = tempDir('brain-export-');
      await exportAdr(brain, { dir: out2, format: 'madr' });
      expect((await importAdr(brain, { dir: out2 })).entries.reduce((n, e) => n + e.written, 0)).toBe(0);
    } finally {
      await brain.close();
    }
  });
});
