/**
 * The play flow around the table: undo and redo (also in the middle of an animation), restart,
 * reloading mid-game, the deal-number dialog, the daily deal, the "winnable only" switch, the
 * confirmation before a game in progress is left, damaged or refused storage, and remembered
 * settings. Play goes through real mouse and keyboard input; expectations come from the engine.
 *
 * Most tests here turn animations off: they are about the history, the saves and the dialogs, not
 * the motion. The undo-during-animations test turns them on where it matters, and the table at the
 * shipped defaults is tested in player.spec.ts and by the whole games of fullgame.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dailyPick, utcDate } from '../src/app/page/deals.ts';
import { parsePosition } from '../src/games/catalog.ts';
import { formatMove, formatPosition, type MoveJson, parseMove, type Position } from '../src/engine/notation.ts';
import { legalList, openingState, targetsOf } from '../src/engine/play.ts';
import { cloneState, DEAL, DISCARD, type GameRules, MOVE, moveCount, moveFrom, moveTo, moveType, type State } from '../src/engine/rules.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { afterPlayer, dragPath, GAME_LIST, grabPoint, mouseDrag, open, rulesOf, tableOpening, waitHook, winnable } from './helpers.ts';

// ---- the model side: a player that knows which real gesture makes which engine move ----

type AutoMode = 'safe' | 'off';

/** A real input that makes one move: a click on the stock or a drag of one card onto a pile. */
type Gesture = { kind: 'stock' } | { kind: 'drag'; from: string; index: number; to: string };

const destination = (rules: GameRules, m: number): number => (moveType(m) === DISCARD ? rules.piles.findIndex((p) => p.kind === 'discard') : moveTo(m));

/**
 * The gesture that makes engine move `m` in `s`, or null when no drag makes exactly this move
 * (a drop on a pile plays the first of the card's targets on that pile, as the pointer input does).
 */
function gestureFor(rules: GameRules, s: State, m: number): Gesture | null {
  const type = moveType(m);
  if (type === DEAL) {
    const stock = rules.piles.findIndex((p) => p.kind === 'stock');
    return stock >= 0 && s.piles[stock]!.length > 0 ? { kind: 'stock' } : null;
  }
  const from = moveFrom(m);
  const len = s.piles[from]!.length;
  const isRow = rules.piles[from]!.kind === 'row';
  const indices = type === DISCARD && isRow ? Array.from({ length: moveCount(m) }, (_, k) => moveTo(m) + k) : [type === DISCARD ? len - 1 : len - moveCount(m)];
  const to = destination(rules, m);
  for (const i of indices) {
    const first = targetsOf(rules, s, from, i).find((x) => moveType(x) !== DEAL && destination(rules, x) === to);
    if (first === m) return { kind: 'drag', from: rules.piles[from]!.id, index: i, to: rules.piles[to]!.id };
  }
  return null;
}

/** The stored winnable list of a game. */
function listOf(game: string): WinnableList {
  return JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as WinnableList;
}

/**
 * Tracks the game the page should show: moves follow a stored winning line while its moves can be
 * made by a gesture, else any legal move that can; the table's automatic moves are played after
 * each player's move as the app plays them.
 */
class Player {
  readonly rules: GameRules;
  readonly deal: number;
  state: State;
  /** Engine moves made (the player's and the automatic ones), as info().moves counts them. */
  moves = 0;
  private readonly line: MoveJson[];
  private k = 0;

  constructor(game: string, entry = 0, readonly auto: AutoMode = 'safe') {
    this.rules = rulesOf(game);
    const e = listOf(game).deals[entry]!;
    this.deal = e.deal;
    this.state = tableOpening(this.rules, this.deal, auto === 'off' ? 'off' : 'safe');
    const s = openingState(this.rules, this.deal);
    this.line = entryLine(this.rules, e).map((m) => {
      const j = formatMove(this.rules, s, m);
      this.rules.make(s, m);
      return j;
    });
  }

  /** The line move `json` in the tracked state (home pile indices may differ after automatic moves), or null. */
  private parse(json: MoveJson): number | null {
    const tries: MoveJson[] = [json];
    if (json.type === 'move') {
      const kind = json.to.split(':')[0]!;
      for (const p of this.rules.piles) if (p.kind === kind && p.id !== json.to) tries.push({ ...json, to: p.id });
    }
    for (const t of tries) {
      try {
        return parseMove(this.rules, this.state, t);
      } catch {
        // not legal here
      }
    }
    return null;
  }

  /** The next move to make and its gesture (nothing changes until `play`). */
  next(): { m: number; gesture: Gesture } {
    while (this.k < this.line.length) {
      const m = this.parse(this.line[this.k++]!);
      if (m === null) continue;
      const gesture = gestureFor(this.rules, this.state, m);
      if (gesture) return { m, gesture };
    }
    for (const m of legalList(this.rules, this.state)) {
      const gesture = gestureFor(this.rules, this.state, m);
      if (gesture) return { m, gesture };
    }
    throw new Error(`no move can be made in ${JSON.stringify(this.position())}`);
  }

  /** `s` after the player's move `m` and the automatic moves after it (s itself is not changed). */
  after(s: State, m: number): { state: State; count: number } {
    const t = cloneState(s);
    this.rules.make(t, m);
    let count = 1;
    for (;;) {
      if (this.auto === 'off') break;
      const a = this.rules.autoMoves(t, this.auto)[0];
      if (a === undefined || !this.rules.isLegal(t, a)) break;
      this.rules.make(t, a);
      count++;
    }
    return { state: t, count };
  }

  /** Makes move `m` in the tracked state. */
  play(m: number): void {
    const r = this.after(this.state, m);
    this.state = r.state;
    this.moves += r.count;
  }

  position(s: State = this.state): Position {
    return formatPosition(this.rules, s);
  }
}

// ---- the page side ----

interface Seen {
  position: Position;
  check: string[];
  info: { game: string; deal: number; moves: number; won: boolean };
}

/** Waits for idle, then reads position, check() and info() in one round trip. */
async function settle(page: Page): Promise<Seen> {
  return page.evaluate(async () => {
    await window.solitaire.idle();
    return { position: window.solitaire.position(), check: window.solitaire.check(), info: window.solitaire.info() };
  });
}

/**
 * Reloads the page and waits for the hook. Other sessions on this machine rebuild dist/ under the
 * preview server now and then (a moment of 404s): such a reload is tried again once the server
 * answers; any other failure stands.
 */
async function reload(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.reload();
      break;
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('ERR_HTTP_RESPONSE_CODE_FAILURE')) throw e;
      await expect.poll(async () => (await page.request.get('/')).status(), { timeout: 60_000 }).toBe(200);
    }
  }
  await waitHook(page);
}

/** Makes a gesture with the mouse. */
async function perform(page: Page, g: Gesture): Promise<void> {
  if (g.kind === 'stock') {
    const r = await page.evaluate(() => window.solitaire.cardRect('stock', -1));
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  } else {
    await mouseDrag(page, await dragPath(page, g.from, g.index, g.to), 4);
  }
}

/** Plays `n` moves through real input, checking the page against the player after each; returns the positions and move counts, opening first. */
async function playMoves(page: Page, p: Player, n: number): Promise<{ positions: Position[]; counts: number[] }> {
  const positions = [p.position()];
  const counts = [p.moves];
  for (let k = 0; k < n; k++) {
    const { m, gesture } = p.next();
    const what = `move ${k + 1}: ${JSON.stringify(formatMove(p.rules, p.state, m))}`;
    await perform(page, gesture);
    p.play(m);
    const seen = await settle(page);
    expect(seen.position, what).toEqual(p.position());
    expect(seen.check, what).toEqual([]);
    expect(seen.info.moves, what).toBe(p.moves);
    positions.push(seen.position);
    counts.push(seen.info.moves);
  }
  return { positions, counts };
}

/** True when an animation or an automatic move is running right now (checked without waiting). */
async function busy(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        let done = false;
        void window.solitaire.idle().then(() => {
          done = true;
        });
        queueMicrotask(() => resolve(!done));
      }),
  );
}

/** Collects uncaught page errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Parsed localStorage record data (the envelope's `data`), or null. */
async function stored<T = unknown>(page: Page, key: string): Promise<T | null> {
  const text = await page.evaluate((k) => localStorage.getItem(k), key);
  return text === null ? null : ((JSON.parse(text) as { data: T }).data);
}

/** The status line's clock in seconds. */
function clockSeconds(status: string | null): number {
  const m = /Time: (?:(\d+):)?(\d+):(\d\d)/.exec(status ?? '');
  if (!m) throw new Error(`no clock in the status line ${JSON.stringify(status)}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const undoButton = (page: Page) => page.locator('#toolbar').getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.locator('#toolbar').getByRole('button', { name: 'Redo', exact: true });

async function menu(page: Page, item: string): Promise<void> {
  await page.locator('#toolbar details.menu > summary').click();
  await page.locator(item).click();
}

/** Clicks the top card of the stock (a deal: every game but King Albert and Streets and Alleys). */
async function tapStock(page: Page): Promise<void> {
  await perform(page, { kind: 'stock' });
}

// ---- 1. undo, redo, restart, and undo in the middle of an animation ----

const STEPS = 5;

for (const game of GAME_LIST) {
  test(`${game}: undo back to the opening, redo to the end, restart, and undo during animations`, async ({ page }) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    const p = new Player(game);
    const opening = p.position();
    await open(page, game, p.deal, 'off');
    let seen = await settle(page);
    expect(seen.position).toEqual(opening);
    expect(seen.info.deal).toBe(p.deal);
    const { positions, counts } = await playMoves(page, p, STEPS);

    // Undo with the button until it is disabled: every step back, down to the opening.
    const undo = undoButton(page);
    const redo = redoButton(page);
    let presses = 0;
    while (presses <= STEPS && (await undo.isEnabled())) {
      await undo.click();
      presses++;
      seen = await settle(page);
      expect(seen.position, `after ${presses} undos`).toEqual(positions[STEPS - presses]);
      expect(seen.info.moves, `after ${presses} undos`).toBe(counts[STEPS - presses]);
    }
    expect(presses, 'one undo per player move').toBe(STEPS);
    expect(seen.position).toEqual(opening);
    expect(seen.info.moves).toBe(0);
    expect(seen.check).toEqual([]);
    await expect(undo).toBeDisabled();

    // Redo until disabled: every step again.
    presses = 0;
    while (presses <= STEPS && (await redo.isEnabled())) {
      await redo.click();
      presses++;
      seen = await settle(page);
      expect(seen.position, `after ${presses} redos`).toEqual(positions[presses]);
    }
    expect(presses, 'one redo per undone step').toBe(STEPS);
    expect(seen.position).toEqual(positions[STEPS]);
    expect(seen.info.moves).toBe(counts[STEPS]);
    expect(seen.check).toEqual([]);

    // Restart: the opening in one go; redo plays the steps back.
    await menu(page, '#menu-restart');
    seen = await settle(page);
    expect(seen.position, 'after restart').toEqual(opening);
    expect(seen.info.moves).toBe(0);
    expect(seen.check).toEqual([]);
    await expect(undo).toBeDisabled();
    await expect(redo).toBeEnabled();
    await redo.click();
    seen = await settle(page);
    expect(seen.position, 'first redo after restart').toEqual(positions[1]);
    await page.keyboard.press('Control+y');
    seen = await settle(page);
    expect(seen.position, 'Ctrl+Y after restart').toEqual(positions[2]);
    for (let k = 2; k < STEPS && (await redo.isEnabled()); k++) await redo.click();
    await expect(redo).toBeDisabled();
    seen = await settle(page);
    expect(seen.position, 'all redone after restart').toEqual(positions[STEPS]);
    expect(seen.info.moves).toBe(counts[STEPS]);
    expect(seen.check).toEqual([]);

    // Slow animations, and Ctrl+Z (Ctrl+Y) pressed while they run.
    await menu(page, '#menu-settings');
    await page.locator('#set-speed').selectOption('slow');
    await page.locator('#settings-close').click();
    await expect(page.locator('#settings-dialog')).toHaveCount(0);
    const wasBusy: boolean[] = [];
    const s0 = p.state;
    const first = p.next();
    // A move, then Ctrl+Z at once: back where it was.
    await perform(page, first.gesture);
    wasBusy.push(await busy(page));
    await page.keyboard.press('Control+z');
    seen = await settle(page);
    expect(seen.position, 'move then Ctrl+Z during its animation').toEqual(p.position(s0));
    expect(seen.info.moves).toBe(p.moves);
    expect(seen.check).toEqual([]);
    // The move again, left to finish; a second move, then Ctrl+Z and Ctrl+Y at once.
    await perform(page, first.gesture);
    p.play(first.m);
    seen = await settle(page);
    expect(seen.position, 'the move played again').toEqual(p.position());
    const s1 = p.state;
    const movesAt1 = p.moves;
    const second = p.next();
    await perform(page, second.gesture);
    wasBusy.push(await busy(page));
    await page.keyboard.press('Control+z');
    wasBusy.push(await busy(page));
    await page.keyboard.press('Control+y');
    p.play(second.m);
    seen = await settle(page);
    expect(seen.position, 'move, Ctrl+Z, Ctrl+Y during the animations').toEqual(p.position());
    expect(seen.info.moves).toBe(p.moves);
    expect(seen.check).toEqual([]);
    // Two undos in quick succession: the second lands during the first one's animation.
    await page.keyboard.press('Control+z');
    wasBusy.push(await busy(page));
    await page.keyboard.press('Control+z');
    seen = await settle(page);
    expect(seen.position, 'two quick undos').toEqual(p.position(s0));
    expect(seen.info.moves).toBe(counts[STEPS]);
    expect(seen.check).toEqual([]);
    await page.keyboard.press('Control+y');
    seen = await settle(page);
    expect(seen.position, 'redo after the quick undos').toEqual(p.position(s1));
    expect(seen.info.moves).toBe(movesAt1);
    expect(wasBusy.some(Boolean), `an animation ran when Ctrl+Z or Ctrl+Y was pressed (${wasBusy.join(',')})`).toBe(true);
    expect(errors).toEqual([]);
  });
}

// ---- 2. reloading mid-game ----

for (const game of GAME_LIST) {
  test(`${game}: a reload mid-game keeps the position, the moves, the history and the clock`, async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const p = new Player(game, 1);
    await open(page, game, p.deal, 'off');
    const { positions, counts } = await playMoves(page, p, 4);
    const status = page.locator('#status');
    // The clock runs from the first move; wait for it to show a second at least (it ticks every second).
    await expect.poll(async () => clockSeconds(await status.textContent()), { message: 'the clock runs' }).toBeGreaterThan(0);
    const before = clockSeconds(await status.textContent());
    await reload(page);
    const seen = await settle(page);
    expect(seen.info.game).toBe(game);
    expect(seen.info.deal).toBe(p.deal);
    expect(seen.position, 'position after reload').toEqual(positions[4]);
    expect(seen.info.moves, 'moves after reload').toBe(counts[4]);
    expect(seen.check).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`#/${game}/${p.deal}$`));
    const after = clockSeconds(await status.textContent());
    expect(after, `clock after reload (was ${before} s)`).toBeGreaterThanOrEqual(before);
    // The history came back too: undo and redo work.
    await expect(undoButton(page)).toBeEnabled();
    await undoButton(page).click();
    let s = await settle(page);
    expect(s.position, 'undo after reload').toEqual(positions[3]);
    expect(s.info.moves).toBe(counts[3]);
    await page.keyboard.press('Control+z');
    s = await settle(page);
    expect(s.position, 'second undo after reload').toEqual(positions[2]);
    await redoButton(page).click();
    await redoButton(page).click();
    s = await settle(page);
    expect(s.position, 'redo after reload').toEqual(positions[4]);
    expect(s.check).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the clock resumes from the time in the save', async ({ page }) => {
  const p = new Player('aces-up', 2);
  await open(page, 'aces-up', p.deal, 'off');
  await playMoves(page, p, 2);
  // Plant 1:02:03 in the save just before the reloaded page starts (after the old page saved on pagehide).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('clock-planted')) return;
    const key = 'solitaire.save.aces-up';
    const text = localStorage.getItem(key);
    if (!text) return;
    const env = JSON.parse(text) as { data: { elapsedMs: number } };
    env.data.elapsedMs = 3_723_000;
    localStorage.setItem(key, JSON.stringify(env));
    sessionStorage.setItem('clock-planted', '1');
  });
  await reload(page);
  expect((await settle(page)).position).toEqual(p.position());
  await expect(page.locator('#status')).toContainText(/Time: 1:02:0\d/);
});

// ---- 3. the deal-number dialog ----

test('deal number: a valid number opens that deal, bad ones are refused with a message', async ({ page }) => {
  const errors = watchErrors(page);
  const rules = rulesOf('aces-up');
  await open(page, 'aces-up', 7, 'off');
  const ask = async (text: string): Promise<void> => {
    await menu(page, '#menu-deal-number');
    await expect(page.locator('#deal-number-dialog')).toBeVisible();
    await page.locator('#deal-number').fill(text);
    await page.locator('#deal-number-open').click();
  };
  await ask('12345');
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).toBe(12345);
  let seen = await settle(page);
  expect(seen.position).toEqual(formatPosition(rules, tableOpening(rules, 12345)));
  expect(seen.info.moves).toBe(0);
  await expect(page).toHaveURL(/#\/aces-up\/12345$/);
  await expect(page.locator('#deal-number-dialog')).toHaveCount(0);
  for (const bad of ['12x', '-1', '4294967296', '']) {
    await ask(bad);
    await expect(page.locator('#deal-number-error'), `error for ${JSON.stringify(bad)}`).toBeVisible();
    await expect(page.locator('#deal-number-error')).not.toHaveText('');
    await expect(page.locator('#deal-number-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#deal-number-dialog')).toHaveCount(0);
    seen = await settle(page);
    expect(seen.info.deal, `deal after ${JSON.stringify(bad)}`).toBe(12345);
    await expect(page).toHaveURL(/#\/aces-up\/12345$/);
  }
  // The largest deal number is accepted.
  await ask('4294967295');
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).toBe(4294967295);
  seen = await settle(page);
  expect(seen.position).toEqual(formatPosition(rules, tableOpening(rules, 4294967295)));
  await expect(page).toHaveURL(/#\/aces-up\/4294967295$/);
  expect(errors).toEqual([]);
});

// ---- 4. the daily deal ----

test('the daily deal is the same in two fresh browser contexts', async ({ browser, baseURL }) => {
  const dailyOf = async (b: Browser): Promise<{ deal: number; url: string }> => {
    const context = await b.newContext({ baseURL: baseURL!, viewport: { width: 1024, height: 768 } });
    try {
      const page = await context.newPage();
      await open(page, 'aces-up', 'daily', 'off');
      const info = await page.evaluate(() => window.solitaire.info());
      expect(info.moves).toBe(0);
      return { deal: info.deal, url: page.url() };
    } finally {
      await context.close();
    }
  };
  const a = await dailyOf(browser);
  const b = await dailyOf(browser);
  const list = winnable('aces-up');
  expect(a.deal).toBe(dailyPick('aces-up', utcDate(), list));
  expect(b.deal).toBe(a.deal);
  expect(list).toContain(a.deal);
  expect(a.url).toMatch(/#\/aces-up\/daily$/);
});

test('a daily deal started before an update keeps its deal that day, though the new list picks another', async ({ page }) => {
  const errors = watchErrors(page);
  const list = winnable('aces-up');
  const today = utcDate();
  const pick = dailyPick('aces-up', today, list);
  // The calendar as an earlier version left it: today's daily started on another deal of the list.
  const earlier = list.find((d) => d !== pick)!;
  const stats = JSON.stringify({ v: 1, data: { games: {}, daily: { [today]: { 'aces-up': { deal: earlier, result: 'played' } } } } });
  await page.addInitScript((s) => {
    if (localStorage.getItem('solitaire.stats') === null) localStorage.setItem('solitaire.stats', s);
  }, stats);
  await open(page, 'aces-up', 'daily', 'off');
  expect((await page.evaluate(() => window.solitaire.info())).deal).toBe(earlier);
  await expect(page).toHaveURL(/#\/aces-up\/daily$/);
  // The calendar entry is the one planted, not replaced by the new pick.
  expect((await stored<{ daily: Record<string, unknown> }>(page, 'solitaire.stats'))?.daily[today]).toEqual({ 'aces-up': { deal: earlier, result: 'played' } });
  expect(errors).toEqual([]);
});

// ---- 5. the "winnable only" switch ----

test('winnable only: on by default, New deals from the list; the switch is remembered per game', async ({ page }) => {
  const errors = watchErrors(page);
  const list = winnable('aces-up');
  let start = 2;
  while (list.includes(start)) start++;
  await open(page, 'aces-up', start, 'off');
  const options = page.locator('summary[aria-label="Deal options"]');
  const box = page.locator('#winnable-only');
  await options.click();
  // On by default for a player's first games.
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect.poll(async () => (await stored<{ winnableOnly: Record<string, boolean> }>(page, 'solitaire.settings'))?.winnableOnly['aces-up']).toBe(false);
  await box.check();
  await expect.poll(async () => (await stored<{ winnableOnly: Record<string, boolean> }>(page, 'solitaire.settings'))?.winnableOnly['aces-up']).toBe(true);
  await options.click();
  for (let round = 0; round < 2; round++) {
    const was = await page.evaluate(() => window.solitaire.info().deal);
    await page.locator('#new-deal').click();
    await expect(page.locator('#confirm-dialog')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(was);
    const seen = await settle(page);
    expect(list, `new deal ${seen.info.deal}`).toContain(seen.info.deal);
    const rules = rulesOf('aces-up');
    expect(seen.position).toEqual(formatPosition(rules, tableOpening(rules, seen.info.deal)));
    await expect(page).toHaveURL(new RegExp(`#/aces-up/${seen.info.deal}$`));
  }
  // Off for Australian only: Aces Up keeps its own choice.
  await page.evaluate(() => {
    location.hash = '#/australian';
  });
  await expect.poll(() => page.evaluate(() => window.solitaire.info().game)).toBe('australian');
  await options.click();
  await expect(box).toBeChecked();
  await box.uncheck();
  await options.click();
  await reload(page);
  await options.click();
  await expect(box).not.toBeChecked();
  await options.click();
  await page.evaluate(() => {
    location.hash = '#/aces-up';
  });
  await expect.poll(() => page.evaluate(() => window.solitaire.info().game)).toBe('aces-up');
  await options.click();
  await expect(box).toBeChecked();
  expect(errors).toEqual([]);
});

// ---- 6. confirmation before leaving a game in progress ----

interface GameStatsRecord {
  played: number;
  won: number;
  finished: number;
  streak: number;
  recent: boolean[];
}

test('leaving a started game asks first; yes counts a loss; "do not ask again" is remembered', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, 'aces-up', 11, 'off');
  const opening = (await settle(page)).position;
  await tapStock(page);
  const dealt = await settle(page);
  expect(dealt.position).toEqual(afterPlayer(opening, { type: 'deal' }));
  expect(dealt.info.moves).toBe(1);
  const dialog = page.locator('#confirm-dialog');
  // No: the same game goes on.
  await page.locator('#new-deal').click();
  await expect(dialog).toBeVisible();
  await page.locator('#confirm-no').click();
  await expect(dialog).toHaveCount(0);
  let seen = await settle(page);
  expect(seen.info.deal).toBe(11);
  expect(seen.position).toEqual(dealt.position);
  expect(seen.info.moves).toBe(1);
  await expect(page).toHaveURL(/#\/aces-up\/11$/);
  expect((await stored<{ games: Record<string, GameStatsRecord> }>(page, 'solitaire.stats'))?.games['aces-up']).toMatchObject({ played: 1, finished: 0, won: 0 });
  // Yes: a new deal, and the game left counts as played and lost.
  await page.locator('#new-deal').click();
  await expect(dialog).toBeVisible();
  await page.locator('#confirm-yes').click();
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(11);
  seen = await settle(page);
  expect(seen.info.moves).toBe(0);
  const stats = await stored<{ games: Record<string, GameStatsRecord> }>(page, 'solitaire.stats');
  expect(stats?.games['aces-up']).toMatchObject({ played: 1, finished: 1, won: 0, streak: 0, recent: [false] });
  // Yes with "do not ask again": the setting is stored, and the next time nothing asks.
  const second = seen.info.deal;
  await tapStock(page);
  await settle(page);
  await page.locator('#new-deal').click();
  await expect(dialog).toBeVisible();
  await page.locator('#dont-ask').check();
  await page.locator('#confirm-yes').click();
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(second);
  expect((await stored<{ confirmAbandon: boolean }>(page, 'solitaire.settings'))?.confirmAbandon).toBe(false);
  seen = await settle(page);
  const third = seen.info.deal;
  await tapStock(page);
  await settle(page);
  await page.locator('#new-deal').click();
  // No dialog stands in the way: the deal changes by itself.
  await expect.poll(() => page.evaluate(() => window.solitaire.info().deal)).not.toBe(third);
  await expect(dialog).toHaveCount(0);
  expect((await stored<{ games: Record<string, GameStatsRecord> }>(page, 'solitaire.stats'))?.games['aces-up']).toMatchObject({ played: 3, finished: 3, won: 0, streak: 0, recent: [false, false, false] });
  expect(errors).toEqual([]);
});

// ---- 7. damaged and refused storage ----

/** A valid statistics record (it passes the schema of src/persist/stats.ts). */
const PLANTED_STATS = JSON.stringify({
  v: 1,
  data: {
    games: {
      australian: { played: 3, won: 1, finished: 2, streak: 0, bestStreak: 1, bestTimeMs: 61_000, fewestMoves: 120, hints: 2, recent: [true, false], discardedTotal: 0, discardedBest: null },
    },
    daily: { '2024-05-01': { australian: { deal: 77, result: 'won', timeMs: 61_000, moves: 120 } } },
  },
});

async function plantAndOpen(page: Page, save: string): Promise<void> {
  await page.addInitScript(
    ([stats, s]) => {
      if (sessionStorage.getItem('planted')) return;
      sessionStorage.setItem('planted', '1');
      localStorage.setItem('solitaire.stats', stats);
      localStorage.setItem('solitaire.save.aces-up', s);
    },
    [PLANTED_STATS, save] as const,
  );
  await open(page, 'aces-up', '', 'off');
}

/** The page is playable: a click on the stock deals, as the engine says (with the automatic moves after it). */
async function playable(page: Page): Promise<void> {
  const before = await settle(page);
  expect(before.info.game).toBe('aces-up');
  const { rules, state } = parsePosition(before.position);
  const p = new Player('aces-up');
  const { state: want, count } = p.after(state, parseMove(rules, state, { type: 'deal' }));
  await tapStock(page);
  const after = await settle(page);
  expect(after.position).toEqual(formatPosition(rules, want));
  expect(after.info.moves).toBe(before.info.moves + count);
  expect(after.check).toEqual([]);
}

for (const [what, save] of [
  ['a corrupt save', '{"v":1,"data":{"game":"aces-up"'],
  ['a save from a newer version', '{"v":99,"data":{}}'],
] as const) {
  test(`${what} is set aside with a message; the statistics are kept and the game is playable`, async ({ page }) => {
    const errors = watchErrors(page);
    await plantAndOpen(page, save);
    await expect(page.locator('#message')).toBeVisible();
    await expect(page.locator('#message')).toContainText(/saved Aces Up game/i);
    expect(await page.evaluate(() => localStorage.getItem('solitaire.stats'))).toBe(PLANTED_STATS);
    expect(await page.evaluate(() => localStorage.getItem('solitaire.save.aces-up.bad'))).toBe(save);
    await playable(page);
    const stats = await stored<{ games: Record<string, unknown>; daily: unknown }>(page, 'solitaire.stats');
    const planted = (JSON.parse(PLANTED_STATS) as { data: { games: Record<string, unknown>; daily: unknown } }).data;
    expect(stats?.games.australian).toEqual(planted.games.australian);
    expect(stats?.daily).toEqual(planted.daily);
    expect(stats?.games['aces-up']).toMatchObject({ played: 1, won: 0 });
    // The save is a good one again, and the bad copy stays for recovery.
    expect(await stored<{ game: string }>(page, 'solitaire.save.aces-up')).toMatchObject({ game: 'aces-up', started: true });
    expect(await page.evaluate(() => localStorage.getItem('solitaire.save.aces-up.bad'))).toBe(save);
    expect(errors).toEqual([]);
  });
}

test('storage that throws: the page still plays and says that progress is not saved', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const refuse = (): never => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Storage.prototype.getItem = refuse;
    Storage.prototype.setItem = refuse;
    Storage.prototype.removeItem = refuse;
  });
  await open(page, 'aces-up', 5, 'off');
  await expect(page.locator('#message')).toBeVisible();
  await expect(page.locator('#message')).toContainText(/does not let the game save/);
  const rules = rulesOf('aces-up');
  expect((await settle(page)).position).toEqual(formatPosition(rules, tableOpening(rules, 5)));
  await playable(page);
  const mid = await settle(page);
  await playable(page);
  await undoButton(page).click();
  const seen = await settle(page);
  expect(seen.position, 'undo without storage').toEqual(mid.position);
  expect(seen.info.moves).toBe(mid.info.moves);
  expect(errors).toEqual([]);
});

// ---- 8. settings are remembered ----

/** An Australian deal whose opening has a tableau drag after which the table would collect a card by itself ('safe'). */
function australianWithAuto(): { deal: number; m: number; from: string; index: number; to: string } {
  const rules = rulesOf('australian');
  for (let n = 1; n < 5000; n++) {
    const s = tableOpening(rules, n);
    for (const m of legalList(rules, s)) {
      if (moveType(m) !== MOVE || rules.piles[moveFrom(m)]!.kind !== 'tableau' || rules.piles[moveTo(m)]!.kind !== 'tableau') continue;
      const g = gestureFor(rules, s, m);
      if (g?.kind !== 'drag') continue;
      const t = cloneState(s);
      rules.make(t, m);
      if (rules.autoMoves(t, 'safe').length === 0) continue;
      return { deal: n, m, from: g.from, index: g.index, to: g.to };
    }
  }
  throw new Error('no Australian deal found');
}

test('settings are remembered: tap-to-move off, auto-collect off, Russian', async ({ page }) => {
  const errors = watchErrors(page);
  const rules = rulesOf('australian');
  const f = australianWithAuto();
  await open(page, 'australian', f.deal, 'off');
  await menu(page, '#menu-settings');
  await page.locator('#set-tap').uncheck();
  await page.locator('#set-auto').selectOption('off');
  await page.locator('#set-language').selectOption('ru');
  // The dialog is drawn again in Russian.
  await expect(page.locator('#settings-dialog')).toBeVisible();
  await expect(page.locator('#set-tap')).not.toBeChecked();
  await page.locator('#settings-close').click();
  await expect(page.locator('#settings-dialog')).toHaveCount(0);
  expect(await stored(page, 'solitaire.settings')).toMatchObject({ tapToMove: false, autoCollect: 'off', language: 'ru' });
  await reload(page);
  await expect(page.locator('#new-deal')).toHaveAttribute('aria-label', 'Новая раздача');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  await menu(page, '#menu-settings');
  await expect(page.locator('#set-tap')).not.toBeChecked();
  await expect(page.locator('#set-auto')).toHaveValue('off');
  await expect(page.locator('#set-language')).toHaveValue('ru');
  await page.locator('#settings-close').click();
  await expect(page.locator('#settings-dialog')).toHaveCount(0);
  // A click on a card that has a legal target does nothing.
  const opening = formatPosition(rules, tableOpening(rules, f.deal));
  expect(targetsOf(rules, tableOpening(rules, f.deal), rules.piles.findIndex((q) => q.id === f.from), f.index)).toContain(f.m);
  const at = await grabPoint(page, f.from, f.index);
  await page.mouse.click(at.x, at.y);
  let seen = await settle(page);
  expect(seen.position, 'a click with tap-to-move off').toEqual(opening);
  expect(seen.info.moves).toBe(0);
  // A drag still plays, and no card is collected by itself.
  await mouseDrag(page, await dragPath(page, f.from, f.index, f.to), 4);
  seen = await settle(page);
  const s = tableOpening(rules, f.deal);
  rules.make(s, f.m);
  expect(seen.position, 'a drag with auto-collect off').toEqual(formatPosition(rules, s));
  expect(seen.info.moves).toBe(1);
  expect(seen.check).toEqual([]);
  expect(errors).toEqual([]);
});
