/**
 * evaluateAfter is evaluate without making the move: over random playouts, for every legal move
 * (foundation moves included), it equals make, evaluate, unmake, and leaves the state as it was.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { TestRng } from './helpers.ts';

const withDelta = GAMES.filter((g) => g.evaluateAfter);

it('some games order moves by evaluateAfter', () => {
  expect(withDelta.map((g) => g.id).sort()).toEqual(['king-albert', 'streets-and-alleys']);
});

describe.each(withDelta.map((g) => [g.id, g] as const))('%s', (_id, rules) => {
  it('evaluateAfter equals make, evaluate, unmake for every legal move', () => {
    const rng = new TestRng(4242);
    let checked = 0;
    let foundation = 0;
    for (let deal = 1; deal <= 40; deal++) {
      const s = openingState(rules, deal);
      for (let ply = 0; ply < 120; ply++) {
        const list = legalList(rules, s);
        if (!list.length) break;
        const now = rules.evaluate!(s);
        for (const m of list) {
          const before = cloneState(s);
          const quick = rules.evaluateAfter!(s, m, now);
          expect(s).toEqual(before);
          rules.make(s, m);
          const slow = rules.evaluate!(s);
          rules.unmake(s, m);
          expect(quick, `deal ${deal} ply ${ply}`).toBe(slow);
          checked++;
          if (rules.piles[(m >> 8) & 63]!.kind === 'foundation') foundation++;
        }
        const auto = rules.autoMoves(s, 'all');
        const pick = auto.length && rng.int(3) === 0 ? auto : list;
        rules.make(s, pick[rng.int(pick.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect(foundation).toBeGreaterThan(100);
  });
});
