/**
 * A new version of the app, through the real service worker: the page announces it with a
 * "Reload to update" prompt that never interrupts the game in progress (no dialog, no reload, the
 * table keeps taking moves), "Later" puts it away, and "Reload" brings in the new version with the
 * game resumed where it was.
 *
 * The test serves its own copy of the production build (dist/, built by the web server step) from a
 * small static server, so that it can publish a new version, a changed sw.js, without touching the
 * preview server the other specs share.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { Strings } from '../src/app/page/strings.ts';
import { waitHook } from './helpers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'audio/webm',
  '.mp3': 'audio/mpeg',
  '.map': 'application/json',
};

/** Serves the files of `dir` (no caching, so the browser sees a new sw.js at once). */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` })));
}

/** Resolves once a service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await waitHook(page);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is served by the service worker').toBe(true);
}

/** Publishes a new version: sw.js changes by a byte, and the page checks for an update. */
async function publish(page: Page, dir: string, n: number): Promise<void> {
  appendFileSync(join(dir, 'sw.js'), `\n// version ${n}\n`);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
  });
}

test('update: "Reload to update" appears without interrupting the game; Later puts it away; Reload brings the new version and resumes the game', async ({ page }) => {
  test.setTimeout(120_000);
  const dist = resolve('dist');
  expect(existsSync(join(dist, 'sw.js')), 'the production build (dist/) with its service worker').toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'solitaire-update-'));
  cpSync(dist, dir, { recursive: true });
  const { server, url } = await serve(dir);
  const t = new Strings('en');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.addInitScript(() => {
      try {
        if (localStorage.getItem('solitaire.settings') === null) {
          const settings = { tapToMove: true, autoCollect: 'off', speed: 'off', sound: false, cardBack: 'blue', fourColour: false, leftHanded: false, confirmAbandon: true, showClock: true, showMoves: true, showVerdict: false, language: 'en', winnableOnly: {} };
          localStorage.setItem('solitaire.settings', JSON.stringify({ v: 2, data: settings }));
        }
      } catch {
        // no storage
      }
    });
    await page.goto(`${url}#/aces-up/7`);
    await waitHook(page);
    await controlled(page);
    // The first install is not an update: no prompt.
    expect(await page.locator('#update-prompt').count(), 'no update prompt on a first install').toBe(0);
    // A game in progress: one deal, by the keyboard.
    await page.keyboard.press('d');
    await page.evaluate(() => window.solitaire.idle());
    const before = await page.evaluate(() => ({ info: window.solitaire.info(), position: window.solitaire.position() }));
    expect(before.info.moves).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // Version 2: the prompt comes; nothing else changes, and the game goes on.
    await publish(page, dir, 2);
    const prompt = page.locator('#update-prompt');
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(prompt).toContainText(t.t('updateReady'));
    await expect(prompt).toHaveAttribute('role', 'status');
    expect(await page.evaluate(() => document.querySelector('dialog[open]') === null), 'no dialog cuts into the game').toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the page did not reload by itself').toBe(true);
    expect(await page.evaluate(() => window.solitaire.position())).toEqual(before.position);
    await page.keyboard.press('d');
    await page.evaluate(() => window.solitaire.idle());
    expect((await page.evaluate(() => window.solitaire.info())).moves, 'the table still takes moves').toBe(2);
    const during = await page.evaluate(() => window.solitaire.position());
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: t.t('updateLater') }).click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => window.solitaire.info().moves)).toBe(2);

    // Reload brings the waiting version in; the game resumes at the same position.
    await page.reload();
    await waitHook(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // The worker left waiting by "Later" is still waiting: the prompt comes back after a reload.
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await prompt.getByRole('button', { name: t.t('updateReload') }).click();
    await page.waitForFunction(() => !(window as unknown as { sameDocument?: boolean }).sameDocument && typeof window.solitaire?.info === 'function');
    await waitHook(page);
    expect(await page.evaluate(() => window.solitaire.position()), 'the game resumes where it was').toEqual(during);
    expect(await page.evaluate(() => window.solitaire.info().moves)).toBe(2);
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: r?.waiting !== null && r?.waiting !== undefined, active: r?.active?.state ?? null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(reg, 'the new version is active and nothing waits').toEqual({ waiting: false, active: 'activated', controlled: true });
    await expect(prompt).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await new Promise((ok) => server.close(ok));
    rmSync(dir, { recursive: true, force: true });
  }
});
