/**
 * The game as players get it: every test here runs at the shipped defaults (a fresh context,
 * animations at normal speed, safe auto-collect, sound on, the browser's language), on a phone
 * with touch and on a desktop, in English and Russian. Each test names the defect it guards.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { Strings } from '../src/app/page/strings.ts';
import { parsePosition } from '../src/games/catalog.ts';
import { formatMove, formatPosition, type Position } from '../src/engine/notation.ts';
import { legalList, openingState, targetsOf } from '../src/engine/play.ts';
import { cloneState, DEAL, type GameRules, moveType, type State } from '../src/engine/rules.ts';
import { solve } from '../src/solver/search.ts';
import type { Language } from '../src/persist/settings.ts';
import { SCREENS } from '../tests/screens.ts';
import { afterPlayer, check, dragOf, dragPath, grabPoint, idle, mouseDrag, open, position, rulesOf, tableOpening, touchDrag, waitHook, winnable } from './helpers.ts';

const PHONE = { viewport: SCREENS.phone, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: SCREENS.desktop } as const;
const locale = (lang: Language): string => (lang === 'ru' ? 'ru-RU' : 'en-US');

/** The centre of a rectangle from the hook. */
async function centre(page: Page, pile: string, index = -1): Promise<{ x: number; y: number }> {
  const r = await page.evaluate(([p, i]) => window.solitaire.cardRect(p, i), [pile, index] as const);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** Taps the stock with a finger until it is empty. */
async function dealOut(page: Page): Promise<void> {
  for (let k = 0; k < 60; k++) {
    const pos = (await position(page)) as Position & { stock: string[] };
    if (pos.stock.length === 0) return;
    const at = await centre(page, 'stock');
    await page.touchscreen.tap(at.x, at.y);
    await idle(page);
  }
}

/** A finger drag held still halfway: resolves with a function that finishes it at `to`. */
async function holdDrag(page: Page, a: { x: number; y: number }, b: { x: number; y: number }): Promise<(to: { x: number; y: number }) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let k = 1; k <= 4; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * k) / 8, y: a.y + ((b.y - a.y) * k) / 8 }] });
  return async (to) => {
    for (let k = 1; k <= 4; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((to.x - a.x) * (4 + k)) / 8, y: a.y + ((to.y - a.y) * (4 + k)) / 8 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

/** Turns a switch of the settings dialog on or off through the menu, as a player does. */
async function setting(page: Page, t: Strings, id: string, on: boolean): Promise<void> {
  await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
  await page.locator('#menu-settings').click();
  await page.locator(id).setChecked(on);
  await page.locator('#settings-close').click();
}

/** King Albert deal 5 at the defaults with its first legal drag held still halfway by a finger. */
async function heldDrag(page: Page): Promise<{ rules: GameRules; state: State; before: Position; m: number; b: { x: number; y: number }; finish: (to: { x: number; y: number }) => Promise<void> }> {
  const rules = rulesOf('king-albert');
  await open(page, 'king-albert', 5);
  const before = await position(page);
  const { state } = parsePosition(before);
  const m = legalList(rules, state).find((x) => moveType(x) !== DEAL && dragOf(rules, state, x) !== null)!;
  const d = dragOf(rules, state, m)!;
  const [a, b] = await dragPath(page, d.from, d.index, d.to);
  return { rules, state, before, m, b, finish: await holdDrag(page, a, b) };
}

for (const lang of ['ru', 'en'] as const) {
  const t = new Strings(lang);

  test.describe(`phone, touch, ${lang}`, () => {
    test.use({ ...PHONE, locale: locale(lang) });

    test('a dead end: the banner comes once, and drags still land (they used to snap back once the status changed)', async ({ page }) => {
      const rules = rulesOf('aces-up');
      await open(page, 'aces-up', 424242);
      await dealOut(page);
      await expect(page.locator('#status')).toContainText(t.t('cannotWin'));
      const banner = page.locator('#lost-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(t.t('deadTitle'));
      // Non-modal: no dialog, and the page under it answers.
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await page.locator('#lost-banner-close').click();
      await expect(banner).toHaveCount(0);
      // Every remaining discard is dragged, by finger, onto the discard pile; each lands.
      for (let k = 0; k < 3; k++) {
        const before = await position(page);
        const { state } = parsePosition(before);
        const m = legalList(rules, state).find((x) => moveType(x) !== DEAL);
        if (m === undefined) break;
        const json = formatMove(rules, state, m) as { from: string };
        const len = (before as Record<string, string[][]>).tableau![Number(json.from.split(':')[1])]!.length;
        await touchDrag(page, await dragPath(page, json.from, len - 1, 'discard'));
        await idle(page);
        const after = await position(page);
        expect(after, `drag ${k + 1} lands`).not.toEqual(before);
        expect(await check(page)).toEqual([]);
        // Once for each loss: more moves in the lost position do not bring it back.
        await expect(banner).toHaveCount(0);
      }
    });

    test('a relayout during a drag waits for the drop (a bar comes under the table mid-drag)', async ({ page }) => {
      const { rules, state, before, m, b, finish } = await heldDrag(page);
      await page.evaluate(() => {
        const bar = document.createElement('div');
        bar.style.height = '80px';
        document.getElementById('dock')!.append(bar);
      });
      // Two frames: the resize observer has seen the bar and asked for a relayout.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await finish(b);
      await idle(page);
      expect(await position(page)).toEqual(afterPlayer(before, formatMove(rules, state, m)));
      // The table was laid out for the new bar once the card was down.
      expect(await check(page)).toEqual([]);
      const bottom = await page.evaluate(() => document.getElementById('dock')!.getBoundingClientRect().top);
      const pos = (await position(page)) as Position & { reserve: (string | null)[] };
      const k = pos.reserve.findIndex((c) => c !== null);
      const r = await page.evaluate((i) => window.solitaire.cardRect(`reserve:${i}`, 0), k);
      expect(r.y + r.height).toBeLessThanOrEqual(bottom + 0.5);
    });

    test('a rotation during a drag sends the card back, and nothing is lost', async ({ page }) => {
      const { before, b, finish } = await heldDrag(page);
      await page.setViewportSize({ width: SCREENS.phone.height, height: SCREENS.phone.width });
      await finish(b);
      await idle(page);
      expect(await position(page)).toEqual(before);
      expect(await check(page)).toEqual([]);
      expect((await page.evaluate(() => window.solitaire.info())).moves).toBe(0);
    });

    test('a fixed frame: the toolbar at the bottom has one height, icon buttons with names and tooltips, and a status line that never wraps', async ({ page }) => {
      await open(page, 'king-albert', 5);
      const bar = page.locator('#toolbar');
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height, 'the toolbar sits at the bottom').toBeCloseTo(SCREENS.phone.height, 0);
      expect(box.height).toBeLessThanOrEqual(64);
      for (const b of await bar.locator('button.tool, summary').all()) {
        expect(await b.getAttribute('aria-label')).toBeTruthy();
        expect(await b.getAttribute('title')).toBeTruthy();
      }
      const status = page.locator('#status');
      const one = await status.evaluate((e) => ({ white: getComputedStyle(e).whiteSpace, h: e.getBoundingClientRect().height, line: Number.parseFloat(getComputedStyle(e).lineHeight) || 20 }));
      expect(one.white).toBe('nowrap');
      expect(one.h).toBeLessThanOrEqual(one.line * 1.5);
      // The stylesheet keeps the bars out of a notched phone's system areas.
      const css = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n'));
      expect(css).toContain('env(safe-area-inset-bottom');
      expect(css).toContain('env(safe-area-inset-top');
    });

    test('King Albert with the verdict line on: drags land while the status changes (5 of 6 snapped back)', async ({ page }) => {
      const rules = rulesOf('king-albert');
      await open(page, 'king-albert', 5);
      await setting(page, t, '#set-verdict', true);
      let landed = 0;
      for (let k = 0; k < 4; k++) {
        const before = await position(page);
        const { state } = parsePosition(before);
        const m = legalList(rules, state).find((x) => moveType(x) !== DEAL && dragOf(rules, state, x) !== null);
        if (m === undefined) break;
        const d = dragOf(rules, state, m)!;
        await touchDrag(page, await dragPath(page, d.from, d.index, d.to));
        await idle(page);
        expect(await position(page), `drag ${k + 1}`).toEqual(afterPlayer(before, formatMove(rules, state, m)));
        expect(await check(page)).toEqual([]);
        landed++;
      }
      expect(landed).toBeGreaterThanOrEqual(3);
    });

    test('a refused tap shakes the card, with the sound off too; a dragged card lifts', async ({ page }) => {
      const rules = rulesOf('king-albert');
      await open(page, 'king-albert', 5);
      await setting(page, t, '#set-sound', false);
      const before = await position(page);
      const { state } = parsePosition(before);
      // A column's top card with no legal target.
      const p = rules.piles.findIndex((q, i) => q.kind === 'tableau' && state.piles[i]!.length > 0 && targetsOf(rules, state, i, state.piles[i]!.length - 1).length === 0);
      expect(p, 'a card with nowhere to go').toBeGreaterThanOrEqual(0);
      const at = await grabPoint(page, rules.piles[p]!.id, state.piles[p]!.length - 1);
      // The card moves away from its place for a moment, then is back. Every frame is looked at from
      // before the tap: the shake lasts a quarter of a second, which a watch started after the tap
      // had returned could miss entirely on a slow machine (software WebGL draws 6-19 frames a second).
      await page.evaluate(() => {
        const w = window as unknown as { shaken?: boolean };
        w.shaken = false;
        const until = performance.now() + 10_000;
        const look = (): void => {
          if (window.solitaire.check().length > 0) w.shaken = true;
          else if (performance.now() < until) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForFunction(() => (window as unknown as { shaken?: boolean }).shaken === true, null, { timeout: 10_000 });
      await idle(page);
      expect(await check(page)).toEqual([]);
      expect(await position(page)).toEqual(before);
      // A card held in mid-drag is drawn larger than at rest (it lifts).
      const m = legalList(rules, state).find((x) => moveType(x) !== DEAL && dragOf(rules, state, x) !== null)!;
      const d = dragOf(rules, state, m)!;
      const [a, b] = await dragPath(page, d.from, d.index, d.to);
      const finish = await holdDrag(page, a, b);
      const held = await check(page);
      expect(held.some((x) => x.includes('not fully visible')), held.join('; ')).toBe(true);
      await finish(b);
      await idle(page);
      expect(await check(page)).toEqual([]);
    });

    test('King Albert: the analysis panel never covers the reserve', async ({ page }) => {
      await open(page, 'king-albert', 5);
      await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
      await page.locator('#menu-analysis').click();
      const panel = page.locator('#analysis');
      await expect(panel).toBeVisible();
      await idle(page);
      const top = (await panel.boundingBox())!.y;
      const pos = (await position(page)) as Position & { reserve: (string | null)[] };
      let seen = 0;
      for (let i = 0; i < pos.reserve.length; i++) {
        if (pos.reserve[i] === null) continue;
        const r = await page.evaluate((k) => window.solitaire.cardRect(`reserve:${k}`, 0), i);
        expect(r.y + r.height, `reserve:${i} above the panel`).toBeLessThanOrEqual(top + 0.5);
        seen++;
      }
      expect(seen).toBeGreaterThan(0);
      expect(await check(page)).toEqual([]);
    });

    test('the solver replay shows several steps of its timeline', async ({ page }) => {
      const deal = winnable('australian')[0]!;
      await open(page, 'australian', deal);
      await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
      await page.locator('#menu-solve').click();
      const strip = page.locator('#timeline ol');
      await expect(strip).toBeVisible({ timeout: 30_000 });
      const shown = await strip.evaluate((ol) => {
        const box = ol.getBoundingClientRect();
        return [...ol.children].filter((li) => {
          const r = li.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1 && r.width > 0;
        }).length;
      });
      expect(shown).toBeGreaterThanOrEqual(3);
      await page.locator('#replay-close').click();
    });

    test('the home screen: six tiles with the record; a tile resumes the game', async ({ page }) => {
      await open(page, 'australian', 24);
      // Safe auto-collect after the opening deal: the ace dealt on top went home, and it is no move of the player's.
      const pos = (await position(page)) as Position & { foundations: string[][] };
      expect(pos.foundations.flat()).toContain('AH');
      expect((await page.evaluate(() => window.solitaire.info())).moves).toBe(0);
      await expect(page.locator('#toolbar').getByRole('button', { name: t.t('undo'), exact: true })).toBeDisabled();
      // A player's move, then home.
      const rules = rulesOf('australian');
      const { state } = parsePosition(pos);
      const m = legalList(rules, state).find((x) => moveType(x) === DEAL)!;
      expect(m).toBeDefined();
      const at = await centre(page, 'stock');
      await page.touchscreen.tap(at.x, at.y);
      await idle(page);
      const played = await position(page);
      await page.locator('#home-btn').click();
      const tiles = page.locator('#home .tile');
      await expect(tiles).toHaveCount(6);
      for (const id of ['aces-up', 'australian', 'aces-and-kings', 'king-albert', 'streets-and-alleys', 'royal-marriage']) {
        await expect(page.locator(`#home-${id}`)).toContainText(rulesOf(id).names[lang]);
        await expect(page.locator(`#home-${id} svg`)).toHaveCount(1);
      }
      await expect(page.locator('#home-australian')).toContainText(t.t('homeResume'));
      await page.locator('#home-australian').tap();
      await expect(page.locator('#home')).toHaveCount(0);
      await idle(page);
      expect(await position(page)).toEqual(played);
      expect(await check(page)).toEqual([]);
    });
  });

  test.describe(`desktop, ${lang}`, () => {
    test.use({ ...DESKTOP, locale: locale(lang) });

    test('a bad address over a saved game says that game goes on (not "a new deal")', async ({ page }) => {
      await open(page, 'royal-marriage', 7);
      const rules = rulesOf('royal-marriage');
      const at = await centre(page, 'stock');
      await page.mouse.click(at.x, at.y);
      await idle(page);
      const played = await position(page);
      const row = await page.evaluate(() => window.solitaire.cardRect('row', 0));
      const bar = await page.locator('#toolbar').boundingBox();
      await page.evaluate(() => {
        location.hash = '#/royal-marriage/not-a-number';
      });
      const toast = page.locator('#message');
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(t.t('routeResumed', { game: rules.names[lang] }));
      await expect(toast).not.toContainText(t.t('routeNewDeal', { game: rules.names[lang] }));
      await idle(page);
      expect(await position(page)).toEqual(played);
      // The toast is an overlay: nothing on the table or in the toolbar moved.
      expect(await page.evaluate(() => window.solitaire.cardRect('row', 0))).toEqual(row);
      expect(await page.locator('#toolbar').boundingBox()).toEqual(bar);
    });

    test('a hint does not move the table', async ({ page }) => {
      await open(page, 'royal-marriage', 7);
      const row = await page.evaluate(() => window.solitaire.cardRect('row', -1));
      await page.keyboard.press('h');
      await expect(page.locator('#thinking')).toBeHidden({ timeout: 10_000 });
      await idle(page);
      expect(await page.evaluate(() => window.solitaire.cardRect('row', -1))).toEqual(row);
    });

    test('a deal lost from its opening: the banner says so and offers no Rewind', async ({ page }) => {
      await open(page, 'australian', 7);
      const lost = openingState(rulesOf('australian'), 7);
      expect(formatPosition(rulesOf('australian'), lost).game).toBe('australian');
      await page.keyboard.press('h');
      const banner = page.locator('#lost-banner');
      await expect(banner).toBeVisible({ timeout: 20_000 });
      await expect(banner).toContainText(t.t('lostNever'), { timeout: 20_000 });
      await expect(page.locator('#rewind')).toBeHidden();
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await page.locator('#end-new').click();
      await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(7);
      await idle(page);
      expect(winnable('australian')).toContain((await page.evaluate(() => window.solitaire.info())).deal);
    });

    test('the rules open at the top, with a diagram of the table', async ({ page }) => {
      await open(page, 'king-albert', 3);
      await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
      await page.locator('#menu-rules').click();
      const dialog = page.locator('#rules-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('svg').first()).toBeVisible();
      expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
    });

    test('statistics: a game in progress is not "no games", and the calendar has weekdays and today', async ({ page }) => {
      await open(page, 'aces-up', 5);
      const at = await centre(page, 'stock');
      await page.mouse.click(at.x, at.y);
      await idle(page);
      await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
      await page.locator('#menu-statistics').click();
      const dialog = page.locator('#stats-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).not.toContainText(t.t('chartEmpty'));
      await expect(dialog).toContainText(t.t('chartInProgress'));
      await expect(dialog.locator('.weekdays span')).toHaveCount(7);
      await expect(dialog.locator('.calendar li[aria-current="date"]')).toHaveCount(1);
    });

    test('new deals: winnable by default, and Hard deals come from the hard grades (remembered)', async ({ page }) => {
      await open(page, 'king-albert', 3);
      const list = JSON.parse(readFileSync('assets/winnable/king-albert.json', 'utf8')) as { deals: { deal: number; grade: number }[] };
      await page.locator('#new-deal').click();
      await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(3);
      await idle(page);
      expect(list.deals.map((d) => d.deal)).toContain((await page.evaluate(() => window.solitaire.info())).deal);
      await page.locator('summary[aria-label="' + t.t('dealOptions') + '"]').click();
      await page.locator('#difficulty-hard').check();
      const before = (await page.evaluate(() => window.solitaire.info())).deal;
      await page.locator('#deal-go').click();
      await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(before);
      await idle(page);
      const hard = list.deals.filter((d) => d.grade >= 4).map((d) => d.deal);
      expect(hard).toContain((await page.evaluate(() => window.solitaire.info())).deal);
      await page.reload();
      await waitHook(page);
      await page.locator('summary[aria-label="' + t.t('dealOptions') + '"]').click();
      await expect(page.locator('#difficulty-hard')).toBeChecked();
    });
  });
}

/**
 * A stored winnable Streets and Alleys deal and a drag from its opening (as the table shows it)
 * into a position the solver proves lost: the crossroads the warning is about.
 */
function crossroadsDrag(): { deal: number; drag: { from: string; index: number; to: string } } {
  const rules = rulesOf('streets-and-alleys');
  for (const deal of winnable('streets-and-alleys').slice(0, 20)) {
    const s = tableOpening(rules, deal);
    if (solve(rules, s, { maxNodes: 300_000 }).result !== 'won') continue;
    for (const m of legalList(rules, s)) {
      const d = moveType(m) === DEAL ? null : dragOf(rules, s, m);
      if (!d) continue;
      const after = cloneState(s);
      rules.make(after, m);
      if (solve(rules, after, { maxNodes: 300_000 }).result === 'lost') return { deal, drag: d };
    }
  }
  throw new Error('no crossroads among the first stored Streets and Alleys deals');
}

for (const [where, use, lang] of [
  ['phone, touch', PHONE, 'ru'],
  ['desktop', DESKTOP, 'en'],
] as const) {
  test.describe(`the warning at the crossroads, ${where}, ${lang}`, () => {
    test.use({ ...use, locale: locale(lang) });
    const t = new Strings(lang);

    test('off by default; switched on, a move that gives up the win says so, and its Undo takes the move back', async ({ page }) => {
      const { deal, drag } = crossroadsDrag();
      await open(page, 'streets-and-alleys', deal);
      const opening = await position(page);
      const input = where === 'desktop' ? mouseDrag : touchDrag;
      // Off by default: the same move says nothing.
      await input(page, await dragPath(page, drag.from, drag.index, drag.to));
      await idle(page);
      expect(await position(page)).not.toEqual(opening);
      await expect(page.locator('#toast-action')).toBeHidden();
      const undo = page.locator('#toolbar').getByRole('button', { name: t.t('undo'), exact: true });
      if (where === 'desktop') await undo.click();
      else await undo.tap();
      await idle(page);
      expect(await position(page)).toEqual(opening);
      await setting(page, t, '#set-crossroads', true);
      await input(page, await dragPath(page, drag.from, drag.index, drag.to));
      await idle(page);
      const action = page.locator('#toast-action');
      await expect(action).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('#message')).toHaveText(t.t('crossroads'));
      await expect(action).toHaveText(t.t('undo'));
      await page.screenshot({ path: `e2e-artifacts/crossroads-${where === 'desktop' ? 'desktop' : 'phone'}-${lang}.png` });
      if (where === 'desktop') await action.click();
      else await action.tap();
      await idle(page);
      expect(await position(page)).toEqual(opening);
      await expect(action).toBeHidden();
      expect(await check(page)).toEqual([]);
    });
  });
}

for (const [where, use, lang] of [
  ['phone, touch', PHONE, 'ru'],
  ['desktop', DESKTOP, 'en'],
] as const) {
  test.describe(`the analysis panel, ${where}, ${lang}`, () => {
    test.use({ ...use, locale: locale(lang) });
    const t = new Strings(lang);

    test('Aces Up while the stock lasts: a card can go to each empty pile, and each is listed and named by its number', async ({ page }) => {
      await open(page, 'aces-up', 1);
      // Deal 1 opens K♥ 5♣ 3♥ 9♣: 5♣ and 3♥ go to the discard pile, leaving piles 2 and 3 empty.
      for (const pile of ['tableau:1', 'tableau:2']) {
        const at = await grabPoint(page, pile, 0);
        if (where === 'desktop') await page.mouse.click(at.x, at.y);
        else await page.touchscreen.tap(at.x, at.y);
        await idle(page);
      }
      const pos = (await position(page)) as Position & { tableau: string[][] };
      expect(pos.tableau.map((p) => p.length)).toEqual([1, 0, 0, 1]);
      await page.locator(`summary[aria-label="${t.t('menu')}"]`).click();
      await page.locator('#menu-analysis').click();
      const panel = page.locator('#analysis');
      await expect(panel).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
      const rows = panel.locator('li');
      await expect(rows).toHaveCount(5);
      const words = await rows.evaluateAll((li) => li.map((x) => x.firstElementChild!.textContent));
      const kh = lang === 'ru' ? 'К♥' : 'K♥';
      for (const n of [2, 3]) expect(words).toContain(t.t('moveToEmptyAt', { card: kh, n }));
      expect(new Set(words).size).toBe(5);
      await expect(panel.locator('h2')).toContainText(t.t('analysisTotal', { n: 5, total: 5 }));
      expect(await check(page)).toEqual([]);
    });
  });
}
