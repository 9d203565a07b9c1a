/**
 * The engine's one answer to "what does this move take and where does it land", checked against
 * making the move: over random playouts of every game, the cards the anatomy names leave their pile
 * and the first of them is found where it says it lands.
 */
import { describe, expect, it } from 'vitest';
import { anatomy, cardsWith, isHome, picks, pileWith } from '../../src/engine/anatomy.ts';
import { legalList, openingState, targetsOf } from '../../src/engine/play.ts';
import { GAME_IDS, findGame } from '../../src/games/catalog.ts';
import { cloneState, DEAL, fieldStarts } from '../../src/engine/rules.ts';
import { xorshift } from '../../src/solver/xorshift.ts';

describe.each(GAME_IDS)('anatomy of %s moves', (id) => {
  const rules = findGame(id)!;
  it('names the cards a move takes and where the first one lands', () => {
    const rnd = xorshift(7);
    let checked = 0;
    for (const deal of [1, 2, 3]) {
      const s = openingState(rules, deal);
      for (let k = 0; k < 120; k++) {
        const moves = legalList(rules, s);
        if (!moves.length) break;
        for (const m of moves) {
          const a = anatomy(rules, s, m);
          const after = cloneState(s);
          rules.make(after, m);
          const taken = s.piles[a.from]!.slice(a.first, a.first + a.count);
          expect(taken.length, 'the cards exist').toBe(a.count);
          expect(a.count).toBeGreaterThan(0);
          expect(after.piles[a.to]![a.place], 'the first card lands where it says').toBe(a.type === DEAL ? s.piles[a.from]!.at(-1) : taken[0]);
          // Every legal move is found by picking up one of the cards it takes.
          const index = a.type === DEAL ? s.piles[a.from]!.length - 1 : a.first;
          expect(picks(rules, s, m, a.from, index)).toBe(true);
          expect(targetsOf(rules, s, a.from, index)).toContain(m);
          checked++;
        }
        rules.make(s, moves[Math.floor(rnd() * moves.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('finds piles by role, never by kind', () => {
    const s = openingState(rules, 1);
    const home = rules.piles.map((_, i) => i).filter((i) => isHome(rules, i));
    expect(home.length, 'every game has somewhere cards go home').toBeGreaterThan(0);
    for (const i of home) expect(['foundation', 'discard']).toContain(rules.piles[i]!.role);
    const stock = pileWith(rules, 'stock');
    expect(cardsWith(rules, s, 'stock')).toBe(stock < 0 ? undefined : s.piles[stock]!.length);
  });
});

describe.each(GAME_IDS)('pile offsets of %s', (id) => {
  it('come from the fields: each field starts where its first pile is', () => {
    const rules = findGame(id)!;
    const at = fieldStarts(rules.fields) as Record<string, number>;
    for (const f of rules.fields) expect(at[f.field], f.field).toBe(rules.piles.findIndex((p) => p.field === f));
  });
});
