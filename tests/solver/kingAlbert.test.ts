/**
 * King Albert's loss rule (provenLost, a relaxation in src/games/kingAlbert.ts) against plain
 * exhaustive search (tests/solver/plain.ts): every position it calls lost is lost, and the solver
 * that uses it agrees with plain search on mid-game and near-win positions, won and lost alike.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { nudgedLinePoints, playout, provenLostSamples } from './util.ts';

const rules = findGame('king-albert')!;
const plain = plainRules(rules);

/** `rules` counting how often provenLost says lost. */
function counting(): { rules: GameRules; fired: () => number } {
  let n = 0;
  return {
    rules: {
      ...rules,
      provenLost(s: State): boolean {
        const lost = rules.provenLost!(s);
        if (lost) n++;
        return lost;
      },
    },
    fired: () => n,
  };
}

describe('King Albert: provenLost', () => {
  it('never calls lost a position on a winning line', () => {
    let lines = 0;
    let positions = 0;
    for (let n = 1; n <= 120 && lines < 40; n++) {
      const s = playout(rules, n, 0, 0);
      const r = solve(rules, s, { maxNodes: 100_000 });
      if (r.result !== 'won') continue;
      lines++;
      for (const m of r.moves) {
        expect(rules.provenLost!(s), `deal ${n} after ${positions} positions`).toBe(false);
        rules.make(s, m);
        positions++;
      }
    }
    expect(lines).toBe(40);
  }, 240_000);

  it('every position it calls lost is lost by plain search, and it calls some', () => {
    const { flagged, decided } = provenLostSamples(rules, plain, { base: 7000, deals: 400, plies: 300, enough: 12, seed: (k) => k * 29 + 3, auto: 0.5 });
    for (const p of decided) expect(p.result, p.where).toBe('lost');
    expect(flagged).toBeGreaterThan(5);
    expect(decided.length).toBeGreaterThan(5);
  }, 240_000);

  it('the solver using it agrees with plain search on mid-game and near-win positions', () => {
    const seen = { won: 0, lost: 0 };
    let fired = 0;
    const check = (s: State, where: string) => {
      const p = solve(plain, cloneState(s), { maxNodes: 60_000 });
      if (p.result === 'unknown') return;
      const c = counting();
      expect(solve(c.rules, cloneState(s), { maxNodes: 1_000_000 }).result, where).toBe(p.result);
      seen[p.result]++;
      fired += c.fired();
    };
    for (let k = 1; k <= 40; k++) check(playout(rules, 3000 + k, 40 + (k % 6) * 20, k, 0.6), `playout ${k}`);
    // Points along winning lines, each nudged by a few random legal moves.
    nudgedLinePoints(rules, rules, { base: 3100, tries: 100, lines: 6, nodes: 40_000, fracs: [0.4, 0.6, 0.8], seed: (n) => n * 11, nudges: (n) => 1 + (n % 4) }, check);
    expect(seen.won).toBeGreaterThan(2);
    expect(seen.lost).toBeGreaterThan(2);
    expect(fired).toBeGreaterThan(0);
  }, 240_000);
});
