/**
 * The mid-game positions the hint benchmarks ask about (bench-hint.mjs in the page, bench-solver.ts
 * --hint-positions in Node): `count` positions of a game from a fixed seed, each k moves deep
 * (k from 10 to 40, seeded); won and stuck positions (and Aces and Kings' dead ends) are skipped.
 * `any`: deal numbers from the seed, each played k uniformly random legal moves. `winnable`: deals
 * of the stored winnable list picked by the seed, each played k random legal moves that a small
 * search (2,000 positions) does not prove losing; positions on the stored line (which the page
 * knows in advance) are left out. The small search is the solver without the game's relaxed proof
 * of loss (see below).
 */
import { readFileSync } from 'node:fs';
import { mix } from '../src/engine/hash.ts';
import { legalList, openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { solve } from '../src/solver/search.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { xorshift } from '../src/solver/xorshift.ts';

/** One position: its deal, depth, the engine moves that reach it from the opening, and the state. */
export interface HintPosition {
  deal: number;
  k: number;
  moves: number[];
  state: State;
}

/** The seed of the hint benchmarks' positions (bench-hint.mjs and bench-solver's --hint-positions and hint columns) unless one is given. */
export const HINT_SEED = 20260101;

/** The exact piles of a state, as the page's solver cache keys them. */
const pilesKey = (st: State): string => st.piles.map((p) => p.join(',')).join('/');

/**
 * A 32-bit mix of two numbers (hash.ts's murmur3 finaliser over their combination): the order of
 * the stored deals and each deal's own seed.
 */
const mix2 = (a: number, b: number): number => mix(Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b) >>> 0;

/** The hash of `seed` and game `id` that orders a game's stored deals and seeds its positions. */
function gameSeed(id: string, seed: number): number {
  let h = seed >>> 0;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * `entries` (a winnable list's, or any with deal numbers) in an order fixed by `seed`, game `id` and
 * each deal number alone, so that a deal added to the list leaves the others in their order (the
 * order hintPositions takes them in).
 */
export function dealOrder<T extends { deal: number }>(id: string, seed: number, entries: readonly T[]): T[] {
  const h = gameSeed(id, seed);
  return entries
    .map((entry) => ({ entry, at: mix2(h, entry.deal) }))
    .sort((a, b) => a.at - b.at || a.entry.deal - b.entry.deal)
    .map((x) => x.entry);
}

/**
 * `count` positions of `rules` from `seed`, from its stored winnable deals or from `any` deal.
 * Each position hangs on its deal alone (its depth and moves come from a generator seeded by the
 * seed and the deal), and the stored deals are taken in an order fixed by the same mix, so a
 * winnable list refreshed with deals added keeps the positions drawn before, but for an added deal
 * that falls among the first ones taken (which then takes the last one's place). Before, the deals
 * were drawn by index into the list and one shared stream gave every depth and move: when Aces and
 * Kings' list grew from 856 to 860 deals (7 December 2026) every one of its 50 positions changed,
 * and the same solver read 47 of 50 decided on the old set and 32 on the new.
 */
export function hintPositions(
  rules: GameRules,
  count: number,
  seed: number,
  kind: 'winnable' | 'any' = 'winnable',
  /** The winnable deals to draw from, for tests; else the game's stored list. */
  list?: WinnableList['deals'],
): HintPosition[] {
  const h = gameSeed(rules.id, seed);
  const stored = kind === 'winnable' ? (list ?? (JSON.parse(readFileSync(new URL(`../assets/winnable/${rules.id}.json`, import.meta.url), 'utf8')) as WinnableList).deals) : null;
  const order = stored ? dealOrder(rules.id, seed, stored) : null;
  const dealRng = xorshift(h);
  const out: HintPosition[] = [];
  const seen = new Set<number>();
  // The small search leaves out a game's relaxed proof of loss (relaxedLost) and its skipped
  // moves (skipAfter): within 2,000 positions they prove many more moves losing, and the positions
  // drawn would change with each change to them, instead of staying the set the hint's figures are
  // compared on.
  const { relaxedLost: _relaxed, skipAfter: _skip, ...filter } = rules;
  for (let tries = 0; out.length < count; tries++) {
    if (order ? tries >= order.length : tries > count * 50) throw new Error(`${rules.id}: no ${count} positions found`);
    const entry = order ? order[tries]! : null;
    const deal = entry ? entry.deal : 10_000 + Math.floor(dealRng() * 1_000_000);
    const rng = xorshift(mix2(h ^ 0x5bd1e995, deal));
    const k = 10 + Math.floor(rng() * 31);
    if (seen.has(deal)) continue;
    const s = openingState(rules, deal);
    const moves: number[] = [];
    for (let i = 0; i < k; i++) {
      const list = legalList(rules, s);
      if (!list.length || rules.isWon(s)) break;
      let m: number | undefined;
      if (!stored) m = list[Math.floor(rng() * list.length)];
      else {
        const order = list.map((x) => [rng(), x] as const).sort((p, q) => p[0] - q[0]);
        m = order
          .map((o) => o[1])
          .find((x) => {
            const t = cloneState(s);
            rules.make(t, x);
            return !rules.isWon(t) && legalList(rules, t).length > 0 && solve(filter, t, { maxNodes: 2_000 }).result !== 'lost';
          });
        if (m === undefined) break;
      }
      moves.push(m!);
      rules.make(s, m!);
    }
    if (moves.length < k || rules.isWon(s) || legalList(rules, s).length === 0 || rules.deadEnd(s) === true) continue;
    if (entry) {
      const w = openingState(rules, deal);
      const keys = new Set([pilesKey(w)]);
      for (const m of entryLine(rules, entry)) {
        rules.make(w, m);
        keys.add(pilesKey(w));
      }
      if (keys.has(pilesKey(s))) continue;
    }
    seen.add(deal);
    out.push({ deal, k, moves, state: s });
  }
  return out;
}
