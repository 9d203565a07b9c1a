/**
 * Plays whole games to the win through real input: a stored (or freshly solved) winning line, move by
 * move, as taps and drags with the mouse and with a finger, checking the page against the engine
 * after every input and "You won!" at the end.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatCard } from '../src/engine/cards.ts';
import { formatMove, formatPosition, type MoveJson, parseMove } from '../src/engine/notation.ts';
import { openingState, targetsOf } from '../src/engine/play.ts';
import { DEAL, DISCARD, type GameRules, moveCount, moveFrom, moveTo, moveType, type State } from '../src/engine/rules.ts';
import { solve } from '../src/solver/search.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { SCREEN_LIST, SCREENS, type ScreenName } from '../tests/screens.ts';
import type { Language } from '../src/persist/settings.ts';
import { Strings } from '../src/app/page/strings.ts';
import { dragPath, GAME_LIST, grabPoint, mouseDrag, open, type Pt, rulesOf, touchDrag } from './helpers.ts';

const HOME = new Set(['foundation', 'up', 'down', 'discard']);

/** Deals among the first the solver wins at 200 000 positions, for games without a stored list (a scan of 1..300 takes up to a minute). */
const FIRST_WINS: Record<string, number[]> = { 'aces-and-kings': [9, 18], 'royal-marriage': [38, 39], 'streets-and-alleys': [23, 43] };

/** A winning line for `game`: the shortest of the stored list, else the shortest of the first wins the solver finds. */
function winningLine(game: string): { deal: number; line: number[]; source: string } | null {
  const rules = rulesOf(game);
  const file = new URL(`../assets/winnable/${game}.json`, import.meta.url);
  if (existsSync(file)) {
    const list = JSON.parse(readFileSync(file, 'utf8')) as WinnableList;
    const entry = list.deals.reduce((a, b) => (b.length < a.length ? b : a));
    return { deal: entry.deal, line: entryLine(rules, entry), source: 'stored list' };
  }
  let best: { deal: number; line: number[]; source: string } | null = null;
  // The first wins a scan of deals 1..300 finds (measured): solve those first, scan only when none wins.
  for (const n of FIRST_WINS[game] ?? []) {
    const r = solve(rules, openingState(rules, n), { maxNodes: 200_000 });
    if (r.result === 'won' && (!best || r.moves.length < best.line.length)) best = { deal: n, line: r.moves, source: 'solver' };
  }
  if (best) return best;
  const started = Date.now();
  let wins = 0;
  for (let n = 1; n <= 300 && wins < 10 && Date.now() - started < (wins ? 15_000 : 60_000); n++) {
    const r = solve(rules, openingState(rules, n), { maxNodes: 200_000 });
    if (r.result !== 'won') continue;
    wins++;
    if (!best || r.moves.length < best.line.length) best = { deal: n, line: r.moves, source: 'solver' };
  }
  return best;
}

/** The app's side: the player's move, then the automatic moves the table plays after it. */
function playLikeTheApp(rules: GameRules, s: State, m: number): void {
  rules.make(s, m);
  settleSafe(rules, s);
}

/** The safe automatic moves the table plays by itself from `s`. */
function settleSafe(rules: GameRules, s: State): void {
  for (;;) {
    const a = rules.autoMoves(s, 'safe')[0];
    if (a === undefined || !rules.isLegal(s, a)) return;
    rules.make(s, a);
  }
}

/** True when the app already played line move `json` by itself: its card already lies on a home pile of the target's kind. */
function alreadyHome(rules: GameRules, s: State, json: MoveJson): boolean {
  if (json.type === 'deal' || !('card' in json)) return false;
  const kind = json.type === 'discard' ? 'discard' : json.to.split(':')[0]!;
  if (!HOME.has(kind)) return false;
  return rules.piles.some((p, i) => p.kind === kind && s.piles[i]!.some((c) => formatCard(c) === json.card));
}

/** Where the cards of move `m` land (pile:index keys), as the pointer input remembers a tap. */
function landing(rules: GameRules, s: State, m: number): Set<string> {
  const type = moveType(m);
  if (type === DEAL) return new Set();
  const to = type === DISCARD ? rules.piles.findIndex((p) => p.kind === 'discard') : moveTo(m);
  const n = type === DISCARD && rules.piles[moveFrom(m)]!.kind !== 'row' ? 1 : moveCount(m);
  const len = s.piles[to]!.length;
  return new Set(Array.from({ length: n }, (_, k) => `${to}:${len + k}`));
}

/** The same line move in the app's state (foundation indices may differ when the app sent a card home itself). */
function inApp(rules: GameRules, s: State, json: MoveJson): number {
  try {
    return parseMove(rules, s, json);
  } catch {
    if (json.type !== 'move') throw new Error(`line move ${JSON.stringify(json)} is not legal on the table`);
    const kind = String(json.to).split(':')[0]!;
    for (let q = 0; q < rules.piles.length; q++) {
      if (rules.piles[q]!.kind !== kind) continue;
      try {
        return parseMove(rules, s, { ...json, to: rules.piles[q]!.id });
      } catch {
        // not this one
      }
    }
    throw new Error(`line move ${JSON.stringify(json)} is not legal on the table`);
  }
}

interface Input {
  tap(p: Pt): Promise<void>;
  drag(path: [Pt, Pt]): Promise<void>;
  /** Taps only: every move is a tap on the card (again on the landed card to reach a later target). */
  tapsOnly?: boolean;
}

const mouse = (page: Page): Input => ({
  tap: (p) => page.mouse.click(p.x, p.y),
  drag: (path) => mouseDrag(page, path, 4),
});
const finger = (page: Page): Input => ({
  tap: (p) => page.touchscreen.tap(p.x, p.y),
  drag: (path) => touchDrag(page, path, 4),
});
const tapper = (page: Page): Input => ({ ...finger(page), tapsOnly: true });

/** A point of the table with no card under it and no page element over it (a tap there ends a tap's cycle). */
async function emptyPoint(page: Page, piles: [string, number][]): Promise<Pt> {
  const p = await page.evaluate((piles) => {
    const h = window.solitaire;
    const canvas = document.querySelector('canvas')!.getBoundingClientRect();
    const rects: { x: number; y: number; width: number; height: number }[] = [];
    for (const [id, n] of piles) {
      for (let i = 0; i < n; i++) rects.push(h.cardRect(id, i));
    }
    for (let y = canvas.top + 20; y < canvas.bottom - 10; y += 17) {
      for (let x = canvas.left + 10; x < canvas.right - 10; x += 13) {
        if (rects.some((r) => x >= r.x - 4 && x <= r.x + r.width + 4 && y >= r.y - 4 && y <= r.y + r.height + 4)) continue;
        if (document.elementFromPoint(x, y)?.tagName === 'CANVAS') return { x, y };
      }
    }
    return null;
  }, piles);
  expect(p, 'an empty spot on the table').not.toBeNull();
  return p!;
}

/** Waits for idle and reads position and check() in one round trip. */
async function settle(page: Page): Promise<{ position: unknown; check: string[] }> {
  return page.evaluate(async () => {
    await window.solitaire.idle();
    return { position: window.solitaire.position(), check: window.solitaire.check() };
  });
}

/** How a whole game is set up: at the shipped defaults (animations on, sound on, fresh context) in a language, or with animations off. */
type Setting = { defaults: true; lang: Language } | { defaults: false };

async function playToWin(page: Page, game: string, input: Input, setting: Setting): Promise<void> {
  const found = winningLine(game);
  test.skip(!found, `no winnable deal of ${game} found (no stored list, and the solver won none of deals 1..300 within its budget)`);
  const { deal, line } = found!;
  const rules = rulesOf(game);
  const lineState = openingState(rules, deal);
  const app = openingState(rules, deal);
  // Safe auto-collect plays what it can right after the deal.
  settleSafe(rules, app);
  const t = new Strings(setting.defaults ? setting.lang : 'en');
  // With animations off, this test is about the input at every size; the defaults entries play with animations.
  await open(page, game, deal, setting.defaults ? undefined : 'off');
  let tapCandidates = 0;
  let taps = 0;
  let drags = 0;
  let cycled = 0;
  let landed = new Set<string>();
  let stock: Pt | null = null;
  for (const [k, m] of line.entries()) {
    let lastTap = -1;
    const json = formatMove(rules, lineState, m);
    rules.make(lineState, m);
    let am: number;
    try {
      am = inApp(rules, app, json);
    } catch (e) {
      // The table's automatic moves may have played this one already.
      if (alreadyHome(rules, app, json)) continue;
      throw e;
    }
    const type = moveType(am);
    const what = `move ${k + 1}/${line.length} ${JSON.stringify(json)}`;
    if (type === DEAL) {
      // The stock stays put, except in Royal Marriage, whose cards shrink as the row grows.
      if (!stock || game === 'royal-marriage') {
        const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
        stock = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }
      await input.tap(stock);
      taps++;
    } else {
      const from = moveFrom(am);
      const fromId = rules.piles[from]!.id;
      const isRow = rules.piles[from]!.kind === 'row';
      const len = app.piles[from]!.length;
      // The card to press: the moved card (the lowest one moved) or, for a Royal Marriage discard, any card of the group.
      const candidates = isRow ? Array.from({ length: moveCount(am) }, (_, i) => moveTo(am) + i) : [type === DISCARD ? len - 1 : len - moveCount(am)];
      const group = isRow;
      // A tap on the card the previous tap just put down would cycle that tap's targets instead.
      const tapIndex = candidates.find((i) => targetsOf(rules, app, from, i)[0] === am && !landed.has(`${from}:${i}`));
      let useTap = tapIndex !== undefined;
      if (useTap && ++tapCandidates % 5 === 0) useTap = false;
      if (input.tapsOnly) {
        // The card whose targets reach this move soonest; a tap, then a tap on the landed card per target skipped.
        let pick: { i: number; at: number } | null = null;
        for (const i of candidates) {
          const at = targetsOf(rules, app, from, i).indexOf(am);
          if (at >= 0 && (!pick || at < pick.at)) pick = { i, at };
        }
        expect(pick, `${what}: a tap on one of its cards reaches it`).not.toBeNull();
        // A tap on the card the last tap put down would cycle that tap: a tap on the bare table ends it first.
        if (landed.has(`${from}:${pick!.i}`)) await input.tap(await emptyPoint(page, rules.piles.map((q, i) => [q.id, app.piles[i]!.length])));
        const ts = targetsOf(rules, app, from, pick!.i);
        await input.tap(await grabPoint(page, fromId, pick!.i));
        for (let c = 0; c < pick!.at; c++) {
          await page.evaluate(() => window.solitaire.idle());
          const top = [...landing(rules, app, ts[c]!)].pop()!.split(':').map(Number);
          await input.tap(await grabPoint(page, rules.piles[top[0]!]!.id, top[1]!));
        }
        lastTap = am;
        taps += pick!.at + 1;
        cycled += pick!.at;
      } else if (useTap) {
        await input.tap(await grabPoint(page, fromId, tapIndex!));
        lastTap = am;
        taps++;
      } else if (group) {
        // A group's card whose first target is another discard: tap it, then tap the landed card to cycle.
        const i = candidates[0]!;
        const ts = targetsOf(rules, app, from, i);
        const at = ts.indexOf(am);
        expect(at, `${what}: the group is among the card's targets`).toBeGreaterThanOrEqual(0);
        await input.tap(await grabPoint(page, fromId, i));
        for (let c = 0; c < at; c++) {
          await page.evaluate(() => window.solitaire.idle());
          const r = await page.evaluate(() => window.solitaire.cardRect('discard', -1));
          await input.tap({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
        }
        taps += at + 1;
      } else {
        const to = type === DISCARD ? rules.piles.find((p) => p.kind === 'discard')!.id : rules.piles[moveTo(am)]!.id;
        await input.drag(await dragPath(page, fromId, candidates[0]!, to));
        drags++;
      }
    }
    landed = lastTap === am ? landing(rules, app, am) : new Set();
    playLikeTheApp(rules, app, am);
    const seen = await settle(page);
    expect(seen.position, what).toEqual(formatPosition(rules, app));
    expect(seen.check, what).toEqual([]);
  }
  expect(rules.isWon(app), 'the line wins in the engine').toBe(true);
  expect((await page.evaluate(() => window.solitaire.info())).won).toBe(true);
  await expect(page.locator('body')).toContainText(t.t('youWon'));
  await expectWinRecorded(page, game, deal, t);
  test.info().annotations.push({ type: 'line', description: `${game} #${deal} (${found!.source}): ${line.length} line moves, ${taps} taps (${cycled} of them cycling), ${drags} drags` });
}

/** One row of a figures table: the value next to the heading `name`. */
const figure = (table: Locator, name: string): Locator => table.locator('tr', { has: table.page().locator('th', { hasText: new RegExp(`^${name}$`) }) }).locator('td');

/**
 * After the win: the win dialog names the deal and shows this game's statistics (one played, one
 * won), the stored statistics agree, and Next deal leaves without counting a loss.
 */
async function expectWinRecorded(page: Page, game: string, deal: number, t: Strings): Promise<void> {
  const info = await page.evaluate(() => window.solitaire.info());
  expect(info.deal).toBe(deal);
  const dialog = page.locator('#win-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('p').first()).toContainText(` ${deal}:`);
  await expect(dialog.locator('p').first()).toContainText(t.count('move', info.moves));
  const figures = dialog.locator('#stats-figures');
  await expect(figure(figures, t.t('played'))).toHaveText('1');
  await expect(figure(figures, t.t('won'))).toHaveText('1');
  await expect(figure(figures, t.t('fewestMoves'))).toHaveText(String(info.moves));
  const stats = await page.evaluate(() => {
    const text = localStorage.getItem('solitaire.stats');
    return text === null ? null : (JSON.parse(text) as { v: number; data: { games: Record<string, { played: number; won: number; finished: number; streak: number; fewestMoves: number | null; bestTimeMs: number | null }> } });
  });
  expect(stats?.v).toBe(1);
  const g = stats?.data.games[game];
  expect(g, `stored statistics of ${game}`).toMatchObject({ played: 1, won: 1, finished: 1, streak: 1, fewestMoves: info.moves });
  expect(g?.bestTimeMs).toEqual(expect.any(Number));
  const save = await page.evaluate((k) => localStorage.getItem(k), `solitaire.save.${game}`);
  expect(save && (JSON.parse(save) as { data: { finished: boolean } }).data.finished, 'the save is marked finished').toBe(true);
  // Next deal: a new game at once (a won game asks nothing and is no loss).
  await page.locator('#win-next').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#confirm-dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(deal);
  const next = await page.evaluate(async () => {
    await window.solitaire.idle();
    return window.solitaire.info();
  });
  expect(next).toMatchObject({ game, moves: 0, won: false });
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('solitaire.stats') ?? 'null') as { data: { games: Record<string, unknown> } } | null);
  expect(after?.data.games[game], 'no loss counted for leaving a won game').toMatchObject({ played: 1, won: 1, finished: 1, streak: 1 });
}

type Way = 'mouse' | 'finger' | 'taps';
const WAYS: readonly Way[] = ['mouse', 'finger', 'taps'];

/**
 * Every game is played whole three ways: with the mouse and with a finger (taps and drags both, see
 * playToWin) and by taps alone (a finger, cycling targets by tapping again). In CI each game sees
 * each way once, at three different sizes, and every size sees every way. SOLITAIRE_FULL_MATRIX=1
 * plays all 72: every game, every way, at every size (about an hour on two cores).
 */
/**
 * `lang` marks the six games played at the shipped defaults (animations on at normal speed, safe
 * auto-collect, sound on, a fresh context in a browser of that language): one per game, on phone
 * and desktop, in English and Russian. The other twelve turn animations off: they are about the
 * input at every size, and the six cover the animated table.
 */
const CI_MATRIX: { input: Way; game: (typeof GAME_LIST)[number]; size: ScreenName; lang?: Language }[] = [
  { input: 'mouse', game: 'aces-up', size: 'desktop', lang: 'en' },
  { input: 'mouse', game: 'australian', size: 'tablet-landscape' },
  { input: 'mouse', game: 'aces-and-kings', size: 'desktop' },
  { input: 'mouse', game: 'king-albert', size: 'tablet-portrait' },
  { input: 'mouse', game: 'streets-and-alleys', size: 'desktop', lang: 'ru' },
  { input: 'mouse', game: 'royal-marriage', size: 'phone', lang: 'en' },
  { input: 'finger', game: 'aces-up', size: 'phone' },
  { input: 'finger', game: 'australian', size: 'phone', lang: 'ru' },
  { input: 'finger', game: 'aces-and-kings', size: 'tablet-landscape' },
  { input: 'finger', game: 'king-albert', size: 'phone', lang: 'ru' },
  { input: 'finger', game: 'streets-and-alleys', size: 'tablet-portrait' },
  { input: 'finger', game: 'royal-marriage', size: 'desktop' },
  { input: 'taps', game: 'aces-up', size: 'tablet-portrait' },
  { input: 'taps', game: 'australian', size: 'desktop' },
  { input: 'taps', game: 'aces-and-kings', size: 'phone', lang: 'en' },
  { input: 'taps', game: 'king-albert', size: 'tablet-landscape' },
  { input: 'taps', game: 'streets-and-alleys', size: 'phone' },
  { input: 'taps', game: 'royal-marriage', size: 'tablet-landscape' },
];

const MATRIX = process.env.SOLITAIRE_FULL_MATRIX === '1' ? WAYS.flatMap((input) => GAME_LIST.flatMap((game) => SCREEN_LIST.map(({ name: size }) => ({ input, game, size, lang: 'en' as Language })))) : CI_MATRIX;

const HOW: Record<Way, string> = { mouse: 'with the mouse', finger: 'with a finger', taps: 'by taps alone' };

for (const { input, game, size, lang } of MATRIX) {
  const where = lang ? `${size}, defaults, ${lang}` : `${size}, animations off`;
  test.describe(`whole games, ${input}, ${where}`, () => {
    const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
    test.use(input === 'mouse' ? { viewport: SCREENS[size], locale } : { hasTouch: true, isMobile: size !== 'desktop', viewport: SCREENS[size], locale });
    test(`${game}: a winning line played to the win ${HOW[input]}`, async ({ page }) => {
      test.setTimeout(game === 'aces-and-kings' ? 480_000 : 300_000);
      await playToWin(page, game, input === 'mouse' ? mouse(page) : input === 'finger' ? finger(page) : tapper(page), lang ? { defaults: true, lang } : { defaults: false });
    });
  });
}
