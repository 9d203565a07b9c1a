/**
 * The solver's dominance rules that go beyond the table's safe moves, each checked against plain
 * exhaustive search (tests/solver/plain.ts) at positions where the rule acts and the table's own
 * safe rule does not: the outcome before the forced move equals the outcome after it (both
 * outcomes occur among the positions checked).
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type GameRules, moveFrom, type State } from '../../src/engine/rules.ts';
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { relaxedKit, runProof, Search, Solver, solve } from '../../src/solver/search.ts';
import { PositionTable } from '../../src/solver/table.ts';
import { smallPosition } from '../engine/helpers.ts';
import { plainRules } from './plain.ts';
import { playout, provenLostSamples, rng } from './util.ts';

/** Walks random playouts; at each position where `acts` holds, plain search must agree before and after `forced`. */
function checkForced(rules: GameRules, acts: (s: State) => boolean, want: number): { checked: number; lost: number } {
  const plain = plainRules(rules);
  let checked = 0;
  let lost = 0;
  for (let k = 1; k <= 400 && checked < want; k++) {
    const s = playout(rules, 5000 + k, 0, 0);
    const rnd = rng(k * 13 + 1);
    for (let ply = 0; ply < 400 && checked < want; ply++) {
      const forced = rules.forcedMove!(s);
      if (forced >= 0 && acts(s)) {
        const before = solve(plain, cloneState(s), { maxNodes: 40_000 });
        if (before.result !== 'unknown') {
          const after = cloneState(s);
          rules.make(after, forced);
          const a = solve(plain, after, { maxNodes: 300_000 });
          if (a.result !== 'unknown') {
            expect(a.result, `deal ${5000 + k} ply ${ply}`).toBe(before.result);
            checked++;
            if (a.result === 'lost') lost++;
          }
        }
      }
      // Prefer foundation moves now and then, so that positions with the rule in play come up.
      const auto = rules.autoMoves(s, 'all');
      const list = auto.length && rnd() < 0.6 ? auto : legalList(rules, s);
      if (!list.length) break;
      rules.make(s, list[Math.floor(rnd() * list.length)]!);
    }
  }
  return { checked, lost };
}

describe('Aces Up: every discard is forced once the stock is empty', () => {
  it("a forced discard that the table's safe rule would not make keeps plain search's outcome", () => {
    const rules = findGame('aces-up')!;
    const { checked } = checkForced(rules, (s) => s.piles[0]!.length === 0 && rules.autoMoves(s, 'safe').length === 0, 20);
    expect(checked).toBeGreaterThan(5);
  }, 240_000);
});

describe('stronger safe-home rules', () => {
  for (const id of ['streets-and-alleys', 'king-albert']) {
    it(`${id}: a forced move that the table's safe rule would not make keeps plain search's outcome`, () => {
      const rules = findGame(id)!;
      const { checked, lost } = checkForced(rules, (s) => rules.autoMoves(s, 'safe').length === 0, 15);
      expect(checked).toBeGreaterThan(5);
      expect(lost).toBeLessThan(checked);
    }, 240_000);
  }
});


describe('Australian: the forced move of the waste card onto its parent', () => {
  const rules = findGame('australian')!;
  const plain = plainRules(rules);

  it("keeps plain search's outcome wherever it is forced, on random valid positions (columns in any order)", () => {
    let checked = 0;
    for (let seed = 1; seed <= 3000 && checked < 25; seed++) {
      const { state } = parsePosition(smallPosition('australian', seed, 8 + (seed % 15)));
      const forced = rules.forcedMove!(state);
      if (forced < 0 || moveFrom(forced) !== 1) continue;
      const before = solve(plain, cloneState(state), { maxNodes: 60_000 });
      if (before.result === 'unknown') continue;
      const after = cloneState(state);
      rules.make(after, forced);
      expect(solve(plain, after, { maxNodes: 300_000 }).result, `seed ${seed}`).toBe(before.result);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  }, 240_000);

  // The rule before 7 December 2026 also forced a column card, with what lay on it, onto its
  // parent: it called these positions lost, which plain search wins, and deal 83's opening too.
  it('the solver calls no position lost that plain search wins: random valid positions, and the opening of deal 83', () => {
    for (const [seed, left] of [[74, 18], [80, 24], [155, 12], [1692, 12], [1759, 21]] as const) {
      const { state } = parsePosition(smallPosition('australian', seed, left));
      expect(solve(plain, cloneState(state), { maxNodes: 1_000_000 }).result, `seed ${seed}`).toBe('won');
      expect(solve(rules, cloneState(state), { maxNodes: 1_000_000 }).result, `seed ${seed}`).toBe('won');
    }
    expect(solve(rules, openingState(rules, 83), { maxNodes: 1_000_000 }).result).toBe('won');
  }, 240_000);
});

describe('Aces Up: provenLost', () => {
  it('every position it calls lost is lost by plain search, and it finds some', () => {
    const rules = findGame('aces-up')!;
    const plain = plainRules(rules);
    const { flagged, decided } = provenLostSamples(rules, plain, { base: 9000, deals: 300, plies: 200, enough: 15, seed: (k) => k * 31 + 7, auto: 0 });
    for (const p of decided) expect(p.result, p.where).toBe('lost');
    expect(flagged).toBeGreaterThan(5);
    expect(decided.length).toBeGreaterThan(5);
  }, 240_000);
});

describe('Streets and Alleys: relaxedLost (the suit-blind game)', () => {
  it('every position it proves lost is lost by plain search, and positions plain search wins are among those checked', () => {
    const rules = findGame('streets-and-alleys')!;
    const plain = plainRules(rules);
    const seen = { proven: 0, lost: 0, won: 0, capped: 0 };
    // Every tenth position of random playouts (foundation moves preferred now and then), until
    // the suit-blind game proves one lost.
    for (let k = 1; k <= 80; k++) {
      const s = playout(rules, 7000 + k, 0, 0);
      const rnd = rng(k * 17 + 3);
      for (let ply = 0; ply < 400; ply++) {
        if (ply % 10 === 9) {
          const p = solve(plain, cloneState(s), { maxNodes: 100_000 });
          const r = runProof(rules.relaxedLost!(cloneState(s), 100_000, relaxedKit(undefined)));
          if (p.result !== 'unknown') {
            seen[p.result]++;
            if (r.lost) {
              expect(p.result, `deal ${7000 + k} ply ${ply}`).toBe('lost');
              seen.proven++;
            }
          }
          if (r.lost) {
            // Under a memory cap its seen set soon meets (64 slots, no room to grow: 48 positions),
            // a proof is the same search, move for move, or it is not given at all.
            const capped = runProof(rules.relaxedLost!(cloneState(s), 100_000, { ...relaxedKit(undefined), seen: new PositionTable(64, 1024, false) }));
            if (capped.lost) expect(capped.nodes).toBe(r.nodes);
            else seen.capped++;
            break;
          }
        }
        const auto = rules.autoMoves(s, 'all');
        const list = auto.length && rnd() < 0.6 ? auto : legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(seen.proven).toBeGreaterThan(30);
    expect(seen.won).toBeGreaterThan(20);
    expect(seen.capped).toBeGreaterThan(0);
  }, 240_000);

  it('the solver runs it a slice at a time: the opening of deal 7, lost in 51,855 blind moves, in steps of the slice asked for', () => {
    const rules = findGame('streets-and-alleys')!;
    const whole = solve(rules, openingState(rules, 7), { maxNodes: 1_000_000 });
    expect(whole).toMatchObject({ result: 'lost', nodes: 51_855 });
    const solver = new Solver(rules, openingState(rules, 7), { maxNodes: 1_000_000 });
    expect(solver.result().nodes).toBe(0);
    let steps = 0;
    let before = 0;
    while (solver.step(10_000) === null) {
      steps++;
      // At most one of the blind search's slices (4,096 moves) past the step's.
      expect(solver.result().nodes - before).toBeLessThanOrEqual(10_000 + 4096);
      before = solver.result().nodes;
    }
    expect(steps).toBeGreaterThanOrEqual(4);
    expect(solver.result()).toMatchObject({ result: 'lost', nodes: whole.nodes });
  });
});

describe('Streets and Alleys: hint positions the suit-blind game proves lost', () => {
  // Three of bench-solver --hint-positions' positions (seed 20260101, #16, #17 and #48): the
  // exhaustive search alone proves them lost only after 16.1M, 3.2M and 4.0M positions, past the
  // hint's budget of 1.5M, which left them unknown.
  const positions = [
    { game: 'streets-and-alleys', tableau: [['KC', 'AC', 'QD', 'QH', 'JC'], ['KS', '9S', '8D', '4C'], ['AH', '9H', '3C', 'AD', '3H', '5S', '8C', '7D'], ['7S', 'TH', '2C', '9C', '2D', 'KH', '4D', '3D', '2H'], [], ['5H', 'JD', 'QS', '6C', '5D', '5C', '4H'], ['6H', 'TD', '8H', '6D', '7H', 'JH', 'TC', '9D', '8S', '7C', '6S'], ['TS', 'KD', 'QC', 'JS']], foundations: [['AS', '2S', '3S', '4S'], [], [], []] },
    { game: 'streets-and-alleys', tableau: [['2H', '5H', '9D', '3H', '4D', '3S', '2C'], ['4S', '5S', '9C', '8D'], ['4C', 'TS', '3C', '8S', '2S', '7D', 'QS', 'JS', 'TC', '9H'], ['9S', 'TD', '5D', 'KH', '6S', '8H'], ['AH', '7S', '6C', '8C', '7H', '6D'], ['2D', 'KD', 'KS', 'QH'], ['AS', 'AC', 'KC', 'QD', 'JC', 'TH'], ['JH', 'QC', 'JD', '3D', '7C', '6H', '5C', '4H']], foundations: [['AD'], [], [], []] },
    { game: 'streets-and-alleys', tableau: [['JH', 'TH', 'AH', '2D', '6C', 'QH', 'JS'], ['KD', 'TS', 'AC', '2H', 'AS', '4H', 'JD'], ['9C', 'KC', '3H', '9S', '3S', '5H', '7H', '6D'], ['7S', 'QD', '4C', 'TC', '3C', 'QC', '9D', '8S'], ['QS', 'KS', '5D', '8C', '2C', '6S', '5S', '4S', '3D', '2S'], ['7C', '4D', '6H', '8H', '7D'], ['JC', 'TD', '8D', 'AD', 'KH', '5C'], ['9H']], foundations: [[], [], [], []] },
  ];
  it('the solver proves each lost within the hint budget, in fewer than 50,000 positions', () => {
    for (const p of positions) {
      const { rules, state } = parsePosition(p);
      const r = solve(rules, state, { maxNodes: 1_500_000 });
      expect(r.result).toBe('lost');
      expect(r.nodes).toBeLessThan(50_000);
    }
  });

  it('the exhaustive search alone agrees on the two smaller ones', () => {
    for (const p of positions.slice(1)) {
      const { rules, state } = parsePosition(p);
      const alone = new Search(rules, state, { maxNodes: 5_000_000, maxMB: 256 });
      alone.step();
      expect(alone.result().result).toBe('lost');
      expect(alone.result().nodes).toBeGreaterThan(3_000_000);
    }
  }, 120_000);
});
