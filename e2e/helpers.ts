/** Shared helpers for the end-to-end specs: opening a deal, reading the hook, real pointer and touch drags, and engine-side expectations. */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { SolitaireHook } from '../src/app/hook.ts';
import { parsePosition, findGame } from '../src/games/catalog.ts';
import { formatPosition, parseMove, type MoveJson, type Position } from '../src/engine/notation.ts';
import { legalList, openingState, targetsOf } from '../src/engine/play.ts';
import { DEAL, DISCARD, type GameRules, moveCount, moveFrom, moveTo, moveType, type State } from '../src/engine/rules.ts';
import { formatMove } from '../src/engine/notation.ts';
import { registerStrings, type StringTable } from '../src/app/page/strings.ts';

// The string tables are data the page fetches; the specs read them from their files.
for (const lang of ['en', 'ru'] as const) registerStrings(lang, JSON.parse(readFileSync(`assets/strings/${lang}.json`, 'utf8')) as StringTable);

/** The hook type, for page.evaluate callbacks. */
export type Hook = SolitaireHook;
/** A rectangle from the hook. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** A point. */
export interface Pt {
  x: number;
  y: number;
}

/** The six game ids. */
export const GAME_LIST = ['aces-up', 'australian', 'aces-and-kings', 'king-albert', 'streets-and-alleys', 'royal-marriage'] as const;

/**
 * Opens deal `deal` of `game` and waits until the table is idle. With no `speed`, the page runs at
 * the shipped defaults in a fresh context (animations at normal speed, safe auto-collect, sound on,
 * the browser's language): what a player gets. A `speed` seeds settings (English, sound off) for a
 * test about something else; such a test says why.
 */
export async function open(page: Page, game: string, deal: number | string, speed?: string): Promise<void> {
  if (speed !== undefined) {
    await page.addInitScript((s) => {
      try {
        // Fresh contexts only: a reload keeps whatever the test changed since.
        if (localStorage.getItem('solitaire.settings') === null) {
          const settings = { tapToMove: true, autoCollect: 'safe', speed: s, sound: false, cardBack: 'blue', fourColour: false, leftHanded: false, confirmAbandon: true, showClock: true, showMoves: true, language: 'en', winnableOnly: {} };
          localStorage.setItem('solitaire.settings', JSON.stringify({ v: 1, data: settings }));
        }
      } catch {
        // no storage
      }
    }, speed);
  }
  await page.goto(`/#/${game}/${deal}`);
  await waitHook(page);
}

/** Waits until the page hook answers (after a load or reload) and the table is idle. */
export async function waitHook(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    try {
      return typeof window.solitaire?.info === 'function' && window.solitaire.info().game !== undefined;
    } catch {
      return false;
    }
  });
  await idle(page);
}

/** Waits for the page hook's idle(). */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => window.solitaire.idle());
}

/** The position from the page. */
export async function position(page: Page): Promise<Position> {
  return page.evaluate(() => window.solitaire.position());
}

/** check() from the page. */
export async function check(page: Page): Promise<string[]> {
  return page.evaluate(() => window.solitaire.check());
}

/** The rules of a game. */
export function rulesOf(game: string): GameRules {
  return findGame(game)!;
}

const center = (r: Box): Pt => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/** A point on the visible part of card `index` of `pile` (the strip the card drawn over it leaves uncovered). */
export async function grabPoint(page: Page, pile: string, index: number): Promise<Pt> {
  return page.evaluate(
    ([p, i]) => {
      const h = window.solitaire;
      const rectAt = (k: number): { x: number; y: number; width: number; height: number } | null => {
        try {
          return k >= 0 ? h.cardRect(p, k) : null;
        } catch {
          return null;
        }
      };
      const r = rectAt(i)!;
      const over = rectAt(i + 1);
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height / 2;
      if (!over) return { x: cx, y: cy };
      if (over.y > r.y + 2) return { x: cx, y: (r.y + over.y) / 2 };
      if (over.y < r.y - 2) return { x: cx, y: (over.y + r.height + r.y + r.height) / 2 };
      if (over.x < r.x - 2) return { x: (over.x + r.width + r.x + r.width) / 2, y: cy };
      if (over.x > r.x + 2) return { x: (r.x + over.x) / 2, y: cy };
      return { x: cx, y: cy };
    },
    [pile, index] as const,
  );
}

/** Where to drop so the dragged card's centre lands on pile `to` (its top card, or the empty slot). */
export async function dropCentre(page: Page, to: string): Promise<Pt> {
  const r = await page.evaluate((t) => {
    try {
      return window.solitaire.cardRect(t, -1);
    } catch {
      return window.solitaire.pileRect(t);
    }
  }, to);
  return center(r);
}

/** The pointer path of a drag of card `index` of `from` onto pile `to`: press point and release point. */
export async function dragPath(page: Page, from: string, index: number, to: string): Promise<[Pt, Pt]> {
  const grab = await grabPoint(page, from, index);
  const card = center(await page.evaluate(([p, i]) => window.solitaire.cardRect(p, i), [from, index] as const));
  const target = await dropCentre(page, to);
  return [grab, { x: grab.x + target.x - card.x, y: grab.y + target.y - card.y }];
}

/** A mouse drag along `path`, in several steps. */
export async function mouseDrag(page: Page, [a, b]: [Pt, Pt], steps = 8): Promise<void> {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + (b.x - a.x) * 0.1, a.y + (b.y - a.y) * 0.1, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
}

/** A finger drag along `path` through CDP touch events (page.touchscreen can only tap). */
export async function touchDrag(page: Page, [a, b]: [Pt, Pt], steps = 8): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The position the table shows after dealing `deal`: the opening, then (auto-collect 'safe', the default) the safe moves it plays by itself. */
export function tableOpening(rules: GameRules, deal: number, auto: 'safe' | 'off' = 'safe'): State {
  const s = openingState(rules, deal);
  if (auto === 'safe') settleAutos(rules, s);
  return s;
}

/** The position after a player's move and the automatic ('safe') moves the table plays after it. */
export function afterPlayer(pos: Position, move: MoveJson): Position {
  const { rules, state } = parsePosition(pos);
  rules.make(state, parseMove(rules, state, move));
  settleAutos(rules, state);
  return formatPosition(rules, state);
}

function settleAutos(rules: GameRules, s: State): number {
  let n = 0;
  for (;;) {
    const a = rules.autoMoves(s, 'safe')[0];
    if (a === undefined) return n;
    rules.make(s, a);
    n++;
  }
}

/** A drag the player can make: the card (pile id and index) and the target pile id. */
export interface DragMove {
  deal: number;
  move: MoveJson;
  from: string;
  index: number;
  to: string;
}

/** Where the cards of engine move `m` start (pile id, index) and which pile they go to, or null for a deal. */
export function dragOf(rules: GameRules, s: State, m: number): { from: string; index: number; to: string } | null {
  const type = moveType(m);
  if (type === DEAL) return null;
  const from = moveFrom(m);
  const len = s.piles[from]!.length;
  if (type === DISCARD) {
    const discard = rules.piles.find((p) => p.kind === 'discard')!.id;
    const index = rules.piles[from]!.kind === 'row' ? moveTo(m) : len - 1;
    return { from: rules.piles[from]!.id, index, to: discard };
  }
  return { from: rules.piles[from]!.id, index: len - moveCount(m), to: rules.piles[moveTo(m)]!.id };
}

/** The first deal from `start` whose opening (as the table shows it) has a legal drag; prefers moves between piles over discards. */
export function findDrag(game: string, start = 1): DragMove {
  const rules = rulesOf(game);
  for (let n = start; n < start + 5000; n++) {
    const s = tableOpening(rules, n);
    const list = legalList(rules, s).filter((m) => moveType(m) !== DEAL);
    list.sort((a, b) => (moveType(a) === DISCARD ? 1 : 0) - (moveType(b) === DISCARD ? 1 : 0));
    const m = list[0];
    if (m === undefined) continue;
    const d = dragOf(rules, s, m)!;
    return { deal: n, move: formatMove(rules, s, m), ...d };
  }
  throw new Error(`no deal of ${game} with an opening drag`);
}

/** A card with at least two tap targets in some opening, where neither target triggers automatic moves. */
export function findTapCycle(game: string): { deal: number; pile: string; index: number; first: MoveJson; second: MoveJson; landing: { pile: string; index: number } } | null {
  const rules = rulesOf(game);
  for (let n = 1; n < 3000; n++) {
    const s = tableOpening(rules, n);
    for (let p = 0; p < s.piles.length; p++) {
      if (rules.piles[p]!.kind === 'stock') continue;
      for (let i = 0; i < s.piles[p]!.length; i++) {
        const ts = targetsOf(rules, s, p, i);
        if (ts.length < 2) continue;
        const quiet = ts.slice(0, 2).every((m) => {
          const t = { piles: s.piles.map((q) => q.slice()), flags: s.flags };
          rules.make(t, m);
          return rules.autoMoves(t, 'safe').length === 0;
        });
        if (!quiet) continue;
        const m = ts[0]!;
        const d = dragOf(rules, s, m)!;
        const to = rules.piles.findIndex((q) => q.id === d.to);
        const n0 = moveType(m) === DISCARD && rules.piles[p]!.kind !== 'row' ? 1 : moveCount(m);
        return {
          deal: n,
          pile: rules.piles[p]!.id,
          index: i,
          first: formatMove(rules, s, m),
          second: formatMove(rules, s, ts[1]!),
          landing: { pile: d.to, index: s.piles[to]!.length + n0 - 1 },
        };
      }
    }
  }
  return null;
}

/** How many cards a position holds. */
export function cardCount(pos: Position): number {
  let n = 0;
  for (const [k, v] of Object.entries(pos)) {
    if (k === 'game' || !Array.isArray(v)) continue;
    for (const x of v) n += Array.isArray(x) ? x.length : x === null ? 0 : 1;
  }
  return n;
}

/** The deal numbers of a game's stored winnable list. */
export function winnable(game: string): number[] {
  return (JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as { deals: { deal: number }[] }).deals.map((d) => d.deal);
}

/** The press point on card `index` of `from` (its uncovered strip) and the release point that brings the card's centre onto pile `to`, in one round trip. */
export async function quickPath(page: Page, from: string, index: number, to: string | null): Promise<{ grab: { x: number; y: number }; drop: { x: number; y: number } }> {
  return page.evaluate(
    ([p, i, t]) => {
      const h = window.solitaire;
      const rect = (q: string, k: number): { x: number; y: number; width: number; height: number } | null => {
        try {
          return h.cardRect(q, k);
        } catch {
          return null;
        }
      };
      const r = rect(p, i)!;
      const over = rect(p, i + 1);
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height / 2;
      let grab = { x: cx, y: cy };
      if (over && over.y > r.y + 2) grab = { x: cx, y: (r.y + over.y) / 2 };
      else if (over && over.y < r.y - 2) grab = { x: cx, y: (over.y + r.height + r.y + r.height) / 2 };
      else if (over && over.x < r.x - 2) grab = { x: (over.x + r.width + r.x + r.width) / 2, y: cy };
      else if (over && over.x > r.x + 2) grab = { x: (r.x + over.x) / 2, y: cy };
      if (t === null) return { grab, drop: grab };
      const d = rect(t, -1) ?? h.pileRect(t);
      return { grab, drop: { x: grab.x + d.x + d.width / 2 - cx, y: grab.y + d.y + d.height / 2 - cy } };
    },
    [from, index, to] as const,
  );
}
