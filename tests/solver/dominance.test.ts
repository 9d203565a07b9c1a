/**
 * The solver's dominance rules that go beyond the table's safe moves, each checked against plain
 * exhaustive search (tests/solver/plain.ts) at positions where the rule acts and the table's own
 * safe rule does not: the outcome before the forced move equals the outcome after it (both
 * outcomes occur among the positions checked).
 */
import { describe, expect, it } from 'vitest';
import { legalList } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { playout, rng } from './util.ts';

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


describe('Aces Up: provenLost', () => {
  it('every position it calls lost is lost by plain search, and it finds some', () => {
    const rules = findGame('aces-up')!;
    const plain = plainRules(rules);
    let checked = 0;
    let flagged = 0;
    for (let k = 1; k <= 300 && checked < 15; k++) {
      const s = playout(rules, 9000 + k, 0, 0);
      const rnd = rng(k * 31 + 7);
      for (let ply = 0; ply < 200; ply++) {
        if (rules.provenLost!(s)) {
          flagged++;
          const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
          if (p.result !== 'unknown') {
            expect(p.result, `deal ${9000 + k} ply ${ply}`).toBe('lost');
            checked++;
          }
          break;
        }
        const list = legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(flagged).toBeGreaterThan(5);
    expect(checked).toBeGreaterThan(5);
  }, 240_000);
});

describe('Streets and Alleys: relaxedLost (the suit-blind game)', () => {
  it('every position it proves lost is lost by plain search, and positions plain search wins are among those checked', () => {
    const rules = findGame('streets-and-alleys')!;
    const plain = plainRules(rules);
    const seen = { proven: 0, lost: 0, won: 0 };
    // Every tenth position of random playouts (foundation moves preferred now and then), until
    // the suit-blind game proves one lost.
    for (let k = 1; k <= 80; k++) {
      const s = playout(rules, 7000 + k, 0, 0);
      const rnd = rng(k * 17 + 3);
      for (let ply = 0; ply < 400; ply++) {
        if (ply % 10 === 9) {
          const p = solve(plain, cloneState(s), { maxNodes: 100_000 });
          const r = rules.relaxedLost!(cloneState(s), 100_000);
          if (p.result !== 'unknown') {
            seen[p.result]++;
            if (r.lost) {
              expect(p.result, `deal ${7000 + k} ply ${ply}`).toBe('lost');
              seen.proven++;
            }
          }
          if (r.lost) break;
        }
        const auto = rules.autoMoves(s, 'all');
        const list = auto.length && rnd() < 0.6 ? auto : legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(seen.proven).toBeGreaterThan(30);
    expect(seen.won).toBeGreaterThan(20);
  }, 240_000);
});
