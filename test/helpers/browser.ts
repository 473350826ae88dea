/**
 * A real headless Chromium for the dashboard tests (the daemon's and the hub's): Debian's
 * /usr/bin/chromium driven by playwright-core, skipped with a warning when it is missing; pages
 * that record dialogs and page errors (a hostile script would show up in either); an assertion
 * that the rendered DOM holds nothing executable; screenshots under test-output/screenshots/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's chromium. */
export const CHROMIUM = '/usr/bin/chromium';
/** Where screenshots go. */
export const SHOTS = fileURLToPath(new URL('../../test-output/screenshots', import.meta.url));

/** Whether {@link CHROMIUM} exists; warns (naming `what`) when it does not. */
export function chromiumPresent(what: string): boolean {
  const present = existsSync(CHROMIUM);
  if (!present) console.warn(`SKIPPED ${what}: ${CHROMIUM} is missing (install Debian's chromium; CI does, see .ci/run)`);
  return present;
}

/** Launches it headless, without sandbox, network extras or first-run work. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}

/** A page that records dialogs and page errors (a hostile script would show up in either). */
export async function open(context: BrowserContext): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, dialogs, errors };
}

/** Writes `<name>.png` (the whole page) and, at phone width, `<name>-top.png` (the first screen). */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  if ((page.viewportSize()?.width ?? 0) < 500) await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
}

/**
 * Asserts the rendered DOM holds nothing executable (scripts, handlers, javascript:/data: links,
 * frames, embedded images or styles). The dashboard's own pictures (`svg.picture`, drawn by the
 * server) are allowed, but nothing inside them that could load or run anything.
 */
export async function expectInert(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      scripts: document.querySelectorAll('script').length,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
      badLinks: [...document.querySelectorAll('[href],[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '').filter((u) => /^\s*(javascript|data|vbscript):/i.test(u)),
      embeds: document.querySelectorAll('main iframe, main object, main embed, main svg:not(.picture), main img, main style, main form[action^="javascript"], main svg foreignObject, main svg image, main svg use, main svg style, main svg animate, main svg set').length,
      pwned: (window as unknown as { pwned?: unknown }).pwned ?? null,
    };
  });
  expect(found).toEqual({ scripts: 0, handlers: [], badLinks: [], embeds: 0, pwned: null });
}
