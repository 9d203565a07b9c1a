/**
 * Golden deals: the exact opening of deals 1, 2 and 4294967295 of every game, written out once from
 * `npx solitaire deal GAME N` and checked against README.md "Deal numbers" (the independent
 * re-dealing below does that check in code). Deal numbers must give the same deal forever: if one
 * of these fails, every saved game and shared link of that game has changed.
 */
import { describe, expect, it } from 'vitest';
import { BadInput } from '../../src/engine/errors.ts';
import { deal } from '../../src/games/catalog.ts';
import { parseDealNumber } from '../../src/engine/play.ts';
import { fnv1a, Pcg32 } from '../../src/engine/rng.ts';

const GOLDEN: Record<string, Record<number, unknown>> = {
  'aces-up': {
    1: {"game":"aces-up","stock":["7S","TS","9D","6C","5H","AH","JD","JC","2H","8D","2C","3D","JH","4H","4D","TC","2S","KS","6S","6H","AC","7C","4S","QS","JS","5D","9S","7H","3C","KD","AD","TD","7D","QD","4C","2D","9H","5S","8S","QC","KC","AS","3S","6D","8C","TH","8H","QH"],"tableau":[["KH"],["5C"],["3H"],["9C"]],"discard":[]},
    2: {"game":"aces-up","stock":["6S","2S","9C","QH","4D","9D","KC","5S","KH","4C","5C","4S","7H","KS","AC","JD","9H","9S","AH","8C","6D","3C","5H","AS","8D","QS","QD","TS","QC","6H","JH","2C","5D","TC","JS","AD","3H","7C","8S","3D","TD","4H","2D","TH","6C","7S","JC","7D"],"tableau":[["3S"],["8H"],["2H"],["KD"]],"discard":[]},
    4294967295: {"game":"aces-up","stock":["8S","7D","TC","4C","QS","8D","KD","4D","TD","9D","QH","JD","7S","7C","7H","9C","3H","JC","6S","AH","2D","JS","TS","QD","3D","JH","2H","5H","AS","3S","9H","2C","KC","4H","9S","5C","QC","8H","6H","KS","6C","KH","3C","4S","TH","6D","5S","2S"],"tableau":[["AD"],["8C"],["AC"],["5D"]],"discard":[]},
  },
  'australian': {
    1: {"game":"australian","stock":["JH","8S","4D","JD","4S","JC","AS","5H","3H","5D","3S","QH","9C","QS","TH","3D","QD","2D","8D","4C","4H","JS","KC","8C"],"waste":[],"tableau":[["5S","7D","TC","3C"],["2S","2H","2C","AD"],["6H","9S","QC","AH"],["9D","KH","7C","5C"],["9H","7H","6S","6D"],["KS","6C","AC","8H"],["TD","7S","TS","KD"]],"foundations":[[],[],[],[]]},
    2: {"game":"australian","stock":["3H","5H","AH","4H","2C","8C","JC","QH","3S","9S","2H","JD","6S","6D","7S","QC","KS","AS","5D","8H","TC","TH","5C","7C"],"waste":[],"tableau":[["KD","AC","2D","KC"],["4S","8S","2S","9D"],["3C","QD","TD","6H"],["6C","7H","JH","5S"],["9H","AD","4D","7D"],["KH","3D","4C","QS"],["TS","9C","8D","JS"]],"foundations":[[],[],[],[]]},
    4294967295: {"game":"australian","stock":["9C","6D","3D","8H","4C","QH","AH","KS","9D","9H","8C","4S","5D","KD","QS","TD","2H","2S","QD","2C","TS","8S","7H","5H"],"waste":[],"tableau":[["JS","TH","7C","4H"],["7D","8D","6H","JC"],["KC","TC","5S","AC"],["3C","AS","JD","5C"],["AD","JH","2D","3S"],["9S","KH","QC","6S"],["6C","3H","7S","4D"]],"foundations":[[],[],[],[]]},
  },
  'aces-and-kings': {
    1: {"game":"aces-and-kings","stock":["7S","KH","3S","3S","4S","8H","6H","8C","8S","AD","7H","QC","KD","5H","AH","5D","4H","2C","TC","TH","TD","TH","3D","4C","9H","7S","8D","8D","4D","KH","7D","3H","JS","2H","3C","KD","7C","8C","JD","7D","TD","2S","5S","6C","2S","QS","2C","3C","AC","4S","AD","KS","8S","6S","AS","5C","QH","2H","7H","JD","4C","JC","2D","QC","KC","6D","4D","6D","JS","3H","2D","QD","9C"],"waste":["8H"],"reserve":[["9H","9D","5C","6C","QS","7C","JH","5H","AC","QD","5S","KS","JC"],["QH","5D","AS","6H","9D","TS","TC","AH","9S","3D","KC","JH","6S"]],"tableau":[["9C"],["TS"],["9S"],["4H"]],"up":[[],[],[],[]],"down":[[],[],[],[]]},
    2: {"game":"aces-and-kings","stock":["AH","3H","6S","2H","9H","AD","6C","6C","TH","4D","4S","TC","KH","5D","2D","9S","JS","9C","8S","5D","4C","QH","2H","JH","4D","4C","AC","TC","AD","8C","QD","AS","8C","8H","TD","6D","7D","4S","7H","4H","JD","QS","JH","5C","7S","6S","KH","7S","6D","KD","AS","3C","5S","AC","8D","7C","5H","9D","8D","3C","JD","8H","2D","9C","5S","JC","9D","JS","AH","3D","5C","TS","5H"],"waste":["3D"],"reserve":[["2S","7D","QD","3S","4H","2S","6H","KS","KD","7C","QH","3S","8S"],["3H","9S","9H","QS","QC","TH","KC","7H","QC","JC","2C","KS","TS"]],"tableau":[["6H"],["KC"],["TD"],["2C"]],"up":[[],[],[],[]],"down":[[],[],[],[]]},
    4294967295: {"game":"aces-and-kings","stock":["KC","7D","2C","9C","8D","KS","6S","AD","2S","2C","QC","6H","QS","JH","KS","4C","JS","5S","QC","5D","3S","8H","5C","2H","2H","5S","QH","KH","AC","9S","2D","5H","KH","8D","7C","QD","AS","7S","TH","4D","6S","4H","9D","8C","AH","5H","8H","TH","5C","9D","TD","8S","2D","AC","KC","KD","TC","JS","9H","3D","9S","3D","2S","8S","QS","JH","QH","6C","AS","7S","TS","TC","JD"],"waste":["6C"],"reserve":[["AD","6D","4D","JC","AH","7D","TS","JD","7H","3H","4C","7C","3H"],["3C","JC","3S","3C","TD","6D","4S","6H","9C","9H","KD","5D","4S"]],"tableau":[["7H"],["4H"],["QD"],["8C"]],"up":[[],[],[],[]],"down":[[],[],[],[]]},
  },
  'king-albert': {
    1: {"game":"king-albert","tableau":[["KH"],["JD","TH"],["5C","5D","7S"],["9C","JS","2H","3D"],["QD","5S","2C","6S","4S"],["8C","AS","8S","5H","6C","TD"],["3S","AC","TS","8D","2D","QC","2S"],["4H","9D","KD","4D","QH","4C","3C","JH"],["AD","7D","TC","7C","QS","JC","6D","8H","3H"]],"reserve":["9S","KC","KS","6H","AH","7H","9H"],"foundations":[[],[],[],[]]},
    2: {"game":"king-albert","tableau":[["8S"],["JC","5C"],["6D","JH","5D"],["2H","2D","TH","6S"],["AC","9C","9S","QH","3C"],["4S","QS","7D","3D","7H","6C"],["AD","4D","3H","KC","3S","6H","KD"],["5S","4H","AS","QD","JD","8H","5H","4C"],["2S","9H","KH","QC","TS","TD","2C","JS","KS"]],"reserve":["AH","TC","7S","7C","8C","8D","9D"],"foundations":[[],[],[],[]]},
    4294967295: {"game":"king-albert","tableau":[["5D"],["KH","AD"],["2C","7C","9D"],["7S","JS","7H","7D"],["9S","4H","8C","6C","AC"],["QC","TC","TH","4C","5H","3S"],["2S","3D","2D","3C","AH","8H","KD"],["2H","5S","5C","8D","KC","6D","8S","9H"],["3H","AS","6H","9C","JC","QH","JH","4D","6S"]],"reserve":["QD","QS","4S","JD","TS","TD","KS"],"foundations":[[],[],[],[]]},
  },
  'streets-and-alleys': {
    1: {"game":"streets-and-alleys","tableau":[["4C","JH","5H","8D","JD","9S","KC"],["4S","QD","6C","TS","JS","9C","KD"],["5D","4H","QC","2C","2H","9H","5S"],["7H","KH","AD","JC","7S","7D","6H"],["QS","2S","TC","8H","2D","QH"],["8C","TD","KS","3C","7C","6D"],["TH","9D","3D","3H","5C","AS"],["6S","4D","AH","AC","8S","3S"]],"foundations":[[],[],[],[]]},
    2: {"game":"streets-and-alleys","tableau":[["8C","9H","TH","JD","3C","8D","TS"],["5C","6C","8S","7C","2S","TD","2H"],["4S","6D","KC","AD","7H","JH","9C"],["KD","AS","4D","3D","3H","2D","5S"],["7D","TC","8H","4C","QS","2C"],["QH","3S","6S","4H","JC","QC"],["5H","5D","AH","JS","AC","KH"],["9D","KS","QD","7S","9S","6H"]],"foundations":[[],[],[],[]]},
    4294967295: {"game":"streets-and-alleys","tableau":[["4S","4H","AH","QD","JC","6D","TS"],["7D","AS","KS","5H","2S","4C","9C"],["3H","6H","QS","2H","7S","2D","6S"],["5D","5S","AC","JS","9S","AD","JD"],["8D","KC","4D","2C","9D","7C"],["TD","QC","8H","KH","8S","3C"],["KD","5C","JH","8C","7H","6C"],["3D","3S","QH","TC","9H","TH"]],"foundations":[[],[],[],[]]},
  },
  'royal-marriage': {
    1: {"game":"royal-marriage","stock":["KH","KD","TC","AC","2C","3S","JC","7S","JH","7C","8S","9C","4H","6C","QS","KS","AH","TH","4D","8C","QC","5H","QD","5S","6S","TD","AD","6D","5C","4C","5D","9S","JS","6H","3C","9H","9D","KC","3D","2D","4S","8D","2S","7D","7H","TS","AS"],"row":["QH","JD","3H","8H","2H"],"discard":[]},
    2: {"game":"royal-marriage","stock":["KH","TS","AH","AD","4C","TC","6D","5S","9D","7H","2H","2C","JH","9S","5H","AS","8H","4H","7S","QC","KS","8D","JS","KD","JC","QS","QD","TD","3S","7D","2S","3C","7C","8S","9H","2D","5D","4S","3D","KC","4D","6H","JD","9C","TH","5C","3H"],"row":["QH","6S","8C","AC","6C"],"discard":[]},
    4294967295: {"game":"royal-marriage","stock":["KH","5S","7C","9H","3D","KD","4D","2H","KS","5D","9D","JD","7H","6H","9S","3S","2D","8S","6D","7D","QC","TC","TD","6S","6C","4H","JH","4S","TH","3C","4C","7S","JS","8C","5H","8D","AC","3H","9C","AH","JC","KC","5C","8H","TS","AS","AD"],"row":["QH","2C","2S","QD","QS"],"discard":[]},
  },
};

const RANK_PAIRS_1 = {"game":"royal-marriage","stock":["KH","KD","TC","AC","2C","3S","JC","7S","JH","7C","8S","9C","4H","6C","QS","KS","AH","TH","4D","8C","QC","5H","QD","5S","6S","TD","AD","6D","5C","4C","5D","9S","JS","6H","3C","9H","9D","KC","3D","2D","4S","8D","2S","7D","7H","TS","AS"],"row":["QH","JD","3H","8H","2H"],"discard":[],"rankPairs":true};

describe('golden deals', () => {
  for (const [game, deals] of Object.entries(GOLDEN)) {
    for (const [n, expected] of Object.entries(deals)) {
      it(`${game} ${n}`, () => {
        expect(deal(game, Number(n))).toEqual(expected);
      });
    }
  }

  it('royal-marriage 1 with rank pairs deals the same cards and carries the option', () => {
    expect(deal('royal-marriage', 1, ['rankPairs'])).toEqual(RANK_PAIRS_1);
    expect({ ...RANK_PAIRS_1, rankPairs: undefined }).toEqual({ ...(GOLDEN['royal-marriage']![1] as object), rankPairs: undefined });
  });

  it('gives each game its own stream', () => {
    const firstCards = Object.keys(GOLDEN).map((g) => readmeOrder(g, 1).slice(0, 8).join(' '));
    expect(new Set(firstCards).size).toBe(6);
  });
});

describe('PCG32 and FNV-1a', () => {
  it('matches the pcg32-demo reference vector for seed 42, sequence 54', () => {
    const rng = new Pcg32(42, 54);
    const out = Array.from({ length: 6 }, () => rng.next());
    expect(out).toEqual([0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
  });

  it('matches the FNV-1a 32-bit reference vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('draws bounded numbers by rejection, like pcg32_boundedrand_r', () => {
    // With bound 3 the threshold is (2^32 - 3) % 3 = 1: only an output of 0 is rejected.
    const a = new Pcg32(7, 9);
    const b = new Pcg32(7, 9);
    for (let i = 0; i < 200; i++) {
      const bound = 1 + (i % 52);
      const threshold = (0x100000000 - bound) % bound;
      let r = b.next();
      while (r < threshold) r = b.next();
      expect(a.below(bound)).toBe(r % bound);
    }
  });
});

/** README's shuffle, written again from its text: Fisher–Yates over A♠ … K♣ (twice for two decks). */
function readmeOrder(game: string, n: number): string[] {
  const deck: string[] = [];
  const decks = game === 'aces-and-kings' ? 2 : 1;
  for (let d = 0; d < decks; d++) for (const s of 'SHDC') for (const r of 'A23456789TJQK') deck.push(r + s);
  const rng = new Pcg32(n, fnv1a(game));
  for (let i = deck.length - 1; i > 0; i--) {
    const bound = i + 1;
    const threshold = (0x100000000 - bound) % bound;
    let r = rng.next();
    while (r < threshold) r = rng.next();
    const j = r % bound;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

/** README's dealing, written again from its text. */
function readmeDeal(game: string, n: number): Record<string, unknown> {
  const c = readmeOrder(game, n);
  const stockFrom = (k: number): string[] => c.slice(k).reverse(); // card k on top: last element
  switch (game) {
    case 'aces-up':
      return { game, stock: stockFrom(4), tableau: [[c[0]], [c[1]], [c[2]], [c[3]]], discard: [] };
    case 'australian': {
      const tableau: string[][] = [[], [], [], [], [], [], []];
      for (let k = 0; k < 28; k++) tableau[k % 7]!.push(c[k]!);
      return { game, stock: stockFrom(28), waste: [], tableau, foundations: [[], [], [], []] };
    }
    case 'aces-and-kings':
      return {
        game,
        stock: stockFrom(31),
        waste: [c[30]],
        reserve: [c.slice(0, 13), c.slice(13, 26)],
        tableau: [[c[26]], [c[27]], [c[28]], [c[29]]],
        up: [[], [], [], []],
        down: [[], [], [], []],
      };
    case 'king-albert': {
      const tableau: string[][] = [];
      let k = 0;
      for (let col = 0; col < 9; col++) {
        tableau.push(c.slice(k, k + col + 1));
        k += col + 1;
      }
      return { game, tableau, reserve: c.slice(45), foundations: [[], [], [], []] };
    }
    case 'streets-and-alleys': {
      const tableau: string[][] = [[], [], [], [], [], [], [], []];
      for (const [k, card] of c.entries()) tableau[k % 8]!.push(card);
      return { game, tableau, foundations: [[], [], [], []] };
    }
    case 'royal-marriage': {
      const rest = c.filter((x) => x !== 'QH' && x !== 'KH');
      return { game, stock: ['KH', ...rest.slice(4).reverse()], row: ['QH', ...rest.slice(0, 4)], discard: [] };
    }
    default:
      throw new Error(game);
  }
}

describe('dealing order of README.md', () => {
  for (const game of Object.keys(GOLDEN)) {
    it(`${game} deals as README says`, () => {
      for (const n of [0, 1, 2, 3, 1000, 123456789, 4294967294, 4294967295]) expect(deal(game, n)).toEqual(readmeDeal(game, n));
    });
  }
});

describe('deal numbers', () => {
  it('run from 0 to 4294967295, whole numbers only', () => {
    for (const bad of [-1, 4294967296, 1.5, Number.NaN, 1e99, Number.POSITIVE_INFINITY]) {
      expect(() => deal('aces-up', bad)).toThrow(BadInput);
    }
    for (const bad of ['-1', '1e99', 'abc', '4294967296', '', '1.0', ' 1', '0x10', '99999999999']) {
      expect(() => parseDealNumber(bad)).toThrow(BadInput);
    }
    expect(parseDealNumber('0')).toBe(0);
    expect(parseDealNumber('4294967295')).toBe(4294967295);
    expect(parseDealNumber('007')).toBe(7);
  });
});
