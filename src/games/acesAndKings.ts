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
import { type Card, cardOf, rankOf } from '../engine/cards.ts';
import { type AutoMode, clearList, DEAL, DEAL_MOVE, fieldStarts, type FieldSpec, type HashSet, moveFrom, moveTo, moveType, move, type State } from '../engine/rules.ts';
import { addGroup, addNumber, addPile, attachHashes, hashAfterDealOne, hashAfterMoveTop, hashAfterNumber, hashAfterPush, hashAfterReplaceTop, popCard, pushCard } from '../engine/hash.ts';
import { countCards, lowestEmpty, moveTop, pushToBits, RANK } from './common.ts';
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

/**
 * What the foundations take, read once for a call of moves() or autoMoves(): per rank, the up piles
 * (bit k for UP0 + k) and the down piles (bit k for DOWN0 + k) that take a card of it, an empty one
 * once. A foundation's height says what it takes: an up pile of n cards holds ranks 1…n and takes
 * n+1, a down pile holds 13…14-n and takes 13-n (validate checks both). Filled by markTakes,
 * cleared again by unmarkTakes.
 */
const takesUp = new Int32Array(15);
const takesDown = new Int32Array(15);

/** Fills takesUp and takesDown from the foundations' heights. */
function markTakes(s: State): void {
  let upEmpty = false;
  let downEmpty = false;
  for (let k = 0; k < 4; k++) {
    const n = s.piles[UP0 + k]!.length;
    if (n === 13 || (n === 0 && upEmpty)) continue;
    if (n === 0) upEmpty = true;
    takesUp[n + 1] = takesUp[n + 1]! | (1 << k);
  }
  for (let k = 0; k < 4; k++) {
    const n = s.piles[DOWN0 + k]!.length;
    if (n === 13 || (n === 0 && downEmpty)) continue;
    if (n === 0) downEmpty = true;
    takesDown[13 - n] = takesDown[13 - n]! | (1 << k);
  }
}

/** Clears what markTakes filled. */
function unmarkTakes(s: State): void {
  for (let k = 0; k < 4; k++) {
    const n = s.piles[UP0 + k]!.length;
    if (n < 13) takesUp[n + 1] = 0;
    const d = s.piles[DOWN0 + k]!.length;
    if (d < 13) takesDown[13 - d] = 0;
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
/**
 * The memo is cleared (it only saves work) when it is this full at the start of a top-level solve,
 * never in the middle of a walk: a clear there could keep part of a won class, a member of
 * distance d without its neighbour of distance d - 1, and the forced moves then stop in a won
 * position whose other moves lead back to it (see innerChild).
 */
const MEMO_CAP = Math.floor(0.7 * (1 << MEMO_BITS));
/** A class whose members would fill the memo past this is not written: its walk gives up (ABORTED). */
const MEMO_FULL = Math.floor(0.9 * (1 << MEMO_BITS));
/** The largest distance the memo holds. */
const MAX_DISTANCE = 32767;
/** Memo entry of a lost position; a won one holds its distance to the win (≥ 0). */
const LOST = -1;
/** What solveClass returns when it ran out of its budget (nothing about the class is memoised). */
const ABORTED = -2;
/** Positions (class members) one top-level endgame solve may visit before giving up. */
const ENDGAME_BUDGET = 1_000_000;
/** The budget in force (limitEndgame sets another for tests). */
let endgameBudget = ENDGAME_BUDGET;
/**
 * Set once any top-level solve gave up (ABORTED): from then on forcedMove plays nothing. Why: a
 * solve that gives up memoises nothing, so the search expands that position move by move, and it
 * stays on the search's path meanwhile. A later solve that starts elsewhere, with a budget of its
 * own, may walk the same class whole and memoise distances; a forced route by those distances could
 * then lead back through the position on the path, which the search takes for a repetition and
 * drops, so a won position could be searched as lost. Without forced moves the search expands every
 * move, which is plain search; a memoised LOST is still the proof of a whole walk. No solve has given
 * up in any measured run (ENDGAME_CARDS keeps the walks small), so in practice this costs nothing.
 */
let forcedOff = false;
/**
 * The endgame solver takes positions with at most this many cards left in the reserves and the
 * waste. Its work is not counted in the search's positions, so more cards buy wins with time.
 * Measured, deals 1-200 at 1M positions: without the solver 115 won; 18 cards 123 (wall 35 s at
 * --jobs 2), 24 cards 128, 30 cards 131 (91 s; 64 s once solveClass left out subsumed moves),
 * 36 cards 135 (174 s, a deal's p95 7 s). With the walk on compact forms, deals 1-200 at 100,000
 * positions (bench-solver's budget): 30 cards 110 won at 1.42 M positions a CPU-second, 33 cards
 * 110 at 1.10 M, 36 cards 111 at 0.75 M (issue 16's bar is 1 M). Counting each class member the
 * walks visit as a position of the search (a scratch measurement, 5 December 2026): deals 1-200 at
 * 1M win 149 (74.5 %) against 155, and of the 50 hint positions 28 are won and 22 unknown against
 * 30 and 20. Measured again at 1M (prove aces-and-kings, 2 jobs, 6 December 2026): 33 and 36 cards
 * win the same 155 of deals 1-200 as 30, in 13.1 and 15.6 s against 11.3 s.
 */
const ENDGAME_CARDS = 30;
const hashOut = new Int32Array(2);
/** Endgame statistics (for measurement only). */
export const endgameStats = { calls: 0, members: 0, aborted: 0, clears: 0 };

/** The memo's key of hash halves lo and hi: the hash cut to 53 bits (never 0, which marks a free slot). */
const keyOf = (lo: number, hi: number): number => (lo >>> 0) + (hi & 0x1fffff) * 4294967296 || 1;

/** The memo's key of a position with hashes attached: the solver's hash as keyOf cuts it. */
function memoKey(s: State): number {
  hashOut[0] = 0;
  hashOut[1] = 0;
  acesAndKings.hash(s, hashOut);
  return keyOf(hashOut[0]!, hashOut[1]!);
}

/** Empties the memo (only between top-level solves, see MEMO_CAP). */
function clearMemo(): void {
  memoKeys.fill(0);
  memoSize = 0;
}

/** The memo's slot of key `k`: where it is, or the free slot where it would go. */
function slotOf(k: number): number {
  const mask = (1 << MEMO_BITS) - 1;
  let i = (k >>> 0) & mask;
  while (memoKeys[i] !== 0 && memoKeys[i] !== k) i = (i + 1) & mask;
  return i;
}

/** The memo's value for key `k`, or undefined. */
function recall(k: number): number | undefined {
  const i = slotOf(k);
  return memoKeys[i] === k ? memoValues[i]! : undefined;
}

/** Memoises `v` for key `k` (the caller checked there is room, see MEMO_FULL). */
function remember(k: number, v: number): void {
  const i = slotOf(k);
  if (memoKeys[i] !== k) memoSize++;
  memoKeys[i] = k;
  memoValues[i] = v;
}

/**
 * The class walk works on a compact form of a position, not on a State: with the stock empty, a
 * foundation is known by its height (an up pile of h cards holds ranks 1…h, a down pile 13…14-h)
 * and a tableau pile by the rank it holds (0 when empty), so a member is 12 small numbers (four
 * ups, four downs, four tableau ranks), and the reserves and the waste are the top-level position's
 * piles cut to a length (they only lose cards from the top). The solver's hash is a sum of one term
 * per pile (hash.ts: addNumber, addPile, addGroup), each a function of that compact form, so the
 * terms are read from tables built with hash.ts itself (below) and a move changes the key by the
 * difference of two terms: a child's key costs a few additions, with no make, unmake or mix.
 */
/** Cards a reserve or the waste may hold in the walk (ENDGAME_CARDS is below it). */
const STRIDE = 32;
/** Term tables, lo and hi interleaved: ADD_UP[2h] is the change of the key when an up pile of h cards takes its next card; ADD_DOWN likewise; PUT_TAB[2r] when an empty tableau pile takes rank r. */
const ADD_UP = new Int32Array(28);
const ADD_DOWN = new Int32Array(28);
const PUT_TAB = new Int32Array(28);
/** The stock's term when it is empty, lo and hi. */
const STOCK_EMPTY = new Int32Array(2);
/** The terms of four empty tableau piles, four empty up piles and four empty down piles, lo and hi. */
const EMPTY_INNER = new Int32Array(2);
/** Per source (0 waste, 1 and 2 the reserves) and length L: the key's term of the source cut to L (OUT_TERM), the change when its top goes (TAKE, at L ≥ 1), and the rank of its card L-1 (SRC_RANK). */
const OUT_TERM = new Int32Array(2 * 3 * STRIDE);
const TAKE = new Int32Array(2 * 3 * STRIDE);
const SRC_RANK = new Int32Array(3 * STRIDE);
/** A State with pile hashes, empty between uses, for building the term tables with hash.ts. */
const scratch: State = { piles: Array.from({ length: DOWN0 + 4 }, () => []), flags: 0 };
attachHashes(scratch, true);
const termOut = new Int32Array(2);

/** The term pile `p` of `scratch` adds to the solver's hash: addPile for the waste, else one pile of its group. */
function termOf(p: number, term: number): void {
  termOut[0] = 0;
  termOut[1] = 0;
  if (p === WASTE) addPile(scratch, p, term, termOut);
  else addGroup(scratch, p, 1, term, termOut);
}

/** Fills ADD_UP, ADD_DOWN, PUT_TAB, STOCK_EMPTY and EMPTY_INNER (the terms are those of `hash` below). */
function buildTerms(): void {
  addNumber(0, 0, STOCK_EMPTY);
  for (const [p, term] of [
    [T0, 3],
    [UP0, 4],
    [DOWN0, 5],
  ] as const) {
    termOf(p, term);
    EMPTY_INNER[0] = (EMPTY_INNER[0]! + 4 * termOut[0]!) | 0;
    EMPTY_INNER[1] = (EMPTY_INNER[1]! + 4 * termOut[1]!) | 0;
  }
  for (const [p, term, table, rank] of [
    [UP0, 4, ADD_UP, (k: number) => k + 1],
    [DOWN0, 5, ADD_DOWN, (k: number) => 13 - k],
  ] as const) {
    for (let h = 0; h < 13; h++) {
      termOf(p, term);
      const lo = termOut[0]!;
      const hi = termOut[1]!;
      pushCard(scratch, p, cardOf(0, rank(h)));
      termOf(p, term);
      table[2 * h] = (termOut[0]! - lo) | 0;
      table[2 * h + 1] = (termOut[1]! - hi) | 0;
    }
    while (scratch.piles[p]!.length) popCard(scratch, p);
  }
  termOf(T0, 3);
  const lo = termOut[0]!;
  const hi = termOut[1]!;
  for (let r = 1; r <= 13; r++) {
    pushCard(scratch, T0, cardOf(0, r));
    termOf(T0, 3);
    PUT_TAB[2 * r] = (termOut[0]! - lo) | 0;
    PUT_TAB[2 * r + 1] = (termOut[1]! - hi) | 0;
    popCard(scratch, T0);
  }
}
buildTerms();

/** Fills OUT_TERM, TAKE and SRC_RANK from the waste and reserves of `s`. */
function buildSources(s: State): void {
  for (let src = 0; src < 3; src++) {
    const p = src === 0 ? WASTE : R0 + src - 1;
    const cards = s.piles[p]!;
    const at = src * STRIDE;
    termOf(p, src === 0 ? 1 : 2);
    OUT_TERM[2 * at] = termOut[0]!;
    OUT_TERM[2 * at + 1] = termOut[1]!;
    for (let n = 0; n < cards.length; n++) {
      pushCard(scratch, p, cards[n]!);
      SRC_RANK[at + n] = rankOf(cards[n]!);
      termOf(p, src === 0 ? 1 : 2);
      const i = 2 * (at + n + 1);
      OUT_TERM[i] = termOut[0]!;
      OUT_TERM[i + 1] = termOut[1]!;
      TAKE[i] = (OUT_TERM[i - 2]! - termOut[0]!) | 0;
      TAKE[i + 1] = (OUT_TERM[i - 1]! - termOut[1]!) | 0;
    }
    while (scratch.piles[p]!.length) popCard(scratch, p);
  }
}

/**
 * The walk's members, on stacks shared by the nested class walks (a class's members follow its
 * caller's): CFG holds 12 bytes per member (up heights, down heights, tableau ranks), KLO and KHI
 * the hash halves, KEY the memo key, PARENT and DEPTH the class's search tree, SLOT the member's
 * slot in the seen set.
 */
let cap = 0;
let CFG = new Uint8Array(0);
let KLO = new Int32Array(0);
let KHI = new Int32Array(0);
let KEY = new Float64Array(0);
let PARENT = new Int32Array(0);
let DEPTH = new Int32Array(0);
let SLOT = new Int32Array(0);
let DIST = new Int32Array(0);
/** One past the last member in use. */
let top = 0;
/** Members the current top-level solve may still visit. */
let left = 0;

/** Makes room for member `n`. */
function roomFor(n: number): void {
  if (n < cap) return;
  const c = Math.max(1024, 2 * cap, n + 1);
  const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (k: number) => T, k: number): T => {
    const b = make(k);
    b.set(a);
    return b;
  };
  CFG = grow(CFG, (k) => new Uint8Array(k), 12 * c);
  KLO = grow(KLO, (k) => new Int32Array(k), c);
  KHI = grow(KHI, (k) => new Int32Array(k), c);
  KEY = grow(KEY, (k) => new Float64Array(k), c);
  PARENT = grow(PARENT, (k) => new Int32Array(k), c);
  DEPTH = grow(DEPTH, (k) => new Int32Array(k), c);
  SLOT = grow(SLOT, (k) => new Int32Array(k), c);
  DIST = new Int32Array(c);
  cap = c;
}

/**
 * The members of the classes being walked, by key: open addressing, 0 = free. A class's members
 * are the latest entries while it is walked (a nested walk ends before its caller adds more), so
 * when it ends, freeing their slots in reverse order undoes their insertion exactly.
 */
let seenKeys = new Float64Array(1 << 12);

/** The seen set's slot of key `k`, whose hash has low word `lo`: where it is, or the free slot where it would go. */
function seenSlot(k: number, lo: number): number {
  const mask = seenKeys.length - 1;
  let i = lo & mask;
  while (seenKeys[i] !== 0 && seenKeys[i] !== k) i = (i + 1) & mask;
  return i;
}

/** Adds member `n` (key not in the set) to the seen set, growing it to stay at most half full. */
function addSeen(n: number): void {
  if (2 * (n + 1) > seenKeys.length) {
    // Members 0 … n-1 are exactly the set's entries; inserted again in order, each gets its slot.
    seenKeys = new Float64Array(2 * seenKeys.length);
    for (let x = 0; x < n; x++) {
      const i = seenSlot(KEY[x]!, KLO[x]!);
      seenKeys[i] = KEY[x]!;
      SLOT[x] = i;
    }
  }
  const i = seenSlot(KEY[n]!, KLO[n]!);
  seenKeys[i] = KEY[n]!;
  SLOT[n] = i;
}

/** The member's compact form while it is expanded. */
const cur = new Int32Array(12);

/** Writes member `n`: member `from`'s form with byte p1 set to v1 and p2 to v2, key halves lo and hi. */
function writeMember(n: number, from: number, p1: number, v1: number, p2: number, v2: number, lo: number, hi: number, k: number): void {
  roomFor(n);
  CFG.copyWithin(12 * n, 12 * from, 12 * from + 12);
  CFG[12 * n + p1] = v1;
  CFG[12 * n + p2] = v2;
  KLO[n] = lo;
  KHI[n] = hi;
  KEY[n] = k;
}

/** What innerChild returns when the child is new or already a member: go on. */
const GO_ON = -3;

/**
 * The inner move from member `i` that changes the key by (dlo, dhi) and its form at p1, p2: a
 * member already seen is skipped, a member the memo knows settles the class (its value is
 * returned), else it joins the class and GO_ON is returned. The memo is read here although a class
 * is rarely known at an inner child and not at its root: a walk that stops at a known member writes
 * no entry twice, so every won entry of distance d > 0 keeps a neighbour of distance d - 1 and the
 * forced moves cannot run in a circle (walking the class again would overwrite part of an earlier
 * walk's distances; tests/solver/acesAndKings.test.ts then finds a won position searched as lost).
 */
function innerChild(i: number, dlo: number, dhi: number, p1: number, v1: number, p2: number, v2: number): number {
  const lo = (KLO[i]! + dlo) | 0;
  const hi = (KHI[i]! + dhi) | 0;
  const k = keyOf(lo, hi);
  if (seenKeys[seenSlot(k, lo)] === k) return GO_ON;
  const v = recall(k);
  if (v !== undefined) return v;
  const n = top++;
  writeMember(n, i, p1, v1, p2, v2, lo, hi, k);
  PARENT[n] = i;
  DEPTH[n] = DEPTH[i]! + 1;
  addSeen(n);
  return GO_ON;
}

/** Per group of `cur` (ups, downs, tableau), bit v set when one of its four values is v. */
const curHas = new Int32Array(3);

/** Loads member `i`'s form into `cur` and `curHas`. */
function load(i: number): void {
  curHas[0] = 0;
  curHas[1] = 0;
  curHas[2] = 0;
  for (let j = 0; j < 12; j++) {
    const v = CFG[12 * i + j]!;
    cur[j] = v;
    curHas[j >> 2] = curHas[j >> 2]! | (1 << v);
  }
}

/** Index (0 … 3) of the first of cur[off … off+3] equal to v, or -1 (off is 0, 4 or 8). */
function find(off: number, v: number): number {
  if (((curHas[off >> 2]! >> v) & 1) === 0) return -1;
  for (let j = 0; j < 4; j++) if (cur[off + j] === v) return j;
  return -1;
}

/** Frees the seen slots of members base … top-1 (the latest insertions, undone in reverse) and pops them. */
function release(base: number): void {
  for (let x = top - 1; x >= base; x--) seenKeys[SLOT[x]!] = 0;
  top = base;
}

/** Memoises every member of the class at `base` as won, `d` moves from member `at`'s win; returns the root's distance. */
function wonClass(base: number, at: number, d: number): number {
  // Members on the tree path from `at` to the root get their distance along it; every other
  // member is one step further than its parent (a parent comes before its children).
  for (let x = base; x < top; x++) DIST[x] = -1;
  for (let a = at; a >= 0; a = PARENT[a]!) DIST[a] = DEPTH[at]! - DEPTH[a]! + d;
  let far = 0;
  for (let x = base; x < top; x++) {
    if (DIST[x]! < 0) DIST[x] = DIST[PARENT[x]!]! + 1;
    far = Math.max(far, DIST[x]!);
  }
  // The class is written whole or not at all (MEMO_FULL, MAX_DISTANCE): no won entry without its next step.
  if (memoSize + (top - base) > MEMO_FULL || far > MAX_DISTANCE) {
    release(base);
    return ABORTED;
  }
  for (let x = base; x < top; x++) remember(KEY[x]!, DIST[x]!);
  const r = DIST[base]!;
  release(base);
  return r;
}

function lostClass(base: number): number {
  if (memoSize + (top - base) > MEMO_FULL) {
    release(base);
    return ABORTED;
  }
  for (let x = base; x < top; x++) remember(KEY[x]!, LOST);
  release(base);
  return LOST;
}

/**
 * The answer for the class of member `base` (the last member written), with the waste and the
 * reserves cut to lengths `w`, `r0` and `r1`: its distance to a win, LOST, or ABORTED. Pops the
 * class's members before it returns.
 */
function solveClass(base: number, w: number, r0: number, r1: number): number {
  top = base + 1;
  const k0 = KEY[base]!;
  const known = recall(k0);
  if (known !== undefined || seenKeys[seenSlot(k0, KLO[base]!)] === k0) {
    // Known, or (by a hash collision) taken by a member of a class being walked: no answer.
    top = base;
    return known ?? ABORTED;
  }
  PARENT[base] = -1;
  DEPTH[base] = 0;
  addSeen(base);
  const outer = w + r0 + r1;
  for (let i = base; i < top; i++) {
    if (--left < 0) {
      release(base);
      return ABORTED;
    }
    endgameStats.members++;
   
    load(i);
    const empty = find(8, 0);
    if (outer === 0 && cur[8]! + cur[9]! + cur[10]! + cur[11]! === 0) return wonClass(base, i, 0);
    // Outer moves: the top of the waste or a reserve to a foundation that takes it or to an empty
    // tableau pile. With a tableau pile empty, a move of card c to a foundation f is left out: c put
    // on the empty pile instead (also an outer move) reaches a position whose inner move of c to f
    // (f is unchanged, so it still accepts c) gives the left-out child, so both children share a class.
    for (let src = 0; src < 3; src++) {
      const len = src === 0 ? w : src === 1 ? r0 : r1;
      if (!len) continue;
      const r = SRC_RANK[src * STRIDE + len - 1]!;
      const t = 2 * (src * STRIDE + len);
      for (let kind = 0; kind < 3; kind++) {
        // kind 0: to the empty tableau pile; 1: to an up pile of r-1 cards; 2: to a down pile of 13-r.
        let p = -1;
        let v = 0;
        let dlo = TAKE[t]!;
        let dhi = TAKE[t + 1]!;
        if (kind === 0) {
          if (empty < 0) continue;
          p = 8 + empty;
          v = r;
          dlo += PUT_TAB[2 * r]!;
          dhi += PUT_TAB[2 * r + 1]!;
        } else {
          if (empty >= 0) continue;
          const h = kind === 1 ? r - 1 : 13 - r;
          const j = find(kind === 1 ? 0 : 4, h);
          if (j < 0) continue;
          p = (kind === 1 ? 0 : 4) + j;
          v = h + 1;
          const add = kind === 1 ? ADD_UP : ADD_DOWN;
          dlo += add[2 * h]!;
          dhi += add[2 * h + 1]!;
        }
        const lo = (KLO[i]! + dlo) | 0;
        const hi = (KHI[i]! + dhi) | 0;
        const k = keyOf(lo, hi);
        let res = recall(k);
        if (res === undefined) {
          writeMember(top, i, p, v, p, v, lo, hi, k);
          res = solveClass(top, w - (src === 0 ? 1 : 0), r0 - (src === 1 ? 1 : 0), r1 - (src === 2 ? 1 : 0));
          if (res === ABORTED) {
            release(base);
            return ABORTED;
          }
          // The nested walk used `cur`: this member's form again.
          load(i);
        }
        if (res >= 0) return wonClass(base, i, res + 1);
      }
    }
    // Inner moves. A tableau card home: to an up pile of r-1 cards or a down pile of 13-r.
    // Piles of a group holding the same give the same child (the key sorts them), so each value
    // moves once (`done`, a bit per value).
    let res = GO_ON;
    let done = 1;
    for (let t = 8; t < 12 && res === GO_ON; t++) {
      const r = cur[t]!;
      if ((done >> r) & 1) continue;
      done |= 1 << r;
      const j = find(0, r - 1);
      if (j >= 0) res = innerChild(i, ADD_UP[2 * (r - 1)]! - PUT_TAB[2 * r]!, ADD_UP[2 * r - 1]! - PUT_TAB[2 * r + 1]!, t, 0, j, r);
      const k = find(4, 13 - r);
      if (k >= 0 && res === GO_ON) res = innerChild(i, ADD_DOWN[2 * (13 - r)]! - PUT_TAB[2 * r]!, ADD_DOWN[2 * (13 - r) + 1]! - PUT_TAB[2 * r + 1]!, t, 0, 4 + k, 14 - r);
    }
    // An up pile's top (rank h) to a down pile of 13-h cards or to the empty tableau pile.
    done = 1;
    for (let f = 0; f < 4 && res === GO_ON; f++) {
      const h = cur[f]!;
      if ((done >> h) & 1) continue;
      done |= 1 << h;
      const j = find(4, 13 - h);
      if (j >= 0) res = innerChild(i, ADD_DOWN[2 * (13 - h)]! - ADD_UP[2 * (h - 1)]!, ADD_DOWN[2 * (13 - h) + 1]! - ADD_UP[2 * h - 1]!, f, h - 1, 4 + j, 14 - h);
      if (empty >= 0 && res === GO_ON) res = innerChild(i, PUT_TAB[2 * h]! - ADD_UP[2 * (h - 1)]!, PUT_TAB[2 * h + 1]! - ADD_UP[2 * h - 1]!, f, h - 1, 8 + empty, h);
    }
    // A down pile's top (rank 14-d) to an up pile of 13-d cards or to the empty tableau pile.
    done = 1;
    for (let f = 4; f < 8 && res === GO_ON; f++) {
      const d = cur[f]!;
      if ((done >> d) & 1) continue;
      done |= 1 << d;
      const j = find(0, 13 - d);
      if (j >= 0) res = innerChild(i, ADD_UP[2 * (13 - d)]! - ADD_DOWN[2 * (d - 1)]!, ADD_UP[2 * (13 - d) + 1]! - ADD_DOWN[2 * d - 1]!, f, d - 1, j, 14 - d);
      if (empty >= 0 && res === GO_ON) res = innerChild(i, PUT_TAB[2 * (14 - d)]! - ADD_DOWN[2 * (d - 1)]!, PUT_TAB[2 * (14 - d) + 1]! - ADD_DOWN[2 * d - 1]!, f, d - 1, 8 + empty, 14 - d);
    }
    // A member the memo knows settles the class (its members are equally winnable); a known win
    // is reached by this inner move.
    if (res === LOST) return lostClass(base);
    if (res >= 0) return wonClass(base, i, res + 1);
  }
  return lostClass(base);
}

/** The endgame's answer for `s` (stock empty): distance to a win, LOST, or ABORTED past the budget. */
function solveEndgame(s: State): number {
  const w = s.piles[WASTE]!.length;
  const r0 = s.piles[R0]!.length;
  const r1 = s.piles[R0 + 1]!.length;
  if (w + r0 + r1 > ENDGAME_CARDS) return ABORTED;
  if (s.hash) {
    const known = recall(memoKey(s));
    if (known !== undefined) return known;
  }
  if (memoSize >= MEMO_CAP) {
    clearMemo();
    endgameStats.clears++;
  }
  buildSources(s);
  // The root member: its form and its key, the solver's hash summed from the term tables.
  roomFor(0);
  let lo = STOCK_EMPTY[0]! + OUT_TERM[2 * w]! + OUT_TERM[2 * (STRIDE + r0)]! + OUT_TERM[2 * (2 * STRIDE + r1)]!;
  let hi = STOCK_EMPTY[1]! + OUT_TERM[2 * w + 1]! + OUT_TERM[2 * (STRIDE + r0) + 1]! + OUT_TERM[2 * (2 * STRIDE + r1) + 1]!;
  for (let f = 0; f < 8; f++) {
    const h = s.piles[UP0 + f]!.length;
    CFG[f] = h;
    const add = f < 4 ? ADD_UP : ADD_DOWN;
    for (let k = 0; k < h; k++) {
      lo += add[2 * k]!;
      hi += add[2 * k + 1]!;
    }
  }
  for (let t = 0; t < 4; t++) {
    const p = s.piles[T0 + t]!;
    const r = p.length ? rankOf(p[0]!) : 0;
    CFG[8 + t] = r;
    if (r) {
      lo += PUT_TAB[2 * r]!;
      hi += PUT_TAB[2 * r + 1]!;
    }
  }
  // The empty tableau and foundation terms: the hash of the empty piles, from the tables' base.
  lo = (lo + EMPTY_INNER[0]!) | 0;
  hi = (hi + EMPTY_INNER[1]!) | 0;
  KLO[0] = lo;
  KHI[0] = hi;
  KEY[0] = keyOf(lo, hi);
  top = 0;
  left = endgameBudget;
  endgameStats.calls++;
  const r = solveClass(0, w, r0, r1);
  if (r === ABORTED) {
    endgameStats.aborted++;
    forcedOff = true;
  }
  return r;
}

/**
 * For tests only: the endgame solver with another budget per top-level solve, starting afresh
 * (memo cleared, forced moves on again).
 */
export function limitEndgame(budget: number): void {
  endgameBudget = budget;
  forcedOff = false;
  clearMemo();
}

/**
 * A proof of loss for stock-empty positions past the endgame solver's reach (ENDGAME_CARDS), by a
 * smaller game that forgets how the cards on the foundations are stacked and keeps only how many
 * of each rank are home: the "home-count game".
 *
 * The foundations' heights fix the ranks home: an up pile of h cards holds one card of each rank
 * 1…h, a down pile of h cards one of each rank 14-h…13. Write n_r for the cards of rank r home and
 * u_r (d_r) for the up (down) piles holding rank r: u_r is the number of up piles of at least r
 * cards, so u is non-increasing in r and at most 4, d is non-decreasing and at most 4, and
 * n = u + d. Conversely any such u and d are four up heights and four down heights. Call n
 * feasible when such u and d exist (`feasibleHome`). In the home-count game a position is the
 * waste and the reserves (cut to lengths) and the ranks on the four tableau piles (cells), the
 * foundations being any arrangement with the home counts n that the rest leaves (each rank has 8
 * cards); its moves are: the top of the waste or a reserve, or a cell's card, home whenever n with
 * that card is feasible; the top of the waste or a reserve to an empty cell; any card home to an
 * empty cell whenever n without it is feasible. Every move of the real game with the stock out is
 * one of these or leaves the counts as they are: a card put on a foundation that takes it gives a
 * real arrangement with the new counts; a foundation's top put on a tableau pile leaves a real
 * arrangement without it; a move between foundations changes no count. So each real line is a
 * line of the home-count game through the same counts, waste, reserves and tableau ranks, and when
 * this game cannot empty the waste, the reserves and the tableau, no real line wins. The game is
 * searched exhaustively (`relaxedEndgameLost`), giving up past a budget of positions.
 */
/** True when home counts n[1…13] (8 cards of a rank at most) fit some four up and four down foundation heights. */
export function feasibleHome(n: ArrayLike<number>): boolean {
  // u_r ranges over an interval [max(0, n_r - 4), H_r]: H_r = min(H_{r-1}, n_r, n_r - n_{r-1} + H_{r-1}),
  // the largest u_r with u_r <= u_{r-1} and d_r = n_r - u_r >= d_{r-1} (taking u_0 = 4, d_0 = 0).
  let h = 4;
  let prev = 4;
  for (let r = 1; r <= 13; r++) {
    const nr = n[r]!;
    h = Math.min(h, nr, nr - prev + h);
    if (h < (nr > 4 ? nr - 4 : 0)) return false;
    prev = nr;
  }
  return true;
}

/**
 * The home-count game (see feasibleHome) from stock-empty position `s`, within `budget` positions:
 * `lost` true when it cannot empty the waste, the reserves and the tableau, so that no real line
 * wins; false when it can, when it gives up past the budget or `seen`'s memory cap, or while the
 * stock has cards. `nodes`: the positions it visited. `seen` (empty) is the solver's lent set
 * (RelaxedKit), so that the positions it holds count under the solve's memory cap.
 */
export function relaxedEndgameLost(s: State, budget: number, seen: HashSet): { lost: boolean; nodes: number } {
  if (s.piles[STOCK]!.length) return { lost: false, nodes: 0 };
  const src = [s.piles[WASTE]!.map(rankOf), s.piles[R0]!.map(rankOf), s.piles[R0 + 1]!.map(rankOf)];
  const len = [src[0]!.length, src[1]!.length, src[2]!.length];
  // Home counts: 8 of each rank less those in the waste, the reserves and the tableau.
  const n = new Int32Array(14);
  for (let r = 1; r <= 13; r++) n[r] = 8;
  for (const p of src) for (const r of p) n[r]!--;
  // Cells: the tableau's ranks, a count per rank, and how many there are.
  const cell = new Int32Array(14);
  let cells = 0;
  for (let t = T0; t < T0 + 4; t++) {
    const p = s.piles[t]!;
    if (p.length) {
      n[rankOf(p[0]!)]!--;
      cell[rankOf(p[0]!)]!++;
      cells++;
    }
  }
  let visited = 0;
  let gaveUp = false;
  // A position's key: the three lengths (7, 4 and 4 bits) and the cells' ranks, sorted (4 bits each).
  const key = (): number => {
    let k = len[0]! * 256 + len[1]! * 16 + len[2]!;
    for (let r = 1; r <= 13; r++) for (let c = 0; c < cell[r]!; c++) k = k * 16 + r;
    return k * 8 + cells;
  };
  const home = (r: number): boolean => {
    n[r]!++;
    const ok = feasibleHome(n);
    if (!ok) n[r]!--;
    return ok;
  };
  // win() with one more card of rank r in the cells (d = 1) or one fewer (d = -1), the cells put back after.
  const withCell = (r: number, d: number): boolean => {
    cell[r]! += d;
    cells += d;
    const w = win();
    cell[r]! -= d;
    cells -= d;
    return w;
  };
  // True when the game can empty every pile from here (or gave up: then nothing is proven).
  const win = (): boolean => {
    if (cells === 0 && len[0] === 0 && len[1] === 0 && len[2] === 0) return true;
    // The key is exact and under 2^35: its low 32 bits, multiplied by an odd number (a bijection, so
    // that the table's slots spread), and the bits above them.
    const k = key();
    const added = seen.insert(Math.imul(k >>> 0, 0x9e3779b1), Math.floor(k / 4294967296));
    if (added === 0) return false;
    if (added < 0 || ++visited > budget) {
      gaveUp = true;
      return true;
    }
    for (let x = 0; x < 3; x++) {
      if (!len[x]) continue;
      const r = src[x]![len[x]! - 1]!;
      len[x]!--;
      if (home(r)) {
        const w = win();
        n[r]!--;
        if (w) return true;
      }
      if (cells < 4 && withCell(r, 1)) return true;
      len[x]!++;
    }
    for (let r = 1; r <= 13; r++) {
      if (!cell[r]) continue;
      if (home(r)) {
        const w = withCell(r, -1);
        n[r]!--;
        if (w) return true;
      }
    }
    if (cells < 4) {
      for (let r = 1; r <= 13; r++) {
        if (!n[r]) continue;
        n[r]!--;
        const w = feasibleHome(n) && withCell(r, 1);
        n[r]!++;
        if (w) return true;
      }
    }
    return false;
  };
  const lost = !win() && !gaveUp;
  return { lost, nodes: visited };
}

/** forcedMove's move list, kept between calls. */
const forcedList: number[] = [];

/** Each pile's weight in bestFirstScore: a card in the stock or the tableau 1, on the waste 3, in a reserve 0.5, home 0. */
const AWAY = Float64Array.from({ length: DOWN0 + 4 }, (_, p) => (p === WASTE ? 3 : p === STOCK || isTableau(p) ? 1 : p < T0 ? 0.5 : 0));
/** The hash term of each pile but the stock (see `hash`): the waste 1, reserves 2, tableau 3, ups 4, downs 5. */
const TERM_OF = Int32Array.from({ length: DOWN0 + 4 }, (_, p) => (p === WASTE ? 1 : p < T0 ? 2 : p < UP0 ? 3 : p < DOWN0 ? 4 : 5));

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
    // The foundations are read once (markTakes); the moves come foundation by foundation, lowest first.
    markTakes(s);
    // Reserve tops, the waste top and tableau cards: to foundations; once the stock is out, reserve and waste also to an empty tableau pile.
    for (let from = WASTE; from < T0 + 4; from++) {
      const p = s.piles[from]!;
      if (!p.length) continue;
      const r = RANK[p[p.length - 1]!]!;
      pushToBits(from, takesUp[r]!, UP0, out);
      pushToBits(from, takesDown[r]!, DOWN0, out);
      if (empty >= 0 && !isTableau(from)) out.push(move(from, empty));
    }
    // Foundation tops: to a foundation building the other way; once the stock is out, to an empty tableau pile.
    for (let f = UP0; f < DOWN0 + 4; f++) {
      const n = s.piles[f]!.length;
      if (!n) continue;
      // An up pile of n cards has rank n on top, a down pile 14-n.
      if (f < DOWN0) pushToBits(f, takesDown[n]!, DOWN0, out);
      else pushToBits(f, takesUp[14 - n]!, UP0, out);
      if (empty >= 0) out.push(move(f, empty));
    }
    unmarkTakes(s);
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
    markTakes(s);
    for (let from = WASTE; from < T0 + 4; from++) {
      const p = s.piles[from]!;
      if (!p.length) continue;
      const r = RANK[p[p.length - 1]!]!;
      pushToBits(from, takesUp[r]!, UP0, out);
      pushToBits(from, takesDown[r]!, DOWN0, out);
    }
    unmarkTakes(s);
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

    /**
     * The hash after any move, without making it, so the search skips a child it has seen: a move
     * of one top card between piles the hash holds as terms (hash.ts's hashAfterMoveTop); the deal,
     * which shortens the stock (its length is a term) and puts its top card on the waste; and a
     * tableau card's move while the stock refills its pile, which also shortens the stock, and
     * leaves the tableau pile holding the stock's top card in place of the one that went.
     */
    hashAfter(s, m, out) {
      if (moveType(m) === DEAL) {
        hashAfterDealOne(s, STOCK, 0, WASTE, TERM_OF[WASTE]!, out);
        return true;
      }
      const from = moveFrom(m);
      const to = moveTo(m);
      const stock = s.piles[STOCK]!;
      if (isTableau(from) && stock.length) {
        const p = s.piles[from]!;
        hashAfterPush(s, to, TERM_OF[to]!, p[p.length - 1]!, out);
        hashAfterReplaceTop(s, from, TERM_OF[from]!, stock[stock.length - 1]!, out);
        hashAfterNumber(stock.length, stock.length - 1, 0, out);
        return true;
      }
      hashAfterMoveTop(s, from, TERM_OF[from]!, to, TERM_OF[to]!, out);
      return true;
    },

    hashByRank: true,

    /**
     * The best-first phase's heuristic: the cards not yet home, a waste card counting 3 (it leaves
     * only from the top, and every deal buries it deeper) and a reserve card 0.5, less a cost of 0.5
     * a move from the start (A*-style). Measured with best-first alone on the 69 openings of deals
     * 1-200 that the search left unknown at 1M: wins within 500,000 positions, by weights written
     * h/w/m/r: each card home counts h, each waste card -w, each move -m, each reserve card r.
     * 1/0/0/0: 2; 2/1/0/0: 2; 2/1/0.25/0: 3; 2/1/0.5/0: 6; 2/1/1/0: 9; 3/1/0.5/0: 2; 2/2/0.5/0: 13;
     * 1/1/0.25/0: 13; 1/1/0.5/0: 13; 1/1/1/0: 9; 1/1/0.5/-0.5: 14; 1/1/0.5/0.5: 22; 1/1.5/0.5/0: 20;
     * 1/2/0.5/0: 21; 1/3/0.5/0: 20; 1/2/0.25/0: 16; 1/2/0.75/0: 22; 1/2/0.4/0.5: 20; 1/2/0.6/0.25:
     * 21; 1/1.5/0.5/0.5: 24; 1/2.5/0.6/0.5: 21; 1/3/0.75/0.5: 22; 1/2/0.5/1: 18; 1/2/0.5/0.5: 25,
     * this one (cards home less twice the waste's plus half the reserves' is, but for a constant,
     * the sum above). A disorder term (cards lying above a lower and below a higher card of their
     * pile) added nothing: 25 at 0.5 too. Nor did a term for the ranks the foundations take now
     * (how many of 1-13 some up or down top takes): with it at 1.5 a rank, 149 of deals 1-200 and
     * 141 of 201-400 are won at 1M, against 155 and 147 without (5 of the 45 left unknown are won,
     * but more are lost elsewhere); at 0.5, 149 of 1-200.
     * Measured and left out (6 December 2026): a stock card weighing 0.5 (the waste 2.5 or 3) wins
     * 8 to 10 of the 45 openings of deals 1-200 left unknown at 1M, by best-first alone at 700,000,
     * but within the solver 142 and 146 of deals 1-200 against 155. Best-first alone at 1M wins 137
     * of deals 1-200 with this score, 72 with stock 0.5 and waste 2.5, and no split of the 1M
     * between the two wins more than 137.
     * Measured and left out (7 December 2026, a scratch copy): a waste of W cards counting
     * a·W + b·W² (a deep waste worse than its cards one by one). Within the solver, deals 1-200 at
     * 1M, a/b 1/0.25, 2/0.25, 2/0.125, 3/0.125 and 1/0.5 win 157, 155, 155, 156 and 153, against
     * 155.
     */
    bestFirstScore(s, depth) {
      const away = s.piles[STOCK]!.length + countCards(s, T0, 4);
      return -(away + 3 * s.piles[WASTE]!.length + 0.5 * (s.piles[R0]!.length + s.piles[R0 + 1]!.length)) - 0.5 * depth;
    },

    /**
     * The score above after a move, without making it: it weighs each card by its pile (AWAY), so a
     * move of one card changes it by the weight of the pile it leaves less that of the pile it lands
     * on, and the move's cost. A tableau card's refill from the stock moves a card of weight 1 into a
     * pile of weight 1, which changes nothing.
     */
    bestFirstScoreAfter(_s, m, _depth, now) {
      if (moveType(m) === DEAL) return now + AWAY[STOCK]! - AWAY[WASTE]! - 0.5;
      return now + AWAY[moveFrom(m)]! - AWAY[moveTo(m)]! - 0.5;
    },

    /**
     * Measured (bench-solver --shares, at 1M; every deal decided is won, no loss is proven while the
     * stock lasts). Before the best-first score above, deals 1-100: probes 0.4: 47 decided, 0.6: 50,
     * 0.8: 52; best-first 0.4 with the cards-home count: 17. With it, best-first/probes, deals 1-200
     * and 201-400 (% won): 0/0.8: 65.5, 63.5; 0.3/0.5: 76, -; 0.5/0.3: 76, 72; 0.6/0.2: 77, -;
     * 0.7/0.1: 77.5, 73.5; 0.7/0.2: 78, -; 0.8/0.1: 77.5, 73.5; 0.9/0: 70, -.
     * At ten times the budget the 45 deals of 1-200 left unknown at 1M stay mostly unknown: at
     * 10,000,000 positions (prove, 2 jobs, 512 MB, 5 December 2026) 7 are won (22, 44, 48, 64, 75,
     * 137, 175, after 1.9 to 8.6 million positions) and 38 stay unknown. That was read then as
     * the lack of a proof of loss while the stock lasts; with the beam phase below the solver
     * wins 23 of the 45 at 1M (and leaves 3 it won before unknown), so many were wins that
     * best-first and probes do not reach.
     * With the beam phase (beam.ts, 7 December 2026; prove --jobs 2 at 1M, won % of deals 1-200,
     * 201-400 and 401-600, best-first/probes/beam): 0.7/0.1/0 (before) 77.5, 73.5, 71.5;
     * 0.4/0/0.4 85, -, -; 0.3/0/0.5 85.5, 89.5, -; 0.1/0/0.8 84.5, 88, 82.5; 0/0/0.9 82.5, -, -;
     * 0.15/0.05/0.7 86, 90, 83.5; 0.35/0.05/0.5 86.5, 90.5, 83.5; 0.25/0.1/0.55 87.5, 90.5, 83.5;
     * 0.25/0.05/0.6 87, 90.5, 84, this one (87.5 and 90.5 on 1-200 and 201-400 once a step could
     * end between two members of a beam's closure and go on from there; 88, 90.5 and 84 once the
     * last beam of a share was as wide as its positions pay for). So the deals left unknown
     * before were largely wins too deep for best-first, not losses. Of the 50 hint positions of
     * bench-solver --hint-positions as they were drawn then (1.5M), this one wins 47 against 30, 45
     * within 250 ms against 28; at 150,000 positions 44 against 33 (the solver's BEAM_MIN lets the
     * beam run there, not at 100,000). Those 50 took part in the choice, and were drawn anew when
     * the winnable list grew that day (scripts/hint-positions.ts); on 200 positions of the set drawn
     * since (--count 200, 1.5M, one core), this one wins 155 against 138, 149 within 250 ms against
     * 129, and 37 of the 45 it leaves unknown stay unknown at 10M. Of the 24 deals of 1-200 this
     * leaves unknown at 1M, the beam phase alone at 20M wins 11, after 2.5M positions on average (a
     * scratch loop, 7 December 2026). The whole solver at 20M (`npx solitaire prove aces-and-kings
     * --from D --count 1 --nodes 20000000 --memory 600`, two at once, the same day) wins 11 of them
     * too (2, 54, 65, 68, 74, 75, 81, 94, 117, 133 and 178), after 1.8 to 12.9 million positions
     * (median 8.1 million), in 1.1 to 4.9 s each; 13 stay unknown (6, 12, 13, 27, 37, 58, 86, 93,
     * 109, 119, 132, 167 and 179), with no loss proven. At 100M (`--memory 3000`) deal 12 is won,
     * after 63 million positions, and the other 12 stay unknown (42 to 130 s each).
     * Then a twentieth of the budget went from the beams to nested rollouts (rollout.ts, 7 December
     * 2026, prove at 1M): deals 1-200, 201-400 and 401-600 won 177, 182 and 170 against 176, 181
     * and 168 (deal 93 among them, unknown before at 100M).
     */
    searchShares: { bestFirst: 0.25, probes: 0.05, beam: 0.55, rollouts: 0.05 },

    /** The beam's layers (beam.ts): the stock's length, which every deal and refill lowers and nothing raises. */
    beamLayer(s) {
      return s.piles[STOCK]!.length;
    },

    /**
     * With the stock out, the next step of a win the endgame solver found (see solveClass): a move
     * to a position one step nearer the win, which keeps a won position won. Otherwise none: no
     * foundation move is safe in every deal (see autoMoves); none either once a solve gave up (see
     * forcedOff).
     */
    forcedMove(s) {
      if (s.piles[STOCK]!.length) return -1;
      const d = solveEndgame(s);
      if (d <= 0 || forcedOff) return -1;
      const work: State = s.hash ? s : { piles: s.piles.map((p) => p.slice()), flags: s.flags };
      if (!work.hash) attachHashes(work, true);
      const list = forcedList;
      clearList(list);
      this.moves(work, list);
      for (const m of list) {
        this.make(work, m);
        const next = recall(memoKey(work));
        this.unmake(work, m);
        if (next === d - 1) return m;
      }
      return -1;
    },

    /**
     * With the stock out and more cards in the reserves and waste than the endgame solver takes
     * (ENDGAME_CARDS), the home-count game's proof of loss (relaxedEndgameLost), tried once before
     * the search, within the relaxed share of the budget. Measured at 1.5M positions: 40 stock-empty
     * positions of playouts of deals 1-40 (31-69 cards left) are all lost in 21,803 positions in all
     * (without it: 39 lost, 1 unknown, 1,799,137 positions); 60 nudged stock-ends of stored wins
     * (31-57 cards) are decided alike (43 won, 17 lost) in 30,161 positions (16,565 without it).
     * Openings and the stock phase are untouched. It runs in one piece, not in the solver's slices
     * (its search is recursive, and short): at the stock's end of random playouts of deals 1-300
     * (233 positions it was asked about, a scratch loop, 6 December 2026) it took at most 39,742
     * positions and 105 ms, proving 231 lost.
     */
    // biome-ignore lint/correctness/useYield: the proof is one slice (above); the solver's contract is a generator
    *relaxedLost(s, maxNodes, kit) {
      if (s.piles[STOCK]!.length) return { lost: false, nodes: 0 };
      if (s.piles[WASTE]!.length + s.piles[R0]!.length + s.piles[R0 + 1]!.length <= ENDGAME_CARDS) return { lost: false, nodes: 0 };
      return relaxedEndgameLost(s, maxNodes, kit.seen);
    },

    /**
     * With the stock out, the endgame solver's proof that no line wins (see solveClass). No loss is
     * proven while the stock has cards, and endgame proofs alone cannot change that. Measured on the
     * deals 1-200 leaves undecided at 1M: about 78 % of the positions their search expands have the
     * stock out and 40-60 cards in the reserves and waste (past ENDGAME_CARDS); a class walk of up to
     * 5,000 members proves about 97 % of those lost (deal 6: 61,582 lost, none won, 1,891 past the
     * budget), yet it decides none of those deals and slows `prove` 7-20 times: the search then
     * spends its budget a few cards before the stock runs out. The stock phase alone is too large to
     * exhaust: with every position of at most 40 stock cards taken as lost (a cut that only shrinks
     * the tree), exhaustive search still needs more than 5M positions for deals 1, 4, 5 and 14
     * (3.65M for deal 11; deals 2, 12 and 13 take 780K, 399K and 10K there, but more than 5M, 5M
     * and 5M with the cut at 30, 30 and 20 stock cards). The variety is in the waste, not the foundations: deal 4's first 2M
     * positions above that cut are 370,445 distinct positions, 275,893 without the foundations and
     * 117,826 distinct stock, waste and reserves. Their best lines run the stock out with 23-35 cards
     * left in the waste. So a proof of loss for these deals needs an abstraction of the waste's
     * order (what it buries), not a faster endgame. Nor does forgetting how the foundations are
     * stacked shrink it: the home-count game (relaxedEndgameLost) carried into the stock phase
     * (deals and refills as they are, a position being the stock's length, the waste, the reserves'
     * lengths and the tableau's ranks) gave up after 2,000,000 positions on each of the 20 hint
     * positions (bench-solver --hint-positions) that the search leaves unknown at 1,500,000, and
     * after 1,000,000 on six of the nine won ones it was tried on (a scratch prototype, 5 December
     * 2026). Nor do the waste and reserves as they stand prove a loss alone: the home-count game
     * with the stock's cards free instead (each may go home whenever the counts allow, never
     * buried) and the four cells open at once, a relaxation of every line, wins all 50 hint
     * positions within 91 to 9,013 positions (a scratch prototype, 6 December 2026), so their
     * losses are made by the deals still to come. Those 20 positions looked like losses, not wins
     * too deep to find: at 10,000,000 positions (one core) 1 is won and 19 stay unknown (two of
     * them, run at 100,000,000 with 1,400 MB on 7 December, stay unknown too). Yet the beam phase
     * (beam.ts, later that day) wins 17 of the 20 within 1,500,000 positions. The search does find
     * wins in won positions of that kind: along the random lines that lead to bench-solver's hint
     * positions (seeds 20260101, 7 and 8), every position before the last one the search wins at
     * 2,000,000 is won (a position is won when the next one is), and it wins 2,958 of those 3,091
     * at 2,000,000 (a scratch loop, 7 December 2026). Nor do two ways of spending fewer of the
     * budget's positions on positions already seen decide more (scratch copies, deals 1-200 at
     * 1,000,000, 7 December 2026): partial-order reduction by sleep sets (moves on different piles commute unless one fills an
     * empty pile or empties a foundation) expands 4-7 % more positions within the budget, and
     * skipping the moves that reach a sibling's position (onto or off a foundation with a twin of
     * lower index and the same kind and height, or a tableau card whose rank a lower tableau pile
     * shows) drops 17-20 % of the moves listed; each wins 155 deals, as the search without them
     * does (the skip wins deals 44 and 48 and loses 16 and 108).
     * Also measured and left out (6 December 2026, a scratch prototype): the bag game. The
     * home-count game with the waste as it stands, every stock card dealt since in a bag on top of
     * it from which any card may go home at any time, and the stock, refills and reserves exact: a
     * relaxation, since the real waste is a prefix of that waste with the cards dealt since on top
     * in deal order. It proves lost every lost position tried with 1 to 12 stock cards left (128 of
     * 128; it called none of 272 known wins lost), in 10 to 30 times fewer positions than the
     * search, but few higher up (1 of 11 with 16 to 20 stock cards, none of 42 with 26 to 45), and
     * it wins the openings of deals 2, 6, 11, 12 and 25 and 3 hint positions outright: the order
     * of the deals still to come is what loses them, and keeping it in windows of 2 deals gives up
     * at 1,000,000 positions on deal 25. As a cut with 5 stock cards or fewer it took 11 to 21 s
     * where the search alone took 1 s. Nor do home counts let positions merge: of 31.2 million
     * pairs of ranks that could each go home, 26 % could not both.
     * Also measured and left out (7 December 2026, a scratch prototype): the home-count game on a
     * window of ranks a…b, the stock phase included, with every card outside the window wild (it
     * may leave any pile at will, so a wild card on the waste or a reserve goes at once; one in the
     * tableau may go and let the stock refill the pile). The window's home counts keep the
     * conditions among its own ranks (u non-increasing, d non-decreasing, each at most 4), which
     * every real count satisfies, and the stock's order is kept for the window's cards, so it is a
     * relaxation of every line. On the 13 hint positions (bench-solver --hint-positions) that the
     * solver leaves unknown at 10,000,000 positions (36 to 63 stock cards), every window of 2 to 6
     * ranks wins within a few milliseconds, windows of 8 win or give up after 300,000 positions, and
     * those of 10 to 13 give up: the order that loses them, if they are lost, spans most ranks.
     */
    provenLost(s) {
      return s.piles[STOCK]!.length === 0 && solveEndgame(s) === LOST;
    },

    /**
     * Empties the endgame memo and turns forced moves on again (as limitEndgame does), between
     * searches: a deal's count of positions then does not hang on which deals the thread solved
     * before it (the memo knows positions by rank, which other deals reach too, and a won class's
     * distances decide the forced moves).
     */
    forget() {
      forcedOff = false;
      clearMemo();
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
