/**
 * Perft-style tests pin move generation: the number of leaf positions (move sequences) and of
 * distinct positions (by a JSON key of the piles) at each depth, from deal 1 of every game and from
 * one mid-game position of every game (written out below). Depth 1 of deal 1 is checked by hand
 * (the move lists in DEAL1_BY_HAND, with the reasoning), and depth 2 of Aces Up as well; the rest
 * was computed once and pinned. A change here means the legal-move list changed: check the rules.
 */
import { describe, expect, it } from 'vitest';
import { parsePosition, deal, legalMoves, findGame } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { mv, sortedJson } from './helpers.ts';

/** Leaf count at `depth`, adding every leaf's key to `seen`. */
function perft(rules: GameRules, s: State, depth: number, seen: Set<string>): number {
  if (depth === 0) {
    seen.add(JSON.stringify(s.piles));
    return 1;
  }
  const list: number[] = [];
  rules.moves(s, list);
  let n = 0;
  for (const m of list) {
    rules.make(s, m);
    n += perft(rules, s, depth - 1, seen);
    rules.unmake(s, m);
  }
  return n;
}

/** [leaves, distinct positions] at depths 1 … counts.length. */
function table(rules: GameRules, start: State, depths: number): number[][] {
  const s = cloneState(start);
  const out: number[][] = [];
  for (let d = 1; d <= depths; d++) {
    const seen = new Set<string>();
    out.push([perft(rules, s, d, seen), seen.size]);
  }
  expect(s).toEqual(start); // make/unmake left the position as it was
  return out;
}

const dis = (from: string, card: string) => ({ type: 'discard', from, card });
const DEAL = { type: 'deal' };

/** The legal moves of deal 1 of each game, counted by hand from its opening (see golden.test.ts). */
const DEAL1_BY_HAND: Record<string, unknown[]> = {
  // Tops KH 5C 3H 9C: 5C goes on account of 9C, 3H of KH; no empty pile; the deal.
  'aces-up': [dis('tableau:1', '5C'), dis('tableau:2', '3H'), DEAL],
  // Tops 3C AD AH 5C 6D 8H KD: both aces home; 2C (with AD on it) onto 3C; 7H (with 6S 6D) onto 8H;
  // no 4C, 5D or QD in the columns, no empty column; the deal.
  australian: [
    mv('tableau:1', 'foundation:0', 'AD'),
    mv('tableau:2', 'foundation:0', 'AH'),
    mv('tableau:1', 'tableau:0', '2C'),
    mv('tableau:4', 'tableau:5', '7H'),
    DEAL,
  ],
  // Reserve tops JC 6S, tableau 9C TS 9S 4H, waste 8H: no ace, no king; only the deal.
  'aces-and-kings': [DEAL],
  // Tops KH TH 7S 3D 4S TD 2S JH 3H, reserve 9S KC KS 6H AH 7H 9H: 3D and 3H on 4S; 2S on 3D or
  // 3H; 9S on TH or TD; 6H on 7S; AH home or on 2S.
  'king-albert': [
    mv('tableau:3', 'tableau:4', '3D'),
    mv('tableau:8', 'tableau:4', '3H'),
    mv('tableau:6', 'tableau:3', '2S'),
    mv('tableau:6', 'tableau:8', '2S'),
    mv('reserve:0', 'tableau:1', '9S'),
    mv('reserve:0', 'tableau:5', '9S'),
    mv('reserve:3', 'tableau:2', '6H'),
    mv('reserve:4', 'foundation:0', 'AH'),
    mv('reserve:4', 'tableau:6', 'AH'),
  ],
  // Outer cards KC KD 5S 6H QH 6D AS 3S: AS home; 5S on 6H or 6D; QH on KC or KD.
  'streets-and-alleys': [
    mv('tableau:6', 'foundation:0', 'AS'),
    mv('tableau:2', 'tableau:3', '5S'),
    mv('tableau:2', 'tableau:5', '5S'),
    mv('tableau:4', 'tableau:0', 'QH'),
    mv('tableau:4', 'tableau:1', 'QH'),
  ],
  // Row QH JD 3H 8H 2H: QH..3H frame JD, QH..8H frame JD 3H, 3H..2H frame 8H; the deal.
  'royal-marriage': [
    { type: 'discard', from: 'row', cards: ['JD'] },
    { type: 'discard', from: 'row', cards: ['JD', '3H'] },
    { type: 'discard', from: 'row', cards: ['8H'] },
    DEAL,
  ],
};

/** Mid-game positions, reached from deals 2 … 6 by random play and written out. */
const MID: Record<string, Position> = {
  'aces-up': {"game":"aces-up","stock":["6S","AD","6C","4C","2S","QH","JH","7H","AC","3S","4D","8D","9H","TD","8C","3C","5C","6D","4H","KD","5S","7D","KS","8S","KH","TH","3H","JS","5D","7S","JC","JD","6H","9D","3D","TS","KC","QS","2H","QC","QD","2D","AH","8H","4S","TC","9C","AS"],"tableau":[["9S"],[],["5H"],["7C"]],"discard":["2C"]},
  'australian': {"game":"australian","stock":["3H","5H","AH","4H","2C","8C","JC","QH","3S","9S","2H","JD","6S","6D","7S","QC","KS","AS","5D","8H","TC","TH"],"waste":["7C","5C"],"tableau":[["KH","3D","4C","QS","JS","TS","9C"],[],["3C","QD","TD","6H"],["6C","7H","JH","5S","4S","8S","2S","9D","8D"],["9H","AD","4D","7D"],["KD","AC","2D"],["KC"]],"foundations":[[],[],[],[]]},
  'aces-and-kings': {"game":"aces-and-kings","stock":["4D","JD","AD","2D","7D","9S","9C","9H","TS","9S","9C","2D","3D","4H","9D","7C","7S","JC","5C","AD","7C","TC","6S","8H","QH","TD","KS","5H","TH","QC","6H","6C","2H","KD","AS","KC","3S","AC","QS","5D","3H","8S","KD","4D","5C","QD","6C","2S"],"waste":["8C","8S","2H","JH","8C","JS","TC","9H","6D","QS","3D","6H","7S","3C","QC"],"reserve":[["5D","4C","4S","5S","9D","TD","7H","7D","4H","QH","TH"],["4C","2S","8D","AH","3C","JH","KC","TS","3S","AS","6D","JD","5H"]],"tableau":[["8D"],["8H"],["7H"],["JC"]],"up":[["AH","2C","3H","4S","5S","6S"],["AC","2C"],[],[]],"down":[["KH","QD","JS"],["KH"],["KS"],[]]},
  'king-albert': {"game":"king-albert","tableau":[["9H","8C"],["5S"],["QC"],["6C","5D"],["3D","TS","7D","4S","9D"],["KD","8D","QS","6S","JS","6D","5C","4D","3C","2H","AC"],["8S","3S","4H","3H","7S","AH","6H"],["KS","4C","7C","5H","7H","TH","9C","9S"],["JH","8H","TD","TC","AS","KC","QD","2C","JC"]],"reserve":["2S",null,null,"JD","KH",null,"QH"],"foundations":[["AD","2D"],[],[],[]]},
  'streets-and-alleys': {"game":"streets-and-alleys","tableau":[["6S","4S","KC","5S","5D","9H"],["JD","6C","KH","6H","5C","4C","QC","JS","TC"],["2D","8D","2C"],["8S","5H","AD","QS","KD","3C","2S"],["TS","3D","9S","7H","8C","7C"],["4D","8H","9D","7S","6D"],["QH","JC","KS","QD","JH","TD"],["7D","9C","TH","4H","3S"]],"foundations":[["AS"],["AC"],["AH","2H","3H"],[]]},
  'royal-marriage': {"game":"royal-marriage","stock":["KH","7H","TD","2C","6D","3C","TC","2S","5S","3H","4D","9D","AH","4S","QD","6S","JH","5H","8S","KC","JD","2D","9H"],"row":["QH","5D","3S","AS","6C","7C","AD","8D","QS","2H","8H","4C","QC","8C","JC"],"discard":["6H","AC","JS","4H","KD","9C","KS","TH","9S","TS","7S","7D","3D","5C"]},
};

/** [leaves, distinct] at depths 1 … 5. */
const COUNTS: Record<string, { deal1: number[][]; mid: number[][] }> = {
  'aces-up': { deal1: [[3, 3], [13, 13], [50, 44], [187, 131], [676, 352]], mid: [[4, 4], [15, 13], [56, 39], [198, 104], [676, 283]] },
  'australian': { deal1: [[5, 5], [24, 15], [113, 35], [523, 73], [2381, 142]], mid: [[6, 6], [35, 21], [199, 54], [1104, 107], [5988, 175]] },
  'aces-and-kings': { deal1: [[1, 1], [1, 1], [1, 1], [1, 1], [1, 1]], mid: [[5, 5], [25, 19], [121, 59], [567, 189], [2481, 581]] },
  'king-albert': { deal1: [[9, 9], [70, 42], [483, 131], [3039, 306], [17739, 582]], mid: [[4, 4], [25, 18], [159, 59], [900, 158], [4793, 326]] },
  'streets-and-alleys': { deal1: [[5, 5], [26, 18], [130, 44], [598, 76], [2554, 96]], mid: [[7, 7], [49, 31], [337, 99], [2283, 268], [15277, 689]] },
  'royal-marriage': { deal1: [[4, 4], [13, 9], [31, 12], [62, 13], [125, 21]], mid: [[4, 4], [9, 6], [18, 7], [38, 10], [76, 12]] },
};

describe('perft: depth 1 of deal 1, by hand', () => {
  for (const [game, moves] of Object.entries(DEAL1_BY_HAND)) {
    it(game, () => {
      expect(sortedJson(legalMoves(deal(game, 1)))).toEqual(sortedJson(moves));
    });
  }

  it('aces-up depth 2, by hand: 5 after either discard (the other discard, 3 into the empty pile, the deal), 3 after the deal', () => {
    // After the deal the tops are QH 8H TH 8C: 8H (QH, TH) and TH (QH) may go; and the deal.
    const rules = findGame('aces-up')!;
    expect(table(rules, openingState(rules, 1), 2)[1]).toEqual([5 + 5 + 3, 13]);
  });
});

describe('perft: counts', () => {
  for (const game of Object.keys(COUNTS)) {
    const rules = findGame(game)!;
    it(`${game} from deal 1`, () => {
      expect(table(rules, openingState(rules, 1), 5)).toEqual(COUNTS[game]!.deal1);
    });
    it(`${game} from a mid-game position`, () => {
      expect(table(rules, parsePosition(MID[game]).state, 5)).toEqual(COUNTS[game]!.mid);
    });
  }

  it('aces-and-kings deal 1 deeper: its first nine moves are forced deals', () => {
    const rules = findGame('aces-and-kings')!;
    const s = openingState(rules, 1);
    const seen = new Set<string>();
    expect(perft(rules, s, 9, new Set())).toBe(1);
    expect([perft(rules, s, 10, seen), seen.size]).toEqual([2, 2]);
    expect(perft(rules, s, 12, new Set())).toBe(3);
  });
});
