/** Streets and Alleys: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { rankOf } from '../../src/engine/cards.ts';
import { move, moveFrom, moveTo, type State } from '../../src/engine/rules.ts';
import { alongStoredLines, autoSet, CODES, cards, isRefused, missing, moveSet, mv, run, safeVerdicts, smallPosition, sortedJson, tryApply, winnableAfter } from './helpers.ts';

const T = (i: number) => `tableau:${i}`;
const F = (i: number) => `foundation:${i}`;

interface Sa {
  tableau: string[][];
  foundations: string[][];
}
const sa = (tableau: string[][], foundations: string[][]): Position => ({ game: 'streets-and-alleys', tableau, foundations });

/** Spades and hearts up to the five; diamonds and clubs complete. */
const fives = [run('S', 5), run('H', 5), run('D', 13), run('C', 13)];
const layoutA = sa([cards('KS 7S'), ['8H'], cards('KH 7H'), ['8S'], cards('6S 9S TS'), cards('6H 9H TH'), cards('JS QS JH QH'), []], fives);

describe('streets and alleys: opening', () => {
  it('deals rows 0-3 of 7 cards and rows 4-7 of 6, foundations empty', () => {
    for (const n of [0, 1, 5150, 4294967295]) {
      const p = deal('streets-and-alleys', n) as unknown as Sa;
      expect(p.tableau.map((t) => t.length)).toEqual([7, 7, 7, 7, 6, 6, 6, 6]);
      expect(p.foundations).toEqual([[], [], [], []]);
      expect(p.tableau.flat().sort()).toEqual([...CODES].sort());
    }
  });
});

describe('streets and alleys: rows', () => {
  it('lists exactly the moves counted by hand', () => {
    expect(moveSet(layoutA)).toEqual(
      sortedJson([
        mv(T(0), T(1), '7S'), // on 8H: suit does not matter
        mv(T(0), T(3), '7S'),
        mv(T(0), T(7), '7S'),
        mv(T(1), T(7), '8H'),
        mv(T(2), T(1), '7H'),
        mv(T(2), T(3), '7H'),
        mv(T(2), T(7), '7H'),
        mv(T(3), T(7), '8S'),
        mv(T(4), T(7), 'TS'),
        mv(T(5), T(7), 'TH'),
        mv(T(6), T(7), 'QH'),
      ]),
    );
  });

  it('builds one rank lower on an outer card, whatever the suit', () => {
    expect(isRefused(layoutA, mv(T(0), T(1), '7S'))).toBe(false);
    expect(isRefused(layoutA, mv(T(0), T(4), '7S'))).toBe(true); // 7 on 10
    expect(isRefused(layoutA, mv(T(1), T(0), '8H'))).toBe(true); // 8 on 7
    expect(isRefused(layoutA, mv(T(1), T(3), '8H'))).toBe(true); // 8 on 8
    const after = applyMoves(layoutA, [mv(T(0), T(1), '7S'), mv(T(2), T(3), '7H')]) as unknown as Sa;
    expect(after.tableau.slice(0, 4)).toEqual([['KS'], ['8H', '7S'], ['KH'], ['8S', '7H']]);
  });

  it('plays only the outer card, one at a time', () => {
    expect(isRefused(layoutA, mv(T(4), T(7), '9S'))).toBe(true);
    expect(isRefused(layoutA, mv(T(0), T(7), 'KS'))).toBe(true);
    expect(isRefused(layoutA, mv(T(6), T(7), 'JH'))).toBe(true);
    expect(isRefused(layoutA, mv(T(4), F(0), '6S'))).toBe(true);
  });

  it('an empty row takes any outer card; only the lowest is listed, any is legal', () => {
    const p = applyMoves(layoutA, [mv(T(1), T(7), '8H')]);
    // Now row 1 is the empty one; row 7 holds the 8H.
    const intoEmpty = legalMoves(p).filter((m) => m.type === 'move' && m.to === T(1));
    expect(intoEmpty.map((m) => (m as { card: string }).card).sort()).toEqual(cards('7S 7H 8S TS TH QH 8H').sort());
    const twoEmpty = sa([cards('KS 7S'), [], cards('KH 7H'), ['8S'], cards('6S 9S TS'), cards('6H 9H TH'), cards('JS QS JH QH 8H'), []], fives);
    expect(moveSet(twoEmpty).filter((m) => m.includes(`"to":"${T(7)}"`))).toEqual([]);
    expect(isRefused(twoEmpty, mv(T(3), T(7), '8S'))).toBe(false);
    expect(isRefused(twoEmpty, mv(T(3), T(1), '8S'))).toBe(false);
  });
});

describe('streets and alleys: foundations', () => {
  it('build up by suit from the ace, and never give a card back', () => {
    const foundations = [['AS'], [], run('C', 13), []];
    const table = [['AH'], ['2S'], ['2H'], ['3S'], [], [], []];
    const p = sa([...table, missing({ tableau: table, foundations })], foundations);
    expect(isRefused(p, mv(T(1), F(0), '2S'))).toBe(false);
    expect(isRefused(p, mv(T(2), F(0), '2H'))).toBe(true);
    expect(isRefused(p, mv(T(3), F(0), '3S'))).toBe(true);
    expect(isRefused(p, mv(T(1), F(1), '2S'))).toBe(true);
    expect(moveSet(p)).toContain(JSON.stringify(mv(T(0), F(1), 'AH')));
    expect(moveSet(p)).not.toContain(JSON.stringify(mv(T(0), F(3), 'AH')));
    expect(isRefused(p, mv(T(0), F(3), 'AH'))).toBe(false);
    const after = applyMoves(p, [mv(T(1), F(0), '2S'), mv(T(3), F(0), '3S')]);
    expect((after as unknown as Sa).foundations[0]).toEqual(run('S', 3));
    expect(isRefused(after, mv(F(0), T(1), '3S'))).toBe(true);
    expect(isRefused(after, mv(F(0), T(0), '3S'))).toBe(true);
    expect(legalMoves(after).some((m) => m.type === 'move' && m.from.startsWith('foundation'))).toBe(false);
  });

  it('is won with all 52 on the foundations', () => {
    const won = sa([[], [], [], [], [], [], [], []], [run('H', 13), run('D', 13), run('C', 13), run('S', 13)]);
    expect(status(won)).toMatchObject({ won: true, legalMoves: 0, foundations: 52 });
    const almost = sa([[], [], [], [], [], ['KS'], [], []], [run('H', 13), run('D', 13), run('C', 13), run('S', 12)]);
    expect(status(almost)).toMatchObject({ won: false, legalMoves: 2 }); // home, or into row 0
    expect(status(applyMoves(almost, [mv(T(5), F(3), 'KS')])).won).toBe(true);
  });

  it('rejects wrong row counts and bad foundations', () => {
    const rows = (layoutA as unknown as Sa).tableau;
    expect(tryApply(sa(rows.slice(0, 7), fives), [])).toBeInstanceOf(BadInput);
    expect(tryApply(sa([...rows.slice(0, 7), ['6D'], []], fives), [])).toBeInstanceOf(BadInput);
    expect(tryApply(sa(rows, [run('S', 5), run('H', 5), run('D', 13).slice(1), run('C', 13)]), [])).toBeInstanceOf(BadInput);
  });
});

describe('streets and alleys: automatic moves', () => {
  it("'safe' sends a card up only when every foundation has reached its rank less one", () => {
    // 6S and 6H are next, and every foundation is at five or more: both safe.
    const sixes = sa([cards('KS 7S 6S'), ['8H'], cards('KH 7H 6H'), ['8S'], cards('9S TS'), cards('9H TH'), cards('JS QS JH QH'), []], fives);
    expect(autoSet(sixes, 'safe')).toEqual(sortedJson([mv(T(0), F(0), '6S'), mv(T(2), F(1), '6H')]));
    // Once 6S is up, 7S is next for spades, but hearts are still at five: not safe until the 6H goes.
    const one = applyMoves(sixes, [mv(T(0), F(0), '6S')]);
    expect(autoSet(one, 'safe')).toEqual(sortedJson([mv(T(2), F(1), '6H')]));
    expect(autoSet(one, 'all')).toEqual(sortedJson([mv(T(0), F(0), '7S'), mv(T(2), F(1), '6H')]));
    const two = applyMoves(one, [mv(T(2), F(1), '6H')]);
    expect(autoSet(two, 'safe')).toEqual(sortedJson([mv(T(0), F(0), '7S'), mv(T(2), F(1), '7H')]));
    const { rules, state } = parsePosition(two);
    expect(rules.autoMoves(state, 'off')).toEqual([]);
  });

  // 9S may go up (spades at eight) but the 8H must be put on it to free the 7H; every other
  // outer card is stuck and no row can empty, so sending 9S up loses (hand-checked; the search agrees).
  const trap = sa(
    [cards('KD 9S'), cards('7H 8H'), cards('TS JS'), cards('9H JH'), cards('TD JD'), cards('JC KS'), cards('TH QH KH'), cards('QD QC QS KC')],
    [run('S', 8), run('H', 6), run('D', 9), run('C', 10)],
  );

  it('the exhaustive search tells a losing foundation move from a safe one', () => {
    expect(moveSet(trap)).toEqual(sortedJson([mv(T(0), F(0), '9S'), mv(T(1), T(0), '8H')]));
    expect(autoSet(trap, 'safe')).toEqual([]);
    expect(winnableAfter(trap)).toBe(true);
    expect(winnableAfter(trap, [mv(T(0), F(0), '9S')])).toBe(false);
  });

  it('safe moves keep hand-made and small random positions winnable (exhaustive search)', () => {
    const sixes = sa([cards('KS 7S 6S'), ['8H'], cards('KH 7H 6H'), ['8S'], cards('9S TS'), cards('9H TH'), cards('JS QS JH QH'), []], fives);
    const hand = safeVerdicts(sixes);
    expect(hand.before).toBe(true);
    expect(hand.after.map((a) => a.won)).toEqual([true, true]);
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { before, after } = safeVerdicts(smallPosition('streets-and-alleys', seed, 10 + (seed % 5)));
      for (const a of after) {
        expect({ seed, move: a.move, won: a.won }).toEqual({ seed, move: a.move, won: before });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('streets and alleys: the move list', () => {
  /** The moves by a plain scan, in its order: each row's outer card home, onto each row one rank higher, into the lowest empty row. */
  function scan(s: State): number[] {
    const out: number[] = [];
    let empty = -1;
    for (let t = 0; t < 8; t++) if (empty < 0 && !s.piles[t]!.length) empty = t;
    for (let from = 0; from < 8; from++) {
      const q = s.piles[from]!;
      if (!q.length) continue;
      const c = q[q.length - 1]!;
      let home = -1;
      for (let f = 8; f < 12 && home < 0; f++) {
        const p = s.piles[f]!;
        if (rankOf(c) === 1 ? !p.length : p.length > 0 && p[p.length - 1] === c - 1) home = f;
      }
      if (home >= 0) out.push(move(from, home));
      for (let t = 0; t < 8; t++) {
        const p = s.piles[t]!;
        if (t !== from && p.length && rankOf(p[p.length - 1]!) === rankOf(c) + 1) out.push(move(from, t));
      }
      if (empty >= 0) out.push(move(from, empty));
    }
    return out;
  }

  it('is the plain scan, move for move and in its order, along stored winning lines', () => {
    // The stored lines name moves by their index in this list (lineCodec.ts), so its order matters
    // as much as its moves; and they run to the win, through empty rows and full foundations.
    let withEmptyRow = 0;
    let withAceHome = 0;
    let withKingHome = 0;
    const positions = alongStoredLines('streets-and-alleys', 40, (rules, s) => {
      const moves: number[] = [];
      rules.moves(s, moves);
      expect(moves).toEqual(scan(s));
      if (s.piles.slice(0, 8).some((p) => !p.length)) withEmptyRow++;
      if (moves.some((x) => moveTo(x) >= 8 && rankOf(s.piles[moveFrom(x)]!.at(-1)!) === 1)) withAceHome++;
      if (s.piles.slice(8).some((p) => p.length === 13)) withKingHome++;
    });
    // Each kind of position the list treats apart came up.
    expect(positions).toBeGreaterThan(1000);
    expect(withEmptyRow).toBeGreaterThan(100);
    expect(withAceHome).toBeGreaterThan(40);
    expect(withKingHome).toBeGreaterThan(40);
  });
});
