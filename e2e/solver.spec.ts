/**
 * The solver at the table, through real input: following the hint wins a stored winnable deal in
 * every game; a proven losing move opens the "no winning line" banner, names the move and rewinds
 * to a position the solver proves winnable; watching the solver with its timeline (pause, step
 * back and forward, take over, undo); the analysis of every legal move against the engine and
 * the solver in Node; the live verdict line. Expectations come from the engine and the solver run
 * in Node, never from the page's own answers.
 *
 * Animations are off (useSettings): these tests are about the solver's answers, not the motion;
 * the table at the shipped defaults is tested in player.spec.ts and fullgame.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { parsePosition } from '../src/games/catalog.ts';
import { formatMove, formatPosition, type MoveJson, parseMove, type Position } from '../src/engine/notation.ts';
import { legalList, openingState, targetsOf, winsAtOnce } from '../src/engine/play.ts';
import { cloneState, DEAL, DISCARD, type GameRules, moveCount, moveFrom, moveTo, moveType, type State } from '../src/engine/rules.ts';
import { solvePosition } from '../src/solver/run.ts';
import { solve } from '../src/solver/search.ts';
import { entryLine, type WinnableEntry, type WinnableList } from '../src/solver/winnable.ts';
import { afterPlayer, dragOf, GAME_LIST, grabPoint, idle, open, quickPath, rulesOf } from './helpers.ts';
import { Strings } from '../src/app/page/strings.ts';

// ---- set-up ----

/** Settings (record version 2) written before the app starts, unless a test already stored some. */
async function useSettings(page: Page, patch: Record<string, unknown> = {}): Promise<void> {
  const settings = {
    tapToMove: true,
    autoCollect: 'safe',
    speed: 'off',
    sound: false,
    cardBack: 'blue',
    fourColour: false,
    leftHanded: false,
    confirmAbandon: true,
    showClock: false,
    showMoves: true,
    showVerdict: false,
    language: 'en',
    winnableOnly: {},
    ...patch,
  };
  await page.addInitScript((s) => {
    try {
      if (localStorage.getItem('solitaire.settings') === null) localStorage.setItem('solitaire.settings', JSON.stringify({ v: 2, data: s }));
    } catch {
      // no storage
    }
  }, settings);
}

/** The stored winnable list of a game. */
function listOf(game: string): WinnableList {
  return JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as WinnableList;
}

/** The stored entries of a game, shortest line first (ties by deal number). */
function byLength(game: string): WinnableEntry[] {
  return [...listOf(game).deals].sort((a, b) => a.length - b.length || a.deal - b.deal);
}

/** Plays the table's 'safe' automatic moves after a player's move, as the app does. */
function settleAutos(rules: GameRules, s: State): number[] {
  const out: number[] = [];
  for (;;) {
    const a = rules.autoMoves(s, 'safe')[0];
    if (a === undefined || !rules.isLegal(s, a)) return out;
    rules.make(s, a);
    out.push(a);
  }
}

/**
 * The player's moves of a stored line as the table plays it with 'safe' auto-collect: each player
 * move, then the automatic moves the table adds (which the line holds at the same places).
 * Returns null when the table's automatic moves would leave the line.
 */
function playerMoves(rules: GameRules, deal: number, line: readonly number[]): number[] | null {
  const s = openingState(rules, deal);
  const out: number[] = [];
  let i = 0;
  // What the table plays by itself after the deal.
  for (const a of settleAutos(rules, s)) if (line[i++] !== a) return null;
  while (i < line.length) {
    const m = line[i++]!;
    out.push(m);
    rules.make(s, m);
    for (const a of settleAutos(rules, s)) if (line[i++] !== a) return null;
  }
  return out;
}

/** Waits for idle and reads position, info and check() in one round trip. */
async function settle(page: Page): Promise<{ position: Position; info: { moves: number; won: boolean }; check: string[] }> {
  return page.evaluate(async () => {
    await window.solitaire.idle();
    return { position: window.solitaire.position(), info: window.solitaire.info(), check: window.solitaire.check() };
  });
}

const centre = (r: { x: number; y: number; width: number; height: number }): { x: number; y: number } => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/** quickPath's points as the [press, release] pair quickDrag takes. */
async function dragPoints(page: Page, from: string, index: number, to: string): Promise<[{ x: number; y: number }, { x: number; y: number }]> {
  const { grab, drop } = await quickPath(page, from, index, to);
  return [grab, drop];
}

const cdps = new WeakMap<Page, CDPSession>();

/**
 * A mouse drag with as few events as a real one can have: press at `a`, one move to `b` (the
 * table starts the drag once the pointer leaves the tap distance and puts the card under it),
 * release. Sent as CDP mouse input (what page.mouse sends, minus the separate move to the press
 * point): every input event waits for the page's main thread, and software WebGL keeps it busy.
 */
async function quickDrag(page: Page, [a, b]: [{ x: number; y: number }, { x: number; y: number }]): Promise<void> {
  let cdp = cdps.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdps.set(page, cdp);
  }
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: a.x, y: a.y, button: 'left', buttons: 1, clickCount: 1 });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: b.x, y: b.y, button: 'left', buttons: 1 });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: b.x, y: b.y, button: 'left', buttons: 0, clickCount: 1 });
}

/**
 * Makes engine move `m` of `s` (the page's current state) with the mouse: a click on the stock for
 * a deal, a drag of the moved card onto its target pile otherwise. A Royal Marriage group discard
 * drags a card of the group whose first discard is this one, or taps and cycles like a player.
 */
async function perform(page: Page, rules: GameRules, s: State, m: number): Promise<void> {
  const type = moveType(m);
  if (type === DEAL) {
    await page.mouse.click(...xy(centre(await page.evaluate(() => window.solitaire.cardRect('stock', -1)))));
    return;
  }
  const from = moveFrom(m);
  if (type === DISCARD && rules.piles[from]!.kind === 'row') {
    const group = Array.from({ length: moveCount(m) }, (_, k) => moveTo(m) + k);
    const i = group.find((k) => targetsOf(rules, s, from, k).find((t) => moveType(t) === DISCARD) === m);
    if (i !== undefined) {
      await quickDrag(page, await dragPoints(page, 'row', i, 'discard'));
      return;
    }
    const first = group[0]!;
    const at = targetsOf(rules, s, from, first).indexOf(m);
    expect(at, `the group ${JSON.stringify(formatMove(rules, s, m))} is among the card's targets`).toBeGreaterThanOrEqual(0);
    // A tap that ended the game could not be cycled past (the page's hint names such a move itself).
    const ends = targetsOf(rules, s, from, first)
      .slice(0, at)
      .find((t) => winsAtOnce(rules, s, t));
    expect(ends, 'no tap before the wanted discard ends the game').toBeUndefined();
    await page.mouse.click(...xy(await grabPoint(page, 'row', first)));
    for (let c = 0; c < at; c++) {
      await idle(page);
      await page.mouse.click(...xy(centre(await page.evaluate(() => window.solitaire.cardRect('discard', -1)))));
    }
    return;
  }
  const d = dragOf(rules, s, m)!;
  await quickDrag(page, await dragPoints(page, d.from, d.index, d.to));
}

const xy = (p: { x: number; y: number }): [number, number] => [p.x, p.y];

/** Makes `m` (engine move of the page's current position `pos`) and checks the page against the engine after the table's automatic moves. */
async function playChecked(page: Page, pos: Position, m: number, what: string): Promise<Position> {
  const { rules, state } = parsePosition(pos);
  const json = formatMove(rules, state, m);
  await perform(page, rules, state, m);
  const seen = await settle(page);
  expect(seen.position, `${what} ${JSON.stringify(json)}`).toEqual(afterPlayer(pos, json));
  expect(seen.check, what).toEqual([]);
  return seen.position;
}

/** A card code ("TC") as the page writes it ("10♣"). */
function label(code: string): string {
  const rank = code[0] === 'T' ? '10' : code[0]!;
  return `${rank}${'♠♥♦♣'['SHDC'.indexOf(code[1]!)]}`;
}

// ---- 1. following the hint wins ----

test.describe('following the hint', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  for (const game of GAME_LIST) {
    test(`${game}: hint after hint, played with the mouse, wins a stored winnable deal`, async ({ page }) => {
      test.setTimeout(game === 'aces-and-kings' ? 240_000 : 150_000);
      const rules = rulesOf(game);
      const entry = byLength(game)[0]!;
      await useSettings(page);
      await open(page, game, entry.deal, 'off');
      let pos = (await settle(page)).position;
      let moves = 0;
      for (;;) {
        const h = await page.evaluate(() => window.solitaire.hint());
        expect(h.result, `hint ${moves + 1} of ${game} #${entry.deal}`).toBe('won');
        expect(h.move).not.toBeNull();
        const { state } = parsePosition(pos);
        pos = await playChecked(page, pos, parseMove(rules, state, h.move), `hint ${moves + 1}`);
        moves++;
        if (rules.isWon(parsePosition(pos).state)) break;
        expect(moves, 'the hints win within twice the stored line').toBeLessThan(2 * entry.length + 10);
      }
      expect((await page.evaluate(() => window.solitaire.info())).won).toBe(true);
      expect(await page.evaluate(() => window.solitaire.check())).toEqual([]);
      expect(rules.isWon(parsePosition(pos).state)).toBe(true);
      test.info().annotations.push({ type: 'hints', description: `${game} #${entry.deal}: ${moves} hinted moves (stored line ${entry.length} moves)` });
    });
  }
});

// ---- 1a. the hint's two steps ----

test('a hint the quick search cannot settle shows the game\'s own move at once, marked not proven yet, and then the final answer', async ({ page }) => {
  // Aces Up #3's opening: unknown at the full hint budget of 1.5 M positions, which takes 2.0-2.3 s
  // in Node (npx solitaire prove aces-up --from 3 --count 1 --nodes 1500000, 6 December 2026), so the
  // page's search runs into its 2 s cap, far past the quick wait of 150 ms, and the final answer is
  // "Not proven". Aces and Kings #12347, used before, now ends its full search in 0.23-0.30 s, and
  // a main thread stalled past both the quick wait and the reply showed the final answer at once.
  await useSettings(page);
  await open(page, 'aces-up', 3, 'off');
  const before = await settle(page);
  // The guess, its message and the thinking indicator last while the full search runs, which can
  // end before a check reaches them (here after about two seconds): the page records each message
  // (text, role, kind) and each time the indicator is shown, and the test reads that record.
  await page.evaluate(() => {
    const w = window as unknown as { shown: { text: string; role: string | null; kind: string | undefined }[]; thinkingShown: boolean };
    const message = document.getElementById('message')!;
    const thinking = document.getElementById('thinking')!;
    w.shown = [];
    w.thinkingShown = false;
    new MutationObserver(() => {
      if (!message.hidden) w.shown.push({ text: message.textContent ?? '', role: message.getAttribute('role'), kind: message.dataset.kind });
    }).observe(message, { attributes: true, childList: true, characterData: true, subtree: true });
    new MutationObserver(() => {
      if (!thinking.hidden) w.thinkingShown = true;
    }).observe(thinking, { attributes: true, attributeFilter: ['hidden'] });
  });
  await page.keyboard.press('h');
  const message = page.locator('#message');
  // The guess's message, a note, not a problem: a polite status on the calm colour.
  await expect.poll(async () => (await page.evaluate(() => (window as unknown as { shown: unknown[] }).shown)) as { text: string }[]).toContainEqual({ text: new Strings('en').t('hintChecking'), role: 'status', kind: 'note' });
  await expect.poll(() => page.evaluate(() => (window as unknown as { thinkingShown: boolean }).thinkingShown)).toBe(true);
  // The final answer replaces the guess: here the full search runs out too, so "Not proven".
  await expect(page.locator('#thinking')).toBeHidden({ timeout: 30_000 });
  await expect(message).toHaveText(new Strings('en').t('hintNotProven'));
  await expect(page.locator('#lost-banner')).toHaveCount(0);
  // Asking changed nothing on the table.
  expect((await settle(page)).position).toEqual(before.position);
});

// ---- 1b. auto-collect that never costs a win ----

test.describe('auto-collect "never cost a win"', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  for (const game of GAME_LIST) {
    test(`${game}: cards go home by themselves only while the deal stays winnable`, async ({ page }) => {
      test.setTimeout(game === 'aces-and-kings' ? 240_000 : 150_000);
      const rules = rulesOf(game);
      const entry = byLength(game)[0]!;
      await useSettings(page, { autoCollect: 'solver' });
      await open(page, game, entry.deal, 'off');
      let pos = (await settle(page)).position;
      let moves = 0;
      let collected = 0;
      let offered = 0;
      // Follow the hints (a winning line) for up to 40 moves, or to the win.
      while (moves < 40) {
        const h = await page.evaluate(() => window.solitaire.hint());
        // The position, after every automatic move so far, is still proven winnable.
        expect(h.result, `hint ${moves + 1} of ${game} #${entry.deal}: the deal is still winnable`).toBe('won');
        const { state } = parsePosition(pos);
        const m = parseMove(rules, state, h.move!);
        const json = formatMove(rules, state, m);
        await perform(page, rules, state, m);
        const seen = await settle(page);
        moves++;
        expect(seen.check, `hint ${moves}`).toEqual([]);
        const after = afterMove(pos, json);
        if (rules.autoMoves(parsePosition(after).state, 'all').length) offered++;
        if (JSON.stringify(seen.position) !== JSON.stringify(after)) {
          // The table went on by itself: only moves to a foundation (or discards) were added.
          expect(homeCount(rules, seen.position), `hint ${moves}: automatic moves send cards home`).toBeGreaterThan(homeCount(rules, after));
          collected++;
        }
        pos = seen.position;
        if (seen.info.won) break;
      }
      // Where the game offers moves home (Royal Marriage has none: every discard is a choice), some were played by themselves.
      if (offered) expect(collected, 'some cards went home by themselves').toBeGreaterThan(0);
      else expect(collected, 'no automatic move where the game has none').toBe(0);
      test.info().annotations.push({ type: 'auto', description: `${game} #${entry.deal}: ${moves} hinted moves, a move home on offer after ${offered}, automatic moves after ${collected}` });
    });
  }
});

/** The position after `json` alone (no automatic moves). */
function afterMove(pos: Position, json: MoveJson): Position {
  const { rules, state } = parsePosition(pos);
  rules.make(state, parseMove(rules, state, json));
  return formatPosition(rules, state);
}

/** Cards on the foundations and the discard pile. */
function homeCount(rules: GameRules, pos: Position): number {
  const { state } = parsePosition(pos);
  const home = new Set(['foundation', 'up', 'down', 'discard']);
  return rules.piles.reduce((n, p, i) => n + (home.has(p.kind) ? state.piles[i]!.length : 0), 0);
}

// ---- 2. a proven losing move, its dialog and the rewind ----

/** Where to look for a losing move: how many of the shortest stored deals, how many steps deep, the proof budget. */
const LOSS_SEARCH: Partial<Record<(typeof GAME_LIST)[number], { deals: number; steps: number; nodes: number }>> = {
  'aces-up': { deals: 2, steps: 40, nodes: 20_000 },
  australian: { deals: 3, steps: 12, nodes: 20_000 },
  'king-albert': { deals: 3, steps: 12, nodes: 20_000 },
  'streets-and-alleys': { deals: 3, steps: 12, nodes: 20_000 },
  'royal-marriage': { deals: 3, steps: 45, nodes: 100_000 },
  // The first loss along its shortest line is 101 player moves deep (moving K♦ to an up pile). The
  // solver gives Aces and Kings' probes 0.8 of a budget, which prove no loss, so the budget leaves
  // the exhaustive search room to prove it.
  'aces-and-kings': { deals: 1, steps: 110, nodes: 15_000 },
};

interface Loss {
  deal: number;
  /** The player's moves along the stored line before the loss. */
  prefix: number[];
  /** The losing move (from the position after `prefix` and the automatic moves). */
  losing: number;
  losingJson: MoveJson;
  /** Up to two more moves after it (each from the position after the previous and its automatic moves). */
  extras: number[];
  /** The position before the losing move. */
  before: Position;
  /** Positions searched to prove the loss. */
  nodes: number;
}

/** True when the table would show its end dialog here (no move left, or an established dead end). */
function ends(rules: GameRules, s: State): boolean {
  return rules.isWon(s) || legalList(rules, s).length === 0 || rules.deadEnd(s) === true;
}

/**
 * The first position along a stored line (shortest lines first, earliest step first) with a legal
 * move, not a deal, after which (and the automatic moves) the solver proves the game lost within
 * the budget; then up to two more moves that keep the game going, the last position still proven
 * lost. Deterministic.
 */
function findLoss(game: (typeof GAME_LIST)[number]): Loss | null {
  const cfg = LOSS_SEARCH[game];
  if (!cfg) return null;
  const rules = rulesOf(game);
  // The shortest stored lines that the table's safe auto-collect plays as they are written.
  const playable = byLength(game).filter((e) => playerMoves(rules, e.deal, entryLine(rules, e)) !== null);
  for (const entry of playable.slice(0, cfg.deals)) {
    const moves = playerMoves(rules, entry.deal, entryLine(rules, entry))!;
    const s = openingState(rules, entry.deal);
    settleAutos(rules, s);
    for (let k = 0; k < Math.min(cfg.steps, moves.length - 1); k++) {
      for (const m of legalList(rules, s)) {
        if (m === moves[k] || moveType(m) === DEAL) continue;
        const w = cloneState(s);
        rules.make(w, m);
        settleAutos(rules, w);
        if (ends(rules, w)) continue;
        const r = solve(rules, w, { maxNodes: cfg.nodes });
        if (r.result !== 'lost') continue;
        const extras: number[] = [];
        for (let e = 0; e < 2; e++) {
          const next = legalList(rules, w).find((x) => {
            const t = cloneState(w);
            rules.make(t, x);
            settleAutos(rules, t);
            return !ends(rules, t) && solve(rules, t, { maxNodes: cfg.nodes }).result === 'lost';
          });
          if (next === undefined) break;
          extras.push(next);
          rules.make(w, next);
          settleAutos(rules, w);
        }
        return { deal: entry.deal, prefix: moves.slice(0, k), losing: m, losingJson: formatMove(rules, s, m), extras, before: formatPosition(rules, s), nodes: r.nodes };
      }
      rules.make(s, moves[k]!);
      settleAutos(rules, s);
    }
  }
  return null;
}

test.describe('a proven losing move', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  for (const game of GAME_LIST) {
    test(`${game}: H after a losing move names it, and Rewind goes back to a winnable position`, async ({ page }) => {
      test.setTimeout(game === 'aces-and-kings' ? 240_000 : 150_000);
      const loss = findLoss(game);
      expect(loss, `a losing move along one of ${game}'s shortest stored lines`).not.toBeNull();
      const { deal, prefix, losing, losingJson, extras, before } = loss!;
      await useSettings(page);
      await open(page, game, deal, 'off');
      let pos = (await settle(page)).position;
      for (const [k, m] of prefix.entries()) pos = await playChecked(page, pos, m, `line move ${k + 1}/${prefix.length}`);
      expect(pos).toEqual(before);
      const movesBefore = (await page.evaluate(() => window.solitaire.info())).moves;
      pos = await playChecked(page, pos, losing, 'the losing move');
      for (const [k, m] of extras.entries()) pos = await playChecked(page, pos, m, `move ${k + 1} after the loss`);
      await page.keyboard.press('h');
      // A banner over the table, not a dialog: Rewind appears once an earlier position is proven winnable.
      await expect(page.locator('#lost-banner')).toBeVisible();
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await expect(page.locator('#rewind')).toBeVisible({ timeout: 60_000 });
      const text = (await page.locator('#lost-banner .banner-text').textContent()) ?? '';
      const cards = 'cards' in losingJson ? losingJson.cards : 'card' in losingJson ? [losingJson.card] : [];
      for (const c of cards) expect(text, 'the dialog names the losing move').toContain(label(c));
      expect(text).toContain(`The move that lost it:`);
      expect(text).toContain(`(move ${prefix.length + 1})`);
      const undone = 1 + extras.length;
      expect(text).toContain(`Rewind undoes ${undone} move${undone === 1 ? '' : 's'}`);
      await page.locator('#rewind').click();
      await expect(page.locator('#lost-banner')).toHaveCount(0);
      const seen = await settle(page);
      expect(seen.check).toEqual([]);
      expect(seen.info.moves).toBe(movesBefore);
      expect(seen.position, 'rewound to the position before the losing move').toEqual(before);
      const proof = solvePosition(seen.position, { maxNodes: 2_000_000 });
      expect(proof.result, 'the solver in Node proves the rewound position winnable').toBe('won');
      test.info().annotations.push({ type: 'loss', description: `${game} #${deal}: step ${prefix.length + 1} ${JSON.stringify(losingJson)} (lost in ${loss!.nodes} nodes), ${extras.length} more moves; text: ${text}` });
    });
  }
});

// ---- 3. watching the solver ----

/** A point on the canvas that no pile or card covers (a pointerdown there moves nothing). */
async function emptyFelt(page: Page, rules: GameRules): Promise<{ x: number; y: number }> {
  const ids = rules.piles.map((p) => p.id);
  return page.evaluate((piles) => {
    const c = document.querySelector('canvas')!.getBoundingClientRect();
    const rects: { x: number; y: number; width: number; height: number }[] = [];
    for (const id of piles) {
      rects.push(window.solitaire.pileRect(id));
      for (let i = 0; ; i++) {
        try {
          rects.push(window.solitaire.cardRect(id, i));
        } catch {
          break;
        }
      }
    }
    const bar = document.getElementById('toolbar')!.getBoundingClientRect().bottom;
    const line = document.getElementById('timeline')?.getBoundingClientRect().top ?? c.bottom;
    for (let y = Math.max(c.top, bar) + 8; y < Math.min(c.bottom, line) - 8; y += 12) {
      for (let x = c.left + 8; x < c.right - 8; x += 12) {
        if (rects.every((r) => x < r.x - 6 || x > r.x + r.width + 6 || y < r.y - 6 || y > r.y + r.height + 6)) return { x, y };
      }
    }
    throw new Error('no empty felt');
  }, ids);
}

/** The page's saved game: the moves of each step in the notation and how many steps are played. */
async function savedSteps(page: Page, game: string): Promise<{ steps: MoveJson[][]; cursor: number; opening: number }> {
  const raw = await page.evaluate((g) => localStorage.getItem(`solitaire.save.${g}`), game);
  const save = JSON.parse(raw!) as { data: { steps: MoveJson[][]; cursor: number; opening?: boolean } };
  // The opening step (what safe auto-collect played after the deal) comes first when there is one.
  return { steps: save.data.steps, cursor: save.data.cursor, opening: save.data.opening ? 1 : 0 };
}

test.describe('watching the solver', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  for (const game of GAME_LIST) {
    test(`${game}: pause, two steps back, one forward, take over, undo`, async ({ page }) => {
      test.setTimeout(90_000);
      const rules = rulesOf(game);
      const entry = byLength(game)[0]!;
      const line = entryLine(rules, entry);
      await useSettings(page, { speed: 'fast' });
      await open(page, game, entry.deal, 'fast');
      await page.locator('summary[aria-label="Menu"]').click();
      await page.locator('#menu-solve').click();
      const bar = page.locator('#timeline');
      await expect(bar).toBeVisible();
      await page.waitForFunction(() => Number(document.getElementById('timeline')?.dataset.index) >= 3);
      await page.locator('#replay-play').click();
      await expect(bar).toHaveAttribute('data-playing', 'false');
      const paused = Number(await bar.getAttribute('data-index'));
      expect(paused).toBeGreaterThanOrEqual(3);
      expect(await bar.locator('ol li').count(), 'the timeline lists the line').toBeGreaterThan(paused);
      await page.locator('#replay-back').click();
      await page.locator('#replay-back').click();
      await page.locator('#replay-forward').click();
      await expect(bar).toHaveAttribute('data-index', String(paused - 1));
      await expect(bar).toHaveAttribute('data-playing', 'false');
      await expect(bar.locator('ol li[aria-current="step"]')).toHaveCount(1);
      expect(await bar.locator('ol li').evaluateAll((lis) => lis.findIndex((li) => li.getAttribute('aria-current') === 'step'))).toBe(paused - 2);
      const seen = await settle(page);
      expect(seen.check).toEqual([]);
      expect(seen.info.moves, 'one move per step of the line').toBe(paused - 1);
      // The page's own history (its save): one move a step, and they lead to what it shows.
      const saved = await savedSteps(page, game);
      expect(saved.cursor).toBe(paused - 1 + saved.opening);
      const s = openingState(rules, entry.deal);
      for (const step of saved.steps.slice(0, saved.opening)) for (const j of step) rules.make(s, parseMove(rules, s, j));
      const played: MoveJson[] = [];
      for (const step of saved.steps.slice(saved.opening, saved.cursor)) {
        expect(step).toHaveLength(1);
        rules.make(s, parseMove(rules, s, step[0]));
        played.push(step[0]!);
      }
      expect(seen.position).toEqual(formatPosition(rules, s));
      // A stored winnable deal brings its line: the solver plays the stored line.
      const t = openingState(rules, entry.deal);
      const stored = line.slice(0, paused - 1).map((m) => {
        const j = formatMove(rules, t, m);
        rules.make(t, m);
        return j;
      });
      const same = JSON.stringify(stored) === JSON.stringify(played);
      if (same) expect(seen.position).toEqual(formatPosition(rules, t));
      // Take over: a pointer on empty felt; the moves stay.
      const felt = await emptyFelt(page, rules);
      await page.mouse.click(felt.x, felt.y);
      await expect(bar).toBeHidden();
      const after = await settle(page);
      expect(after.info.moves).toBe(paused - 1);
      expect(after.position).toEqual(seen.position);
      await page.keyboard.press('Control+z');
      const undone = await settle(page);
      expect(undone.info.moves).toBe(paused - 2);
      expect(undone.check).toEqual([]);
      const u = openingState(rules, entry.deal);
      for (const step of saved.steps.slice(0, saved.cursor - 1)) for (const j of step) rules.make(u, parseMove(rules, u, j));
      expect(undone.position).toEqual(formatPosition(rules, u));
      test.info().annotations.push({ type: 'replay', description: `${game} #${entry.deal}: paused at ${paused}, solver line ${same ? 'is' : 'is not'} the stored line` });
    });
  }
});

// ---- 4. the analysis against the solver in Node ----

/**
 * Node moves below this proof size must be decided by the page too: its 1.5 s limit cannot run out
 * first on a warm worker, and a search it cut short is asked once more. (One CI run saw the page
 * call a move of Aces and Kings' deal 580 unknown where Node proves it in 0.2 s cold; our reading,
 * not confirmed, is a cold worker on a busy machine running out of the 1.5 s.)
 */
const SURELY_DECIDED = 20_000;

test.describe('analysis of every legal move', () => {
  test.use({ viewport: { width: 800, height: 600 } });
  for (const [game, steps] of [
    ['aces-up', 2],
    ['australian', 0],
    ['aces-and-kings', 2],
    ['king-albert', 3],
    ['streets-and-alleys', 3],
    ['royal-marriage', 2],
  ] as const) {
    test(`${game}: after ${steps} moves, the page's verdicts and counts match the engine and the solver`, async ({ page }) => {
      test.setTimeout(120_000);
      const rules = rulesOf(game);
      // The shortest stored line that the table's safe auto-collect plays as it is written.
      const entry = byLength(game).find((e) => playerMoves(rules, e.deal, entryLine(rules, e)) !== null)!;
      const moves = playerMoves(rules, entry.deal, entryLine(rules, entry))!;
      await useSettings(page);
      await open(page, game, entry.deal, 'off');
      let pos = (await settle(page)).position;
      for (let k = 0; k < steps; k++) pos = await playChecked(page, pos, moves[k]!, `line move ${k + 1}`);
      await page.locator('summary[aria-label="Menu"]').click();
      await page.locator('#menu-analysis').click();
      const panel = page.locator('#analysis');
      await expect(panel).toBeVisible();
      await expect(panel).toHaveAttribute('data-done', 'true', { timeout: 90_000 });
      const rows = await panel.locator('li[data-move]').evaluateAll((lis) => lis.map((li) => ({ move: JSON.parse(li.getAttribute('data-move')!), result: li.getAttribute('data-result') })));
      const { state } = parsePosition(pos);
      const legal = legalList(rules, state);
      expect(rows.length, 'one row per legal move').toBe(legal.length);
      expect(rows.map((r) => JSON.stringify(r.move)).sort()).toEqual(legal.map((m) => JSON.stringify(formatMove(rules, state, m))).sort());
      const notes: string[] = [];
      for (const row of rows) {
        const after = cloneState(state);
        rules.make(after, parseMove(rules, state, row.move));
        const node = solvePosition(formatPosition(rules, after), { maxNodes: 300_000 });
        notes.push(`${JSON.stringify(row.move)} page ${row.result} node ${node.result}/${node.nodes}`);
        expect(['won', 'lost', 'unknown']).toContain(row.result);
        if (row.result !== 'unknown' && node.result !== 'unknown') expect(row.result, `${JSON.stringify(row.move)}: page against Node`).toBe(node.result);
        if (row.result === 'unknown') expect(node.result === 'unknown' || node.nodes > SURELY_DECIDED, `${JSON.stringify(row.move)}: the page gave up where Node decides in ${node.nodes} positions`).toBe(true);
      }
      const won = rows.filter((r) => r.result === 'won').length;
      await expect(page.locator('#analysis-total')).toHaveText(`${won} of ${rows.length} moves keep this deal winnable`);
      test.info().annotations.push({ type: 'analysis', description: `${game} #${entry.deal} after ${steps}: ${notes.join('; ')}` });
    });
  }
});

// ---- 5. the verdict line ----

test.describe('the verdict line', () => {
  for (const game of GAME_LIST) {
    test(`${game}: turned on in the settings, it says winnable at a stored winnable deal's opening`, async ({ page }) => {
      const entry = byLength(game)[0]!;
      await useSettings(page);
      await open(page, game, entry.deal, 'off');
      await expect(page.locator('#status')).not.toContainText('winnable');
      await page.locator('summary[aria-label="Menu"]').click();
      await page.locator('#menu-settings').click();
      await page.locator('#set-verdict').check();
      await page.locator('#settings-close').click();
      await expect(page.locator('#status')).toContainText(/checking…|winnable|not winnable/);
      await expect(page.locator('#status')).toHaveText(/ · winnable$/);
    });
  }
});
