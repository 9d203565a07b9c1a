/**
 * King Albert's best-first score is written as one scan of the columns for speed; it must equal
 * the shared measures it stands for, suitProgress less twice rankDisorder (games/common.ts), less
 * the depth, on positions from random playouts.
 */
import { describe, expect, it } from 'vitest';
import { legalList } from '../../src/engine/play.ts';
import { findGame } from '../../src/games/catalog.ts';
import { rankDisorder, suitProgress } from '../../src/games/common.ts';
import { playout, rng } from './util.ts';

const rules = findGame('king-albert')!;

describe('King Albert: bestFirstScore', () => {
  it('equals suitProgress - 2 * rankDisorder - depth', () => {
    let checked = 0;
    for (let k = 1; k <= 60; k++) {
      const s = playout(rules, 4000 + k, 0, 0);
      const rnd = rng(k * 7 + 5);
      for (let ply = 0; ply < 150; ply++) {
        const depth = ply % 40;
        expect(rules.bestFirstScore!(s, depth)).toBe(suitProgress(s, 0, 9, 16) - 2 * rankDisorder(s, 0, 9) - depth);
        checked++;
        const auto = rules.autoMoves(s, 'all');
        const list = auto.length && rnd() < 0.5 ? auto : legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
