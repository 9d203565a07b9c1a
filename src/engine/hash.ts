/**
 * Incremental position hashes for the solver. Each pile keeps a Zobrist hash in two independent
 * 32-bit halves: the xor of a random table entry per (card, height) it holds. `make` and `unmake`
 * keep them current through `pushCard` and `popCard` (O(1) per card moved) whenever a state carries
 * them (`attachHashes`; the page's and the CLI's states do not). A game's `hash` then combines the
 * pile hashes it reads: ordered piles salted by their place, interchangeable piles by a sum of mixed
 * pile hashes (commutative, so no sort), so equal canonical keys give equal hashes.
 */
import type { Card } from './cards.ts';
import type { State } from './rules.ts';

/** Heights a pile hash tells apart (a pile deeper than this wraps round, costing only collisions). */
const HEIGHTS = 128;

/** A fixed xorshift generator, so hashes are the same on every run (tests compare them). */
function table(n: number, seed: number): Int32Array {
  const t = new Int32Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    t[i] = x;
  }
  return t;
}

/** Zobrist entries, lo and hi halves interleaved: index 2 * (value * HEIGHTS + height). */
const Z = table(2 * 53 * HEIGHTS, 0x2545f491);

/** The murmur3 finaliser: a bijection of 32-bit integers with full avalanche. */
export function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** The pile hashes a state carries while a solver searches it. */
export interface PileHashes {
  /** Two 32-bit halves per pile: h[2p] and h[2p + 1]. */
  readonly h: Int32Array;
  /** Per card, its Zobrist row (value * HEIGHTS): by card, or by rank where no rule reads a suit. */
  readonly row: Int32Array;
}

const CARD_ROWS = new Int32Array(52).map((_, c) => c * HEIGHTS);
const RANK_ROWS = new Int32Array(52).map((_, c) => ((c % 13) + 1) * HEIGHTS);

/** Gives `s` pile hashes computed from scratch; `byRank` hashes cards by rank alone. */
export function attachHashes(s: State, byRank = false): void {
  s.hash = { h: new Int32Array(2 * s.piles.length), row: byRank ? RANK_ROWS : CARD_ROWS };
  for (let p = 0; p < s.piles.length; p++) rehash(s, p);
}

/** Where the Zobrist entry (lo, hi) of a card with Zobrist row `row` at height `height` of its pile starts in Z. */
const entry = (row: number, height: number): number => (row + (height & (HEIGHTS - 1))) << 1;

/** Recomputes pile `p`'s hash from its cards (after a change in its middle, such as a splice). */
export function rehash(s: State, p: number): void {
  const z = s.hash;
  if (!z) return;
  const pile = s.piles[p]!;
  let lo = 0;
  let hi = 0;
  for (let n = 0; n < pile.length; n++) {
    const i = entry(z.row[pile[n]!]!, n);
    lo ^= Z[i]!;
    hi ^= Z[i + 1]!;
  }
  z.h[2 * p] = lo;
  z.h[2 * p + 1] = hi;
}

/** Puts card `c` on top of pile `p`, keeping its hash. */
export function pushCard(s: State, p: number, c: Card): void {
  const pile = s.piles[p]!;
  const z = s.hash;
  if (z) {
    const i = entry(z.row[c]!, pile.length);
    z.h[2 * p] = z.h[2 * p]! ^ Z[i]!;
    z.h[2 * p + 1] = z.h[2 * p + 1]! ^ Z[i + 1]!;
  }
  pile.push(c);
}

/** Takes the top card off pile `p` (which must not be empty), keeping its hash. */
export function popCard(s: State, p: number): Card {
  const pile = s.piles[p]!;
  const c = pile.pop()!;
  const z = s.hash;
  if (z) {
    const i = entry(z.row[c]!, pile.length);
    z.h[2 * p] = z.h[2 * p]! ^ Z[i]!;
    z.h[2 * p + 1] = z.h[2 * p + 1]! ^ Z[i + 1]!;
  }
  return c;
}

/** Random salts, lo and hi, for the terms of a game's hash (a term is named by a small number). */
const SALTS = table(2 * 64, 0x68e31da4);

/**
 * Adds pile `p`, in its own place, to the hash in `out` (out[0] lo, out[1] hi). `term` (0 … 63)
 * names the place: no two terms of one game's hash share a number.
 */
export function addPile(s: State, p: number, term: number, out: Int32Array): void {
  const h = s.hash!.h;
  out[0] = (out[0]! + mix(h[2 * p]! ^ SALTS[2 * term]!)) | 0;
  out[1] = (out[1]! + mix(h[2 * p + 1]! ^ SALTS[2 * term + 1]!)) | 0;
}

/** Adds piles `first … first+count-1` as interchangeable: a sum, so their order does not count. */
export function addGroup(s: State, first: number, count: number, term: number, out: Int32Array): void {
  const h = s.hash!.h;
  const salt = SALTS[2 * term]!;
  const salt2 = SALTS[2 * term + 1]!;
  let lo = 0;
  let hi = 0;
  for (let p = first; p < first + count; p++) {
    lo = (lo + mix(h[2 * p]! ^ salt)) | 0;
    hi = (hi + mix(h[2 * p + 1]! ^ salt2)) | 0;
  }
  out[0] = (out[0]! + lo) | 0;
  out[1] = (out[1]! + hi) | 0;
}

/** Adds a small whole number (such as the stock's length) as term `term`. */
export function addNumber(v: number, term: number, out: Int32Array): void {
  numberTerm(v, term, 1, out);
}

/** Adds (`sign` 1) or takes away (-1) the term addNumber adds for number `v` as term `term`. */
function numberTerm(v: number, term: number, sign: 1 | -1, out: Int32Array): void {
  const x = Math.imul(v + 1, 0x9e3779b1);
  out[0] = (out[0]! + sign * mix(x ^ SALTS[2 * term]!)) | 0;
  out[1] = (out[1]! + sign * mix(mix(x) ^ SALTS[2 * term + 1]!)) | 0;
}

/**
 * Turns `out`, the hash of `s`, into the hash after moving the top card of pile `from` onto pile
 * `to`, without making the move, for a game whose hash is a sum of pile terms (addPile, addGroup)
 * and nothing else that such a move changes: `termFrom` and `termTo` are the two piles' terms.
 */
export function hashAfterMoveTop(s: State, from: number, termFrom: number, to: number, termTo: number, out: Int32Array): void {
  hashAfterShift(s, from, termFrom, to, termTo, 1, out);
}

/**
 * hashAfterMoveTop for the top `n` cards of `from` moved together onto `to`, keeping their order
 * (common.ts's shift): each leaves its height in `from` and takes the next height in `to`.
 */
export function hashAfterShift(s: State, from: number, termFrom: number, to: number, termTo: number, n: number, out: Int32Array): void {
  const z = s.hash!;
  const h = z.h;
  const src = s.piles[from]!;
  const base = s.piles[to]!.length - (src.length - n);
  const f = 2 * termFrom;
  const t = 2 * termTo;
  const aLo = h[2 * from]!;
  const aHi = h[2 * from + 1]!;
  const bLo = h[2 * to]!;
  const bHi = h[2 * to + 1]!;
  // The two piles' hashes after the move: each card's entry at its old height leaves `from`, at its new one joins `to`.
  let aLo2 = aLo;
  let aHi2 = aHi;
  let bLo2 = bLo;
  let bHi2 = bHi;
  for (let k = src.length - n; k < src.length; k++) {
    const row = z.row[src[k]!]!;
    const i = entry(row, k);
    const j = entry(row, base + k);
    aLo2 ^= Z[i]!;
    aHi2 ^= Z[i + 1]!;
    bLo2 ^= Z[j]!;
    bHi2 ^= Z[j + 1]!;
  }
  out[0] = (out[0]! - mix(aLo ^ SALTS[f]!) + mix(aLo2 ^ SALTS[f]!) - mix(bLo ^ SALTS[t]!) + mix(bLo2 ^ SALTS[t]!)) | 0;
  out[1] = (out[1]! - mix(aHi ^ SALTS[f + 1]!) + mix(aHi2 ^ SALTS[f + 1]!) - mix(bHi ^ SALTS[t + 1]!) + mix(bHi2 ^ SALTS[t + 1]!)) | 0;
}

/**
 * Turns `out`, the hash of `s`, into the hash after the deal of a game that deals one card from
 * its stock (held in the hash as its length, a number term: addNumber) onto pile `to` (a pile
 * term), without dealing it: the stock's term changes from its length to one less, and `to`'s
 * pile hash gains the stock's top card at the next height.
 */
export function hashAfterDealOne(s: State, stock: number, stockTerm: number, to: number, termTo: number, out: Int32Array): void {
  const st = s.piles[stock]!;
  hashAfterNumber(st.length, st.length - 1, stockTerm, out);
  hashAfterPush(s, to, termTo, st[st.length - 1]!, out);
}

/** Turns `out` into the hash after the number term `term` changes from `v` to `w` (addNumber). */
export function hashAfterNumber(v: number, w: number, term: number, out: Int32Array): void {
  numberTerm(v, term, -1, out);
  numberTerm(w, term, 1, out);
}

/** Turns `out` into the hash after card `c` is put on top of pile `p` (pile term `term`), without putting it there. */
export function hashAfterPush(s: State, p: number, term: number, c: Card, out: Int32Array): void {
  const z = s.hash!;
  const i = entry(z.row[c]!, s.piles[p]!.length);
  replaceTerm(z.h, p, term, Z[i]!, Z[i + 1]!, out);
}

/** Turns `out` into the hash after pile `p`'s top card is replaced by card `c` (pile term `term`), without replacing it. */
export function hashAfterReplaceTop(s: State, p: number, term: number, c: Card, out: Int32Array): void {
  const z = s.hash!;
  const pile = s.piles[p]!;
  const i = entry(z.row[pile[pile.length - 1]!]!, pile.length - 1);
  const j = entry(z.row[c]!, pile.length - 1);
  replaceTerm(z.h, p, term, Z[i]! ^ Z[j]!, Z[i + 1]! ^ Z[j + 1]!, out);
}

/** Turns `out` into the hash with pile `p`'s hash (in `h`) xored with (`lo`, `hi`), its term `term` taken again. */
function replaceTerm(h: Int32Array, p: number, term: number, lo: number, hi: number, out: Int32Array): void {
  const aLo = h[2 * p]!;
  const aHi = h[2 * p + 1]!;
  out[0] = (out[0]! - mix(aLo ^ SALTS[2 * term]!) + mix((aLo ^ lo) ^ SALTS[2 * term]!)) | 0;
  out[1] = (out[1]! - mix(aHi ^ SALTS[2 * term + 1]!) + mix((aHi ^ hi) ^ SALTS[2 * term + 1]!)) | 0;
}
