/**
 * King Albert's dominance move home (forcedMove, foundationMoves 'forced' in src/games/kingAlbert.ts)
 * against plain exhaustive search (tests/solver/plain.ts), where it sends home a card that only the
 * table's rule allows (both foundations of the other colour at its rank less one, the other suit of
 * its colour lower than its rank less three): the outcome before the move equals the outcome after
 * it (won positions are the ones that can tell: a move from a lost position leads to a lost one).
 * The same check run on a looser rule (every move home) finds a position
 * where the move home loses a win, so the check can fail.
 */
import { describe, expect, it } from 'vitest';
import { isRed, rankOf, suitOf } from '../../src/engine/cards.ts';
import { legalList } from '../../src/engine/play.ts';
import { cloneState, moveFrom, moveTo, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { suitHeights } from '../../src/games/common.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { playout, rng } from './util.ts';

const rules = findGame('king-albert')!;
const plain = plainRules(rules);
/** The first foundation (tableau 9, reserve 7). */
const F0 = 16;

/** True when move home `m` sends a card that the stronger rule (of the two the solver's forcedMove joins) would not. */
function notStronger(s: State, m: number): boolean {
  const p = s.piles[moveFrom(m)]!;
  const c = p[p.length - 1]!;
  const r = rankOf(c);
  // Foundation heights by suit (0 spades, 1 hearts, 2 diamonds, 3 clubs).
  const h = suitHeights(s, F0, 4);
  const other = isRed(c) ? Math.min(h[0]!, h[3]!) : Math.min(h[1]!, h[2]!);
  const same = h[isRed(c) ? (suitOf(c) === 1 ? 2 : 1) : suitOf(c) === 0 ? 3 : 0]!;
  return !(other >= r - 2 && same >= r - 3);
}

/**
 * Positions near the play that wins: every position of the winning lines the solver finds for
 * deals 6001, 6002, … (within 100,000 positions), each nudged by 0 to 3 random legal moves (random
 * play seldom takes the foundations far enough for the rule).
 * Wherever `rule` offers a move home, plain search decides the position before
 * and after it. Returns the positions decided both times, how many of them were lost, and the first
 * where the two outcomes differ.
 */
function check(rule: (s: State) => number, want: number): { checked: number; lost: number; wrong: string | null } {
  let checked = 0;
  let lost = 0;
  for (let k = 1; k <= 200 && checked < want; k++) {
    const start = playout(rules, 6000 + k, 0, 0);
    const line = solve(rules, start, { maxNodes: 100_000 });
    if (line.result !== 'won') continue;
    const rnd = rng(k * 17 + 5);
    const on = cloneState(start);
    for (let ply = 0; ply < line.moves.length && checked < want; ply++) {
      const s = cloneState(on);
      rules.make(on, line.moves[ply]!);
      for (let j = Math.floor(rnd() * 4); j > 0; j--) {
        const list = legalList(rules, s);
        if (list.length) rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
      const m = rule(s);
      if (m < 0) continue;
      const before = solve(plain, cloneState(s), { maxNodes: 100_000 });
      if (before.result === 'unknown') continue;
      const after = cloneState(s);
      rules.make(after, m);
      const a = solve(plain, after, { maxNodes: 300_000 });
      if (a.result === 'unknown') continue;
      if (a.result !== before.result) return { checked, lost, wrong: `deal ${6000 + k} ply ${ply}: ${before.result} before, ${a.result} after` };
      checked++;
      if (a.result === 'lost') lost++;
    }
  }
  return { checked, lost, wrong: null };
}

describe('King Albert: forcedMove', () => {
  it("a card sent home by the table's rule alone keeps plain search's outcome", () => {
    // forcedMove's move wherever the stronger rule would not make it (so the table's rule must).
    const rule = (s: State): number => {
      const m = rules.forcedMove!(s);
      return m >= 0 && notStronger(s, m) ? m : -1;
    };
    const { checked, lost, wrong } = check(rule, 40);
    expect(wrong).toBeNull();
    // Only a won position can be spoilt by a move (every position after a lost one is lost).
    expect(checked - lost).toBeGreaterThan(10);
  }, 240_000);

  it('the same check finds a lost win when every move home is forced', () => {
    const home = (s: State): number => {
      const all = rules.autoMoves(s, 'all');
      // The first move home that the solver's rule does not make.
      return all.find((m) => rules.forcedMove!(s) !== m && moveTo(m) >= F0) ?? -1;
    };
    const { wrong } = check(home, 60);
    expect(wrong).not.toBeNull();
  }, 240_000);
});
