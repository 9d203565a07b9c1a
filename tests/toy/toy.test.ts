/**
 * The extension point, tested with a seventh game that only the tests know (Toy Towers,
 * toyGame.ts): after its one registration call it goes through the catalog, the notation, the CLI's
 * verbs (in-process), the solver, the engine's anatomy and the layout like the six. The legal moves
 * are checked against a second move generator written here from the rules' words over positions in
 * the notation, and the solver against plain exhaustive search.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.ts';
import { anatomy, isHome, picks } from '../../src/engine/anatomy.ts';
import { formatCard, parseCard, rankOf, suitOf } from '../../src/engine/cards.ts';
import { BadInput, IllegalMove } from '../../src/engine/errors.ts';
import { attachHashes } from '../../src/engine/hash.ts';
import { formatPosition, type MoveJson, type Position } from '../../src/engine/notation.ts';
import { legalList, openingState, targetsOf } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { applyMoves, deal, findGame, GAME_IDS, isGameId, legalMoves, parsePosition, rulesFor, status } from '../../src/games/catalog.ts';
import { layoutTable, type PileRef, type Rect, type TableLayout } from '../../src/render/layout.ts';
import { lineToJson, solvePosition } from '../../src/solver/run.ts';
import { solve } from '../../src/solver/search.ts';
import { xorshift } from '../../src/solver/xorshift.ts';
import { SCREEN_LIST } from '../screens.ts';
import { plainRules } from '../solver/plain.ts';
import { registerToy, toy } from './toyGame.ts';

registerToy();

const ID = 'toy-towers';

/** A position of the toy in the notation, as the tests read it. */
interface ToyPosition {
  game: string;
  tableau: string[][];
  foundations: string[][];
}

const asToy = (p: Position): ToyPosition => p as unknown as ToyPosition;

/** Positions along a random playout of deal `n` (every one), preferring foundation moves with probability `prefer`. */
function playout(n: number, seed: number, plies = 200, prefer = 0.5): State[] {
  const rnd = xorshift(seed);
  const s = openingState(toy, n);
  const out = [cloneState(s)];
  for (let k = 0; k < plies; k++) {
    const home = toy.autoMoves(s, 'all');
    const list = home.length && rnd() < prefer ? home : legalList(toy, s);
    if (!list.length) break;
    toy.make(s, list[Math.floor(rnd() * list.length)]!);
    out.push(cloneState(s));
  }
  return out;
}

/**
 * A position with `left` cards still to go home, spread over the towers at random (some towers
 * empty, some crowded; with `packed`, none empty); the rest on the foundations, each suit to a random height. Any such
 * position is valid: towers take cards in any order by building and by empty towers.
 */
function scattered(seed: number, left: number, packed = false): State {
  const rnd = xorshift(seed);
  const heights = [13, 13, 13, 13];
  for (let k = 0; k < left; k++) {
    const open = [0, 1, 2, 3].filter((suit) => heights[suit]! > 0);
    heights[open[Math.floor(rnd() * open.length)]!]!--;
  }
  const rest: number[] = [];
  const piles: number[][] = Array.from({ length: 17 }, () => []);
  heights.forEach((h, suit) => {
    for (let r = 1; r <= 13; r++) (r <= h ? piles[13 + suit]! : rest).push(suit * 13 + r - 1);
  });
  // Packed: every tower gets a card before any gets a second (at least 13 cards left).
  const shuffle = (a: number[]): void => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
  };
  shuffle(rest);
  rest.forEach((c, k) => {
    piles[packed && k < 13 ? k : Math.floor(rnd() * 13)]!.push(c);
  });
  for (const t of piles.slice(0, 13)) shuffle(t);
  return { piles, flags: 0 };
}

/** Scattered positions of 4 … 40 cards left, `count` of them. */
const scatteredMany = (count: number, from = 1): State[] => Array.from({ length: count }, (_, i) => scattered(from + i, 4 + ((7 * i) % 37)));

/**
 * The legal moves of a position in the notation, from the rules' words alone: a tower's top card
 * goes to the foundation of its suit holding the rank below (an ace to the lowest empty one), onto
 * another tower's top card of its suit one rank higher, or into the lowest empty tower.
 */
function movesFromTheRules(p: ToyPosition): string[] {
  const out: string[] = [];
  const emptyTower = p.tableau.findIndex((t) => t.length === 0);
  const emptyFoundation = p.foundations.findIndex((f) => f.length === 0);
  p.tableau.forEach((tower, from) => {
    const code = tower.at(-1);
    if (code === undefined) return;
    const c = parseCard(code)!;
    const home = rankOf(c) === 1 ? emptyFoundation : p.foundations.findIndex((f) => f.length > 0 && parseCard(f.at(-1))! === c - 1);
    const line = (to: string): string => JSON.stringify({ type: 'move', from: `tableau:${from}`, to, card: code });
    if (home >= 0) out.push(line(`foundation:${home}`));
    p.tableau.forEach((other, to) => {
      const t = other.at(-1);
      if (to === from || t === undefined) return;
      const d = parseCard(t)!;
      if (suitOf(d) === suitOf(c) && rankOf(d) === rankOf(c) + 1) out.push(line(`tableau:${to}`));
    });
    if (emptyTower >= 0) out.push(line(`tableau:${emptyTower}`));
  });
  return out.sort();
}

const sorted = (moves: readonly MoveJson[]): string[] => moves.map((m) => JSON.stringify(m)).sort();

describe('the catalog', () => {
  it('finds the toy after its one registration, which may run twice', () => {
    expect(registerToy()).toBe(toy);
    expect(findGame(ID)).toBe(toy);
    expect(rulesFor(ID)).toBe(toy);
    // The six stay the six: the toy is a registered game, not a menu entry.
    expect(GAME_IDS).not.toContain(ID);
    expect(isGameId(ID)).toBe(false);
  });

  it('names the toy among the games when a game is unknown', () => {
    expect(() => rulesFor('no-such-game')).toThrow(BadInput);
    let message = '';
    try {
      rulesFor('no-such-game');
    } catch (e) {
      message = (e as Error).message;
    }
    for (const id of [...GAME_IDS, ID]) expect(message).toContain(id);
  });
});

describe('the notation', () => {
  it('deals thirteen towers of four, every card once, the same deal for the same number', () => {
    const p = asToy(deal(ID, 5));
    expect(p.game).toBe(ID);
    expect(p.tableau.map((t) => t.length)).toEqual(new Array(13).fill(4));
    expect(p.foundations).toEqual([[], [], [], []]);
    expect(new Set(p.tableau.flat()).size).toBe(52);
    expect(deal(ID, 5)).toEqual(p);
    expect(deal(ID, 6)).not.toEqual(p);
  });

  it('parses and formats a position as the identity', () => {
    for (const s of playout(3, 11).filter((_, i) => i % 7 === 0)) {
      const p = formatPosition(toy, s);
      const { rules, state } = parsePosition(p);
      expect(rules).toBe(toy);
      expect(state.piles).toEqual(s.piles);
      expect(formatPosition(rules, state)).toEqual(p);
    }
  });

  it('rejects what could not arise in play as bad input, naming the problem', () => {
    const p = asToy(deal(ID, 8));
    const towers = p.tableau.map((t) => t.slice());
    const withoutTwo = towers.map((t) => t.filter((c) => c !== '2S'));
    const bad: [unknown, RegExp][] = [
      [{ ...p, tableau: towers.slice(1) }, /13 piles/],
      [{ ...p, tableau: [[...towers[0]!, towers[1]![0]!], ...towers.slice(1)] }, /appears 2 times/],
      [{ ...p, tableau: [['ZZ'], ...towers.slice(1)] }, /unknown card/],
      [{ game: ID, tableau: towers }, /missing field "foundations"/],
      [{ ...p, extra: [] }, /unknown field/],
      // The two of spades home without its ace.
      [{ ...p, tableau: withoutTwo, foundations: [['2S'], [], [], []] }, /foundation:0 is not a run/],
      [{ ...p, game: 'toy-tower' }, /unknown game/],
    ];
    for (const [input, message] of bad) {
      expect(() => parsePosition(input)).toThrow(BadInput);
      expect(() => parsePosition(input)).toThrow(message);
    }
  });

  it('lists exactly the moves the rules allow, along random playouts and in scattered positions', () => {
    let positions = 0;
    let withEmptyTower = 0;
    for (const states of [playout(1, 1), playout(2, 2), playout(9, 3), playout(21, 4), scatteredMany(60)]) {
      for (const s of states) {
        const p = formatPosition(toy, s);
        expect(sorted(legalMoves(p)), JSON.stringify(p)).toEqual(movesFromTheRules(asToy(p)));
        positions++;
        if (s.piles.slice(0, 13).some((t) => t.length === 0)) withEmptyTower++;
      }
    }
    expect(positions).toBeGreaterThan(40);
    expect(withEmptyTower).toBeGreaterThan(5);
  });

  it('applies moves, refuses forbidden ones and reports status', () => {
    // A deal with a move to play.
    const n = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => legalMoves(deal(ID, k)).length > 0)!;
    const p = asToy(deal(ID, n));
    const [m] = legalMoves(p) as [Extract<MoveJson, { type: 'move' }>];
    const after = asToy(applyMoves(p, [m]));
    const [fromKind, fromIndex] = m.from.split(':') as [string, string];
    const [toKind, toIndex] = m.to.split(':') as [string, string];
    const field = (q: ToyPosition, kind: string): string[][] => (kind === 'tableau' ? q.tableau : q.foundations);
    expect(field(after, fromKind)[Number(fromIndex)]).toEqual(field(p, fromKind)[Number(fromIndex)]!.slice(0, -1));
    expect(field(after, toKind)[Number(toIndex)]!.at(-1)).toBe(m.card);
    // A card that is not on top, a deal (the toy has no stock), a malformed move.
    const buried = p.tableau[0]![0]!;
    expect(() => applyMoves(p, [{ type: 'move', from: 'tableau:0', to: 'tableau:1', card: buried }])).toThrow(IllegalMove);
    expect(() => applyMoves(p, [{ type: 'deal' }])).toThrow(IllegalMove);
    expect(() => applyMoves(p, [{ type: 'move', from: 'tableau:99', to: 'tableau:1', card: buried }])).toThrow(BadInput);
    // Status counts what the position holds.
    const st = status(after);
    expect(st.won).toBe(false);
    expect(st.legalMoves).toBe(legalMoves(after).length);
    expect(st.foundations).toBe(after.foundations.flat().length);
    expect(st.stock).toBeUndefined();
  });

  it('reports a won position and a stuck one', () => {
    const won = { game: ID, tableau: new Array(13).fill([]), foundations: [0, 1, 2, 3].map((suit) => Array.from({ length: 13 }, (_, r) => formatCard(suit * 13 + r))) };
    expect(status(won)).toMatchObject({ won: true, legalMoves: 0, stuck: false, foundations: 52 });
    // Tops with no ace and no two of a suit one rank apart, every tower full: no move at all.
    const tops = ['3S', '5S', '7S', '9S', 'JS', 'KS', '3H', '5H', '7H', '9H', 'JH', 'KH', 'KD'];
    const rest = Array.from({ length: 52 }, (_, c) => formatCard(c)).filter((c) => !tops.includes(c));
    const stuck = { game: ID, tableau: tops.map((t, i) => [...rest.slice(3 * i, 3 * i + 3), t]), foundations: [[], [], [], []] };
    expect(movesFromTheRules(stuck)).toEqual([]);
    expect(status(stuck)).toMatchObject({ won: false, legalMoves: 0, stuck: true, deadEnd: true });
  });
});

describe('the engine contract', () => {
  it('undoes every move exactly, keeps the 52 cards and keeps pile hashes as computed from scratch', () => {
    for (const s of [...playout(4, 5), ...scatteredMany(20)]) {
      attachHashes(s);
      const before = JSON.stringify(s.piles);
      const h = Array.from(s.hash!.h);
      for (const m of legalList(toy, s)) {
        expect(toy.isLegal(s, m)).toBe(true);
        toy.make(s, m);
        expect(s.piles.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, c) => c));
        const fresh = cloneState(s);
        attachHashes(fresh);
        expect(Array.from(s.hash!.h)).toEqual(Array.from(fresh.hash!.h));
        toy.unmake(s, m);
        expect(JSON.stringify(s.piles)).toBe(before);
        expect(Array.from(s.hash!.h)).toEqual(h);
      }
    }
  });

  it('gives equal keys equal hashes, towers in any order, and hashAfter equal to make then hash', () => {
    const hashOf = (s: State): number[] => {
      const t = cloneState(s);
      attachHashes(t);
      const out = new Int32Array(2);
      toy.hash(t, out);
      return Array.from(out);
    };
    for (const s of [...playout(6, 9), ...scatteredMany(20, 50)]) {
      const turned: State = { piles: [...s.piles.slice(0, 13).reverse(), ...s.piles.slice(13)], flags: 0 };
      expect(toy.key(turned)).toBe(toy.key(s));
      expect(hashOf(turned)).toEqual(hashOf(s));
      const t = cloneState(s);
      attachHashes(t);
      for (const m of legalList(toy, t)) {
        const out = new Int32Array(2);
        toy.hash(t, out);
        expect(toy.hashAfter!(t, m, out)).toBe(true);
        toy.make(t, m);
        expect(Array.from(out)).toEqual(hashOf(t));
        toy.unmake(t, m);
      }
    }
  });

  it('moves only to a foundation by itself, and only where the move is legal', () => {
    for (const s of [...playout(7, 3), ...scatteredMany(30, 80)]) {
      const auto = toy.autoMoves(s, 'safe');
      expect(auto).toEqual(toy.autoMoves(s, 'all'));
      expect(toy.autoMoves(s, 'off')).toEqual([]);
      for (const m of auto) {
        expect(legalList(toy, s)).toContain(m);
        expect(isHome(toy, anatomy(toy, s, m).to)).toBe(true);
      }
      expect(toy.forcedMove!(s)).toBe(auto[0] ?? -1);
    }
  });
});

describe('the anatomy of its moves', () => {
  it('names the card a move takes and where it lands, and taps find every move', () => {
    let checked = 0;
    for (const s of [...playout(12, 8), ...scatteredMany(20, 120)]) {
      for (const m of legalList(toy, s)) {
        const a = anatomy(toy, s, m);
        const after = cloneState(s);
        toy.make(after, m);
        expect(a.count).toBe(1);
        expect(a.first).toBe(s.piles[a.from]!.length - 1);
        expect(after.piles[a.from]!.length).toBe(s.piles[a.from]!.length - 1);
        expect(after.piles[a.to]![a.place]).toBe(s.piles[a.from]![a.first]);
        expect(picks(toy, s, m, a.from, a.first)).toBe(true);
        const targets = targetsOf(toy, s, a.from, a.first);
        expect(targets).toContain(m);
        // A foundation comes first among a card's targets.
        const homeAt = targets.findIndex((t) => isHome(toy, anatomy(toy, s, t).to));
        expect(homeAt === -1 || homeAt === 0).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

/** Deals 1–30, solved once with the default search. */
const verdicts = Array.from({ length: 30 }, (_, i) => {
  const n = i + 1;
  const position = deal(ID, n);
  const { state } = parsePosition(position);
  return { n, position, state, result: solve(toy, state, { maxNodes: 200_000 }) };
});

describe('the solver', () => {
  it('decides every one of deals 1–30, winning some and proving others lost', () => {
    const won = verdicts.filter((v) => v.result.result === 'won');
    const lost = verdicts.filter((v) => v.result.result === 'lost');
    expect(won.length + lost.length).toBe(verdicts.length);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
  });

  it('gives winning lines that replay to a win through the notation', () => {
    for (const v of verdicts.filter((x) => x.result.result === 'won')) {
      const line = lineToJson(toy, v.state, v.result.moves);
      let p: Position = v.position;
      for (const m of line) {
        expect(sorted(legalMoves(p))).toContain(JSON.stringify(m));
        p = applyMoves(p, [m]);
      }
      expect(status(p).won, `deal ${v.n}`).toBe(true);
      expect(asToy(p).foundations.flat()).toHaveLength(52);
    }
  });

  it('agrees with plain exhaustive search on the deals plain search can finish', () => {
    const plain = plainRules(toy);
    const compared = { won: 0, lost: 0 };
    for (const v of verdicts) {
      const r = solve(plain, v.state, { maxNodes: 100_000 });
      if (r.result === 'unknown') continue;
      expect(r.result, `deal ${v.n}`).toBe(v.result.result);
      compared[r.result]++;
    }
    expect(compared.won).toBeGreaterThan(0);
    expect(compared.lost).toBeGreaterThan(5);
  });

  it('agrees with plain exhaustive search on smaller positions, won and lost', () => {
    const plain = plainRules(toy);
    const tally = { won: 0, lost: 0 };
    // Scattered positions of 8 … 22 cards left (or 13 … 22, no tower empty), and positions halfway
    // along random playouts of deals 1–20 (every position reached from a lost deal is lost).
    const positions = Array.from({ length: 20 }, (_, i) => (i % 2 ? scattered(1000 + i, 8 + (i % 15)) : scattered(1000 + i, 13 + (i % 10), true)));
    for (let n = 1; n <= 20; n++) {
      const line = playout(n, 300 + n, 200, 0.3);
      positions.push(line[Math.floor(line.length / 2)]!);
    }
    for (const s of positions) {
      const fast = solve(toy, s, { maxNodes: 100_000 });
      const slow = solve(plain, s, { maxNodes: 400_000 });
      if (slow.result === 'unknown') continue;
      expect(fast.result, JSON.stringify(formatPosition(toy, s))).toBe(slow.result);
      if (fast.result === 'won' || fast.result === 'lost') tally[fast.result]++;
    }
    expect(tally.won).toBeGreaterThan(5);
    expect(tally.lost).toBeGreaterThan(5);
  });

  it('solves a position in the notation and formats its line', () => {
    const v = verdicts.find((x) => x.result.result === 'won')!;
    const r = solvePosition(v.position, { maxNodes: 200_000 });
    expect(r.result).toBe('won');
    expect(status(applyMoves(v.position, r.moves)).won).toBe(true);
  });
});

describe('the CLI verbs, in-process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toy-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const file = (value: unknown): string => {
    const path = join(dir, `p${files++}.json`);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const cli = async (...argv: string[]): Promise<{ code: number; out: string; err: string }> => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err };
  };
  const ok = async (...argv: string[]): Promise<unknown> => {
    const r = await cli(...argv);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.endsWith('\n') && r.out.indexOf('\n') === r.out.length - 1).toBe(true);
    return JSON.parse(r.out);
  };

  it('deals, lists, applies and reports status as the catalog does', async () => {
    const p = (await ok('deal', ID, '17')) as Position;
    expect(p).toEqual(deal(ID, 17));
    const f = file(p);
    const moves = (await ok('legal', f)) as MoveJson[];
    expect(moves).toEqual(legalMoves(p));
    expect(await ok('status', f)).toEqual(JSON.parse(JSON.stringify(status(p))));
    const v = verdicts.find((x) => x.result.result === 'won')!;
    const line = lineToJson(toy, v.state, v.result.moves);
    const g = file(v.position);
    expect(await ok('apply', g, ...line.slice(0, 3).map((m) => JSON.stringify(m)))).toEqual(applyMoves(v.position, line.slice(0, 3)));
  });

  it('solves: won with a line that wins, lost with none', async () => {
    const won = verdicts.find((x) => x.result.result === 'won')!;
    const r = (await ok('solve', file(won.position), '--nodes', '200000')) as { result: string; moves: MoveJson[]; nodes: number };
    expect(r.result).toBe('won');
    expect(status(applyMoves(won.position, r.moves)).won).toBe(true);
    const lost = verdicts.find((x) => x.result.result === 'lost')!;
    const q = (await ok('solve', file(lost.position), '--nodes', '200000')) as { result: string; moves: MoveJson[] };
    expect(q).toMatchObject({ result: 'lost', moves: [] });
  });

  it('proves a run of deals (in this thread: the worker threads do not know a game registered here), agreeing with solve', async () => {
    const r = await cli('prove', ID, '--from', '1', '--count', '6', '--nodes', '200000', '--jobs', '2');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n').map((l) => JSON.parse(l) as { deal?: number; result?: string; summary?: boolean; deals?: number });
    const deals = lines.filter((l) => !l.summary);
    expect(deals.map((l) => l.deal)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const l of deals) expect(l.result, `deal ${l.deal}`).toBe(solve(toy, openingState(toy, l.deal!), { maxNodes: 200_000 }).result);
    expect(lines.at(-1)).toMatchObject({ summary: true, deals: 6 });
  });

  it('exits 1 for a forbidden move and 2 for bad input, with one line on standard error', async () => {
    const p = asToy(deal(ID, 17));
    const f = file(p);
    const forbidden = await cli('apply', f, JSON.stringify({ type: 'move', from: 'tableau:0', to: 'tableau:1', card: p.tableau[0]![0] }));
    expect(forbidden).toMatchObject({ code: 1, out: '' });
    expect(forbidden.err).toMatch(/^solitaire: .*is not|^solitaire: the rules of toy-towers/);
    const twice = file({ ...p, tableau: [[...p.tableau[0]!, p.tableau[1]![0]!], ...p.tableau.slice(1)] });
    for (const r of [await cli('status', twice), await cli('deal', 'nope', '1'), await cli('legal', file({ ...p, tableau: p.tableau.slice(1) }))]) {
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.split('\n')).toHaveLength(2);
    }
    expect((await cli('deal', 'nope', '1')).err).toContain(ID);
  });
});

describe('the layout', () => {
  const refs: PileRef[] = toy.piles.map((p) => ({ id: p.id, role: p.role, index: p.index, field: p.field }));
  const cardRect = (l: TableLayout, p: number, i: number): Rect => ({ ...l.piles[p]!.cards[i]!, width: l.cardWidth, height: l.cardHeight });
  const overlap = (a: Rect, b: Rect): number => Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  // Positions from playouts, and a crowded one: a whole suit built down on one tower.
  const crowded = (): State => {
    const piles: number[][] = Array.from({ length: 17 }, () => []);
    piles[0] = Array.from({ length: 13 }, (_, r) => 12 - r);
    for (let c = 13; c < 52; c++) piles[1 + ((c - 13) % 12)]!.push(c);
    return { piles, flags: 0 };
  };
  const states = [...playout(2, 4).filter((_, i) => i % 10 === 0), ...scatteredMany(30, 200), crowded()];

  it.each(SCREEN_LIST)('puts every pile and card on a $name screen, piles apart', ({ width, height, name }) => {
    const top = name === 'phone' ? 100 : 64;
    for (const s of states) {
      const sizes = s.piles.map((p) => p.length);
      const l = layoutTable(ID, refs, sizes, width, height, { top });
      expect(l.piles.map((p) => p.id)).toEqual(toy.piles.map((p) => p.id));
      expect(l.cardWidth).toBeGreaterThanOrEqual(24);
      const off = (r: Rect): boolean => r.x < -0.5 || r.y < top - 0.5 || r.x + r.width > width + 0.5 || r.y + r.height > height + 0.5;
      l.piles.forEach((pile, p) => {
        expect(pile.cards).toHaveLength(sizes[p]!);
        for (const r of [pile.base, pile.rect, ...pile.cards.map((_, i) => cardRect(l, p, i))]) expect(off(r), `${pile.id} ${JSON.stringify(r)}`).toBe(false);
      });
      for (let p = 0; p < l.piles.length; p++) {
        for (let q = p + 1; q < l.piles.length; q++) {
          const a = l.piles[p]!.cards.length ? l.piles[p]!.cards.map((_, i) => cardRect(l, p, i)) : [l.piles[p]!.base];
          const b = l.piles[q]!.cards.length ? l.piles[q]!.cards.map((_, i) => cardRect(l, q, i)) : [l.piles[q]!.base];
          expect(a.some((x) => b.some((y) => overlap(x, y) > 1)), `${l.piles[p]!.id} and ${l.piles[q]!.id}`).toBe(false);
        }
      }
      // Empty foundations show the ace they start from.
      expect(l.piles.filter((_, i) => refs[i]!.role === 'foundation' && sizes[i] === 0).every((p) => p.mark === 'A')).toBe(true);
    }
  });

  it('knows no layout for a game nobody registered', () => {
    expect(() => layoutTable('no-such-game', refs, refs.map(() => 0), 800, 600)).toThrow(/no layout/);
  });
});
