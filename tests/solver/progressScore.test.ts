/**
 * King Albert's and Streets and Alleys' best-first scores are written as one scan of the columns
 * for speed (progressLessDisorder in games/common.ts); each must equal the shared measures it
 * stands for, suitProgress less the game's weight times rankDisorder, less the game's cost per
 * move times the depth (King Albert: plus its reserve's cards), on positions from random playouts.
 */
import { describe, expect, it } from 'vitest';
import { legalList } from '../../src/engine/play.ts';
import { findGame } from '../../src/games/catalog.ts';
import { rankDisorder, suitProgress } from '../../src/games/common.ts';
import { playout, rng } from './util.ts';

/** Each game's columns (first pile, count), first foundation, disorder weight, cost per move and worth of a reserve card (piles reserve … reserve + 6). */
const GAMES = [
  { id: 'king-albert', first: 0, count: 9, foundations: 16, weight: 5, perMove: 2.5, reserve: 9, perReserved: 1 },
  { id: 'streets-and-alleys', first: 0, count: 8, foundations: 8, weight: 1.5, perMove: 1.25, reserve: 0, perReserved: 0 },
] as const;

describe('best-first scores of the building games', () => {
  for (const g of GAMES) {
    it(`${g.id}: equals suitProgress - ${g.weight} * rankDisorder - ${g.perMove} * depth`, () => {
      const rules = findGame(g.id)!;
      expect(rules.piles[g.foundations]!.kind).toBe('foundation');
      let checked = 0;
      for (let k = 1; k <= 60; k++) {
        const s = playout(rules, 4000 + k, 0, 0);
        const rnd = rng(k * 7 + 5);
        for (let ply = 0; ply < 150; ply++) {
          const depth = ply % 40;
          let reserved = 0;
          for (let r = g.reserve; r < g.reserve + 7 && g.perReserved; r++) reserved += s.piles[r]!.length;
          const want = suitProgress(s, g.first, g.count, g.foundations) - g.weight * rankDisorder(s, g.first, g.count) - g.perMove * depth + g.perReserved * reserved;
          expect(rules.bestFirstScore!(s, depth)).toBe(want);
          checked++;
          const auto = rules.autoMoves(s, 'all');
          const list = auto.length && rnd() < 0.5 ? auto : legalList(rules, s);
          if (!list.length) break;
          rules.make(s, list[Math.floor(rnd() * list.length)]!);
        }
      }
      expect(checked).toBeGreaterThan(2000);
    });
  }
});
