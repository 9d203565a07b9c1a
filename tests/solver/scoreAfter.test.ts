/**
 * A game's bestFirstScoreAfter scores a child without making its move (King Albert and Streets and
 * Alleys by the two piles a move changes, Aces and Kings by its piles' weights). It must equal
 * making the move, scoring and unmaking, for every legal move of positions from random playouts,
 * moves home and deals among them.
 */
import { describe, expect, it } from 'vitest';
import { legalList } from '../../src/engine/play.ts';
import { DEAL, moveTo, moveType } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { playout, rng } from './util.ts';

describe('best-first scores without making the move', () => {
  const games = GAMES.filter((r) => r.bestFirstScoreAfter);
  it('are written for King Albert, Streets and Alleys and Aces and Kings', () => {
    expect(games.map((r) => r.id).sort()).toEqual(['aces-and-kings', 'king-albert', 'streets-and-alleys']);
  });
  for (const rules of games) {
    it(`${rules.id}: equals making the move, scoring and unmaking, for every legal move`, () => {
      let checked = 0;
      let home = 0;
      let deals = 0;
      let intoTableau = 0;
      for (let k = 1; k <= 40; k++) {
        const s = playout(rules, 5000 + k, 0, 0);
        const rnd = rng(k * 11 + 3);
        for (let ply = 0; ply < 200; ply++) {
          const depth = ply % 30;
          const now = rules.bestFirstScore!(s, depth);
          const list = legalList(rules, s);
          if (!list.length) break;
          for (const m of list) {
            const after = rules.bestFirstScoreAfter!(s, m, depth + 1, now);
            rules.make(s, m);
            expect(after, `deal ${5000 + k} ply ${ply}`).toBe(rules.bestFirstScore!(s, depth + 1));
            rules.unmake(s, m);
            if (moveType(m) === DEAL) deals++;
            else if (rules.piles[moveTo(m)]!.role === 'foundation') home++;
            else if (rules.piles[moveTo(m)]!.role === 'tableau') intoTableau++;
            checked++;
          }
          rules.make(s, list[Math.floor(rnd() * list.length)]!);
        }
      }
      expect(checked).toBeGreaterThan(3000);
      expect(home).toBeGreaterThan(50);
      expect(intoTableau).toBeGreaterThan(50);
      // Aces and Kings: deals, and (once the stock is out) cards into an empty tableau pile.
      if (rules.id === 'aces-and-kings') expect(deals).toBeGreaterThan(50);
    });
  }
});
