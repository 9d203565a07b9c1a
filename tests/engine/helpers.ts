/**
 * Test helpers for the engine suites: building hand-made positions in the notation, an exhaustive
 * solver for small positions, and small random positions near the end of a game.
 */
import { readFileSync } from 'node:fs';
import { cardOf, formatCard } from '../../src/engine/cards.ts';
import { IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, legalMoves } from '../../src/games/catalog.ts';
import { formatMove, type MoveJson, type Position } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { entryLine, type WinnableList } from '../../src/solver/winnable.ts';

/** Every card code of one deck, in deck order AS … KC. */
export const CODES: readonly string[] = Array.from({ length: 52 }, (_, c) => formatCard(c));

/** Splits `"7S JS 5H"` into card codes. */
export function cards(text: string): string[] {
  const t = text.trim();
  return t ? t.split(/\s+/) : [];
}

/** A run of one suit from the ace up to `height` (0 gives an empty pile). */
export function run(suit: 'S' | 'H' | 'D' | 'C', height: number): string[] {
  const s = 'SHDC'.indexOf(suit);
  return Array.from({ length: height }, (_, k) => formatCard(cardOf(s, k + 1)));
}

/** Every card code found in a position's piles (not in `game` or option fields), with repeats. */
export function codesIn(position: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
  };
  for (const [k, v] of Object.entries(position)) if (Array.isArray(v) && k !== 'game') visit(v);
  return out;
}

/** The card codes of `decks` decks that the position does not hold, in deck order. */
export function missing(position: Readonly<Record<string, unknown>>, decks: 1 | 2 = 1): string[] {
  const left = new Map<string, number>(CODES.map((c) => [c, decks]));
  for (const c of codesIn(position)) left.set(c, (left.get(c) ?? 0) - 1);
  const out: string[] = [];
  for (const c of CODES) for (let k = 0; k < (left.get(c) ?? 0); k++) out.push(c);
  return out;
}

/**
 * A copy of `position` with every card it lacks put at the bottom of one pile: `field` alone for a
 * single pile (`stock`, `discard`), `field` and `index` for one pile of a field.
 */
export function withRest(position: Record<string, unknown>, field: string, index?: number, decks: 1 | 2 = 1): Position {
  const rest = missing(position, decks);
  const out: Record<string, unknown> = JSON.parse(JSON.stringify(position));
  if (index === undefined) out[field] = [...rest, ...(out[field] as string[])];
  else {
    const piles = out[field] as string[][];
    piles[index] = [...rest, ...piles[index]!];
  }
  return out as Position;
}

/** The notation of the position after a list of moves, or the error the engine threw. */
export function tryApply(position: unknown, moves: readonly unknown[]): Position | Error {
  try {
    return applyMoves(position, moves);
  } catch (e) {
    return e as Error;
  }
}

/** True when applying `move` throws IllegalMove (and nothing else). */
export function isRefused(position: unknown, move: unknown): boolean {
  const r = tryApply(position, [move]);
  if (r instanceof IllegalMove) return true;
  if (r instanceof Error) throw r;
  return false;
}

/** A move in the notation, for short test literals. */
export function mv(from: string, to: string, card: string): MoveJson {
  return { type: 'move', from, to, card };
}

/** A stable text key of a state. */
export function stateKey(s: State): string {
  return `${s.flags}|${s.piles.map((p) => p.join(',')).join('|')}`;
}

/** Thrown when an exhaustive search runs past its budget. */
export class BudgetExceeded extends Error {}

/**
 * Exhaustive search: true when some sequence of legal moves from `start` wins. Depth-first (with
 * an explicit stack) over rules.moves / make / unmake with a set of visited states, so every
 * reachable state is looked at once.
 */
export function solvable(rules: GameRules, start: State, budget = 300_000): boolean {
  const s = cloneState(start);
  const seen = new Set<string>([stateKey(s)]);
  if (rules.isWon(s)) return true;
  const expand = (): number[] => {
    const list: number[] = [];
    rules.moves(s, list);
    return list.reverse();
  };
  const stack: number[][] = [expand()];
  const path: number[] = [];
  while (stack.length) {
    const m = stack[stack.length - 1]!.pop();
    if (m === undefined) {
      stack.pop();
      const last = path.pop();
      if (last !== undefined) rules.unmake(s, last);
      continue;
    }
    rules.make(s, m);
    if (rules.isWon(s)) return true;
    const key = stateKey(s);
    if (seen.has(key)) {
      rules.unmake(s, m);
      continue;
    }
    seen.add(key);
    if (seen.size > budget) throw new BudgetExceeded(`more than ${budget} states`);
    path.push(m);
    stack.push(expand());
  }
  return false;
}

/** The sorted multiset of every card number in a state. */
export function cardMultiset(s: State): number[] {
  return s.piles.flat().sort((a, b) => a - b);
}

/** A small deterministic generator for building random test positions (xorshift32). */
export class TestRng {
  private x: number;
  constructor(seed: number) {
    this.x = seed >>> 0 || 0x9e3779b9;
  }
  /** A uniform integer 0 … n-1. */
  int(n: number): number {
    this.x ^= this.x << 13;
    this.x >>>= 0;
    this.x ^= this.x >>> 17;
    this.x ^= this.x << 5;
    this.x >>>= 0;
    return this.x % n;
  }
  /** Shuffles in place. */
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
}

/** Foundation heights per suit (S H D C) leaving exactly `left` cards off the foundations. */
function heightsLeaving(rng: TestRng, left: number): number[] {
  const h = [13, 13, 13, 13];
  for (let k = 0; k < left; k++) {
    let s = rng.int(4);
    while (h[s] === 0) s = (s + 1) % 4;
    h[s]!--;
  }
  return h;
}

/** The cards above foundation heights `h`, shuffled. */
function cardsAbove(rng: TestRng, h: number[]): string[] {
  const out: string[] = [];
  h.forEach((height, s) => {
    for (let r = height + 1; r <= 13; r++) out.push(formatCard(cardOf(s, r)));
  });
  return rng.shuffle(out);
}

/** Foundations of heights `h`, in a shuffled pile order. */
function foundations(rng: TestRng, h: number[]): string[][] {
  return rng.shuffle(h.map((height, s) => run(('SHDC' as const)[s] as 'S', height)));
}

/**
 * A random position of `game` with `left` cards (not counting what a game must keep) still in play,
 * the rest on the foundations or the discard pile. Every one is a valid position.
 */
export function smallPosition(game: string, seed: number, left: number): Position {
  const rng = new TestRng(seed);
  switch (game) {
    case 'aces-up': {
      // The four aces plus `left` other cards; the stock holds a multiple of four of them.
      const others = rng.shuffle(CODES.filter((c) => c[0] !== 'A')).slice(0, left);
      const inPlay = rng.shuffle([...others, 'AS', 'AH', 'AD', 'AC']);
      const stockSize = Math.min(4 * rng.int(3), inPlay.length - 1 - ((inPlay.length - 1) % 4));
      const stock = inPlay.slice(0, Math.max(0, stockSize));
      const tableau: string[][] = [[], [], [], []];
      for (const c of inPlay.slice(stock.length)) tableau[rng.int(4)]!.push(c);
      return withRest({ game, stock, tableau, discard: [] }, 'discard');
    }
    case 'australian': {
      const h = heightsLeaving(rng, left);
      const table = cardsAbove(rng, h);
      const tableau: string[][] = Array.from({ length: 7 }, () => []);
      const stock: string[] = [];
      const waste: string[] = [];
      for (const c of table) {
        const r = rng.int(9);
        if (r === 7) stock.push(c);
        else if (r === 8) waste.push(c);
        else tableau[r]!.push(c);
      }
      return { game, stock, waste, tableau, foundations: foundations(rng, h) };
    }
    case 'king-albert': {
      const h = heightsLeaving(rng, left);
      const table = cardsAbove(rng, h);
      const tableau: string[][] = Array.from({ length: 9 }, () => []);
      const reserve: (string | null)[] = Array.from({ length: 7 }, () => null);
      for (const c of table) {
        const r = rng.int(12);
        if (r < 9) tableau[r]!.push(c);
        else {
          const free = reserve.indexOf(null);
          if (free >= 0 && rng.int(2)) reserve[free] = c;
          else tableau[rng.int(9)]!.push(c);
        }
      }
      return { game, tableau, reserve: rng.shuffle(reserve), foundations: foundations(rng, h) };
    }
    case 'streets-and-alleys': {
      const h = heightsLeaving(rng, left);
      const tableau: string[][] = Array.from({ length: 8 }, () => []);
      for (const c of cardsAbove(rng, h)) tableau[rng.int(8)]!.push(c);
      return { game, tableau, foundations: foundations(rng, h) };
    }
    case 'aces-and-kings': {
      // up:i holds one deck's suit i from the ace, down:i the other deck's suit i from the king;
      // `left` cards are taken off their tops (kings first from up piles, aces first from down piles).
      const upH = [13, 13, 13, 13];
      const downH = [13, 13, 13, 13];
      for (let k = 0; k < left; k++) {
        const f = rng.int(8);
        const hs = f < 4 ? upH : downH;
        if (hs[f % 4]! > 0) hs[f % 4]!--;
      }
      const up = upH.map((n, s) => run(('SHDC' as const)[s] as 'S', n));
      const down = downH.map((n, s) => run(('SHDC' as const)[s] as 'S', 13).reverse().slice(0, n));
      const table = rng.shuffle(missing({ up, down }, 2));
      const stockSize = rng.int(3) === 0 ? Math.min(table.length - 4, rng.int(3)) : 0;
      const stock = table.splice(0, Math.max(0, stockSize));
      const tableau: string[][] = [[], [], [], []];
      const reserve: string[][] = [[], []];
      const waste: string[] = [];
      if (stock.length) for (const t of tableau) t.push(table.pop()!);
      for (const c of table) {
        const r = rng.int(5);
        const free = tableau.find((t) => t.length === 0);
        if (r === 0 && free) free.push(c);
        else if (r === 1 || reserve[r % 2]!.length === 13) waste.push(c);
        else reserve[r % 2]!.push(c);
      }
      return { game, stock, waste, reserve, tableau, up: rng.shuffle(up), down: rng.shuffle(down) };
    }
    default:
      throw new Error(`no small positions for ${game}`);
  }
}


/** The legal moves of a position in the notation, as sorted JSON strings. */
export function moveSet(position: unknown): string[] {
  return legalMoves(position)
    .map((m) => JSON.stringify(m))
    .sort();
}

/** Moves as sorted JSON strings, to compare with `moveSet`. */
export function sortedJson(moves: readonly unknown[]): string[] {
  return moves.map((m) => JSON.stringify(m)).sort();
}

/** The state after the moves of a position (in the notation), for engine-level checks. */
export function stateAfter(position: unknown, moves: readonly unknown[] = []): { rules: GameRules; state: State } {
  return parsePosition(applyMoves(position, moves));
}

/** The safe auto moves of a position, in the notation, as sorted JSON strings. */
export function autoSet(position: unknown, mode: 'safe' | 'all'): string[] {
  const { rules, state } = parsePosition(position);
  return rules
    .autoMoves(state, mode)
    .map((m) => JSON.stringify(formatMove(rules, state, m)))
    .sort();
}

/**
 * For each safe auto move of a position, whether the exhaustive search finds the position after it
 * winnable; with the verdict for the position itself. A safe move must never turn true into false.
 */
export function safeVerdicts(position: unknown, budget?: number): { before: boolean; after: { move: string; won: boolean }[] } {
  const { rules, state } = parsePosition(position);
  const before = solvable(rules, state, budget);
  const after = rules.autoMoves(state, 'safe').map((m) => {
    const s = cloneState(state);
    const move = JSON.stringify(formatMove(rules, s, m));
    rules.make(s, m);
    return { move, won: solvable(rules, s, budget) };
  });
  return { before, after };
}

/** Whether the position after one move (in the notation) is winnable, by exhaustive search. */
export function winnableAfter(position: unknown, moves: readonly unknown[] = [], budget?: number): boolean {
  const { rules, state } = stateAfter(position, moves);
  return solvable(rules, state, budget);
}

/** The stored winnable deals of `game` (assets/winnable), each with its winning line. */
export function storedEntries(game: string): WinnableList['deals'] {
  return (JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as WinnableList).deals;
}

/**
 * Calls `visit` at every position along the first `count` stored winning lines of `game`
 * (assets/winnable), from the opening to the won end: positions of every stage of a game, for
 * comparing a rule with a plain reference. Returns how many positions it visited.
 */
export function alongStoredLines(game: string, count: number, visit: (rules: GameRules, s: State) => void): number {
  const rules = findGame(game)!;
  let positions = 0;
  for (const entry of storedEntries(game).slice(0, count)) {
    const s = openingState(rules, entry.deal);
    const line = entryLine(rules, entry);
    for (let i = 0; i <= line.length; i++) {
      visit(rules, s);
      positions++;
      if (i < line.length) rules.make(s, line[i]!);
    }
  }
  return positions;
}
