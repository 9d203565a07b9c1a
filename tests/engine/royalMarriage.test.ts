/** Royal Marriage: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput, IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status } from '../../src/games/catalog.ts';
import { formatMove, formatPosition, type Position } from '../../src/engine/notation.ts';
import { winningMove } from '../../src/engine/play.ts';
import { autoSet, CODES, cards, missing, moveSet, sortedJson, tryApply, winnableAfter } from './helpers.ts';

const DEAL = { type: 'deal' } as const;
const dis = (...c: string[]) => ({ type: 'discard', from: 'row', cards: c }) as const;

interface Rm {
  stock: string[];
  row: string[];
  discard: string[];
  rankPairs?: boolean;
}

/** A position with this row and these stock cards above the KH (dealt last); the rest discarded. */
function rm(row: string, stockAboveKing: string[] = [], rankPairs?: boolean): Position {
  const p: Rm = { stock: ['KH', ...stockAboveKing], row: cards(row), discard: [] };
  if (rankPairs !== undefined) p.rankPairs = rankPairs;
  p.discard = missing(p as unknown as Record<string, unknown>);
  return { game: 'royal-marriage', ...p };
}

describe('royal marriage: opening', () => {
  it('deals QH and the next 4 in the row, 47 in the stock with KH at the bottom', () => {
    for (const n of [0, 1, 2024, 4294967295]) {
      const p = deal('royal-marriage', n) as unknown as Rm;
      expect(p.row).toHaveLength(5);
      expect(p.row[0]).toBe('QH');
      expect(p.stock).toHaveLength(47);
      expect(p.stock[0]).toBe('KH');
      expect(p.discard).toEqual([]);
      expect(p.rankPairs).toBeUndefined();
      expect([...p.row, ...p.stock].sort()).toEqual([...CODES].sort());
    }
  });

  it('deals the same cards with the rankPairs option, and says so in the position', () => {
    const plain = deal('royal-marriage', 7) as unknown as Rm;
    const paired = deal('royal-marriage', 7, ['rankPairs']) as unknown as Rm;
    expect(paired.rankPairs).toBe(true);
    expect({ ...paired, rankPairs: undefined }).toEqual({ ...plain, rankPairs: undefined });
    expect(() => deal('royal-marriage', 7, ['suitPairs'])).toThrow(BadInput);
  });
});

describe('royal marriage: discarding', () => {
  it('worked example: QH 2C 4H 5S 2H allows discarding 2C or 5S; then 4H; leaving QH 2H', () => {
    const p = rm('QH 2C 4H 5S 2H', ['3D']);
    expect(moveSet(p)).toEqual(sortedJson([dis('2C'), dis('5S'), DEAL]));
    const both = applyMoves(p, [dis('2C'), dis('5S')]) as unknown as Rm;
    expect(both.row).toEqual(cards('QH 4H 2H'));
    const other = applyMoves(p, [dis('5S'), dis('2C')]) as unknown as Rm; // any order
    expect(other.row).toEqual(both.row);
    expect(other.discard.slice(-2)).toEqual(['5S', '2C']);
    expect(moveSet(both)).toEqual(sortedJson([dis('4H'), DEAL]));
    const last = applyMoves(both, [dis('4H')]) as unknown as Rm;
    expect(last.row).toEqual(cards('QH 2H'));
    expect(last.discard.slice(-3)).toEqual(cards('2C 5S 4H'));
  });

  it('discards the one or two cards between two of a suit, even of that suit', () => {
    const p = rm('QH 3H 4H 5H');
    expect(moveSet(p)).toEqual(sortedJson([dis('3H'), dis('3H', '4H'), dis('4H'), DEAL]));
    expect((applyMoves(p, [dis('3H', '4H')]) as unknown as Rm).row).toEqual(cards('QH 5H'));
  });

  it('needs exactly one or two cards between: not none, not three', () => {
    const p = rm('QH 2C 3D 4S 5H 6H');
    expect(moveSet(p)).toEqual(sortedJson([DEAL]));
    expect(tryApply(p, [dis('2C', '3D')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(p, [dis('5H')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(p, [dis('2C', '3D', '4S')])).toBeInstanceOf(BadInput);
    expect(tryApply(p, [dis()])).toBeInstanceOf(BadInput);
  });

  it('names neighbours left to right, and only cards in the row', () => {
    const p = rm('QH 3S 4D 5H');
    expect(moveSet(p)).toEqual(sortedJson([dis('3S', '4D'), DEAL]));
    expect(tryApply(p, [dis('4D', '3S')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(p, [dis('3S')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(p, [dis('9C')])).toBeInstanceOf(IllegalMove);
    expect(tryApply(p, [{ type: 'discard', from: 'stock', cards: ['KH'] }])).toBeInstanceOf(BadInput);
    expect(tryApply(p, [{ type: 'discard', from: 'row', card: '3S' }])).toBeInstanceOf(BadInput);
  });

  it('pairs cards of a rank only with the rankPairs option', () => {
    const off = rm('QH 5S 7D 5C', ['2D']);
    expect(moveSet(off)).toEqual(sortedJson([DEAL]));
    expect(moveSet({ ...off, rankPairs: false })).toEqual(sortedJson([DEAL]));
    const on = { ...off, rankPairs: true };
    expect(moveSet(on)).toEqual(sortedJson([dis('7D'), DEAL]));
    const after = applyMoves(on, [dis('7D'), DEAL]) as unknown as Rm;
    expect(after.rankPairs).toBe(true);
    expect(after.row).toEqual(cards('QH 5S 5C 2D'));
    // Suits still pair with the option on.
    expect(moveSet(rm('QH 2C 4H', [], true))).toEqual(sortedJson([dis('2C'), DEAL]));
    expect(tryApply({ ...off, rankPairs: 'yes' }, [])).toBeInstanceOf(BadInput);
  });
});

describe('royal marriage: dealing and winning', () => {
  it('deals the next stock card to the right end of the row, at any time', () => {
    const p = rm('QH 2C 4H 5S 2H', ['3D', '9C']);
    const after = applyMoves(p, [DEAL]) as unknown as Rm;
    expect(after.row).toEqual(cards('QH 2C 4H 5S 2H 9C'));
    expect(after.stock).toEqual(['KH', '3D']);
    const end = applyMoves(p, [DEAL, DEAL, DEAL]) as unknown as Rm;
    expect(end.stock).toEqual([]);
    expect(end.row.at(-1)).toBe('KH');
    expect(legalMoves(end).some((m) => m.type === 'deal')).toBe(false);
    expect(tryApply(end, [DEAL])).toBeInstanceOf(IllegalMove);
  });

  it('is won when the stock is out and the row is QH KH', () => {
    const p = rm('QH 5S', []);
    expect(status(p)).toMatchObject({ won: false, stock: 1 });
    const dealt = applyMoves(p, [DEAL]);
    expect(status(dealt)).toMatchObject({ won: false, legalMoves: 1, stock: 0 });
    const won = applyMoves(dealt, [dis('5S')]);
    expect((won as unknown as Rm).row).toEqual(['QH', 'KH']);
    expect(status(won)).toMatchObject({ won: true, legalMoves: 0, discarded: 50 });
  });

  it('names the one move that ends the game (winningMove, the hint\'s first look): the pair, not either card alone', () => {
    const row = ['QH', '5H', '2H', 'KH'];
    const p = { game: 'royal-marriage', stock: [], row, discard: CODES.filter((c) => !row.includes(c)) };
    // All three discards are legal; only the pair leaves QH KH.
    expect(moveSet(p)).toEqual([dis('5H'), dis('5H', '2H'), dis('2H')].map((m) => JSON.stringify(m)).sort());
    const { rules, state } = parsePosition(p);
    const m = winningMove(rules, state);
    expect(m).not.toBeNull();
    expect(formatMove(rules, state, m!)).toEqual(dis('5H', '2H'));
    // Three cards between the pair of hearts: no single move wins, though discards are legal.
    const longer = ['QH', '5H', '2H', '7H', 'KH'];
    const q = parsePosition({ game: 'royal-marriage', stock: [], row: longer, discard: CODES.filter((c) => !longer.includes(c)) });
    expect(legalMoves(formatPosition(q.rules, q.state)).length).toBeGreaterThan(0);
    expect(winningMove(q.rules, q.state)).toBeNull();
  });

  it('is stuck when the stock is out and no pair frames a discard', () => {
    const p = { game: 'royal-marriage', stock: [], row: cards('QH 2C 3D 4S KH'), discard: CODES.filter((c) => !['QH', '2C', '3D', '4S', 'KH'].includes(c)) };
    expect(status(p)).toMatchObject({ won: false, legalMoves: 0, stuck: true });
  });
});

describe('royal marriage: validation', () => {
  it('rejects a row not led by QH, a KH out of place, a short row and an oversized stock', () => {
    expect(tryApply(rm('QH 2C 4H'), [])).not.toBeInstanceOf(Error);
    expect(tryApply(rm('2C QH 4H'), [])).toBeInstanceOf(BadInput);
    const p = rm('QH 2C 4H', ['5S']) as unknown as Rm;
    expect(tryApply({ game: 'royal-marriage', ...p, stock: ['5S', 'KH'] }, [])).toBeInstanceOf(BadInput);
    expect(tryApply({ game: 'royal-marriage', ...p, stock: [], row: cards('QH 2C KH 4H 5S') }, [])).toBeInstanceOf(BadInput);
    expect(tryApply({ game: 'royal-marriage', ...p, row: ['QH'], discard: [...p.discard, '2C', '4H'] }, [])).toBeInstanceOf(BadInput);
    const d = deal('royal-marriage', 3) as unknown as Rm;
    expect(tryApply({ ...d, stock: ['KH', d.row[4]!, ...d.stock.slice(1)], row: d.row.slice(0, 4) }, [])).toBeInstanceOf(BadInput); // stock 48
    expect(tryApply({ ...d, row: [...d.row, 'QH'] }, [])).toBeInstanceOf(BadInput);
  });
});

describe('royal marriage: automatic moves', () => {
  it('makes none, safe or not', () => {
    const p = rm('QH 2C 4H 5S 2H', ['3D']);
    expect(autoSet(p, 'safe')).toEqual([]);
    expect(autoSet(p, 'all')).toEqual([]);
    const { rules, state } = parsePosition(p);
    expect(rules.autoMoves(state, 'off')).toEqual([]);
  });

  it('rightly so: a discard can turn a winnable position into a lost one (exhaustive search)', () => {
    // Discarding 9S (between 8D and KD) loses; 8D (between 8S and 9S) keeps the win.
    const p = rm('QH 8S 8D 9S KD', ['7S', 'KS', 'TS', '9H']);
    expect(moveSet(p)).toEqual(sortedJson([dis('8D'), dis('9S'), DEAL]));
    expect(winnableAfter(p)).toBe(true);
    expect(winnableAfter(p, [dis('9S')])).toBe(false);
  });
});
