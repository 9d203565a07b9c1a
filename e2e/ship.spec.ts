/**
 * The "ship it" checks: offline play from the service worker's precache, whole games by keyboard
 * alone, the screen-reader live region in both languages, axe scans of every screen in both
 * languages, fuzzed outside inputs (addresses, deal numbers, statistics files, damaged storage),
 * and the real content security policy with every request staying on the page's own origin.
 *
 * The settings planted here turn animations off: these tests are about offline play, the keyboard,
 * the words, accessibility and bad input, not the motion; the table at the shipped defaults is
 * tested in player.spec.ts and fullgame.spec.ts.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { cardLabel, describeMove } from '../src/app/table/describe.ts';
import { Strings } from '../src/app/page/strings.ts';
import { parsePosition } from '../src/games/catalog.ts';
import { formatMove, formatPosition, parseMove, type Position } from '../src/engine/notation.ts';
import { openingState, targetsOf } from '../src/engine/play.ts';
import { MAX_DEAL } from '../src/engine/rng.ts';
import { DEAL, DISCARD, type GameRules, MOVE, moveCount, moveFrom, moveTo, moveType, type State } from '../src/engine/rules.ts';
import { spotsOf } from '../src/input/keyboard.ts';
import { dropTargets } from '../src/input/pointer.ts';
import { exportStats, importStats, type Stats } from '../src/persist/stats.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { GAME_LIST, grabPoint, quickPath, rulesOf, waitHook } from './helpers.ts';

// ---- shared ----

type Lang = 'en' | 'ru';

/** A version-2 settings record (what the settings dialog writes), with `over` applied. */
function settingsRecord(over: Record<string, unknown> = {}): string {
  const data = {
    tapToMove: true,
    autoCollect: 'off',
    speed: 'off',
    sound: false,
    cardBack: 'blue',
    fourColour: false,
    leftHanded: false,
    confirmAbandon: true,
    showClock: true,
    showMoves: true,
    showVerdict: false,
    language: 'en',
    winnableOnly: {},
    ...over,
  };
  return JSON.stringify({ v: 2, data });
}

/** Puts `records` into localStorage before the page's first load (a reload keeps what the page wrote since). */
async function plant(page: Page, records: Record<string, string>): Promise<void> {
  await page.addInitScript((r) => {
    try {
      if (sessionStorage.getItem('ship-planted')) return;
      sessionStorage.setItem('ship-planted', '1');
      for (const [k, v] of Object.entries(r)) localStorage.setItem(k, v);
    } catch {
      // no storage
    }
  }, records);
}

/**
 * Opens `hash` and waits for the table. Other sessions on this machine rebuild dist/ under the
 * preview server now and then (a moment of 404s): such a load is tried again once the server answers.
 */
async function load(page: Page, hash: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`/${hash}`);
      break;
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('ERR_HTTP_RESPONSE_CODE_FAILURE')) throw e;
      await expect.poll(async () => (await page.request.get('/')).status(), { timeout: 60_000 }).toBe(200);
    }
  }
  await waitHook(page);
}

interface Seen {
  position: Position;
  check: string[];
  info: { game: string; deal: number; moves: number; won: boolean };
  focus: { pile: string; index: number } | null;
}

/** Waits for idle, then reads position, check(), info() and focus() in one round trip. */
async function settle(page: Page): Promise<Seen> {
  return page.evaluate(async () => {
    const h = window.solitaire;
    await h.idle();
    return { position: h.position(), check: h.check(), info: h.info(), focus: h.focus() };
  });
}

/** The shortest line of a game's stored winnable list. */
function shortest(game: string): { deal: number; line: number[] } {
  const list = JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as WinnableList;
  const entry = list.deals.reduce((a, b) => (b.length < a.length ? b : a));
  return { deal: entry.deal, line: entryLine(rulesOf(game), entry) };
}

/**
 * How a pick-and-put (keyboard) or a drag (pointer) makes engine move `m`: the card to take (pile and
 * index) and the pile to put it on. A drop on a pile plays the card's first target on that pile
 * (dropTargets of src/input/pointer.ts), so a Royal Marriage group is taken by whichever of its cards
 * has this very discard as its first one. Null for a deal.
 */
function pickPut(rules: GameRules, s: State, m: number): { from: number; index: number; to: number } | null {
  const type = moveType(m);
  if (type === DEAL) return null;
  const from = moveFrom(m);
  const len = s.piles[from]!.length;
  const discard = rules.piles.findIndex((p) => p.kind === 'discard');
  const to = type === DISCARD ? discard : moveTo(m);
  const candidates = rules.piles[from]!.kind === 'row' ? Array.from({ length: moveCount(m) }, (_, i) => moveTo(m) + i) : [type === DISCARD ? len - 1 : len - moveCount(m)];
  const index = candidates.find((i) => dropTargets(rules, s, from, i).get(to) === m);
  if (index === undefined) throw new Error(`no card takes move ${JSON.stringify(formatMove(rules, s, m))} to its pile by itself`);
  return { from, index, to };
}

/** Collects uncaught page errors and console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const toolbarMenu = (page: Page) => page.locator('#toolbar details.menu > summary');

/** Opens the toolbar menu and clicks item `id`. */
async function menu(page: Page, id: string): Promise<void> {
  await toolbarMenu(page).click();
  await page.locator(id).click();
}

/** A valid statistics record's data (it passes the schema of src/persist/stats.ts). */
const GOOD_STATS: Stats = {
  games: {
    'aces-up': { played: 4, won: 2, finished: 3, streak: 2, bestStreak: 2, bestTimeMs: 90_000, fewestMoves: 70, hints: 1, recent: [false, true, true], discardedTotal: 120, discardedBest: 48 },
    australian: { played: 3, won: 1, finished: 2, streak: 0, bestStreak: 1, bestTimeMs: 61_000, fewestMoves: 120, hints: 2, recent: [true, false], discardedTotal: 0, discardedBest: null },
  },
  daily: { '2024-05-01': { australian: { deal: 77, result: 'won', timeMs: 61_000, moves: 120 } }, '2024-05-02': { 'aces-up': { deal: 12, result: 'lost' } } },
};
const GOOD_STATS_TEXT = JSON.stringify({ v: 1, data: GOOD_STATS });

/** A statistics record other than GOOD_STATS (what a page has before an import). */
const PLANTED_STATS_TEXT = JSON.stringify({
  v: 1,
  data: { games: { 'king-albert': { played: 2, won: 1, finished: 2, streak: 1, bestStreak: 1, bestTimeMs: 300_000, fewestMoves: 90, hints: 0, recent: [false, true], discardedTotal: 0, discardedBest: null } }, daily: {} },
});

/** Where move `m`'s cards land (pile:index keys), given the state before it. */
function landing(rules: GameRules, s: State, m: number): Set<string> {
  const pp = pickPut(rules, s, m);
  if (!pp) return new Set();
  const n = moveType(m) === DISCARD && rules.piles[moveFrom(m)]!.kind !== 'row' ? 1 : moveCount(m);
  const len = s.piles[pp.to]!.length;
  return new Set(Array.from({ length: n }, (_, k) => `${pp.to}:${len + k}`));
}

/**
 * Makes engine move `m` of `s` with the mouse: a click on the stock for a deal; a click on the card
 * when that plays this move (its first target, and not a card the previous move just put down,
 * whose click would cycle that move's targets); a drag otherwise. Returns where the cards land.
 */
async function mousePlay(page: Page, rules: GameRules, s: State, m: number, landed: Set<string>): Promise<Set<string>> {
  const pp = pickPut(rules, s, m);
  if (!pp) {
    const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    return new Set();
  }
  const tap = targetsOf(rules, s, pp.from, pp.index)[0] === m && !landed.has(`${pp.from}:${pp.index}`);
  const { grab, drop } = await quickPath(page, rules.piles[pp.from]!.id, pp.index, tap ? null : rules.piles[pp.to]!.id);
  if (tap) await page.mouse.click(grab.x, grab.y);
  else {
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move((grab.x + drop.x) / 2, (grab.y + drop.y) / 2);
    await page.mouse.move(drop.x, drop.y);
    await page.mouse.up();
  }
  return landing(rules, s, m);
}

// ---- 1. offline ----

test('offline: after the precache is complete, a reload without network plays a stored line to the win', async ({ page, context }) => {
  test.setTimeout(180_000);
  const game = 'aces-up';
  const rules = rulesOf(game);
  const { deal, line } = shortest(game);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await plant(page, { 'solitaire.settings': settingsRecord({ autoCollect: 'off' }) });
  await load(page, `#/${game}/${deal}`);
  // The service worker is active (its install, which fills the precache, has finished) and every
  // file of its precache manifest, the page's own script among them, is in the cache.
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const manifest = await (await fetch('sw.js')).text();
    const want = [...manifest.matchAll(/url:"([^"]+)"/g)].map((m) => new URL(m[1]!, location.href).pathname);
    const main = new URL((document.querySelector('script[type="module"]') as HTMLScriptElement).src).pathname;
    for (;;) {
      const name = (await caches.keys()).find((k) => k.includes('precache'));
      if (name) {
        const have = new Set((await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
        const missing = want.filter((p) => !have.has(p));
        if (!missing.length && have.has(main)) return { files: want.length, main, missing };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  expect(cached.files).toBeGreaterThan(10);
  await context.setOffline(true);
  await page.reload();
  await waitHook(page);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is served by the service worker').toBe(true);
  const s = openingState(rules, deal);
  let seen = await settle(page);
  expect(seen.position).toEqual(formatPosition(rules, s));
  let landed = new Set<string>();
  for (const [k, m] of line.entries()) {
    const what = `move ${k + 1}/${line.length} ${JSON.stringify(formatMove(rules, s, m))}`;
    landed = await mousePlay(page, rules, s, m, landed);
    rules.make(s, m);
    seen = await settle(page);
    expect(seen.position, what).toEqual(formatPosition(rules, s));
    expect(seen.check, what).toEqual([]);
  }
  expect(seen.info.won).toBe(true);
  await expect(page.locator('#win-dialog')).toBeVisible();
  expect(errors).toEqual([]);
  await context.setOffline(false);
});

// ---- 2. keyboard only, every game ----

/** The layout's centre of each pile's slot (the keyboard's reading order uses these) and the card height. */
async function slots(page: Page, ids: string[]): Promise<{ centres: { x: number; y: number }[]; cardHeight: number }> {
  return page.evaluate((piles) => {
    const h = window.solitaire;
    const b = document.querySelector('#table canvas')!.getBoundingClientRect();
    let cardHeight = 0;
    const centres = piles.map((id) => {
      let r: { x: number; y: number; width: number; height: number };
      try {
        // A pile's slot is where its first card lies; an empty pile's drop area is its slot.
        r = h.cardRect(id, 0);
        cardHeight = r.height;
      } catch {
        r = h.pileRect(id);
      }
      return { x: r.x - b.left + r.width / 2, y: r.y - b.top + r.height / 2 };
    });
    return { centres, cardHeight };
  }, ids);
}

/** Left and Right's order: rows top to bottom (bands of half a card), each left to right. */
function readingOrder(centres: { x: number; y: number }[], cardHeight: number): number[] {
  const band = cardHeight / 2;
  return centres.map((_, p) => p).sort((a, b) => Math.round(centres[a]!.y / band) - Math.round(centres[b]!.y / band) || centres[a]!.x - centres[b]!.x);
}

async function keyboardWin(page: Page, game: string): Promise<void> {
  const rules = rulesOf(game);
  const ids = rules.piles.map((p) => p.id);
  const { deal, line } = shortest(game);
  const errors = watchErrors(page);
  // No pointer at all: settings go in through storage. Tap-to-move off makes every move a pick and a put;
  // auto-collect off makes the line's moves the table's moves one for one.
  await plant(page, { 'solitaire.settings': settingsRecord({ tapToMove: false, autoCollect: 'off', speed: 'off' }) });
  await load(page, `#/${game}/${deal}`);
  const s = openingState(rules, deal);
  let seen = await settle(page);
  expect(seen.position).toEqual(formatPosition(rules, s));
  let presses = 0;
  const press = async (key: string, times = 1): Promise<void> => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
    presses += times;
  };
  const spotId = (f: { pile: number; index: number }): { pile: string; index: number } => ({ pile: ids[f.pile]!, index: f.index });
  for (const [k, m] of line.entries()) {
    const what = `${game} #${deal} move ${k + 1}/${line.length} ${JSON.stringify(formatMove(rules, s, m))}`;
    const pp = pickPut(rules, s, m);
    if (!pp) await press('d');
    else {
      if (!seen.focus) {
        // The first arrow key only shows the ring.
        await press('ArrowRight');
        seen.focus = await page.evaluate(() => window.solitaire.focus());
        expect(seen.focus, 'the ring is shown').not.toBeNull();
      }
      const stops = spotsOf(rules, s);
      const { centres, cardHeight } = await slots(page, ids);
      const order = readingOrder(centres, cardHeight);
      let at = { pile: ids.indexOf(seen.focus!.pile), index: seen.focus!.index };
      /** Left or Right the shorter way round to `pile` (its top stop), then Up or Down to card `index`. */
      const steer = async (pile: number, index: number | null): Promise<void> => {
        if (at.pile !== pile) {
          const n = order.length;
          const right = (order.indexOf(pile) - order.indexOf(at.pile) + n) % n;
          if (right <= n - right) await press('ArrowRight', right);
          else await press('ArrowLeft', n - right);
          const list = stops[pile]!;
          at = list[list.length - 1]!;
        }
        if (index === null) return;
        const list = stops[pile]!;
        const here = Math.max(0, list.findIndex((x) => x.index === at.index));
        const there = list.findIndex((x) => x.index === index);
        expect(there, `${what}: card ${index} of ${ids[pile]} is a keyboard stop`).toBeGreaterThanOrEqual(0);
        if (there < here) await press('ArrowUp', here - there);
        else if (there > here) await press('ArrowDown', there - here);
        at = { pile, index };
      };
      await steer(pp.from, pp.index);
      expect(await page.evaluate(() => window.solitaire.focus()), `${what}: the ring is on the card to take`).toEqual(spotId(at));
      await press('Enter');
      await steer(pp.to, null);
      await press('Enter');
    }
    rules.make(s, m);
    seen = await settle(page);
    expect(seen.position, what).toEqual(formatPosition(rules, s));
    expect(seen.check, what).toEqual([]);
  }
  expect(rules.isWon(s), 'the line wins in the engine').toBe(true);
  expect(seen.info.won).toBe(true);
  await expect(page.locator('#win-dialog')).toBeVisible();
  expect(errors).toEqual([]);
  test.info().annotations.push({ type: 'keyboard', description: `${game} #${deal}: ${line.length} moves, ${presses} key presses` });
}

test.describe('keyboard only: a stored winning line of every game', () => {
  for (const game of GAME_LIST) {
    test(`${game}: pick and put with the arrow keys and Enter, to the win`, async ({ page }) => {
      test.setTimeout(240_000);
      await keyboardWin(page, game);
    });
  }
});

// ---- 3. screen reader ----

/** A game without a stock: the ring's first stop (the first card with a target) is a card of the table. */
const SPOKEN = 'king-albert';

/** A King Albert opening whose first keyboard stop plays onto another card and uncovers one (for "X on Y. Z uncovered."). */
function spokenMove(): { deal: number; pile: number; index: number; m: number } {
  const rules = rulesOf(SPOKEN);
  for (let n = 1; n < 5000; n++) {
    const s = openingState(rules, n);
    // The ring's first stop: the first card with a target (keyboard.ts, clamp).
    const first = spotsOf(rules, s)
      .flat()
      .find((x) => x.index >= 0 && targetsOf(rules, s, x.pile, x.index).length > 0);
    if (!first) continue;
    const m = targetsOf(rules, s, first.pile, first.index)[0]!;
    if (moveType(m) !== MOVE || rules.piles[moveTo(m)]!.kind !== 'tableau' || s.piles[moveTo(m)]!.length === 0 || s.piles[first.pile]!.length <= moveCount(m)) continue;
    return { deal: n, ...first, m };
  }
  throw new Error(`no ${SPOKEN} opening found`);
}

/** The live region's text (without the invisible difference that makes a repeat be said again). */
const announced = (page: Page): Promise<string> => page.evaluate(() => (document.getElementById('announce')?.textContent ?? '').replace(/\u00a0$/, ''));

for (const lang of ['en', 'ru'] as const) {
  test(`screen reader (${lang}): a move and its undo are said in words`, async ({ page }) => {
    const rules = rulesOf(SPOKEN);
    const t = new Strings(lang);
    const f = spokenMove();
    const s = openingState(rules, f.deal);
    const after = openingState(rules, f.deal);
    rules.make(after, f.m);
    // The card the move uncovers: the new top of the pile it left.
    const left = after.piles[moveFrom(f.m)]!;
    expect(left.length, 'the move uncovers a card').toBeGreaterThan(0);
    const words = describeMove(t, rules, s, f.m);
    // "3♦ onto 4♠. 7♣ uncovered." / "3♦ на 4♠. открыто: 7♣."
    const want = `${words}. ${t.t('announceUncovered', { cards: cardLabel(t, left[left.length - 1]!) })}.`;
    expect(words).toContain(lang === 'en' ? ' onto ' : ' на ');
    await plant(page, { 'solitaire.settings': settingsRecord({ language: lang, tapToMove: true, autoCollect: 'off' }) });
    await load(page, `#/${SPOKEN}/${f.deal}`);
    await expect(page.locator('#announce')).toHaveAttribute('aria-live', 'polite');
    if (lang === 'en') {
      // Keyboard: the first arrow shows the ring on the first playable card; Enter plays it.
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => window.solitaire.focus())).toEqual({ pile: rules.piles[f.pile]!.id, index: f.index });
      await page.keyboard.press('Enter');
    } else {
      // Mouse: a tap on the card plays it to its best target.
      const p = await grabPoint(page, rules.piles[f.pile]!.id, f.index);
      await page.mouse.click(p.x, p.y);
    }
    const seen = await settle(page);
    expect(seen.position).toEqual(formatPosition(rules, after));
    await expect.poll(() => announced(page)).toBe(want);
    if (lang === 'en') await page.keyboard.press('u');
    else await page.keyboard.press('Control+z');
    expect((await settle(page)).position).toEqual(formatPosition(rules, s));
    await expect.poll(() => announced(page)).toBe(lang === 'en' ? 'Move undone.' : 'Ход отменён.');
    expect(t.t('announceUndo')).toBe(lang === 'en' ? 'Move undone.' : 'Ход отменён.');
  });
}

for (const lang of ['en', 'ru'] as const) {
  test(`Royal Marriage with the keyboard (${lang}): a card picked up with its neighbour is said as both, and Enter on the discard discards the pair`, async ({ page }) => {
    // Defaults but for "Tap to move", off so that Enter picks a card up instead of playing it.
    const rules = rulesOf('royal-marriage');
    const t = new Strings(lang);
    // Deal 1: QH JD 3H 8H 2H; 3H goes with JD (between QH and 8H).
    const s = openingState(rules, 1);
    const row = rules.piles.findIndex((p) => p.id === 'row');
    const pair = targetsOf(rules, s, row, 2)[0]!;
    expect(formatMove(rules, s, pair)).toEqual({ type: 'discard', from: 'row', cards: ['JD', '3H'] });
    await plant(page, { 'solitaire.settings': settingsRecord({ language: lang, tapToMove: false, autoCollect: 'safe', speed: 'normal', sound: true }) });
    await load(page, '#/royal-marriage/1');
    // Arrows to the row, then along it to 3H.
    let f = (await settle(page)).focus;
    for (let k = 0; k < 8 && f?.pile !== 'row'; k++) {
      await page.keyboard.press('ArrowRight');
      f = (await settle(page)).focus;
    }
    for (let k = 0; k < 8 && f?.index !== 2; k++) {
      await page.keyboard.press(f!.index < 2 ? 'ArrowDown' : 'ArrowUp');
      f = (await settle(page)).focus;
    }
    expect(f).toEqual({ pile: 'row', index: 2 });
    await page.keyboard.press('Enter');
    await expect.poll(() => announced(page)).toBe(t.t('pickedCards', { cards: `${cardLabel(t, s.piles[row]![1]!)}, ${cardLabel(t, s.piles[row]![2]!)}` }));
    for (let k = 0; k < 8 && f?.pile !== 'discard'; k++) {
      await page.keyboard.press('ArrowRight');
      f = (await settle(page)).focus;
    }
    expect(f?.pile).toBe('discard');
    await page.keyboard.press('Enter');
    const after = openingState(rules, 1);
    rules.make(after, pair);
    const seen = await settle(page);
    expect(seen.position).toEqual(formatPosition(rules, after));
    expect(seen.check).toEqual([]);
  });
}

// ---- 4. axe ----
// axe is injected through the DevTools protocol, which the page's CSP does not govern: no bypassCSP needed.

/** An Aces Up save `left` moves before the end of the shortest stored line (the solver finishes it). */
function nearWinSave(left: number): { deal: number; save: string; moves: number } {
  const rules = rulesOf('aces-up');
  const { deal, line } = shortest('aces-up');
  const s = openingState(rules, deal);
  const steps = line.slice(0, line.length - left).map((m) => {
    const j = formatMove(rules, s, m);
    rules.make(s, m);
    return [j];
  });
  const save = { game: 'aces-up', deal, flags: 0, daily: null, steps, cursor: steps.length, elapsedMs: 60_000, started: true, finished: false };
  return { deal, save: JSON.stringify({ v: 1, data: save }), moves: steps.length };
}

/**
 * Every screen of the page, one after another, with `visit` called on each: the table with the
 * analysis panel, the solver's timeline (paused) and the open menu; the settings, statistics, rules,
 * deal-number (with its error shown), keys and confirmation dialogs; then the solver plays the last
 * moves and the win dialog.
 */
async function tour(page: Page, lang: Lang, visit: (name: string, scope: string | null) => Promise<void>): Promise<void> {
  const near = nearWinSave(12);
  await plant(page, {
    'solitaire.settings': settingsRecord({ language: lang, autoCollect: 'off' }),
    'solitaire.save.aces-up': near.save,
    'solitaire.stats': GOOD_STATS_TEXT,
  });
  await load(page, `#/aces-up/${near.deal}`);
  expect((await settle(page)).info.moves, 'the planted game is resumed').toBe(near.moves);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);

  await menu(page, '#menu-analysis');
  await expect(page.locator('#analysis')).toBeVisible();
  await expect(page.locator('#analysis')).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await menu(page, '#menu-solve');
  await expect(page.locator('#timeline')).toBeVisible();
  await page.locator('#replay-play').click();
  await expect(page.locator('#timeline')).toHaveAttribute('data-playing', 'false');
  await idleAll(page);
  await expect(page.locator('#analysis')).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await toolbarMenu(page).click();
  await expect(page.locator('#menu-settings')).toBeVisible();
  await visit('table, analysis, timeline and open menu', null);
  await toolbarMenu(page).click();
  await expect(page.locator('#menu-settings')).toBeHidden();
  await page.locator('#replay-close').click();
  await expect(page.locator('#timeline')).toHaveCount(0);
  await page.locator('#analysis h2 button').click();
  await expect(page.locator('#analysis')).toHaveCount(0);

  for (const [item, dialog] of [
    ['#menu-settings', '#settings-dialog'],
    ['#menu-statistics', '#stats-dialog'],
    ['#menu-rules', '#rules-dialog'],
    ['#menu-keys', '#keys-dialog'],
  ] as const) {
    await menu(page, item);
    await expect(page.locator(dialog)).toBeVisible();
    // The rules page is data fetched on first use: all six sections are there.
    if (dialog === '#rules-dialog') await expect(page.locator('#rules-dialog h3')).toHaveCount(6);
    await visit(dialog, dialog);
    await page.keyboard.press('Escape');
    await expect(page.locator(dialog)).toHaveCount(0);
  }

  await menu(page, '#menu-deal-number');
  await page.locator('#deal-number').fill('12x');
  await page.locator('#deal-number-open').click();
  await expect(page.locator('#deal-number-error')).toBeVisible();
  await visit('#deal-number-dialog with an error', '#deal-number-dialog');
  await page.keyboard.press('Escape');
  await expect(page.locator('#deal-number-dialog')).toHaveCount(0);

  await page.locator('#new-deal').click();
  await expect(page.locator('#confirm-dialog')).toBeVisible();
  await visit('#confirm-dialog', '#confirm-dialog');
  await page.locator('#confirm-no').click();
  await expect(page.locator('#confirm-dialog')).toHaveCount(0);

  // The solver plays the last moves: the win.
  await menu(page, '#menu-solve');
  await expect(page.locator('#win-dialog')).toBeVisible({ timeout: 30_000 });
  expect((await settle(page)).info.won).toBe(true);
  await visit('#win-dialog', '#win-dialog');
  await page.keyboard.press('Escape');
  await expect(page.locator('#win-dialog')).toHaveCount(0);
}

/** Waits until the table is idle and no solver replay plays. */
async function idleAll(page: Page): Promise<void> {
  await page.evaluate(() => window.solitaire.idle());
}

for (const lang of ['en', 'ru'] as const) {
  test(`axe (${lang}): no serious or critical violations on the table, the menu, the panels and every dialog`, async ({ page }) => {
    test.setTimeout(300_000);
    const found: string[] = [];
    let scans = 0;
    await tour(page, lang, async (name, scope) => {
      let b = new AxeBuilder({ page });
      if (scope) b = b.include(scope);
      const r = await b.analyze();
      scans++;
      for (const v of r.violations) {
        if (v.impact !== 'serious' && v.impact !== 'critical') continue;
        found.push(`${name}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    });
    expect(scans).toBe(8);
    expect(found).toEqual([]);
  });
}

// ---- 5. fuzzing the outside inputs ----

/** Mulberry32: a small deterministic generator. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Makes one move through real input (D or a click on the stock) and checks it against the engine, with the table's automatic moves in mode `auto`. */
async function playable(page: Page, auto: 'safe' | 'off', useMouse: boolean): Promise<Seen> {
  const before = await settle(page);
  expect(before.info.game).toBe('aces-up');
  if (useMouse) {
    const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  } else await page.keyboard.press('d');
  const after = await settle(page);
  const { rules, state } = parsePosition(before.position);
  rules.make(state, parseMove(rules, state, { type: 'deal' }));
  for (;;) {
    const a = auto === 'off' ? undefined : rules.autoMoves(state, auto)[0];
    if (a === undefined) break;
    rules.make(state, a);
  }
  expect(after.position, 'a deal is played').toEqual(formatPosition(rules, state));
  expect(after.check).toEqual([]);
  return after;
}

test('fuzz: bad addresses bring a message and the saved game back, which still plays; statistics untouched', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const t = new Strings('en');
  const deal = 4242;
  await plant(page, { 'solitaire.settings': settingsRecord({ autoCollect: 'safe' }), 'solitaire.stats': PLANTED_STATS_TEXT });
  await load(page, `#/aces-up/${deal}`);
  await expect(page.locator('#message')).toBeHidden();
  let last = await playable(page, 'safe', false);
  const stats = await page.evaluate(() => localStorage.getItem('solitaire.stats'));
  expect(JSON.parse(stats!).data.games['aces-up'], 'the game counts as started').toMatchObject({ played: 1 });
  const max = 0xffffffff;
  // Each message says what was wrong, then that the saved game goes on.
  const goesOn = t.t('routeResumed', { game: 'Aces Up' });
  const bad: [string, string | RegExp][] = [
    ['#/nope/3', `${t.t('routeNoGame', { text: 'nope', game: 'Aces Up' })} ${goesOn}`],
    ['#/aces-up/-1', `${t.t('routeBadDeal', { text: '-1', max })} ${goesOn}`],
    ['#/aces-up/1e99', `${t.t('routeBadDeal', { text: '1e99', max })} ${goesOn}`],
    [`#/${'ab'.repeat(2500)}`, `${t.t('routeNoGame', { text: `${'ab'.repeat(12)}…`, game: 'Aces Up' })} ${goesOn}`],
    [`#/aces-up/${'9'.repeat(5000)}`, `${t.t('routeBadDeal', { text: `${'9'.repeat(24)}…`, max })} ${goesOn}`],
    ['#/aces-up/12/extra', `${t.t('routeTooLong')} ${goesOn}`],
    ['#/%E2%28%A1%ZZ%/%C0%AF', /^There is no game called "%E2%28%A1%ZZ%"/],
    ['#/%00', /^There is no game called "/],
    ['#/aces-up/%F0%9F%83%8F', `${t.t('routeBadDeal', { text: '🃏', max })} ${goesOn}`],
  ];
  for (const [k, [hash, message]] of bad.entries()) {
    // A fresh load and a change of the address in the open page take turns.
    const fresh = k % 3 === 0;
    if (fresh) await page.goto('about:blank');
    await load(page, hash);
    const what = `address ${JSON.stringify(hash.slice(0, 40))} (${fresh ? 'fresh load' : 'hash change'})`;
    // The route has run once the address names the saved game again.
    await expect(page, what).toHaveURL(new RegExp(`#/aces-up/${deal}$`));
    await expect(page.locator('#message'), what).toBeVisible();
    if (typeof message === 'string') await expect(page.locator('#message'), what).toHaveText(message);
    else await expect(page.locator('#message'), what).toHaveText(message);
    const seen = await settle(page);
    expect(seen.info.deal, `${what}: the saved game is back`).toBe(deal);
    expect(seen.position, what).toEqual(last.position);
    expect(seen.info.moves, what).toBe(last.info.moves);
    expect(await page.evaluate(() => localStorage.getItem('solitaire.stats')), `${what}: statistics unchanged`).toBe(stats);
    last = await playable(page, 'safe', k % 2 === 0);
    expect(await page.evaluate(() => localStorage.getItem('solitaire.stats')), `${what}: statistics unchanged after a move`).toBe(stats);
  }
  expect(errors).toEqual([]);
});

test('fuzz: bad deal numbers are refused in the field and the deal stays; a good one opens', async ({ page }) => {
  const errors = watchErrors(page);
  const t = new Strings('en');
  const rules = rulesOf('aces-up');
  await plant(page, { 'solitaire.settings': settingsRecord() });
  await load(page, '#/aces-up/77');
  await menu(page, '#menu-deal-number');
  const field = page.locator('#deal-number');
  const error = page.locator('#deal-number-error');
  const bad = ['', '1.5', '   ', '0x10', '-0', '99999999999', '١٢٣', '🂡🂢', `${'7'.repeat(39)}x`, '4294967296', '+5', '1 2', '\t12\u200b'];
  for (const [k, text] of bad.entries()) {
    await field.fill(text);
    const value = (await field.inputValue()).trim();
    // Enter in the field and the Open button take turns.
    if (k % 2) await field.press('Enter');
    else await page.locator('#deal-number-open').click();
    const want = value === '' ? t.t('dealNumberEmpty') : t.t('dealNumberBad', { max: MAX_DEAL, text: value.length > 24 ? `${value.slice(0, 24)}…` : value });
    await expect(error, `error for ${JSON.stringify(text)}`).toBeVisible();
    await expect(error, `error for ${JSON.stringify(text)}`).toHaveText(want);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#deal-number-dialog')).toBeVisible();
    expect((await settle(page)).info.deal).toBe(77);
  }
  await expect(page).toHaveURL(/#\/aces-up\/77$/);
  await field.fill('4243');
  await field.press('Enter');
  await expect(page.locator('#deal-number-dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).toBe(4243);
  const seen = await settle(page);
  expect(seen.position).toEqual(formatPosition(rules, openingState(rules, 4243)));
  await expect(page).toHaveURL(/#\/aces-up\/4243$/);
  expect(errors).toEqual([]);
});

/** 100 statistics files that must be refused, made from a seed; each with the message the dialog must show. */
function badStatsFiles(seed: number): { name: string; buffer: Buffer; why: string }[] {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (n: number): number => Math.floor(r() * n);
  const clone = (): Stats => JSON.parse(JSON.stringify(GOOD_STATS)) as Stats;
  const env = (data: unknown, v: unknown = 1): string => JSON.stringify({ v, data });
  const randomJson = (depth: number): unknown => {
    const k = int(depth > 0 ? 7 : 4);
    if (k === 0) return int(2000) - 1000 + (r() < 0.3 ? r() : 0);
    if (k === 1) return pick(['', 'x', 'played', 'aces-up', '2024-01-01', '\u0000', '🂡', 'v']);
    if (k === 2) return pick([true, false, null]);
    if (k === 3) return Number.MAX_SAFE_INTEGER * (r() < 0.5 ? -1 : 1);
    if (k === 4) return Array.from({ length: int(5) }, () => randomJson(depth - 1));
    const o: Record<string, unknown> = {};
    for (let i = int(5); i > 0; i--) o[pick(['v', 'data', 'games', 'daily', 'aces-up', 'played', 'won', 'x'])] = randomJson(depth - 1);
    return o;
  };
  const numericFields = ['played', 'won', 'finished', 'streak', 'bestStreak', 'bestTimeMs', 'fewestMoves', 'hints', 'discardedTotal', 'discardedBest'] as const;
  const makers: [string, () => string | Buffer][] = [
    ['random JSON', () => JSON.stringify(randomJson(4)) ?? 'null'],
    ['a truncated valid export', () => {
      const full = exportStats(GOOD_STATS);
      return full.slice(0, 1 + int(full.length - 1));
    }],
    ['a newer version', () => env(GOOD_STATS, pick([2, 3, 99, 1e9]))],
    ['a bad version', () => env(GOOD_STATS, pick([-1, 1.5, '1', null, 0, true]))],
    ['a negative number', () => {
      const s = clone();
      (s.games['aces-up'] as unknown as Record<string, number>)[pick(numericFields)] = -1 - int(1000);
      return env(s);
    }],
    ['an unknown game', () => exportStats(GOOD_STATS).replace('"aces-up": {', `"${pick(['freecell', 'klondike', '__proto__', 'constructor', 'ACES-UP', '', 'aces up'])}": {`)],
    ['a huge array', () => {
      const s = clone();
      const n = pick([51, 1000, 20_000, 100_000]);
      (s.games['aces-up'] as unknown as Record<string, unknown>).recent = Array.from({ length: n }, (_, i) => i % 3 === 0);
      return env(s);
    }],
    ['binary', () => Buffer.from(Array.from({ length: 1 + int(3000) }, () => int(256)))],
    ['an empty file', () => Buffer.alloc(0)],
    ['an extra field', () => {
      const where = int(4);
      if (where === 0) return JSON.stringify({ v: 1, data: GOOD_STATS, note: 'hi' });
      const s = clone() as unknown as Record<string, Record<string, Record<string, unknown>>>;
      if (where === 1) (s as unknown as Record<string, unknown>).extra = {};
      else if (where === 2) s.games!['aces-up']!.extra = 1;
      else s.daily!['2024-05-01']!.australian = { ...(s.daily!['2024-05-01']!.australian as object), note: 'x' };
      return env(s);
    }],
    ['broken invariants', () => {
      const s = clone() as unknown as { games: Record<string, Record<string, unknown>>; daily: Record<string, unknown> };
      const g = s.games['aces-up']!;
      const k = int(9);
      if (k === 0) g.won = 9;
      else if (k === 1) g.bestTimeMs = null;
      else if (k === 2) s.daily['2024-02-30'] = {};
      else if (k === 3) s.daily['2024-05-02'] = { 'aces-up': { deal: 12, result: 'lost', timeMs: 5 } };
      else if (k === 4) g.recent = [true, 'yes'];
      else if (k === 5) g.hints = 1.5;
      else if (k === 6) g.played = 2e9;
      else if (k === 7) g.played = '4';
      else s.daily['2024-05-03'] = { 'aces-up': { deal: 2 ** 33, result: 'won', timeMs: 1, moves: 1 } };
      return env(s);
    }],
    ['not quite JSON', () => {
      const full = exportStats(GOOD_STATS);
      return pick([
        full.replace('"hints": 1', '"hints": NaN'),
        full.replace(/}\s*$/, ',}'),
        `// statistics\n${full}`,
        full.replaceAll('"', "'"),
        full.replace('"hints": 1', '"hints": 1e400'),
        `${full}${full}`,
        full.replace('"v": 1', 'v: 1'),
      ]);
    }],
    ['data of the wrong type', () => env(pick([null, [], 'stats', 42, [GOOD_STATS], { games: [], daily: {} }, { games: {}, daily: [] }]))],
    ['deep nesting', () => {
      const n = pick([1000, 10_000, 100_000]);
      return `{"v":1,"data":${'['.repeat(n)}${']'.repeat(n)}}`;
    }],
    // Without a byte-order mark (with one, the browser reads UTF-16 and the file is a valid export).
    ['UTF-16 without a byte-order mark', () => Buffer.from(exportStats(GOOD_STATS), 'utf16le')],
    ['broken UTF-8 in a key', () => Buffer.concat([Buffer.from('{"v":1,"data":{"games":{"aces'), Buffer.from([0xff, 0xc0]), Buffer.from('up":{}},"daily":{}}}')])],
  ];
  const out: { name: string; buffer: Buffer; why: string }[] = [];
  // More than 1 MiB: refused before it is read.
  out.push({ name: 'huge.json', buffer: Buffer.from(env({ ...GOOD_STATS, pad: 'x'.repeat((1 << 20) + 10) })), why: 'too large' });
  for (let i = 1; i < 100; i++) {
    const [why, make] = makers[i % makers.length]!;
    const made = make();
    out.push({ name: `stats-${i}.json`, buffer: typeof made === 'string' ? Buffer.from(made) : made, why });
  }
  return out;
}

test('fuzz: 100 malformed statistics files are refused with a message and change nothing; a valid one imports', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const t = new Strings('en');
  const files = badStatsFiles(20240501);
  expect(files).toHaveLength(100);
  // Each file is refused by the import code itself, with the message the dialog shows for it.
  const wanted = files.map((f) => {
    if (f.buffer.length > 1 << 20) return t.t('importTooLarge');
    const r = importStats(new TextDecoder().decode(f.buffer));
    expect(r.value, `${f.name} (${f.why}) is refused`).toBeNull();
    return t.t(r.problem === 'version' ? 'importNewer' : 'importBad');
  });
  expect(importStats(GOOD_STATS_TEXT).value, 'the valid file imports').not.toBeNull();
  await plant(page, { 'solitaire.settings': settingsRecord(), 'solitaire.stats': PLANTED_STATS_TEXT });
  await load(page, '#/aces-up/9');
  await menu(page, '#menu-statistics');
  await expect(page.locator('#stats-dialog')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { shipNotes: number };
    w.shipNotes = 0;
    new MutationObserver((records) => {
      for (const r of records) if (r.type === 'childList') w.shipNotes++;
    }).observe(document.getElementById('stats-note')!, { childList: true });
  });
  const input = page.locator('#stats-import-file');
  for (const [k, f] of files.entries()) {
    await input.setInputFiles({ name: f.name, mimeType: 'application/json', buffer: f.buffer });
    await page.waitForFunction((n) => (window as unknown as { shipNotes: number }).shipNotes >= n, k + 1);
    const seen = await page.evaluate(() => {
      const note = document.getElementById('stats-note')!;
      return { text: note.textContent, className: note.className, hidden: note.hidden, stats: localStorage.getItem('solitaire.stats'), backup: localStorage.getItem('solitaire.stats.before-import') };
    });
    const what = `${f.name} (${f.why})`;
    expect(seen, what).toEqual({ text: wanted[k], className: 'error', hidden: false, stats: PLANTED_STATS_TEXT, backup: null });
  }
  await expect(page.locator('#stats-note')).toBeVisible();
  await expect(page.locator('#stats-dialog')).toBeVisible();
  // The valid file.
  await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(exportStats(GOOD_STATS)) });
  await page.waitForFunction((n) => (window as unknown as { shipNotes: number }).shipNotes >= n, files.length + 1);
  await expect(page.locator('#stats-note')).toHaveText(t.t('importDone'));
  await expect(page.locator('#stats-note')).toHaveClass('ok');
  const stored = await page.evaluate(() => ({ stats: localStorage.getItem('solitaire.stats'), backup: localStorage.getItem('solitaire.stats.before-import') }));
  expect(JSON.parse(stored.stats!)).toEqual({ v: 1, data: GOOD_STATS });
  expect(JSON.parse(stored.backup!)).toEqual(JSON.parse(PLANTED_STATS_TEXT));
  // The figures shown are the imported ones.
  await expect(page.locator('#stats-figures tr', { hasText: 'Played' }).locator('td')).toHaveText('4');
  await page.locator('#stats-close').click();
  await expect(page.locator('#stats-dialog')).toHaveCount(0);
  await playable(page, 'off', true);
  expect(errors).toEqual([]);
});

/** A save of Aces Up deal 5 whose one move is not legal there (it passes the schema but does not replay). */
const ILLEGAL_SAVE = JSON.stringify({
  v: 1,
  data: { game: 'aces-up', deal: 5, flags: 0, daily: null, steps: [[{ type: 'move', from: 'tableau:0', to: 'tableau:1', card: 'KS' }]], cursor: 1, elapsedMs: 0, started: true, finished: false },
});

const CORRUPT_SHAPES: { name: string; settings: [string, 'bad']; save: [string, 'corrupt' | 'version']; stats: [string, 'corrupt' | 'version'] }[] = [
  { name: 'not JSON', settings: ['garbage{', 'bad'], save: ['{"v":1,"data":{"game":"aces-up"', 'corrupt'], stats: ['\u0000\u0001not json\uffff', 'corrupt'] },
  {
    name: 'JSON that fails the schema',
    settings: ['{"v":2,"data":{"tapToMove":"yes"}}', 'bad'],
    save: [ILLEGAL_SAVE, 'corrupt'],
    stats: ['{"v":1,"data":{"games":{"aces-up":{"played":-1}},"daily":{}}}', 'corrupt'],
  },
  { name: 'newer versions', settings: ['{"v":99,"data":{}}', 'bad'], save: ['{"v":99,"data":{}}', 'version'], stats: ['{"v":5,"data":{}}', 'version'] },
  { name: 'wrong shapes', settings: ['[]', 'bad'], save: ['null', 'corrupt'], stats: [`{"v":1,"data":{"games":{},"daily":{},"extra":${'9'.repeat(400)}}}`, 'corrupt'] },
];

for (const shape of CORRUPT_SHAPES) {
  test(`fuzz: damaged storage (${shape.name}) is set aside with a message and the page plays`, async ({ page }) => {
    const errors = watchErrors(page);
    const t = new Strings('en');
    // The default settings animate unless the system asks for less motion.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await plant(page, { 'solitaire.settings': shape.settings[0], 'solitaire.save.aces-up': shape.save[0], 'solitaire.stats': shape.stats[0] });
    await load(page, '#/aces-up');
    const message = page.locator('#message');
    await expect(message).toBeVisible();
    await expect(message).toContainText(t.t('problemSettingsBad'));
    await expect(message).toContainText(t.t(shape.save[1] === 'version' ? 'problemSaveVersion' : 'problemSaveCorrupt', { game: 'Aces Up' }));
    await expect(message).toContainText(t.t(shape.stats[1] === 'version' ? 'problemStatsVersion' : 'problemStatsCorrupt'));
    const bad = () =>
      page.evaluate(() => ({
        settings: localStorage.getItem('solitaire.settings.bad'),
        save: localStorage.getItem('solitaire.save.aces-up.bad'),
        stats: localStorage.getItem('solitaire.stats.bad'),
      }));
    const originals = { settings: shape.settings[0], save: shape.save[0], stats: shape.stats[0] };
    expect(await bad()).toEqual(originals);
    expect((await settle(page)).info.moves).toBe(0);
    await playable(page, 'safe', false);
    await playable(page, 'safe', true);
    // Still kept after the page wrote fresh records.
    expect(await bad()).toEqual(originals);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('solitaire.stats')))!).data.games['aces-up']).toMatchObject({ played: 1 });
    expect(errors).toEqual([]);
  });
}

// ---- 6. the content security policy ----

test('CSP: loading, playing, a hint, the solver, the analysis and every dialog raise no error; every request stays on the origin', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const errors = watchErrors(page);
  const foreign: string[] = [];
  const seenUrls = new Set<string>();
  context.on('request', (r) => {
    const url = r.url();
    seenUrls.add(url);
    if (url.startsWith('data:')) return;
    const o = url.startsWith('blob:') ? new URL(url.slice(5)).origin : new URL(url).origin;
    if (o !== origin) foreign.push(url);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  // Sound on: the sounds load too.
  await plant(page, { 'solitaire.settings': settingsRecord({ sound: true, autoCollect: 'safe', speed: 'fast', showVerdict: true }) });
  const rules = rulesOf('aces-up');
  const { deal, line } = shortest('aces-up');
  await load(page, `#/aces-up/${deal}`);
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1);
  // A few moves of the line: by keyboard and by mouse.
  const s = openingState(rules, deal);
  let landed = new Set<string>();
  for (const m of line.slice(0, 6)) {
    if (moveType(m) === DEAL) await page.keyboard.press('d');
    else landed = await mousePlay(page, rules, s, m, landed);
    rules.make(s, m);
    for (;;) {
      const a = rules.autoMoves(s, 'safe')[0];
      if (a === undefined) break;
      rules.make(s, a);
    }
    expect((await settle(page)).position).toEqual(formatPosition(rules, s));
  }
  // A hint (H) and the solver's answer in the status line.
  await page.keyboard.press('h');
  await expect(page.locator('#thinking')).toBeHidden({ timeout: 30_000 });
  await page.evaluate(() => window.solitaire.hint());
  // The solver's replay, paused and closed; the analysis.
  await menu(page, '#menu-solve');
  await expect(page.locator('#timeline')).toBeVisible({ timeout: 30_000 });
  await page.locator('#replay-play').click();
  await page.locator('#replay-back').click();
  await page.locator('#replay-forward').click();
  await page.locator('#replay-close').click();
  await expect(page.locator('#timeline')).toHaveCount(0);
  await menu(page, '#menu-analysis');
  await expect(page.locator('#analysis')).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  await page.locator('#analysis h2 button').click();
  // Every dialog.
  for (const [item, dialog] of [
    ['#menu-settings', '#settings-dialog'],
    ['#menu-statistics', '#stats-dialog'],
    ['#menu-rules', '#rules-dialog'],
    ['#menu-keys', '#keys-dialog'],
    ['#menu-deal-number', '#deal-number-dialog'],
  ] as const) {
    await menu(page, item);
    await expect(page.locator(dialog)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator(dialog)).toHaveCount(0);
  }
  await page.keyboard.press('?');
  await expect(page.locator('#keys-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('#new-deal').click();
  await expect(page.locator('#confirm-dialog')).toBeVisible();
  await page.locator('#confirm-no').click();
  await idleAll(page);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
  expect(seenUrls.size).toBeGreaterThan(3);
});
