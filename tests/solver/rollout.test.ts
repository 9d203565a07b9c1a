/**
 * The nested rollouts (src/solver/rollout.ts): a win they report replays to a win by legal moves,
 * they never answer lost, they keep to their budget and to a small memory, a run does the same
 * whatever slices it is stepped in, and within the solver they win an Aces and Kings deal that the
 * solver without them leaves unknown.
 */
import { describe, expect, it } from 'vitest';
import { formatPosition } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import type { GameRules, State } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { Rollouts } from '../../src/solver/rollout.ts';
import { solve } from '../../src/solver/search.ts';
import { expectWinningLine, lineJson, playout, replayJson, runPhase } from './util.ts';

const AK = GAMES.find((g) => g.id === 'aces-and-kings')!;

/** Runs rollouts from `s` to their outcome within `maxNodes`, `slice` positions at a time; their peak bytes too. */
function runRollouts(rules: GameRules, s: State, maxNodes: number, slice = 4096) {
  const { phase, outcome, peak } = runPhase(new Rollouts(rules, s), maxNodes, slice);
  return { run: phase, outcome, peak };
}

describe('nested rollouts', () => {
  it('are given a share only by games with a best-first score', () => {
    for (const rules of GAMES) if (rules.searchShares?.rollouts) expect(rules.bestFirstScore, rules.id).toBeDefined();
    expect(GAMES.filter((r) => r.searchShares?.rollouts).map((r) => r.id)).toEqual(['aces-and-kings']);
  });

  it('Aces and Kings: every win replays by legal moves; never lost; within the budget and a small memory', () => {
    let won = 0;
    for (let k = 1; k <= 16; k++) {
      const s = k <= 8 ? openingState(AK, k) : playout(AK, 900 + k, 10 * k, k);
      const before = formatPosition(AK, s);
      AK.forget?.();
      const { run, outcome, peak } = runRollouts(AK, s, 150_000);
      expect(outcome, `position ${k}`).not.toBe('lost');
      // A step may look at one position's children past the slice, never more.
      expect(run.visited, `position ${k}`).toBeLessThanOrEqual(150_000 + 100);
      expect(peak, `position ${k}`).toBeLessThan(1 << 20);
      // The position given is copied, not changed.
      expect(formatPosition(AK, s)).toEqual(before);
      if (outcome !== 'won') continue;
      won++;
      expectWinningLine(AK, s, run.winningLine, `position ${k}`);
    }
    // The runs are seeded, so the count is fixed: 3 on 7 December 2026.
    expect(won).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('do the same whatever slices they are stepped in', () => {
    for (const deal of [3, 40]) {
      const run = (slice: number) => {
        AK.forget?.();
        const { run, outcome } = runRollouts(AK, openingState(AK, deal), 200_000, slice);
        return { outcome, visited: run.visited, line: run.winningLine.join(' ') };
      };
      const whole = run(1_000_000);
      expect(run(97), `deal ${deal}`).toEqual(whole);
      expect(run(4096), `deal ${deal}`).toEqual(whole);
    }
  }, 120_000);
});

describe('an Aces and Kings deal the rollouts win', () => {
  // Deal 93: unknown to the solver before the rollouts even at 100,000,000 positions; the rollouts
  // win it after 20,437 (7 December 2026).
  it('deal 93: won within 1,000,000 positions, the line replays in the notation; unknown without the rollouts', () => {
    const s = openingState(AK, 93);
    AK.forget?.();
    const r = solve(AK, s, { maxNodes: 1_000_000 });
    expect(r.result).toBe('won');
    expect(replayJson(formatPosition(AK, s), lineJson(AK, s, r.moves)).won).toBe(true);
    const { rollouts, beam, ...rest } = AK.searchShares!;
    AK.forget?.();
    const without = solve({ ...AK, searchShares: { ...rest, beam: (beam ?? 0) + (rollouts ?? 0) } }, s, { maxNodes: 1_000_000 });
    expect(without.result).toBe('unknown');
  }, 60_000);
});
