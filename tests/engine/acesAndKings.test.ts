/** Aces and Kings: every rule of the seed document, from hand-made positions in the notation. */
import { describe, expect, it } from 'vitest';
import { BadInput, IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, deal, legalMoves, status } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { rankOf } from '../../src/engine/cards.ts';
import { cloneState, DEAL_MOVE, MOVE, move, moveFrom, moveTo, moveType, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { alongStoredLines, autoSet, CODES, cards, isRefused, missing, moveSet, mv, run, smallPosition, solvable, sortedJson, TestRng, tryApply } from './helpers.ts';

const DEAL = { type: 'deal' } as const;
const T = (i: number) => `tableau:${i}`;
const U = (i: number) => `up:${i}`;
const D = (i: number) => `down:${i}`;
const R = (i: number) => `reserve:${i}`;

interface Ak {
  stock: string[];
  waste: string[];
  reserve: string[][];
  tableau: string[][];
  up: string[][];
  down: string[][];
}

/** A down pile of one suit from the king, `n` cards long. */
const downRun = (suit: 'S' | 'H' | 'D' | 'C', n: number): string[] => run(suit, 13).reverse().slice(0, n);

/**
 * An Aces and Kings position: the cards not listed fill the reserves from below up to 13 each, then
 * go under the stock (or under the waste when `into` says so).
 */
function ak(p: Omit<Ak, 'stock' | 'waste'> & { stock?: string[]; waste?: string[] }, into: 'stock' | 'waste' = 'stock'): Position {
  const out: Ak = { stock: [], waste: [], ...p, reserve: p.reserve.map((r) => r.slice()) };
  const rest = missing(out as unknown as Record<string, unknown>, 2);
  for (const r of out.reserve) r.unshift(...rest.splice(0, 13 - r.length));
  out[into] = [...rest, ...out[into]];
  return { game: 'aces-and-kings', ...out };
}

// Up piles: A-5 spades, A-2 hearts, empty, A-4 clubs. Down piles: K-6 spades, K-J hearts, empty, empty.
const UP = [run('S', 5), run('H', 2), [], run('C', 4)];
const DOWN = [downRun('S', 8), downRun('H', 3), [], []];
const withStock = ak({ reserve: [['AD'], ['3C']], tableau: [['KC'], ['TS'], ['9D'], ['4H']], waste: ['QD'], up: UP, down: DOWN });
const noStock = ak({ reserve: [['AD'], ['3C']], tableau: [['KC'], [], ['9D'], []], waste: ['QD'], up: UP, down: DOWN }, 'waste');

describe('aces and kings: opening', () => {
  it('deals 2 reserves of 13, 4 tableau piles of 1, a waste of 1, a stock of 73', () => {
    for (const n of [0, 1, 31337, 4294967295]) {
      const p = deal('aces-and-kings', n) as unknown as Ak;
      expect(p.reserve.map((r) => r.length)).toEqual([13, 13]);
      expect(p.tableau.map((t) => t.length)).toEqual([1, 1, 1, 1]);
      expect(p.waste).toHaveLength(1);
      expect(p.stock).toHaveLength(73);
      expect(p.up).toEqual([[], [], [], []]);
      expect(p.down).toEqual([[], [], [], []]);
      const all = [...p.stock, ...p.waste, ...p.reserve.flat(), ...p.tableau.flat()].sort();
      expect(all).toEqual([...CODES, ...CODES].sort());
    }
  });
});

describe('aces and kings: with cards in the stock', () => {
  it('lists exactly the moves counted by hand', () => {
    expect((withStock as unknown as Ak).stock.length).toBeGreaterThan(0);
    expect(moveSet(withStock)).toEqual(
      sortedJson([
        mv(R(0), U(2), 'AD'), // an empty up pile takes any ace
        mv(R(1), U(1), '3C'), // up builds +1 whatever the suit
        mv(T(0), D(2), 'KC'), // an empty down pile takes any king
        mv(T(1), D(1), 'TS'), // down builds -1 whatever the suit
        mv(U(0), D(0), '5S'), // a foundation top to a pile building the other way
        mv(D(0), U(0), '6S'),
        DEAL,
      ]),
    );
  });

  it('puts nothing on a reserve or a tableau pile, and the waste top goes only to foundations', () => {
    expect(isRefused(withStock, mv(T(2), R(0), '9D'))).toBe(true);
    expect(isRefused(withStock, mv(T(2), T(1), '9D'))).toBe(true);
    expect(isRefused(withStock, mv(R(0), T(3), 'AD'))).toBe(true);
    expect(isRefused(withStock, mv('waste', D(1), 'QD'))).toBe(true); // down:1 wants a ten
    expect(isRefused(withStock, mv('waste', T(2), 'QD'))).toBe(true);
    expect(isRefused(withStock, mv(R(1), R(0), '3C'))).toBe(true);
    expect(isRefused(withStock, mv(U(1), U(2), '2H'))).toBe(true);
  });

  it('moves a foundation top only to a pile building the other way', () => {
    // 5S on up:0 would fit up:3 (at the four), but that pile builds the same way.
    expect(isRefused(withStock, mv(U(0), U(3), '5S'))).toBe(true);
    expect(isRefused(withStock, mv(U(0), D(0), '5S'))).toBe(false);
    expect(isRefused(withStock, mv(D(1), D(0), 'JH'))).toBe(true);
    expect(isRefused(withStock, mv(U(0), D(0), '4S'))).toBe(true); // not the top
    const after = applyMoves(withStock, [mv(D(0), U(0), '6S')]) as unknown as Ak;
    expect(after.up[0]).toEqual(run('S', 6));
    expect(after.down[0]).toEqual(downRun('S', 7));
  });

  it('only the reserve tops play', () => {
    const under = (withStock as unknown as Ak).reserve[0]!.at(-2)!;
    expect(isRefused(withStock, mv(R(0), U(2), under))).toBe(true);
  });

  it('an ace goes to any empty up pile, a king to any empty down pile, the lowest only listed', () => {
    expect(moveSet(withStock)).not.toContain(JSON.stringify(mv(T(0), D(3), 'KC')));
    const a = applyMoves(withStock, [mv(T(0), D(3), 'KC')]) as unknown as Ak;
    expect(a.down[3]).toEqual(['KC']);
    expect(isRefused(withStock, mv(R(0), U(2), 'AD'))).toBe(false);
    expect(isRefused(withStock, mv(T(3), U(2), '4H'))).toBe(true); // an empty up pile takes only an ace
    expect(isRefused(withStock, mv(T(1), D(2), 'TS'))).toBe(true); // an empty down pile takes only a king
  });

  it('refills an emptied tableau pile from the stock top within the same move', () => {
    const stock = (withStock as unknown as Ak).stock;
    const after = applyMoves(withStock, [mv(T(1), D(1), 'TS')]) as unknown as Ak;
    expect(after.tableau[1]).toEqual([stock.at(-1)]);
    expect(after.stock).toEqual(stock.slice(0, -1));
    expect(after.down[1]).toEqual(downRun('H', 3).concat('TS'));
  });

  it('deals one card to the waste, in a single pass', () => {
    const stock = (withStock as unknown as Ak).stock;
    const after = applyMoves(withStock, [DEAL]) as unknown as Ak;
    expect(after.waste).toEqual(['QD', stock.at(-1)]);
    expect(after.stock).toEqual(stock.slice(0, -1));
    const dealt = applyMoves(withStock, stock.map(() => DEAL)) as unknown as Ak;
    expect(dealt.stock).toEqual([]);
    expect(legalMoves(dealt).some((m) => m.type === 'deal')).toBe(false);
    expect(tryApply(dealt, [DEAL])).toBeInstanceOf(IllegalMove);
  });
});

describe('aces and kings: with the stock empty', () => {
  it('lists exactly the moves counted by hand', () => {
    expect(moveSet(noStock)).toEqual(
      sortedJson([
        mv('waste', T(1), 'QD'), // the lowest empty tableau pile takes the waste top,
        mv(R(0), U(2), 'AD'),
        mv(R(0), T(1), 'AD'), // a reserve top,
        mv(R(1), U(1), '3C'),
        mv(R(1), T(1), '3C'),
        mv(T(0), D(2), 'KC'),
        mv(U(0), D(0), '5S'),
        mv(U(0), T(1), '5S'), // or a foundation top
        mv(U(1), T(1), '2H'),
        mv(U(3), T(1), '4C'),
        mv(D(0), U(0), '6S'),
        mv(D(0), T(1), '6S'),
        mv(D(1), T(1), 'JH'),
      ]),
    );
  });

  it('never moves a tableau card to another tableau pile; any empty pile may be used', () => {
    expect(isRefused(noStock, mv(T(0), T(1), 'KC'))).toBe(true);
    expect(isRefused(noStock, mv(T(2), T(3), '9D'))).toBe(true);
    expect(isRefused(noStock, mv('waste', T(3), 'QD'))).toBe(false);
    const after = applyMoves(noStock, [mv('waste', T(3), 'QD')]) as unknown as Ak;
    expect(after.tableau).toEqual([['KC'], [], ['9D'], ['QD']]);
    // A tableau pile holds one card, and the card put there goes only to the foundations now.
    expect(isRefused(after, mv(R(0), T(3), 'AD'))).toBe(true);
    expect(isRefused(after, mv(T(3), T(1), 'QD'))).toBe(true);
  });

  it('leaves an emptied tableau pile empty', () => {
    const after = applyMoves(noStock, [mv(T(0), D(2), 'KC')]) as unknown as Ak;
    expect(after.tableau).toEqual([[], [], ['9D'], []]);
    expect(after.down[2]).toEqual(['KC']);
  });

  it('is won with all 104 on the foundations', () => {
    const full = (s: 'S' | 'H' | 'D' | 'C') => run(s, 13);
    const won: Ak = { stock: [], waste: [], reserve: [[], []], tableau: [[], [], [], []], up: [full('S'), full('H'), full('D'), full('C')], down: [downRun('C', 13), downRun('D', 13), downRun('H', 13), downRun('S', 13)] };
    // Won; the foundation tops may still go to the empty tableau piles (the stock is out): 8 moves.
    expect(status({ game: 'aces-and-kings', ...won })).toMatchObject({ won: true, legalMoves: 8, foundations: 104, deadEnd: false });
    const almost = { ...won, tableau: [[], [], ['AS'], []], down: [downRun('C', 13), downRun('D', 13), downRun('H', 13), downRun('S', 12)] };
    expect(status({ game: 'aces-and-kings', ...almost })).toMatchObject({ won: false, foundations: 103 });
    expect(status(applyMoves({ game: 'aces-and-kings', ...almost }, [mv(T(2), D(3), 'AS')])).won).toBe(true);
  });
});

describe('aces and kings: dead ends', () => {
  // Spades: up:0 at the five (wants a six) and down:0 at the eight (wants a seven); every other
  // foundation is complete. The 15 spades left are blocked: no reserve, waste or tableau card fits,
  // no foundation top fits another foundation and no tableau pile is empty.
  const dead: Position = {
    game: 'aces-and-kings',
    stock: [],
    waste: ['9S'],
    reserve: [cards('6S 6S 7S 7S AS'), cards('2S 3S 4S 5S 8S')],
    tableau: [['KS'], ['QS'], ['JS'], ['TS']],
    up: [run('S', 5), run('H', 13), run('D', 13), run('C', 13)],
    down: [downRun('S', 6), downRun('H', 13), downRun('D', 13), downRun('C', 13)],
  };

  it('reports a dead end when no card can ever leave a reserve or the waste', () => {
    expect(status(dead)).toMatchObject({ won: false, deadEnd: true, legalMoves: 0, stuck: true });
  });

  it('does not report one while the stock has cards', () => {
    expect(status(withStock)).toMatchObject({ deadEnd: false });
    const { rules, state } = parsePosition(withStock);
    expect(rules.deadEnd(state)).toBe(false);
  });

  it('is not dead when shuttling between foundations lets a reserve card go', () => {
    // up:0 at the five and down:0 at the six trade cards: 6S, 7S, 8S go up, then 9S fits.
    const p: Position = {
      ...dead,
      waste: [],
      reserve: [cards('AS 2S 3S 4S 5S 9S'), cards('6S 7S 8S')],
      down: [downRun('S', 8), downRun('H', 13), downRun('D', 13), downRun('C', 13)],
    };
    expect(sortedJson(legalMoves(p))).toEqual(sortedJson([mv(U(0), D(0), '5S'), mv(D(0), U(0), '6S')]));
    expect(status(p)).toMatchObject({ deadEnd: false, stuck: false });
    const { rules, state } = parsePosition(p);
    expect(solvable(rules, state)).toBe(true);
  });

  it('is not dead when an empty tableau pile can take a reserve card', () => {
    const p: Position = { ...dead, tableau: [['KS'], ['QS'], ['JS'], []], waste: ['TS', '9S'] };
    expect(status(p)).toMatchObject({ deadEnd: false });
  });

  it('agrees with an exhaustive search on small positions', () => {
    let dead = 0;
    let alive = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const p = nearDeadEnd(seed);
      const { rules, state } = parsePosition(p);
      const verdict = rules.deadEnd(state);
      expect({ seed, verdict }).toEqual({ seed, verdict: definitionDeadEnd(state, rules) });
      if (verdict) {
        dead++;
        expect(solvable(rules, state)).toBe(false);
      } else alive++;
    }
    expect(dead).toBeGreaterThan(10);
    expect(alive).toBeGreaterThan(10);
  });
});

/**
 * A random position with the stock out where only spades are left: up:0 and down:0 at random
 * heights, every other foundation complete, the spades left dealt at random to the tableau
 * (sometimes leaving a pile empty), the reserves and the waste.
 */
function nearDeadEnd(seed: number): Position {
  const rng = new TestRng(seed);
  let hu = 0;
  let hd = 0;
  do {
    hu = rng.int(13);
    hd = rng.int(13);
  } while (26 - hu - hd < 5 || 26 - hu - hd > 20);
  const up = [run('S', hu), run('H', 13), run('D', 13), run('C', 13)];
  const down = [downRun('S', hd), downRun('H', 13), downRun('D', 13), downRun('C', 13)];
  const left = rng.shuffle(missing({ up, down }, 2));
  const tableau = [0, 1, 2, 3].map(() => (rng.int(16) === 0 ? [] : [left.pop()!]));
  const reserve: string[][] = [[], []];
  const waste: string[] = [];
  for (const c of left) {
    const r = rng.int(3);
    if (r < 2 && reserve[r]!.length < 13) reserve[r]!.push(c);
    else waste.push(c);
  }
  return { game: 'aces-and-kings', stock: [], waste, reserve, tableau, up, down };
}

/**
 * The dead-end definition, searched independently: the stock is empty, the game is not won, and no
 * position reachable by moves of tableau and foundation cards is won or lets a reserve or waste card move.
 */
function definitionDeadEnd(start: State, rules: ReturnType<typeof parsePosition>['rules']): boolean {
  const firstTableau = rules.piles.findIndex((p) => p.kind === 'tableau');
  if (start.piles[0]!.length > 0) return false;
  const seen = new Set<string>();
  const queue: State[] = [cloneState(start)];
  while (queue.length) {
    const s = queue.shift()!;
    const k = JSON.stringify(s.piles);
    if (seen.has(k)) continue;
    seen.add(k);
    if (rules.isWon(s)) return false;
    const list: number[] = [];
    rules.moves(s, list);
    for (const m of list) {
      const from = (m >> 2) & 63;
      if (from < firstTableau) return false;
      const next = cloneState(s);
      rules.make(next, m);
      queue.push(next);
    }
  }
  return true;
}

describe('aces and kings: validation', () => {
  const p = withStock as unknown as Ak;
  const bad = (change: Partial<Ak>) => tryApply({ game: 'aces-and-kings', ...p, ...change }, []);
  it('accepts the hand-made positions', () => {
    expect(bad({})).not.toBeInstanceOf(Error);
    expect(tryApply(noStock, [])).not.toBeInstanceOf(Error);
  });
  it('wants every card exactly twice', () => {
    expect(bad({ waste: ['QD', 'QD'], stock: p.stock.slice(1) })).toBeInstanceOf(BadInput); // a third QD
    expect(bad({ waste: [] })).toBeInstanceOf(BadInput); // a QD missing
  });
  it('rejects a tableau pile of two, an empty one while the stock has cards, and too many cards', () => {
    expect(bad({ tableau: [['KC', 'TS'], ['QD'], ['9D'], ['4H']], waste: [] })).toBeInstanceOf(BadInput);
    expect(bad({ tableau: [['KC'], [], ['9D'], ['4H']], waste: ['QD', 'TS'] })).toBeInstanceOf(BadInput);
    expect(bad({ reserve: [[...p.reserve[0]!, 'QD'], p.reserve[1]!], waste: [] })).toBeInstanceOf(BadInput);
    // From the opening (stock 73, waste 1): a stock of 74, and 75 cards in stock and waste together.
    const d = deal('aces-and-kings', 1) as unknown as Ak;
    expect(tryApply({ ...d }, [])).not.toBeInstanceOf(Error);
    expect(tryApply({ ...d, stock: [...d.waste, ...d.stock], waste: [] }, [])).toBeInstanceOf(BadInput);
    const r0 = d.reserve[0]!;
    expect(tryApply({ ...d, reserve: [r0.slice(0, -1), d.reserve[1]], waste: [...d.waste, r0.at(-1)] }, [])).toBeInstanceOf(BadInput);
    expect(tryApply({ ...d, reserve: [r0.slice(0, -1), d.reserve[1]], stock: [r0.at(-1), ...d.stock] }, [])).toBeInstanceOf(BadInput);
  });
  it('checks that up piles build from the ace and down piles from the king, suits ignored', () => {
    const mixed = ak({ reserve: [[], []], tableau: [['KC'], ['TS'], ['9D'], ['4H']], up: [cards('AS 2H 3D'), [], [], []], down: [cards('KC QD'), [], [], []] });
    expect(tryApply(mixed, [])).not.toBeInstanceOf(Error);
    expect(tryApply(ak({ reserve: [[], []], tableau: [['KC'], ['TS'], ['9D'], ['4H']], up: [cards('2S 3S'), [], [], []], down: [[], [], [], []] }), [])).toBeInstanceOf(BadInput);
    expect(tryApply(ak({ reserve: [[], []], tableau: [['KC'], ['TS'], ['9D'], ['4H']], up: [[], [], [], []], down: [cards('QS JS'), [], [], []] }), [])).toBeInstanceOf(BadInput);
    expect(tryApply(ak({ reserve: [[], []], tableau: [['KC'], ['TS'], ['9D'], ['4H']], up: [cards('AS 3S'), [], [], []], down: [[], [], [], []] }), [])).toBeInstanceOf(BadInput);
  });
});

describe('aces and kings: automatic moves', () => {
  it("has no 'safe' moves; 'all' is every reserve, waste and tableau card that fits a foundation", () => {
    expect(autoSet(withStock, 'safe')).toEqual([]);
    expect(autoSet(noStock, 'safe')).toEqual([]);
    expect(autoSet(withStock, 'all')).toEqual(sortedJson([mv(R(0), U(2), 'AD'), mv(R(1), U(1), '3C'), mv(T(0), D(2), 'KC'), mv(T(1), D(1), 'TS')]));
    for (let seed = 1; seed <= 30; seed++) expect(autoSet(smallPosition('aces-and-kings', seed, 10), 'safe')).toEqual([]);
  });
});

describe('aces and kings: the move list', () => {
  // Pile indices (checked below): stock, waste, two reserves, four tableau piles, four ups, four downs.
  const [WASTE, T0, UP0, DOWN0] = [1, 4, 8, 12];

  /** The foundations `first … first+3` that take rank `r` (an up pile of n cards takes n+1, a down pile 13-n), in order, the first empty one only. */
  function taking(s: State, r: number, first: number): number[] {
    const size = (f: number) => s.piles[f]!.length;
    const fits = [0, 1, 2, 3].map((k) => first + k).filter((f) => size(f) < 13 && (f < DOWN0 ? size(f) + 1 : 13 - size(f)) === r);
    const firstEmpty = fits.find((f) => size(f) === 0);
    return fits.filter((f) => size(f) > 0 || f === firstEmpty);
  }

  /** The moves by a plain scan, in its order. */
  function scan(s: State): number[] {
    const out: number[] = [];
    const stockEmpty = !s.piles[0]!.length;
    let empty = -1;
    for (let t = T0; t < T0 + 4 && stockEmpty; t++) if (empty < 0 && !s.piles[t]!.length) empty = t;
    for (let from = WASTE; from < T0 + 4; from++) {
      const p = s.piles[from]!;
      if (!p.length) continue;
      const r = rankOf(p.at(-1)!);
      for (const f of [...taking(s, r, UP0), ...taking(s, r, DOWN0)]) out.push(move(from, f));
      if (empty >= 0 && from < T0) out.push(move(from, empty));
    }
    for (let f = UP0; f < DOWN0 + 4; f++) {
      const n = s.piles[f]!.length;
      if (!n) continue;
      for (const g of taking(s, f < DOWN0 ? n : 14 - n, f < DOWN0 ? DOWN0 : UP0)) out.push(move(f, g));
      if (empty >= 0) out.push(move(f, empty));
    }
    if (!stockEmpty) out.push(DEAL_MOVE);
    return out;
  }

  it('is the plain scan, move for move and in its order, along stored winning lines (and so is auto-collect)', () => {
    expect(findGame('aces-and-kings')!.piles.map((p) => p.kind)).toEqual(['stock', 'waste', 'reserve', 'reserve', ...Array(4).fill('tableau'), ...Array(4).fill('up'), ...Array(4).fill('down')]);
    let betweenFoundations = 0;
    let ontoEmptyFoundation = 0;
    let intoEmptyTableau = 0;
    const positions = alongStoredLines('aces-and-kings', 30, (rules, s) => {
      const moves: number[] = [];
      rules.moves(s, moves);
      expect(moves).toEqual(scan(s));
      // 'all' auto-collect reads the same foundations: the scan's moves of a reserve, waste or tableau card home.
      expect(rules.autoMoves(s, 'all')).toEqual(scan(s).filter((m) => moveType(m) === MOVE && moveFrom(m) < UP0 && moveTo(m) >= UP0));
      for (const m of moves) {
        if (moveType(m) !== MOVE) continue;
        if (moveFrom(m) >= UP0 && moveTo(m) >= UP0) betweenFoundations++;
        if (moveTo(m) >= UP0 && !s.piles[moveTo(m)]!.length) ontoEmptyFoundation++;
        if (moveTo(m) >= T0 && moveTo(m) < UP0) intoEmptyTableau++;
      }
    });
    // Each kind of move the list makes came up, many times.
    expect(positions).toBeGreaterThan(3000);
    expect(betweenFoundations).toBeGreaterThan(100);
    expect(ontoEmptyFoundation).toBeGreaterThan(100);
    expect(intoEmptyTableau).toBeGreaterThan(100);
  });
});
