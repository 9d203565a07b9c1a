/**
 * The solver's transposition table: open addressing with linear probing on typed arrays, no object
 * per position. A slot holds a position's 64-bit hash as two 32-bit halves (8 bytes); games with
 * partial-order reduction add 4 bytes per slot for the sleep set the position was expanded under,
 * kept in a pool of 16-bit move ids. The table doubles when 3/4 full, only while the old and new
 * arrays together fit the memory cap; past that `add` fails and the search answers unknown.
 *
 * Exactness: two positions are taken as the same only when all 64 bits agree. The halves come
 * from independent Zobrist tables (engine/hash.ts), so for a search that stores N positions the
 * chance that any lookup meets a false match is at most about N² / 2^64: below 3e-8 for the
 * 1,000,000-position default, below 6e-6 for 10,000,000. Only such a false match could make a
 * "lost" wrong (a position would be skipped as already searched); a "won" is always replayed.
 */

import type { HashSet } from '../engine/rules.ts';

/** Bytes per slot: the two hash halves, and the sleep-set reference with partial-order reduction. */
export const SLOT_BYTES = 8;
/** Extra bytes per slot with partial-order reduction. */
export const SLEEP_SLOT_BYTES = 4;
/** Default memory cap of one search's table, in MB. */
export const DEFAULT_MEMORY_MB = 64;

/** Tables of at most this many slots are kept for reuse when a search ends (see take/give). */
const POOLED_SLOTS = 4096;
/** Spare small tables, with and without sleep sets (a thread runs a few searches at a time at most). */
const spares: PositionTable[] = [];

/** A set of 64-bit position hashes, each with an optional sleep set. */
export class PositionTable implements HashSet {
  /**
   * A table as `new PositionTable(slots, maxBytes, sleep)` would give, but a spare one when there
   * is: short searches (most hints, every probe) then neither allocate nor zero fresh memory.
   */
  static take(slots: number, maxBytes: number, sleep: boolean): PositionTable {
    for (let i = spares.length - 1; i >= 0; i--) {
      const t = spares[i]!;
      if (t.mask + 1 === slots && t.sleep === sleep) {
        spares.splice(i, 1);
        t.maxBytes = maxBytes;
        return t;
      }
    }
    return new PositionTable(slots, maxBytes, sleep);
  }

  /** Sets the most bytes the table may hold from now on (it never shrinks: a lower cap only stops growth). */
  setCap(maxBytes: number): void {
    this.maxBytes = maxBytes;
  }

  /**
   * Hands back a table its search no longer needs: a big one (over 1 MB) lets its arrays go at once,
   * a small one is emptied and kept for take(). Keeping the big arrays for the next search in the
   * thread instead (emptied, in place of fresh zeroed memory) was measured for `prove --jobs 2`,
   * whose deals each take longer than with one job: King Albert's deals 1-100 at 300,000 read 1.70
   * and 1.71x with it against 1.64 and 1.64x without (runs alternated), within this machine's
   * noise, while the page's worker would hold the memory between hints.
   */
  static give(t: PositionTable): void {
    if (t.bytes > 1 << 20) {
      t.release();
      return;
    }
    if (t.mask + 1 <= POOLED_SLOTS && !t.released && spares.length < 8 && t.pool.length <= 1024) {
      t.clear();
      spares.push(t);
    }
  }

  private keys: Int32Array;
  private aux: Int32Array;
  private pool: Uint16Array;
  private poolUsed = 1;
  private mask: number;
  private count = 0;
  private limit: number;

  /** A table of `slots` (a power of two) to start with, holding at most `maxBytes` with its pool; `sleep` adds the sleep sets. */
  constructor(
    slots: number,
    private maxBytes: number,
    private readonly sleep: boolean,
  ) {
    this.keys = new Int32Array(2 * slots);
    this.aux = new Int32Array(sleep ? slots : 0);
    this.pool = new Uint16Array(sleep ? 1024 : 0);
    this.mask = slots - 1;
    this.limit = (slots * 3) >>> 2;
  }

  /** Positions stored. */
  get size(): number {
    return this.count;
  }

  /** True once release() has dropped the arrays. */
  get released(): boolean {
    return this.keys.length === 0;
  }

  /** Empties the table, keeping its arrays. */
  clear(): void {
    this.keys.fill(0);
    this.aux.fill(0);
    this.poolUsed = 1;
    this.count = 0;
  }

  /** Drops the arrays (the table is unusable afterwards). */
  release(): void {
    this.keys = new Int32Array(0);
    this.aux = new Int32Array(0);
    this.pool = new Uint16Array(0);
    this.mask = 0;
    this.count = 0;
  }

  /** Bytes held now (slots and sleep pool). */
  get bytes(): number {
    return this.keys.byteLength + this.aux.byteLength + this.pool.byteLength;
  }

  /** The slot holding (lo, hi), or the free slot where it would go; never (0, 0), which marks a free slot. */
  probe(lo: number, hi: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let i = lo & mask;
    for (;;) {
      const a = keys[2 * i]!;
      const b = keys[2 * i + 1]!;
      if ((a === lo && b === hi) || (a === 0 && b === 0)) return i;
      i = (i + 1) & mask;
    }
  }

  /** True when slot `i` (from probe) holds a position. */
  holds(i: number): boolean {
    return this.keys[2 * i] !== 0 || this.keys[2 * i + 1] !== 0;
  }

  /** Stores (lo, hi) in free slot `i` (from probe); returns its slot, or -1 when the memory cap forbids it. */
  add(i: number, lo: number, hi: number): number {
    if (this.count >= this.limit) {
      if (!this.grow()) return -1;
      i = this.probe(lo, hi);
    }
    this.keys[2 * i] = lo;
    this.keys[2 * i + 1] = hi;
    this.count++;
    return i;
  }

  private grow(): boolean {
    const slots = this.mask + 1;
    const perSlot = SLOT_BYTES + (this.sleep ? SLEEP_SLOT_BYTES : 0);
    // While rehashing, the old and the new arrays are both held.
    if (3 * slots * perSlot + this.pool.byteLength > this.maxBytes) return false;
    const oldKeys = this.keys;
    const oldAux = this.aux;
    this.keys = new Int32Array(4 * slots);
    this.aux = new Int32Array(this.sleep ? 2 * slots : 0);
    this.mask = 2 * slots - 1;
    this.limit = (2 * slots * 3) >>> 2;
    for (let j = 0; j < slots; j++) {
      const lo = oldKeys[2 * j]!;
      const hi = oldKeys[2 * j + 1]!;
      if (lo === 0 && hi === 0) continue;
      const i = this.probe(lo, hi);
      this.keys[2 * i] = lo;
      this.keys[2 * i + 1] = hi;
      if (this.sleep) this.aux[i] = oldAux[j]!;
    }
    return true;
  }

  /**
   * Adds (lo, hi) as one call (the HashSet a game's relaxedLost is lent): 1 when it was not there,
   * 0 when it was, -1 when the memory cap forbids it. (0, 0) marks a free slot, so it is stored as
   * (0, 1), which only adds that one pair to the pairs that could falsely match.
   */
  insert(lo: number, hi: number): number {
    if (lo === 0 && hi === 0) hi = 1;
    const i = this.probe(lo, hi);
    if (this.holds(i)) return 0;
    return this.add(i, lo, hi) < 0 ? -1 : 1;
  }

  /** True when every id of slot `i`'s stored sleep set is among `ids[from … from+n-1]`. */
  sleepSubset(i: number, ids: Int32Array, from: number, n: number): boolean {
    const at = this.aux[i]!;
    if (at === 0) return true;
    const pool = this.pool;
    const len = pool[at]!;
    for (let k = at + 1; k <= at + len; k++) {
      const z = pool[k]!;
      let found = false;
      for (let j = from; j < from + n; j++) {
        if (ids[j] === z) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }

  /** Keeps in `ids[from … from+n-1]` only the ids in slot `i`'s stored sleep set; returns how many are left. */
  sleepIntersect(i: number, ids: Int32Array, from: number, n: number): number {
    const at = this.aux[i]!;
    if (at === 0) return 0;
    const pool = this.pool;
    const len = pool[at]!;
    let out = from;
    for (let j = from; j < from + n; j++) {
      const z = ids[j]!;
      for (let k = at + 1; k <= at + len; k++) {
        if (pool[k] === z) {
          ids[out++] = z;
          break;
        }
      }
    }
    return out - from;
  }

  /**
   * Stores `ids[from … from+n-1]` as slot `i`'s sleep set; false when the memory cap forbids it.
   * `replace`: the slot already has a set and the new one is a subset of it (an intersection), so
   * it is written in place.
   */
  setSleep(i: number, ids: Int32Array, from: number, n: number, replace: boolean): boolean {
    if (n === 0) {
      this.aux[i] = 0;
      return true;
    }
    let at = replace ? this.aux[i]! : 0;
    if (at === 0) {
      if (this.poolUsed + n + 1 > this.pool.length) {
        const size = Math.max(2 * this.pool.length, this.poolUsed + n + 1);
        if (this.keys.byteLength + this.aux.byteLength + 3 * size > this.maxBytes) return false;
        const bigger = new Uint16Array(size);
        bigger.set(this.pool);
        this.pool = bigger;
      }
      at = this.poolUsed;
      this.poolUsed += n + 1;
    }
    this.pool[at] = n;
    for (let k = 0; k < n; k++) this.pool[at + 1 + k] = ids[from + k]!;
    this.aux[i] = at;
    return true;
  }
}

/** A released table (no memory): what a search, a best-first phase or a beam holds once it is over, in place of its own. */
export const NO_TABLE = new PositionTable(1, 0, false);
NO_TABLE.release();
