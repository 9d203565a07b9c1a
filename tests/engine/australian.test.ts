/** Australian Patience: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput, IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { autoSet, BudgetExceeded, CODES, cards, isRefused, missing, moveSet, mv, run, safeVerdicts, smallPosition, sortedJson, tryApply } from './helpers.ts';

const DEAL = { type: 'deal' } as const;
const T = (i: number) => `tableau:${i}`;
const F = (i: number) => `foundation:${i}`;

interface Aus {
  stock: string[];
  waste: string[];
  tableau: string[][];
  foundations: string[][];
}
const aus = (p: Partial<Aus> & { tableau: string[][]; foundations: string[][] }): Position => ({ game: 'australian', stock: [], waste: [], ...p });

/** Spades up to the six on the foundations; hearts, diamonds and clubs complete. */
const spadesToSix = [run('S', 6), run('H', 13), run('D', 13), run('C', 13)];

describe('australian: opening', () => {
  it('deals 7 columns of 4, a stock of 24, empty waste and foundations', () => {
    for (const n of [0, 1, 99, 4294967295]) {
      const p = deal('australian', n) as unknown as Aus;
      expect(p.tableau.map((t) => t.length)).toEqual([4, 4, 4, 4, 4, 4, 4]);
      expect(p.stock).toHaveLength(24);
      expect(p.waste).toEqual([]);
      expect(p.foundations).toEqual([[], [], [], []]);
      expect([...p.stock, ...p.tableau.flat()].sort()).toEqual([...CODES].sort());
    }
  });
});

describe('australian: building on columns', () => {
  // Spades 7 … K on the table, the rest on the foundations; counted by hand below.
  const onlySpades = aus({ tableau: [['8S'], ['7S'], cards('KS QS'), ['9S'], cards('JS TS'), [], []], foundations: spadesToSix });

  it('lists exactly the moves counted by hand', () => {
    expect(moveSet(onlySpades)).toEqual(
      sortedJson([
        mv(T(0), T(3), '8S'), // 8S on 9S
        mv(T(1), F(0), '7S'), // 7S home
        mv(T(1), T(0), '7S'), // 7S on 8S
        mv(T(2), T(5), 'KS'), // KS with QS into the lowest empty column
        mv(T(3), T(4), '9S'), // 9S on TS
        mv(T(4), T(2), 'JS'), // JS with TS on QS
        mv(F(0), T(1), '6S'), // the foundation's 6S back onto 7S
        mv(F(1), T(5), 'KH'), // foundation kings into the empty column
        mv(F(2), T(5), 'KD'),
        mv(F(3), T(5), 'KC'),
      ]),
    );
  });

  it('builds down by suit only: 7S on 8S, not on 9S, not on another suit', () => {
    const mixed = aus({
      tableau: [['8S'], cards('KH 7S JH 9H'), ['8H'], cards('TS QH'), cards('KS 9S TH'), cards('QS JS'), []],
      foundations: [run('S', 6), run('H', 7), run('D', 13), run('C', 13)],
    });
    expect(isRefused(mixed, mv(T(1), T(2), '7S'))).toBe(true); // 7S on 8H
    expect(isRefused(mixed, mv(T(0), T(2), '8S'))).toBe(true);
    expect(isRefused(onlySpades, mv(T(1), T(3), '7S'))).toBe(true); // 7S on 9S
    expect(isRefused(mixed, mv(T(1), T(0), '7S'))).toBe(false);
    expect(isRefused(mixed, mv(F(1), T(2), '7H'))).toBe(false); // 7H from the foundation on 8H
  });

  it('moves any column card with every card above it, in whatever order they lie', () => {
    const mixed = aus({
      tableau: [['8S'], cards('KH 7S JH 9H'), ['8H'], cards('TS QH'), cards('KS 9S TH'), cards('QS JS'), []],
      foundations: [run('S', 6), run('H', 7), run('D', 13), run('C', 13)],
    });
    const after = applyMoves(mixed, [mv(T(1), T(0), '7S')]) as unknown as Aus;
    expect(after.tableau[0]).toEqual(cards('8S 7S JH 9H'));
    expect(after.tableau[1]).toEqual(['KH']);
    // Only the card taken must fit: JH (with 9H on it) onto QH.
    const after2 = applyMoves(mixed, [mv(T(1), T(3), 'JH')]) as unknown as Aus;
    expect(after2.tableau[3]).toEqual(cards('TS QH JH 9H'));
    expect(after2.tableau[1]).toEqual(cards('KH 7S'));
    // A card that does not fit cannot be taken, even when the top one would fit somewhere.
    expect(isRefused(mixed, mv(T(1), T(4), 'JH'))).toBe(true);
    expect(isRefused(mixed, mv(T(1), T(4), '9H'))).toBe(false);
  });

  it('fills an empty column only with a king, alone or at the bottom of a group', () => {
    const mixed = aus({
      tableau: [['8S'], cards('KH 7S JH 9H'), ['8H'], cards('TS QH'), cards('KS 9S TH'), cards('QS JS'), []],
      foundations: [run('S', 6), run('H', 7), run('D', 13), run('C', 13)],
    });
    expect(isRefused(mixed, mv(T(1), T(6), 'KH'))).toBe(false);
    expect(isRefused(mixed, mv(T(4), T(6), 'KS'))).toBe(false);
    expect(isRefused(mixed, mv(T(1), T(6), '7S'))).toBe(true);
    expect(isRefused(mixed, mv(T(3), T(6), 'QH'))).toBe(true);
    expect(isRefused(mixed, mv(T(0), T(6), '8S'))).toBe(true);
    const after = applyMoves(mixed, [mv(T(1), T(6), 'KH')]) as unknown as Aus;
    expect(after.tableau[6]).toEqual(cards('KH 7S JH 9H'));
    expect(after.tableau[1]).toEqual([]);
  });

  it('lists a king for the lowest empty column only, and allows any empty column', () => {
    const list = moveSet(onlySpades);
    expect(list).toContain(JSON.stringify(mv(T(2), T(5), 'KS')));
    expect(list).not.toContain(JSON.stringify(mv(T(2), T(6), 'KS')));
    const after = applyMoves(onlySpades, [mv(T(2), T(6), 'KS')]) as unknown as Aus;
    expect(after.tableau[6]).toEqual(cards('KS QS'));
  });
});

describe('australian: foundations', () => {
  it('build up by suit from the ace; an empty one takes only an ace', () => {
    const p = aus({
      tableau: [['2S'], ['2H'], ['AH'], ['3S'], cards('KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD'), run('H', 13).slice(2), run('S', 13).slice(3)],
      foundations: [['AS'], [], run('C', 13), []],
    });
    expect(isRefused(p, mv(T(0), F(0), '2S'))).toBe(false);
    expect(isRefused(p, mv(T(1), F(0), '2H'))).toBe(true);
    expect(isRefused(p, mv(T(3), F(0), '3S'))).toBe(true);
    expect(isRefused(p, mv(T(0), F(1), '2S'))).toBe(true);
    expect(isRefused(p, mv(T(1), F(1), '2H'))).toBe(true);
    // An ace goes to the lowest empty foundation in the list, and to any empty one when played.
    const list = moveSet(p);
    expect(list).toContain(JSON.stringify(mv(T(2), F(1), 'AH')));
    expect(list).not.toContain(JSON.stringify(mv(T(2), F(3), 'AH')));
    expect(isRefused(p, mv(T(2), F(3), 'AH'))).toBe(false);
    expect(isRefused(p, mv(T(4), F(1), 'AD'))).toBe(false);
    const after = applyMoves(p, [mv(T(0), F(0), '2S'), mv(T(3), F(0), '3S')]) as unknown as Aus;
    expect(after.foundations[0]).toEqual(run('S', 3));
  });

  it('take only top cards', () => {
    const p = aus({ tableau: [cards('7S 9S'), ['8S'], cards('KS QS JS TS'), [], [], [], []], foundations: spadesToSix });
    expect(isRefused(p, mv(T(0), F(0), '7S'))).toBe(true);
    // The same 7S may move with the 9S above it onto the 8S: building takes groups.
    expect(isRefused(p, mv(T(0), T(1), '7S'))).toBe(false);
    expect(isRefused(applyMoves(p, [mv(T(0), T(1), '7S')]), mv(T(1), F(0), '7S'))).toBe(true);
  });

  it("let a foundation's top card come back to a column, but not a card under it", () => {
    const p = aus({ tableau: [['8S'], ['7S'], cards('KS QS'), ['9S'], cards('JS TS'), [], []], foundations: spadesToSix });
    expect(isRefused(p, mv(F(0), T(1), '6S'))).toBe(false);
    expect(isRefused(p, mv(F(0), T(1), '5S'))).toBe(true);
    expect(isRefused(p, mv(F(0), T(0), '6S'))).toBe(true);
    expect(isRefused(p, mv(F(0), T(5), '6S'))).toBe(true);
    expect(isRefused(p, mv(F(0), F(1), '6S'))).toBe(true);
    const after = applyMoves(p, [mv(F(0), T(1), '6S')]) as unknown as Aus;
    expect(after.tableau[1]).toEqual(['7S', '6S']);
    expect(after.foundations[0]).toEqual(run('S', 5));
  });
});

describe('australian: stock and waste', () => {
  const p = aus({
    stock: ['9S', '8S'],
    waste: ['7S', 'KC'],
    tableau: [cards('QS JS'), ['TS'], ['KS'], [], [], [], []],
    foundations: [run('S', 6), run('H', 13), run('D', 13), run('C', 12)],
  });

  it('lists exactly the moves counted by hand: only the waste top plays', () => {
    expect(moveSet(p)).toEqual(
      sortedJson([
        mv('waste', F(3), 'KC'),
        mv('waste', T(3), 'KC'),
        mv(T(0), T(2), 'QS'),
        mv(T(1), T(0), 'TS'),
        mv(T(2), T(3), 'KS'),
        mv(F(1), T(3), 'KH'),
        mv(F(2), T(3), 'KD'),
        DEAL,
      ]),
    );
    expect(isRefused(p, mv('waste', F(0), '7S'))).toBe(true);
    expect(isRefused(p, mv('waste', T(4), 'KC'))).toBe(false);
  });

  it('deals one card at a time onto the waste, in a single pass', () => {
    const p1 = applyMoves(p, [DEAL]) as unknown as Aus;
    expect(p1.stock).toEqual(['9S']);
    expect(p1.waste).toEqual(['7S', 'KC', '8S']);
    const p2 = applyMoves(p1, [DEAL]) as unknown as Aus;
    expect(p2.stock).toEqual([]);
    expect(p2.waste).toEqual(['7S', 'KC', '8S', '9S']);
    expect(legalMoves(p2).some((m) => m.type === 'deal')).toBe(false);
    expect(tryApply(p2, [DEAL])).toBeInstanceOf(IllegalMove);
  });
});

describe('australian: winning and validation', () => {
  const won = aus({ tableau: [[], [], [], [], [], [], []], foundations: [run('C', 13), run('H', 13), run('S', 13), run('D', 13)] });

  it('is won with all 52 cards on the foundations, and not before', () => {
    expect(status(won)).toMatchObject({ won: true, foundations: 52, stock: 0 });
    const almost = aus({ tableau: [['KD'], [], [], [], [], [], []], foundations: [run('C', 13), run('H', 13), run('S', 13), run('D', 12)] });
    expect(status(almost)).toMatchObject({ won: false, foundations: 51 });
    expect(status(applyMoves(almost, [mv(T(0), F(3), 'KD')])).won).toBe(true);
  });

  it('rejects foundations that are not runs from the ace in one suit', () => {
    const bad = (f: string[][]) => {
      const rest = missing({ foundations: f });
      return tryApply(aus({ tableau: [rest.slice(0, 26), rest.slice(26), [], [], [], [], []], foundations: f }), []);
    };
    expect(bad([['AS'], [], [], run('D', 4)])).not.toBeInstanceOf(Error);
    expect(bad([['2S'], [], [], []])).toBeInstanceOf(BadInput);
    expect(bad([cards('AS 3S'), [], [], []])).toBeInstanceOf(BadInput);
    expect(bad([cards('AS 2H'), [], [], []])).toBeInstanceOf(BadInput);
    expect(bad([cards('2S AS'), [], [], []])).toBeInstanceOf(BadInput);
  });

  it('rejects more than 24 cards in the stock and waste together', () => {
    const d = deal('australian', 1) as unknown as Aus;
    const moved = d.tableau[0]!.pop()!;
    expect(tryApply({ ...d, stock: [moved, ...d.stock] }, [])).toBeInstanceOf(BadInput);
    expect(tryApply({ ...d, waste: [moved] }, [])).toBeInstanceOf(BadInput);
    expect(tryApply({ ...d, tableau: [...d.tableau.slice(1), [moved]] }, [])).toBeInstanceOf(BadInput); // 6 columns
  });
});

describe('australian: automatic moves', () => {
  it("'safe' (and 'all') is every move of a waste or column top to its foundation", () => {
    const p = aus({
      stock: ['9S'],
      waste: ['KC', '8S'],
      tableau: [cards('QS JS'), ['TS'], ['7S'], [], [], [], ['KS']],
      foundations: [run('S', 6), run('H', 13), run('D', 13), run('C', 12)],
    });
    expect(autoSet(p, 'safe')).toEqual(sortedJson([mv(T(2), F(0), '7S')]));
    expect(autoSet(p, 'all')).toEqual(autoSet(p, 'safe'));
    const home = legalMoves(p).filter((m) => m.type === 'move' && m.to.startsWith('foundation') && !m.from.startsWith('foundation'));
    expect(autoSet(p, 'safe')).toEqual(sortedJson(home));
    const { rules, state } = parsePosition(p);
    expect(rules.autoMoves(state, 'off')).toEqual([]);
  });

  it('safe moves keep a hand-made position winnable where the order of play matters (exhaustive search)', () => {
    // 6S must leave the waste before the 8S is dealt onto it: the 8S can then never move, and
    // neither can the 6S under it (hand-checked). Both safe moves keep the win.
    const p = aus({
      stock: ['8S'],
      waste: ['6S'],
      tableau: [cards('9S 7S'), ['TS'], ['JS'], ['QS'], ['KS'], ['KH'], cards('QH JH')],
      foundations: [run('S', 5), run('H', 10), run('D', 13), run('C', 13)],
    });
    const { before, after } = safeVerdicts(p);
    expect(before).toBe(true);
    expect(after).toEqual([
      { move: JSON.stringify(mv('waste', F(0), '6S')), won: true },
      { move: JSON.stringify(mv(T(6), F(1), 'JH')), won: true },
    ]);
  });

  it('a safe move never turns a winnable position into a lost one (small random positions)', () => {
    let checked = 0;
    let searched = 0;
    for (let seed = 1; seed <= 24; seed++) {
      let verdicts: ReturnType<typeof safeVerdicts>;
      try {
        verdicts = safeVerdicts(smallPosition('australian', seed, 6), 4_000);
      } catch (e) {
        if (e instanceof BudgetExceeded) continue; // too large to search quickly: skipped
        throw e;
      }
      searched++;
      for (const a of verdicts.after) {
        expect({ seed, move: a.move, won: a.won }).toEqual({ seed, move: a.move, won: verdicts.before });
        checked++;
      }
    }
    expect(searched).toBeGreaterThan(12);
    expect(checked).toBeGreaterThan(20);
  });
});
