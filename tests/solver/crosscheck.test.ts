/**
 * No pruning, dominance move, canonical key or partial-order reduction may change an outcome:
 * on positions small enough for plain exhaustive search (no knowledge at all), the solver agrees.
 * Positions come from random playouts and from perturbed points along winning lines, so both
 * outcomes are well represented.
 */
import { describe, expect, it } from 'vitest';
import { legalList } from '../../src/engine/play.ts';
import { cloneState } from '../../src/engine/rules.ts';
import { GAMES, parsePosition } from '../../src/games/catalog.ts';
import { relaxedKit, runProof, solve } from '../../src/solver/search.ts';
import { alongStoredLines, smallPosition } from '../engine/helpers.ts';
import { plainRules } from './plain.ts';
import { nudgedLinePoints, playout, rng } from './util.ts';

describe.each(GAMES.map((g) => [g.id, g] as const))('%s', (_id, rules) => {
  const plain = plainRules(rules);

  it('agrees with plain exhaustive search wherever that search decides', () => {
    let compared = 0;
    const seen = { won: 0, lost: 0 };
    for (let k = 1; k <= 30; k++) {
      const s = playout(rules, 1000 + k, 60 + (k % 5) * 30, k);
      const p = solve(plain, cloneState(s), { maxNodes: 60_000 });
      if (p.result === 'unknown') continue;
      expect(solve(rules, cloneState(s), { maxNodes: 1_000_000 }).result, `playout ${k}`).toBe(p.result);
      compared++;
      seen[p.result]++;
    }
    // Points along winning lines, each nudged by a random legal move or two.
    nudgedLinePoints(rules, rules, { base: 0, tries: 150, lines: 4, nodes: 40_000, fracs: [0.5, 0.7, 0.9], seed: (n) => n, nudges: (n) => n % 3 }, (s, where) => {
      const p = solve(plain, cloneState(s), { maxNodes: 60_000 });
      if (p.result === 'unknown') return;
      expect(solve(rules, cloneState(s), { maxNodes: 1_000_000 }).result, where).toBe(p.result);
      compared++;
      seen[p.result]++;
    });
    expect(compared).toBeGreaterThan(10);
    expect(seen.lost).toBeGreaterThan(0);
  }, 240_000);

  // Positions a player may give the command line, with the piles in any order: here Australian's
  // old forced move of a column card onto its parent called winnable positions lost (npm run
  // crosscheck compares thousands of these).
  it.runIf(rules.id !== 'royal-marriage')('agrees with plain exhaustive search on random valid positions, piles in any order', () => {
    const seen = { won: 0, lost: 0 };
    for (let seed = 1; seed <= 200; seed++) {
      const { state } = parsePosition(smallPosition(rules.id, seed, 8 + (seed % 23)));
      const p = solve(plain, cloneState(state), { maxNodes: 60_000 });
      if (p.result === 'unknown') continue;
      expect(solve(rules, cloneState(state), { maxNodes: 300_000 }).result, `smallPosition seed ${seed}`).toBe(p.result);
      seen[p.result]++;
    }
    expect(seen.won + seen.lost).toBeGreaterThan(100);
  }, 240_000);

  // Found by `npm run crosscheck`: Streets and Alleys' proof by the suit-blind game called the won
  // position at the end of a playout lost, as it checked for a win only at each move home.
  it('a won position is won: the solver answers so with no moves, and no proof of loss calls it lost', () => {
    let won = 0;
    alongStoredLines(rules.id, 3, (_rules, s) => {
      if (!rules.isWon(s)) return;
      const r = solve(rules, cloneState(s), { maxNodes: 100_000 });
      expect(r.result, `deal's won end`).toBe('won');
      expect(r.moves).toEqual([]);
      if (rules.relaxedLost) expect(runProof(rules.relaxedLost(cloneState(s), 100_000, relaxedKit(undefined))).lost).toBe(false);
      won++;
    });
    expect(won).toBe(3);
  });

  const dominance = rules.id !== 'aces-and-kings' && rules.id !== 'royal-marriage';
  it.runIf(dominance)('each forced (dominance) move keeps the outcome of plain search', () => {
    let checked = 0;
    // Walk random playouts and test each position past the opening that offers a forced move.
    for (let k = 1; k <= 200 && checked < 12; k++) {
      const s = playout(rules, 2000 + k, 0, 0);
      const rnd = rng(k * 7);
      for (let ply = 0; ply < 300 && checked < 12; ply++) {
        const forced = rules.forcedMove ? rules.forcedMove(s) : (rules.autoMoves(s, 'safe')[0] ?? -1);
        if (forced >= 0 && ply > 20) {
          const before = solve(plain, cloneState(s), { maxNodes: 30_000 });
          if (before.result !== 'unknown') {
            const after = cloneState(s);
            rules.make(after, forced);
            const a = solve(plain, after, { maxNodes: 200_000 });
            if (a.result !== 'unknown') {
              expect(a.result, `deal ${2000 + k} ply ${ply}`).toBe(before.result);
              checked++;
            }
          }
        }
        const list = legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(3);
  }, 240_000);
});
