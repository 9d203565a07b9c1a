/**
 * Aces and Kings (two decks, 104 cards). Two reserves of 13 (only the top plays), four tableau
 * piles of one card, one card on the waste, 73 in the stock, dealt one at a time in a single pass.
 * Eight foundations ignore suit: four "up" from ace to king (an empty one takes any ace) and four
 * "down" from king to ace (an empty one takes any king). Reserve tops, the waste top and tableau
 * cards go only to foundations. A foundation's top card may move to a foundation building the other
 * way that accepts it. While the stock has cards an emptied tableau pile is refilled at once from
 * the stock (within the same move); once the stock is empty, an empty tableau pile takes one card
 * from the waste, a reserve or a foundation, never from another tableau pile.
 * Won when all 104 cards are on the foundations.
 */
import { type Card, rankOf } from '../engine/cards.ts';
import { type AutoMode, DEAL, DEAL_MOVE, fieldStarts, type FieldSpec, moveFrom, moveTo, moveType, move, type State } from '../engine/rules.ts';
import { addGroup, addNumber, addPile, attachHashes, popCard, pushCard } from '../engine/hash.ts';
import { countCards, lowestEmpty, moveTop } from './common.ts';
import { defineGame } from './define.ts';

/** A pile's ranks as a string of char codes: no rule of this game reads a suit. */
function rankKey(p: readonly Card[]): string {
  let out = '';
  for (const c of p) out += String.fromCharCode(65 + rankOf(c));
  return out;
}

const fields = [
  { field: 'stock', kind: 'stock', role: 'stock' },
  { field: 'waste', kind: 'waste', role: 'waste' },
  { field: 'reserve', kind: 'reserve', role: 'reserve', count: 2 },
  { field: 'tableau', kind: 'tableau', role: 'tableau', count: 4 },
  { field: 'up', kind: 'up', role: 'foundation', base: 1, count: 4 },
  { field: 'down', kind: 'down', role: 'foundation', base: 13, count: 4 },
] as const satisfies readonly FieldSpec[];
/** Where each field's piles start. */
const at = fieldStarts(fields);
const STOCK = at.stock;
const WASTE = at.waste;
const R0 = at.reserve;
const T0 = at.tableau;
const UP0 = at.up;
const DOWN0 = at.down;

/** True when foundation `f` (an up or a down pile) accepts card `c`. */
function accepts(s: State, f: number, c: Card): boolean {
  const p = s.piles[f]!;
  const r = rankOf(c);
  if (f < DOWN0) return p.length ? rankOf(p[p.length - 1]!) + 1 === r : r === 1;
  return p.length ? rankOf(p[p.length - 1]!) - 1 === r : r === 13;
}

/** Pushes moves of the top card `c` of `from` onto the foundations `first … first+3`. */
function toFoundations(s: State, from: number, c: Card, first: number, out: number[]): void {
  let emptyDone = false;
  for (let f = first; f < first + 4; f++) {
    if (!accepts(s, f, c)) continue;
    if (s.piles[f]!.length === 0) {
      if (emptyDone) continue;
      emptyDone = true;
    }
    out.push(move(from, f));
  }
}

const isTableau = (i: number): boolean => i >= T0 && i < T0 + 4;

/**
 * The stock-empty endgame, decided exactly (the solver's provenLost and forcedMove read it).
 *
 * With the stock empty, call a move "inner" when it takes a tableau card or a foundation top, and
 * "outer" when it takes the top of a reserve or of the waste. Every inner move is undone by one
 * inner move: a tableau card c put on foundation f goes back from f to the (now empty) tableau
 * pile; a foundation top c put on an empty tableau pile goes back to f, which accepts c again;
 * a foundation top c moved from f to g (building the other way) goes back from g to f, since g
 * builds the other way from f and f accepts c again. So positions joined by inner moves form
 * classes that are mutually reachable, hence equally winnable. Outer moves remove a card from the
 * reserves and waste for good (nothing returns there), so the classes form an acyclic graph: a
 * position is won exactly when its class holds a won position or some member has an outer move into
 * a won class. `solveClass` walks a class breadth-first, tries every outer move of every member
 * (depth-first into the next class) and memoises the answer for every member it saw, by the
 * solver's 64-bit hash (cut to 53 bits) of the canonical key, which is exact up to collisions just
 * like the search's own table. A won member's memo is its distance to the win along the class's
 * search tree (each member's next step is one move shorter), so the solver can replay the win one
 * forced move at a time (a move to a winnable child never loses a won position).
 */
/** The memo: an open-addressing table of 2^20 slots, keys (53-bit, 0 = free) and values; 10 MB. */
const MEMO_BITS = 20;
const memoKeys = new Float64Array(1 << MEMO_BITS);
const memoValues = new Int16Array(1 << MEMO_BITS);
let memoSize = 0;
/** The memo is cleared when it is this full (it only saves work). */
const MEMO_CAP = Math.floor(0.7 * (1 << MEMO_BITS));
/** Memo entry of a lost position; a won one holds its distance to the win (≥ 0). */
const LOST = -1;
/** What solveClass returns when it ran out of its budget (nothing about the class is memoised). */
const ABORTED = -2;
/** Positions (class members) one top-level endgame solve may visit before giving up. */
const ENDGAME_BUDGET = 1_000_000;
/**
 * The endgame solver takes positions with at most this many cards left in the reserves and the
 * waste. Its work is not counted in the search's positions, so more cards buy wins with time.
 * Measured, deals 1-200 at 1M positions: without the solver 115 won; 18 cards 123 (wall 35 s at
 * --jobs 2), 24 cards 128, 30 cards 131 (91 s; 64 s once solveClass left out subsumed moves),
 * 36 cards 135 (174 s, a deal's p95 7 s).
 */
const ENDGAME_CARDS = 30;
const hashOut = new Int32Array(2);
/** Endgame statistics (for measurement only). */
export const endgameStats = { calls: 0, members: 0, aborted: 0, clears: 0 };

/** The memo's key of a position with hashes attached: the solver's hash cut to 53 bits. */
function memoKey(s: State): number {
  hashOut[0] = 0;
  hashOut[1] = 0;
  acesAndKings.hash(s, hashOut);
  // 0 marks a free slot.
  return (hashOut[0]! >>> 0) + (hashOut[1]! & 0x1fffff) * 4294967296 || 1;
}

/** The memo's slot of key `k`: where it is, or the free slot where it would go. */
function slotOf(k: number): number {
  const mask = (1 << MEMO_BITS) - 1;
  let i = (k ^ (k / 4294967296)) & mask;
  while (memoKeys[i] !== 0 && memoKeys[i] !== k) i = (i + 1) & mask;
  return i;
}

/** The memo's value for key `k`, or undefined. */
function recall(k: number): number | undefined {
  const i = slotOf(k);
  return memoKeys[i] === k ? memoValues[i]! : undefined;
}

function remember(k: number, v: number): void {
  if (memoSize >= MEMO_CAP) {
    memoKeys.fill(0);
    memoSize = 0;
    endgameStats.clears++;
  }
  const i = slotOf(k);
  if (memoKeys[i] !== k) memoSize++;
  memoKeys[i] = k;
  memoValues[i] = Math.min(v, 32767);
}

/** One endgame solve's working state and its spent budget. */
interface Work {
  s: State;
  left: number;
}

/**
 * The answer for `w.s` (stock empty, hashes attached): its distance to a win, LOST, or ABORTED.
 * Leaves `w.s` as it found it.
 */
function solveClass(w: Work): number {
  const rules = acesAndKings;
  const s = w.s;
  const k0 = memoKey(s);
  const known = recall(k0);
  if (known !== undefined) return known;
  // The class's search tree: per member its key, parent, the inner move from the parent, depth.
  const keys = [k0];
  const parent = [-1];
  const via = [-1];
  const depth = [0];
  const index = new Map<number, number>([[k0, 0]]);
  let cur = 0;
  const path: number[] = [];
  /** Walks the working state from member `cur` to member `n` along the tree. */
  const goto = (n: number): void => {
    let a = cur;
    let b = n;
    path.length = 0;
    while (depth[b]! > depth[a]!) {
      path.push(via[b]!);
      b = parent[b]!;
    }
    while (depth[a]! > depth[b]!) {
      rules.unmake(s, via[a]!);
      a = parent[a]!;
    }
    while (a !== b) {
      rules.unmake(s, via[a]!);
      a = parent[a]!;
      path.push(via[b]!);
      b = parent[b]!;
    }
    for (let i = path.length - 1; i >= 0; i--) rules.make(s, path[i]!);
    cur = n;
  };
  /** Memoises every member seen as won, `d` moves from member `at`'s win; returns the root's distance. */
  const won = (at: number, d: number): number => {
    const anc = new Map<number, number>();
    for (let a = at; a >= 0; a = parent[a]!) anc.set(a, depth[a]!);
    for (let x = 0; x < keys.length; x++) {
      let a = x;
      while (!anc.has(a)) a = parent[a]!;
      remember(keys[x]!, depth[x]! + depth[at]! - 2 * depth[a]! + d);
    }
    goto(0);
    return recall(k0) ?? depth[at]! + d;
  };
  const lost = (): number => {
    for (const k of keys) remember(k, LOST);
    goto(0);
    return LOST;
  };
  const list: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (--w.left < 0) {
      goto(0);
      return ABORTED;
    }
    endgameStats.members++;
    goto(i);
    if (rules.isWon(s)) return won(i, 0);
    list.length = 0;
    rules.moves(s, list);
    // With a tableau pile empty, an outer move of card c to a foundation f is left out: c put on the
    // empty pile instead (also an outer move) reaches a position whose inner move of c to f (f is
    // unchanged, so it still accepts c) gives the left-out child, so both children share a class.
    const roomy = lowestEmpty(s, T0, 4) >= 0;
    for (const m of list) {
      if (roomy && moveFrom(m) < T0 && moveTo(m) >= UP0) continue;
      rules.make(s, m);
      if (moveFrom(m) < T0) {
        const r = solveClass(w);
        rules.unmake(s, m);
        if (r === ABORTED) {
          goto(0);
          return ABORTED;
        }
        if (r >= 0) return won(i, r + 1);
        continue;
      }
      const k = memoKey(s);
      rules.unmake(s, m);
      if (index.has(k)) continue;
      // A member already known makes the whole class known (its members are equally winnable);
      // a known win is reached by this inner move.
      const v = recall(k);
      if (v === LOST) return lost();
      if (v !== undefined) return won(i, v + 1);
      index.set(k, keys.length);
      keys.push(k);
      parent.push(i);
      via.push(m);
      depth.push(depth[i]! + 1);
    }
  }
  return lost();
}

/** The endgame's answer for `s` (stock empty): distance to a win, LOST, or ABORTED past the budget. */
function solveEndgame(s: State): number {
  if (s.piles[WASTE]!.length + s.piles[R0]!.length + s.piles[R0 + 1]!.length > ENDGAME_CARDS) return ABORTED;
  if (s.hash) {
    const known = recall(memoKey(s));
    if (known !== undefined) return known;
  }
  const work: State = { piles: s.piles.map((p) => p.slice()), flags: s.flags };
  attachHashes(work, true);
  endgameStats.calls++;
  const r = solveClass({ s: work, left: ENDGAME_BUDGET });
  if (r === ABORTED) endgameStats.aborted++;
  return r;
}

export const acesAndKings = defineGame({
  id: 'aces-and-kings',
  names: { en: 'Aces and Kings', ru: 'Тузы и короли' },
  decks: 2,
  fields,

  opening(deck) {
    const piles: number[][] = [deck.slice(31).reverse(), [deck[30]!], deck.slice(0, 13), deck.slice(13, 26)];
    for (let t = 0; t < 4; t++) piles.push([deck[26 + t]!]);
    for (let f = 0; f < 8; f++) piles.push([]);
    return { piles, flags: 0 };
  },

  moves(s, out) {
    const stockEmpty = s.piles[STOCK]!.length === 0;
    const empty = stockEmpty ? lowestEmpty(s, T0, 4) : -1;
    // Reserve tops, the waste top and tableau cards: to foundations; once the stock is out, reserve and waste also to an empty tableau pile.
    for (let from = WASTE; from < T0 + 4; from++) {
      const p = s.piles[from]!;
      if (!p.length) continue;
      const c = p[p.length - 1]!;
      toFoundations(s, from, c, UP0, out);
      toFoundations(s, from, c, DOWN0, out);
      if (empty >= 0 && !isTableau(from)) out.push(move(from, empty));
    }
    // Foundation tops: to a foundation building the other way; once the stock is out, to an empty tableau pile.
    for (let f = UP0; f < DOWN0 + 4; f++) {
      const p = s.piles[f]!;
      if (!p.length) continue;
      const c = p[p.length - 1]!;
      toFoundations(s, f, c, f < DOWN0 ? DOWN0 : UP0, out);
      if (empty >= 0) out.push(move(f, empty));
    }
    if (!stockEmpty) out.push(DEAL_MOVE);
  },

  make(s, m) {
    if (moveType(m) === DEAL) {
      moveTop(s, STOCK, WASTE);
      return;
    }
    const from = moveFrom(m);
    moveTop(s, from, moveTo(m));
    if (isTableau(from) && s.piles[STOCK]!.length) moveTop(s, STOCK, from);
  },

  unmake(s, m) {
    if (moveType(m) === DEAL) {
      moveTop(s, WASTE, STOCK);
      return;
    }
    const from = moveFrom(m);
    // A tableau pile holds at most one card, so a card there now was refilled from the stock.
    if (isTableau(from) && s.piles[from]!.length) pushCard(s, STOCK, popCard(s, from));
    moveTop(s, moveTo(m), from);
  },

  isWon(s) {
    return countCards(s, UP0, 8) === 104;
  },

  validate(s) {
    if (s.piles[STOCK]!.length > 73) return `the stock holds ${s.piles[STOCK]!.length} cards, more than the 73 it starts with`;
    const dealt = s.piles[STOCK]!.length + s.piles[WASTE]!.length;
    if (dealt > 74) return `the stock and waste hold ${dealt} cards, more than the 74 they start with`;
    for (let r = R0; r < R0 + 2; r++) {
      if (s.piles[r]!.length > 13) return `reserve:${r - R0} holds ${s.piles[r]!.length} cards, more than the 13 it starts with`;
    }
    for (let t = T0; t < T0 + 4; t++) {
      const n = s.piles[t]!.length;
      if (n > 1) return `tableau:${t - T0} holds ${n} cards; a tableau pile holds at most one`;
      if (n === 0 && s.piles[STOCK]!.length) return `tableau:${t - T0} is empty while the stock has cards; it would have been refilled`;
    }
    for (let f = UP0; f < DOWN0 + 4; f++) {
      const p = s.piles[f]!;
      const up = f < DOWN0;
      for (let k = 0; k < p.length; k++) {
        if (rankOf(p[k]!) !== (up ? k + 1 : 13 - k)) {
          const id = up ? `up:${f - UP0}` : `down:${f - DOWN0}`;
          return `${id} does not build ${up ? 'up from the ace' : 'down from the king'}`;
        }
      }
    }
    return null;
  },

  /**
   * 'all': every move of a reserve, waste or tableau card to a foundation. 'safe': none. Each
   * placement changes what both an up and a down pile will take next, and a card put up cannot
   * return to the reserve or waste it came from, so no placement is harmless in every deal; the
   * solver-checked auto-collect covers this game.
   */
  autoMoves(s, mode: AutoMode) {
    const out: number[] = [];
    if (mode !== 'all') return out;
    for (let from = WASTE; from < T0 + 4; from++) {
      const p = s.piles[from]!;
      if (!p.length) continue;
      const c = p[p.length - 1]!;
      toFoundations(s, from, c, UP0, out);
      toFoundations(s, from, c, DOWN0, out);
    }
    return out;
  },

  /**
   * With the stock empty, the game is at a dead end when no sequence of moves can take a card off
   * a reserve or the waste and the win cannot be reached by shuttling cards between foundations and
   * empty tableau piles. Those shuttles are reversible, so this is a bounded search of their
   * component; null when it is too large to search cheaply.
   */
  deadEnd(s) {
    if (s.piles[STOCK]!.length || this.isWon(s)) return false;
    const work: State = { piles: s.piles.map((p) => p.slice()), flags: s.flags };
    const seen = new Set<string>();
    const key = (): string => work.piles.slice(T0).map((p) => p.join('.')).join('/');
    const stack: number[][] = [];
    const path: number[] = [];
    const list: number[] = [];
    seen.add(key());
    // A position's moves, or null when one of them takes a reserve or waste card (not a dead end):
    // checked when a position is reached, before any deeper search, so an answer at hand is never lost to the budget.
    const expand = (): number[] | null => {
      list.length = 0;
      this.moves(work, list);
      return list.some((m) => moveFrom(m) < T0) ? null : list.slice();
    };
    const first = expand();
    if (!first) return false;
    stack.push(first);
    while (stack.length) {
      if (seen.size > 20000) return null;
      const frame = stack[stack.length - 1]!;
      const m = frame.pop();
      if (m === undefined) {
        stack.pop();
        const last = path.pop();
        if (last !== undefined) this.unmake(work, last);
        continue;
      }
      const from = moveFrom(m);
      if (from < T0) return false; // a reserve or waste card can move: not a dead end
      this.make(work, m);
      if (this.isWon(work)) return false;
      const k = key();
      if (seen.has(k)) {
        this.unmake(work, m);
        continue;
      }
      seen.add(k);
      path.push(m);
      const next = expand();
      if (!next) return false;
      stack.push(next);
    }
    return true;
  },

  // ---- the solver's members ----
  solver: {
    /**
     * No rule reads a suit, so cards are known by rank. Reserves are interchangeable, so are tableau
     * piles; an up pile of n cards holds ranks 1…n and a down pile 13…14-n, so foundations are known
     * by their sorted heights. The stock is dealt in a fixed order, so its length says which remain.
     */
    key(s) {
      const reserves = [rankKey(s.piles[R0]!), rankKey(s.piles[R0 + 1]!)].sort();
      const tableau: string[] = [];
      for (let t = T0; t < T0 + 4; t++) tableau.push(rankKey(s.piles[t]!) || '-');
      const ups: number[] = [];
      const downs: number[] = [];
      for (let f = 0; f < 4; f++) {
        ups.push(s.piles[UP0 + f]!.length);
        downs.push(s.piles[DOWN0 + f]!.length);
      }
      ups.sort((a, b) => a - b);
      downs.sort((a, b) => a - b);
      return `${String.fromCharCode(s.piles[STOCK]!.length)}${rankKey(s.piles[WASTE]!)}#${reserves.join('|')}#${tableau.sort().join('')}#${String.fromCharCode(...ups, ...downs)}`;
    },

    /** The key's hash: pile hashes know cards by rank (hashByRank); reserves, tableau, ups and downs are four groups. */
    hash(s, out) {
      addNumber(s.piles[STOCK]!.length, 0, out);
      addPile(s, WASTE, 1, out);
      addGroup(s, R0, 2, 2, out);
      addGroup(s, T0, 4, 3, out);
      addGroup(s, UP0, 4, 4, out);
      addGroup(s, DOWN0, 4, 5, out);
    },

    hashByRank: true,

    /**
     * Measured (bench-solver --shares, deals 1-100 at 1M): no loss is proven here yet, and more of
     * the budget to probes finds more wins (probes 0.4: 47 decided, 0.6: 50, 0.8: 52; best-first 0.4
     * with the cards-home count: 17).
     */
    searchShares: { bestFirst: 0, probes: 0.8 },

    /**
     * With the stock out, the next step of a win the endgame solver found (see solveClass): a move
     * to a position one step nearer the win, which keeps a won position won. Otherwise none: no
     * foundation move is safe in every deal (see autoMoves).
     */
    forcedMove(s) {
      if (s.piles[STOCK]!.length) return -1;
      const d = solveEndgame(s);
      if (d <= 0) return -1;
      const work: State = s.hash ? s : { piles: s.piles.map((p) => p.slice()), flags: s.flags };
      if (!work.hash) attachHashes(work, true);
      const list: number[] = [];
      this.moves(work, list);
      for (const m of list) {
        this.make(work, m);
        const next = recall(memoKey(work));
        this.unmake(work, m);
        if (next === d - 1) return m;
      }
      return -1;
    },

    /** With the stock out, the endgame solver's proof that no line wins (see solveClass). */
    provenLost(s) {
      return s.piles[STOCK]!.length === 0 && solveEndgame(s) === LOST;
    },

    /**
     * Cards leaving the waste, a reserve or the tableau first, in that order; then foundation to
     * foundation; then into an empty pile; the deal last. The sources' small steps (below the
     * probes' random tie-break of up to 0.5) mostly keep that order in probes too. Measured at 1M
     * (prove aces-and-kings --nodes 1000000 --jobs 1): deals 1-100 won 60, 101-200 won 68, against 57
     * and 66 with every source equal; reserve first won 44 of 1-100, foundation to foundation after
     * the deal 45.
     */
    moveScore(s, m) {
      if (moveType(m) === DEAL) return 4;
      const to = moveTo(m);
      if (isTableau(to)) return 3;
      const from = moveFrom(m);
      if (from >= UP0) return 2;
      return (s.piles[to]!.length ? 0 : 1) + (from === WASTE ? 0 : isTableau(from) ? 0.4 : 0.2);
    },
  },
});
