/**
 * King Albert's proof of loss by the blind game (relaxedLost, blindLost in src/games/kingAlbert.ts)
 * against plain exhaustive search (tests/solver/plain.ts): it never calls lost a position on a
 * winning line, and every position it calls lost (where the cheaper provenLost does not) is lost
 * by plain search. And the proof the solver's share for it was set by: deal 4's opening.
 */
import { describe, expect, it } from 'vitest';
import { openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { relaxedKit, solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { playout, provenLostSamples } from './util.ts';

const rules = findGame('king-albert')!;
const plain = plainRules(rules);
const blindLost = (s: State): boolean => rules.relaxedLost!(cloneState(s), 20_000, relaxedKit(undefined)).lost;

describe('King Albert: relaxedLost (the blind game)', () => {
  it('never calls lost a position on a winning line', () => {
    let lines = 0;
    let checked = 0;
    for (let n = 1; n <= 80 && lines < 25; n++) {
      const s = playout(rules, 7500 + n, 0, 0);
      const r = solve(rules, s, { maxNodes: 100_000 });
      if (r.result !== 'won') continue;
      lines++;
      r.moves.forEach((m, k) => {
        if (k % 4 === 0) {
          expect(blindLost(s), `deal ${7500 + n} after ${k} moves`).toBe(false);
          checked++;
        }
        rules.make(s, m);
      });
    }
    expect(lines).toBe(25);
    expect(checked).toBeGreaterThan(500);
  }, 240_000);

  it('every position it calls lost is lost by plain search, and it calls some that provenLost does not', () => {
    // Every fifth position, when provenLost does not call it lost already.
    const calls = (s: State, ply: number): boolean => ply % 5 === 0 && !rules.provenLost!(s) && blindLost(s);
    const { flagged, decided } = provenLostSamples(rules, plain, { base: 8000, deals: 300, plies: 200, enough: 12, seed: (k) => k * 31 + 7, auto: 0.5, calls });
    for (const p of decided) expect(p.result, p.where).toBe('lost');
    expect(flagged).toBeGreaterThan(5);
    expect(decided.length).toBeGreaterThan(5);
  }, 240_000);

  it("proves deal 4's opening lost within its share of the solver's 1M (the figure searchShares sets relaxed by)", () => {
    // 625,202 positions with step 5: limits 6,1,6,6 stop at clubs, then 6,1,6,11 is lost.
    const share = Math.floor(1_000_000 * rules.searchShares!.relaxed!);
    const r = rules.relaxedLost!(openingState(rules, 4), share, relaxedKit(undefined));
    expect(r.lost).toBe(true);
    expect(r.nodes).toBeLessThanOrEqual(share);
  }, 60_000);
});
