/** Aces Up: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput, IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status, findGame } from '../../src/games/catalog.ts';
import { formatMove, type Position } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { autoSet, CODES, isRefused, missing, moveSet, mv, safeVerdicts, smallPosition, solvable, sortedJson, tryApply, winnableAfter } from './helpers.ts';

const DEAL = { type: 'deal' } as const;

interface Au {
  stock: string[];
  tableau: string[][];
  discard: string[];
}
/** The piles of an Aces Up position. */
const asAu = (p: unknown): Au => p as Au;
const discard = (from: string, card: string) => ({ type: 'discard', from, card }) as const;

/**
 * An Aces Up position with the given piles; every card not listed goes to the discard pile, except
 * the aces (never discarded), which go to the bottom of the stock, topped up from the others to a
 * multiple of four. `discardPile` lists cards to discard first.
 */
function au(tableau: string[][], stock: string[] = [], discardPile?: string[]): Position {
  const rest = missing({ tableau, stock, discard: discardPile ?? [] });
  const aces = rest.filter((c) => c[0] === 'A');
  const others = rest.filter((c) => c[0] !== 'A');
  const fill = [...aces];
  while ((fill.length + stock.length) % 4 !== 0) fill.push(others.shift()!);
  return { game: 'aces-up', stock: [...fill, ...stock], tableau, discard: [...(discardPile ?? []), ...others] };
}

describe('aces up: opening', () => {
  it('deals 4 piles of one card and a stock of 48, with all 52 cards once', () => {
    for (const n of [0, 1, 77, 4294967295]) {
      const p = asAu(deal('aces-up', n));
      expect(p.tableau.map((t) => t.length)).toEqual([1, 1, 1, 1]);
      expect(p.stock).toHaveLength(48);
      expect(p.discard).toEqual([]);
      expect([...p.stock, ...p.tableau.flat()].sort()).toEqual([...CODES].sort());
    }
  });

  it('accepts the notation example (opening from the rules)', () => {
    const p = au([['7S'], ['JS'], ['5H'], ['AC']], missing({ tableau: [['7S'], ['JS'], ['5H'], ['AC']] }));
    expect(asAu(p).stock).toHaveLength(48);
    expect(() => parsePosition(p)).not.toThrow();
  });
});

describe('aces up: discarding', () => {
  it('worked example: tops 7S JS 5H AC allow discarding 7S only (5H has no higher heart)', () => {
    const tableau = [['7S'], ['JS'], ['5H'], ['AC']];
    const p = au(tableau, missing({ tableau }));
    expect(moveSet(p)).toEqual(sortedJson([discard('tableau:0', '7S'), DEAL]));
    expect(isRefused(p, discard('tableau:2', '5H'))).toBe(true);
    expect(isRefused(p, discard('tableau:1', 'JS'))).toBe(true);
    const after = asAu(applyMoves(p, [discard('tableau:0', '7S')]));
    expect(after.tableau).toEqual([[], ['JS'], ['5H'], ['AC']]);
    expect(after.discard).toEqual(['7S']);
  });

  it('ranks the ace high: an ace top lets a king of its suit go, never the other way', () => {
    const p = au([['KS'], ['AS'], ['QH'], ['2D']], ['3C', '4C', '5C', '6C']);
    expect(moveSet(p)).toEqual(sortedJson([discard('tableau:0', 'KS'), DEAL]));
    expect(isRefused(p, discard('tableau:1', 'AS'))).toBe(true);
  });

  it('never discards an ace, even a lone one under nothing', () => {
    const p = au([['AH'], ['KH'], ['AD'], ['2D']]);
    const moves = legalMoves(p);
    expect(moves.some((m) => m.type === 'discard' && 'card' in m && m.card[0] === 'A')).toBe(false);
    expect(moveSet(p)).toEqual(sortedJson([discard('tableau:1', 'KH'), discard('tableau:3', '2D'), DEAL]));
  });

  it('with four of a suit on top, discards them one at a time until only the highest is left', () => {
    const p = au([['3H'], ['9H'], ['QH'], ['KH']]);
    expect(moveSet(p)).toEqual(sortedJson([discard('tableau:0', '3H'), discard('tableau:1', '9H'), discard('tableau:2', 'QH'), DEAL]));
    // One at a time: after the queen goes, the three and the nine still may; the king never.
    const p2 = applyMoves(p, [discard('tableau:2', 'QH'), discard('tableau:0', '3H')]);
    const list = legalMoves(p2).filter((m) => m.type === 'discard');
    expect(sortedJson(list)).toEqual(sortedJson([discard('tableau:1', '9H')]));
    const p3 = applyMoves(p2, [discard('tableau:1', '9H')]);
    expect(legalMoves(p3).filter((m) => m.type === 'discard')).toEqual([]);
    expect(isRefused(p3, discard('tableau:3', 'KH'))).toBe(true);
  });

  it('with three of a suit, the two lower go and the highest stays', () => {
    const p = au([['5C'], ['JC'], ['8C'], ['4D']]);
    const discards = legalMoves(p).filter((m) => m.type === 'discard');
    expect(sortedJson(discards)).toEqual(sortedJson([discard('tableau:0', '5C'), discard('tableau:2', '8C')]));
  });

  it('a card of another suit allows nothing', () => {
    const p = au([['7S'], ['KH'], ['5D'], ['2C']]);
    expect(moveSet(p)).toEqual(sortedJson([DEAL]));
    for (const [i, c] of ['7S', 'KH', '5D', '2C'].entries()) expect(isRefused(p, discard(`tableau:${i}`, c))).toBe(true);
  });

  it('a higher card of the suit buried under another top allows nothing', () => {
    const p = au([['KS', '2H'], ['7S'], ['3D'], ['4C']]);
    expect(moveSet(p)).toEqual(sortedJson([DEAL]));
    expect(isRefused(p, discard('tableau:1', '7S'))).toBe(true);
  });

  it('only a top card can be discarded', () => {
    const p = au([['2S', '9D'], ['KS'], ['3D'], ['4C']]);
    expect(isRefused(p, discard('tableau:0', '2S'))).toBe(true);
    expect(isRefused(p, discard('tableau:0', '9D'))).toBe(true);
    expect(isRefused(p, discard('tableau:2', '3D'))).toBe(false);
  });
});

describe('aces up: empty piles', () => {
  it('an empty pile takes any one top card, even the last card of its pile', () => {
    const p = au([[], ['5S', '9S'], ['2H'], ['3D']]);
    expect(moveSet(p)).toEqual(sortedJson([mv('tableau:1', 'tableau:0', '9S'), mv('tableau:2', 'tableau:0', '2H'), mv('tableau:3', 'tableau:0', '3D'), DEAL]));
    const after = asAu(applyMoves(p, [mv('tableau:2', 'tableau:0', '2H')]));
    expect(after.tableau).toEqual([['2H'], ['5S', '9S'], [], ['3D']]);
  });

  it('only single cards move, and only into an empty pile', () => {
    const p = au([[], ['5S', '9S'], ['2H'], ['3D']]);
    expect(isRefused(p, mv('tableau:1', 'tableau:0', '5S'))).toBe(true);
    expect(isRefused(p, mv('tableau:2', 'tableau:3', '2H'))).toBe(true);
    expect(isRefused(p, mv('tableau:2', 'discard', '2H'))).toBe(true);
    expect(isRefused(p, mv('tableau:2', 'stock', '2H'))).toBe(true);
    expect(isRefused(p, mv('stock', 'tableau:0', asAu(p).stock.at(-1)!))).toBe(true);
  });

  it('lists only the lowest of several empty piles, yet a move to any of them is legal', () => {
    const p = au([[], ['5S', '9S'], [], ['3D']]);
    const list = moveSet(p);
    expect(list).toContain(JSON.stringify(mv('tableau:1', 'tableau:0', '9S')));
    expect(list).not.toContain(JSON.stringify(mv('tableau:1', 'tableau:2', '9S')));
    const after = asAu(applyMoves(p, [mv('tableau:1', 'tableau:2', '9S')]));
    expect(after.tableau).toEqual([[], ['5S'], ['9S'], ['3D']]);
  });

  it('the solver also tries the higher empty piles while the stock has cards (each gets its own next card), not once it is empty', () => {
    const rules = findGame('aces-up')!;
    const more = (p: Position): string[] => {
      const s = parsePosition(p).state;
      const out: number[] = [];
      rules.moreMoves!(s, out);
      return out.map((m) => JSON.stringify(formatMove(rules, s, m)));
    };
    const p = au([[], ['5S', '9S'], [], ['3D']]);
    expect(asAu(p).stock.length).toBeGreaterThan(0);
    expect(more(p).sort()).toEqual([mv('tableau:1', 'tableau:2', '9S'), mv('tableau:3', 'tableau:2', '3D')].map((m) => JSON.stringify(m)).sort());
    const done = au([[], ['5S', '9S', 'AS', 'AH', 'AD', 'AC'], [], ['3D']], [], []);
    expect(asAu(done).stock).toEqual([]);
    expect(more(done)).toEqual([]);
  });
});

describe('aces up: dealing', () => {
  it('deals one stock card onto each pile, empty ones included, tableau:0 taking the top card', () => {
    const p = au([['KS', '2H'], [], ['7S'], []], ['QD', 'JD', 'TD', '9D']);
    const after = asAu(applyMoves(p, [DEAL]));
    expect(after.tableau).toEqual([['KS', '2H', '9D'], ['TD'], ['7S', 'JD'], ['QD']]);
    expect(after.stock).toEqual(asAu(p).stock.slice(0, -4));
  });

  it('deals whenever the stock has cards, and never redeals', () => {
    const p = au([['AS'], ['AH'], ['AD'], ['KC']], []);
    expect(asAu(p).stock.length).toBe(4); // the ace of clubs and three others
    const p1 = applyMoves(p, [DEAL]);
    expect(asAu(p1).stock).toEqual([]);
    expect(legalMoves(p1).some((m) => m.type === 'deal')).toBe(false);
    expect(isRefused(p1, DEAL)).toBe(true);
  });
});

describe('aces up: winning', () => {
  const all = CODES.filter((c) => c[0] !== 'A');
  it('is won when 48 cards are discarded and each pile holds one ace', () => {
    const p = { game: 'aces-up', stock: [], tableau: [['AS'], ['AH'], ['AD'], ['AC']], discard: all };
    expect(status(p)).toMatchObject({ won: true, legalMoves: 0, stuck: false, discarded: 48, stock: 0 });
  });

  it('is not won while two aces share a pile; moving one to the empty pile wins', () => {
    const p = { game: 'aces-up', stock: [], tableau: [['AS', 'AH'], ['AD'], ['AC'], []], discard: all };
    expect(status(p)).toMatchObject({ won: false, legalMoves: 3 });
    expect(status(applyMoves(p, [mv('tableau:0', 'tableau:3', 'AH')])).won).toBe(true);
  });

  it('is not won while a card other than an ace is left', () => {
    const p = { game: 'aces-up', stock: [], tableau: [['AS'], ['AH', '2C'], ['AD'], ['AC']], discard: all.filter((c) => c !== '2C') };
    expect(status(p)).toMatchObject({ won: false, legalMoves: 1, discarded: 47 });
    expect(status(applyMoves(p, [discard('tableau:1', '2C')])).won).toBe(true);
  });

  it('reports a stuck position: aces on top, no empty pile, no stock', () => {
    const tableau = [['2S', 'AS'], ['3H', 'AH'], ['4D', 'AD'], ['5C', 'AC']];
    const p = { game: 'aces-up', stock: [], tableau, discard: missing({ tableau }) };
    expect(status(p)).toMatchObject({ won: false, legalMoves: 0, stuck: true, discarded: 44 });
  });
});

describe('aces up: validation', () => {
  const good = au([['7S'], ['JS'], ['5H'], ['AC']], missing({ tableau: [['7S'], ['JS'], ['5H'], ['AC']] }));
  const bad = (change: Record<string, unknown>) => tryApply({ ...good, ...change }, []);
  it('accepts a proper position', () => {
    expect(tryApply(good, [])).not.toBeInstanceOf(Error);
  });
  it('rejects a stock that is not dealt in fours', () => {
    const stock = asAu(good).stock;
    expect(bad({ stock: stock.slice(1), discard: [stock[0]!] })).toBeInstanceOf(BadInput);
  });
  it('rejects an ace on the discard pile', () => {
    const p = au([['2S'], ['JS'], ['5H'], ['AC']], [], ['AS']);
    expect(tryApply(p, [])).toBeInstanceOf(BadInput);
  });
  it('rejects a stock larger than 48', () => {
    const stock = [...asAu(good).stock, 'JS', '5H', 'AC', '7S'];
    expect(bad({ stock, tableau: [[], [], [], []] })).toBeInstanceOf(BadInput);
  });
  it('rejects missing and duplicated cards and a wrong number of piles', () => {
    expect(bad({ tableau: [['7S'], ['JS'], ['5H'], []] })).toBeInstanceOf(BadInput);
    expect(bad({ tableau: [['7S'], ['JS'], ['5H'], ['AC', '7S']] })).toBeInstanceOf(BadInput);
    expect(bad({ tableau: [['7S'], ['JS'], ['5H', 'AC']] })).toBeInstanceOf(BadInput);
    expect(bad({ tableau: [['7S'], ['JS'], ['5H'], ['AC'], []] })).toBeInstanceOf(BadInput);
  });
  it('names an illegal move as IllegalMove, not BadInput', () => {
    expect(tryApply(good, [discard('tableau:2', '5H')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(good, [discard('tableau:2', 'XX')])).toBeInstanceOf(BadInput);
  });
});

describe('aces up: automatic moves', () => {
  it("'safe' discards a card once every lower card of its suit is discarded", () => {
    const twoGone = au([['3S'], ['KS'], ['5H'], ['AC']], [], ['2S']);
    expect(autoSet(twoGone, 'safe')).toEqual(sortedJson([discard('tableau:0', '3S')]));
    const twoLeft = au([['3S'], ['KS'], ['5H'], ['AC']], ['2S', '4D', '5D', '6D']);
    expect(autoSet(twoLeft, 'safe')).toEqual([]);
    expect(autoSet(twoLeft, 'all')).toEqual(sortedJson([discard('tableau:0', '3S')]));
    // The two on the tableau, under another card or under the three itself, is in play too.
    for (const piles of [
      [['3S'], ['KS'], ['2S', '5H'], ['AC']],
      [['2S', '3S'], ['KS'], ['5H'], ['AC']],
    ]) {
      const twoOnTable = au(piles, []);
      expect(autoSet(twoOnTable, 'safe')).toEqual([]);
      expect(autoSet(twoOnTable, 'all')).toEqual(sortedJson([discard('tableau:0', '3S')]));
    }
  });

  it("'safe' lets a king go to an ace only when the two to queen of its suit are gone", () => {
    const spadesBelow = CODES.filter((c) => c[1] === 'S' && !['AS', 'KS'].includes(c));
    const gone = au([['KS'], ['AS'], ['5H'], ['AC']], [], spadesBelow);
    expect(autoSet(gone, 'safe')).toEqual(sortedJson([discard('tableau:0', 'KS')]));
    const oneLeft = au([['KS'], ['AS'], ['5H'], ['AC']], ['QS', '2D', '3D', '4D'], spadesBelow.filter((c) => c !== 'QS'));
    expect(autoSet(oneLeft, 'safe')).toEqual([]);
    expect(autoSet(oneLeft, 'all')).toEqual(sortedJson([discard('tableau:0', 'KS')]));
  });

  it("'all' is every legal discard; 'off' is nothing", () => {
    const p = au([['3H'], ['9H'], ['QH'], ['KH']]);
    const discards = legalMoves(p).filter((m) => m.type === 'discard');
    expect(autoSet(p, 'all')).toEqual(sortedJson(discards));
    const { rules, state } = parsePosition(p);
    expect(rules.autoMoves(state, 'off')).toEqual([]);
  });

  // A hand-checked position where an unsafe discard loses: discarding JS now (the ace of spades
  // allows it) leaves the 5S and 7S dealt later with nothing to discard them when the ace is covered.
  const trap: Position = {
    game: 'aces-up',
    stock: ['6H', 'AH', '5S', '7S'],
    tableau: [['7H'], ['AD', 'JS'], ['AS'], ['6S', 'AC', '2H']],
    discard: CODES.filter((c) => !['6H', 'AH', '5S', '7S', '7H', 'AD', 'JS', 'AS', '6S', 'AC', '2H'].includes(c)),
  };

  it('the exhaustive search tells a losing discard from a safe one', () => {
    expect(winnableAfter(trap)).toBe(true);
    expect(winnableAfter(trap, [discard('tableau:1', 'JS')])).toBe(false);
    expect(autoSet(trap, 'safe')).toEqual(sortedJson([discard('tableau:3', '2H')]));
    expect(winnableAfter(trap, [discard('tableau:3', '2H')])).toBe(true);
  });

  it('a safe discard never turns a winnable position into a lost one (exhaustive search)', () => {
    let checked = 0;
    let winnable = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { before, after } = safeVerdicts(smallPosition('aces-up', seed, 6 + (seed % 5)));
      if (before) winnable++;
      for (const a of after) {
        expect({ seed, move: a.move, won: a.won }).toEqual({ seed, move: a.move, won: before });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(winnable).toBeGreaterThan(5);
  });
});

describe('Aces Up: dead end once the stock is dealt out', () => {
  const rules = findGame('aces-up')!;
  it('says nothing while the stock holds cards', () => {
    expect(rules.deadEnd(openingState(rules, 3))).toBeNull();
  });

  it('agrees with an independent exhaustive search on random endgames', () => {
    let dead = 0;
    let alive = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { state } = parsePosition(smallPosition('aces-up', seed, 4 + (seed % 9)));
      state.piles[5]!.push(...state.piles[0]!.splice(0));
      const verdict = rules.deadEnd(state);
      expect(verdict).not.toBeNull();
      expect(verdict, `seed ${seed}`).toBe(!solvable(rules, state));
      if (verdict) dead++;
      else alive++;
    }
    expect(dead).toBeGreaterThan(3);
    expect(alive).toBeGreaterThan(3);
  });
});
