/** King Albert: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { autoSet, CODES, cards, isRefused, missing, moveSet, mv, run, safeVerdicts, smallPosition, sortedJson, tryApply, winnableAfter } from './helpers.ts';

const T = (i: number) => `tableau:${i}`;
const F = (i: number) => `foundation:${i}`;
const R = (i: number) => `reserve:${i}`;
type Slot = string | null;
const EMPTY_RESERVE: Slot[] = [null, null, null, null, null, null, null];

interface Ka {
  tableau: string[][];
  reserve: Slot[];
  foundations: string[][];
}
const ka = (tableau: string[][], foundations: string[][], reserve: Slot[] = EMPTY_RESERVE): Position => ({ game: 'king-albert', tableau, reserve, foundations });

/** Spades and hearts up to the two; diamonds and clubs complete. */
const twos = [run('S', 2), run('H', 2), run('D', 13), run('C', 13)];
const layoutA = ka([['4S'], cards('KS 3H'), ['4H'], cards('KH 3S'), cards('5S 6S 7S 8S 9S'), cards('5H 6H 7H 8H 9H'), cards('TS JS QS'), cards('TH JH QH'), []], twos);

describe('king albert: opening', () => {
  it('deals columns of 1 … 9 cards and a reserve of 7, foundations empty', () => {
    for (const n of [0, 1, 4242, 4294967295]) {
      const p = deal('king-albert', n) as unknown as Ka;
      expect(p.tableau.map((t) => t.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(p.reserve).toHaveLength(7);
      expect(p.reserve.every((c) => typeof c === 'string')).toBe(true);
      expect(p.foundations).toEqual([[], [], [], []]);
      expect([...p.tableau.flat(), ...(p.reserve as string[])].sort()).toEqual([...CODES].sort());
    }
  });
});

describe('king albert: columns', () => {
  it('lists exactly the moves counted by hand', () => {
    expect(moveSet(layoutA)).toEqual(
      sortedJson([
        mv(T(0), T(8), '4S'),
        mv(T(1), F(1), '3H'),
        mv(T(1), T(0), '3H'), // red 3 on black 4
        mv(T(1), T(8), '3H'),
        mv(T(2), T(8), '4H'),
        mv(T(3), F(0), '3S'),
        mv(T(3), T(2), '3S'), // black 3 on red 4
        mv(T(3), T(8), '3S'),
        mv(T(4), T(8), '9S'),
        mv(T(5), T(8), '9H'),
        mv(T(6), T(8), 'QS'),
        mv(T(7), T(8), 'QH'),
      ]),
    );
  });

  it('build down in alternating colours only, one rank lower', () => {
    expect(isRefused(layoutA, mv(T(1), T(0), '3H'))).toBe(false);
    expect(isRefused(layoutA, mv(T(1), T(2), '3H'))).toBe(true); // red on red
    expect(isRefused(layoutA, mv(T(3), T(0), '3S'))).toBe(true); // black on black
    expect(isRefused(layoutA, mv(T(1), T(4), '3H'))).toBe(true); // 3 on 9
    expect(isRefused(layoutA, mv(T(0), T(2), '4S'))).toBe(true); // 4 on 4
    const after = applyMoves(layoutA, [mv(T(1), T(0), '3H')]) as unknown as Ka;
    expect(after.tableau[0]).toEqual(['4S', '3H']);
    expect(after.tableau[1]).toEqual(['KS']);
  });

  it('moves one card at a time: a card under the top does not move', () => {
    expect(isRefused(layoutA, mv(T(4), T(8), '8S'))).toBe(true);
    expect(isRefused(layoutA, mv(T(6), T(8), 'TS'))).toBe(true);
    expect(isRefused(layoutA, mv(T(1), T(8), 'KS'))).toBe(true);
  });

  it('an empty column takes any playable card; only the lowest is listed, any is legal', () => {
    const two = ka(
      [['4S'], cards('KS 3H'), ['4H'], cards('KH 3S'), [], cards('5H 6H 7H 8H'), [], cards('TS JS QS'), cards('TH JH QH 5S 6S 7S 8S 9S')],
      twos,
      ['9H', null, null, null, null, null, null],
    );
    const list = moveSet(two);
    const intoEmpty = list.filter((m) => m.includes('"to":"tableau:4"'));
    // Every column top and the reserve card, whatever its rank.
    expect(intoEmpty.map((m) => JSON.parse(m).card).sort()).toEqual(cards('3H 3S 4H 4S 8H 9H 9S QS').sort());
    expect(list.filter((m) => m.includes('"to":"tableau:6"'))).toEqual([]);
    const after = applyMoves(two, [mv(T(5), T(6), '8H')]) as unknown as Ka;
    expect(after.tableau[6]).toEqual(['8H']);
    expect(after.tableau[4]).toEqual([]);
  });
});

describe('king albert: reserve', () => {
  const withReserve = ka([['4S'], ['KS'], ['4H'], ['KH'], cards('5S 6S 7S 8S 9S'), cards('5H 6H 7H 8H 9H'), cards('TS JS QS'), cards('TH JH QH'), []], twos, ['3H', null, '3S', null, null, null, null]);

  it('every reserve card plays, to a foundation, onto a column or into an empty column', () => {
    const fromReserve = legalMoves(withReserve).filter((m) => m.type === 'move' && m.from.startsWith('reserve'));
    expect(sortedJson(fromReserve)).toEqual(
      sortedJson([mv(R(0), F(1), '3H'), mv(R(0), T(0), '3H'), mv(R(0), T(8), '3H'), mv(R(2), F(0), '3S'), mv(R(2), T(2), '3S'), mv(R(2), T(8), '3S')]),
    );
  });

  it('takes nothing, and an emptied slot stays empty', () => {
    const after = applyMoves(withReserve, [mv(R(0), T(0), '3H')]) as unknown as Ka;
    expect(after.reserve).toEqual([null, null, '3S', null, null, null, null]);
    expect(isRefused(after, mv(T(0), R(0), '3H'))).toBe(true);
    expect(isRefused(after, mv(T(2), R(1), '4H'))).toBe(true);
    expect(isRefused(after, mv(R(2), R(0), '3S'))).toBe(true);
    expect(legalMoves(after).some((m) => m.type === 'move' && m.to.startsWith('reserve'))).toBe(false);
  });
});

describe('king albert: foundations', () => {
  it('build up by suit from the ace', () => {
    const foundations = [['AS'], [], run('C', 13), []];
    const table = [['AH'], ['2S'], ['2H'], ['3S'], [], [], [], []];
    const p = ka([...table, missing({ tableau: table, foundations })], foundations);
    expect(isRefused(p, mv(T(1), F(0), '2S'))).toBe(false);
    expect(isRefused(p, mv(T(2), F(0), '2H'))).toBe(true);
    expect(isRefused(p, mv(T(3), F(0), '3S'))).toBe(true);
    expect(isRefused(p, mv(T(1), F(1), '2S'))).toBe(true);
    expect(moveSet(p)).toContain(JSON.stringify(mv(T(0), F(1), 'AH')));
    expect(moveSet(p)).not.toContain(JSON.stringify(mv(T(0), F(3), 'AH')));
    expect(isRefused(p, mv(T(0), F(3), 'AH'))).toBe(false);
    const after = applyMoves(p, [mv(T(1), F(0), '2S'), mv(T(3), F(0), '3S')]) as unknown as Ka;
    expect(after.foundations[0]).toEqual(run('S', 3));
  });

  it('never give a card back', () => {
    const after = applyMoves(layoutA, [mv(T(1), F(1), '3H')]);
    expect(isRefused(after, mv(F(1), T(0), '3H'))).toBe(true); // even onto a black 4
    expect(isRefused(after, mv(F(1), T(8), '3H'))).toBe(true);
    expect(isRefused(after, mv(F(0), T(2), '2S'))).toBe(true);
    expect(legalMoves(after).some((m) => m.type === 'move' && m.from.startsWith('foundation'))).toBe(false);
  });

  it('is won with all 52 on the foundations', () => {
    const won = ka([[], [], [], [], [], [], [], [], []], [run('D', 13), run('S', 13), run('C', 13), run('H', 13)]);
    expect(status(won)).toMatchObject({ won: true, legalMoves: 0, stuck: false, foundations: 52 });
    const almost = ka([[], [], [], [], [], [], [], [], []], [run('D', 13), run('S', 13), run('C', 13), run('H', 12)], [null, null, null, 'KH', null, null, null]);
    expect(status(almost)).toMatchObject({ won: false, legalMoves: 2 });
    expect(status(applyMoves(almost, [mv(R(3), F(3), 'KH')])).won).toBe(true);
  });
});

describe('king albert: validation', () => {
  it('rejects bad reserves, foundations and pile counts', () => {
    const bad = (change: Partial<Ka>) => tryApply({ ...layoutA, ...change }, []);
    expect(bad({})).not.toBeInstanceOf(Error);
    expect(bad({ reserve: EMPTY_RESERVE.slice(1) })).toBeInstanceOf(BadInput);
    expect(bad({ reserve: [['3H'] as unknown as Slot, null, null, null, null, null, null] })).toBeInstanceOf(BadInput);
    expect(bad({ tableau: (layoutA as unknown as Ka).tableau.slice(0, 8) })).toBeInstanceOf(BadInput);
    expect(bad({ foundations: [cards('AS 3S'), run('H', 2), run('D', 13), run('C', 13)], tableau: [['4S', '2S'], ...(layoutA as unknown as Ka).tableau.slice(1)] })).toBeInstanceOf(BadInput);
  });
});

describe('king albert: automatic moves', () => {
  it("'safe' sends a card up when the other colour's foundations have reached its rank less one", () => {
    // 3H: both black foundations at 2 or more; 3S: both red ones at 2 or more.
    expect(autoSet(layoutA, 'safe')).toEqual(sortedJson([mv(T(1), F(1), '3H'), mv(T(3), F(0), '3S')]));
    // 5H with spades at 4 but clubs at 3 is not safe; once clubs reach 4 it is. 4C is (hearts 4, diamonds 13).
    const f = [run('S', 4), run('H', 4), run('D', 13), run('C', 3)];
    const low = ka([['5H'], cards('KC 4C'), [], [], [], [], [], [], missing({ foundations: f }).filter((c) => !['5H', '4C', 'KC'].includes(c))], f);
    expect(autoSet(low, 'all')).toEqual(sortedJson([mv(T(0), F(1), '5H'), mv(T(1), F(3), '4C')]));
    expect(autoSet(low, 'safe')).toEqual(sortedJson([mv(T(1), F(3), '4C')]));
    const up = applyMoves(low, [mv(T(1), F(3), '4C')]);
    expect(autoSet(up, 'safe')).toEqual(sortedJson([mv(T(0), F(1), '5H')]));
  });

  it("'safe' always sends an ace up, from a column or the reserve", () => {
    const p = ka([['AS'], [], [], [], [], [], [], [], missing({ reserve: ['AH'], tableau: [['AS']] })], [[], [], [], []], ['AH', null, null, null, null, null, null]);
    expect(autoSet(p, 'safe')).toEqual(sortedJson([mv(T(0), F(0), 'AS'), mv(R(0), F(0), 'AH')]));
    const { rules, state } = parsePosition(p);
    expect(rules.autoMoves(state, 'off')).toEqual([]);
  });

  // KS may go up (spades at the queen), but QH must first be put on it to free JH: no column can
  // empty before, so sending KS up loses. Hand-checked, and confirmed by the exhaustive search.
  const trap = ka(
    [cards('QD KS'), cards('JH QH'), cards('6D KH'), ['7D'], ['8D'], ['9D'], ['TD'], ['JD'], ['KD']],
    [run('S', 12), run('H', 10), run('D', 5), run('C', 13)],
  );

  it('the exhaustive search tells a losing foundation move from a safe one', () => {
    expect(autoSet(trap, 'all')).toEqual(sortedJson([mv(T(0), F(0), 'KS')]));
    expect(autoSet(trap, 'safe')).toEqual([]);
    expect(winnableAfter(trap)).toBe(true);
    expect(winnableAfter(trap, [mv(T(0), F(0), 'KS')])).toBe(false);
    expect(winnableAfter(trap, [mv(T(1), T(0), 'QH')])).toBe(true);
  });

  it('safe moves keep hand-made positions winnable (exhaustive search)', () => {
    const withReserve = ka([['4S'], ['KS'], ['4H'], ['KH'], cards('5S 6S 7S 8S 9S'), cards('5H 6H 7H 8H 9H'), cards('TS JS QS'), cards('TH JH QH'), []], twos, ['3H', null, '3S', null, null, null, null]);
    for (const p of [layoutA, withReserve]) {
      const { before, after } = safeVerdicts(p);
      expect(before).toBe(true);
      expect(after.map((a) => JSON.parse(a.move).card).sort()).toEqual(['3H', '3S']);
      expect(after.every((a) => a.won)).toBe(true);
    }
  });

  it('a safe move never turns a winnable position into a lost one (exhaustive search)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { before, after } = safeVerdicts(smallPosition('king-albert', seed, 9 + (seed % 4)));
      for (const a of after) {
        expect({ seed, move: a.move, won: a.won }).toEqual({ seed, move: a.move, won: before });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
