/**
 * The best-first phase's open positions: the highest score first, and among equal scores the
 * newest (highest node number) first. Nodes are pushed once each, in increasing order.
 *
 * The games' best-first scores are multiples of a quarter (whole counts times weights such as 0.5,
 * 1.25 or 2.5) within a few thousand of zero, so each score has a bucket of its own: a list of its
 * nodes, newest first, linked through one array indexed by node, and a bit per bucket marking the
 * ones that hold any. A push and a pop then touch a bucket head and one link, both recently used,
 * where a binary heap of a million entries walks some twenty levels of an array many megabytes
 * long at every pop (and reads memory that a second search on the other core also wants). A pop
 * takes the head of the highest marked bucket: the newest of the highest score, as the heap takes.
 * The first score that is not a multiple of a quarter, or that would spread the scores over more
 * than MAX_BUCKETS / 2 buckets, moves every entry to a binary heap with the same order (score,
 * then node number) for the rest of the search.
 */

/** Buckets per unit of score. */
const PER_UNIT = 4;
/** Most buckets (256 KB of heads): a range of scores wider than a half of this goes to the heap. */
const MAX_BUCKETS = 1 << 16;

/** Any growth fits (for moving the entries into the heap, whose room toHeap has checked). */
const always = () => true;

/** A priority queue of node numbers by score (see above). */
export class ScoreQueue {
  /** Per bucket (key − base), its newest node, or −1. */
  private head = new Int32Array(0);
  /** A bit per bucket that holds a node. */
  private bits = new Uint32Array(0);
  /** The key of bucket 0. */
  private base = 0;
  /** Per node, the next older node of its bucket, or −1. */
  private next = new Int32Array(1024);
  /** The highest bucket that holds a node, or −1. */
  private top = -1;
  private len = 0;
  /** Set once a score has no bucket: the rest of the search uses the heap below. */
  private heapMode = false;
  private heapPri = new Float64Array(0);
  private heapNode = new Int32Array(0);

  /** Entries waiting. */
  get size(): number {
    return this.len;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.head.byteLength + this.bits.byteLength + this.next.byteLength + this.heapPri.byteLength + this.heapNode.byteLength;
  }

  /** Drops the arrays (the queue is empty and unusable afterwards). */
  release(): void {
    this.head = new Int32Array(0);
    this.bits = new Uint32Array(0);
    this.next = new Int32Array(0);
    this.heapPri = new Float64Array(0);
    this.heapNode = new Int32Array(0);
    this.top = -1;
    this.len = 0;
  }

  /**
   * Adds `node` (greater than every node pushed before) with score `pri`; false, with nothing
   * added, when the arrays would have to grow and `fits` (asked only then, with the bytes to add)
   * says no.
   */
  push(pri: number, node: number, fits: (grow: number) => boolean): boolean {
    if (!this.heapMode) {
      const key = pri * PER_UNIT;
      const done = Number.isInteger(key) ? this.bucketPush(key, node, fits) : -1;
      if (done >= 0) return done === 1;
      if (!this.toHeap(fits)) return false;
    }
    return this.heapPush(pri, node, fits);
  }

  /** Takes the first entry (the queue must not be empty). */
  pop(): number {
    return this.heapMode ? this.heapPop() : this.bucketPop();
  }

  /** 1 when added, 0 when out of room, −1 when the key needs more buckets than MAX_BUCKETS allows. */
  private bucketPush(key: number, node: number, fits: (grow: number) => boolean): number {
    if (node >= this.next.length) {
      let size = this.next.length;
      while (size <= node) size *= 2;
      if (!fits(4 * (size - this.next.length))) return 0;
      const bigger = new Int32Array(size);
      bigger.set(this.next);
      this.next = bigger;
    }
    let b = key - this.base;
    if (b < 0 || b >= this.head.length) {
      const done = this.rebase(key, fits);
      if (done < 1) return done;
      b = key - this.base;
    }
    const head = this.head;
    this.next[node] = head[b]!;
    if (head[b] === -1) this.bits[b >>> 5] = this.bits[b >>> 5]! | (1 << (b & 31));
    head[b] = node;
    if (b > this.top) this.top = b;
    this.len++;
    return 1;
  }

  /** Widens the buckets to take `key`, with room either side for the keys to come (as bucketPush answers). */
  private rebase(key: number, fits: (grow: number) => boolean): number {
    const lo = this.len ? Math.min(key, this.base) : key;
    const hi = this.len ? Math.max(key, this.base + this.head.length - 1) : key;
    let size = Math.max(256, this.head.length);
    while (size < 2 * (hi - lo + 1)) size *= 2;
    if (size > MAX_BUCKETS) return -1;
    if (!fits(4 * size + (size >>> 3) - this.head.byteLength - this.bits.byteLength)) return 0;
    const base = lo - ((size - (hi - lo + 1)) >> 1);
    const head = new Int32Array(size).fill(-1);
    const bits = new Uint32Array(size >>> 5);
    let top = -1;
    for (let b = 0; b < this.head.length; b++) {
      const n = this.head[b]!;
      if (n === -1) continue;
      const c = b + this.base - base;
      head[c] = n;
      bits[c >>> 5] = bits[c >>> 5]! | (1 << (c & 31));
      top = c;
    }
    this.head = head;
    this.bits = bits;
    this.base = base;
    this.top = top;
    return 1;
  }

  private bucketPop(): number {
    const b = this.top;
    const n = this.head[b]!;
    const after = this.next[n]!;
    this.head[b] = after;
    this.len--;
    if (after === -1) {
      // The bucket is empty: its bit goes, and the highest bit left below it is the new top.
      const bits = this.bits;
      let w = b >>> 5;
      let word = bits[w]! & ~(1 << (b & 31));
      bits[w] = word;
      while (word === 0 && w > 0) word = bits[--w]!;
      this.top = word === 0 ? -1 : 32 * w + 31 - Math.clz32(word);
    }
    return n;
  }

  /** Moves every entry into the heap (their order there is the same), for the rest of the search. */
  private toHeap(fits: (grow: number) => boolean): boolean {
    let size = 1024;
    while (size < 2 * this.len) size *= 2;
    if (!fits(12 * size)) return false;
    this.heapPri = new Float64Array(size);
    this.heapNode = new Int32Array(size);
    this.len = 0;
    this.heapMode = true;
    for (let b = 0; b < this.head.length; b++) {
      for (let k = this.head[b]!; k !== -1; k = this.next[k]!) this.heapPush((b + this.base) / PER_UNIT, k, always);
    }
    this.head = new Int32Array(0);
    this.bits = new Uint32Array(0);
    this.next = new Int32Array(0);
    this.top = -1;
    return true;
  }

  /** True when heap entry i comes before entry j: higher score, then newer. */
  private before(i: number, j: number): boolean {
    const a = this.heapPri[i]!;
    const b = this.heapPri[j]!;
    return a > b || (a === b && this.heapNode[i]! > this.heapNode[j]!);
  }

  private swap(i: number, j: number): void {
    const p = this.heapPri[i]!;
    this.heapPri[i] = this.heapPri[j]!;
    this.heapPri[j] = p;
    const n = this.heapNode[i]!;
    this.heapNode[i] = this.heapNode[j]!;
    this.heapNode[j] = n;
  }

  private heapPush(pri: number, node: number, fits: (grow: number) => boolean): boolean {
    if (this.len === this.heapPri.length) {
      const size = Math.max(1024, 2 * this.heapPri.length);
      if (!fits(12 * (size - this.heapPri.length))) return false;
      const p = new Float64Array(size);
      p.set(this.heapPri);
      this.heapPri = p;
      const q = new Int32Array(size);
      q.set(this.heapNode);
      this.heapNode = q;
    }
    let i = this.len++;
    this.heapPri[i] = pri;
    this.heapNode[i] = node;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(i, up)) break;
      this.swap(i, up);
      i = up;
    }
    return true;
  }

  private heapPop(): number {
    const top = this.heapNode[0]!;
    const last = --this.len;
    if (last > 0) {
      this.heapPri[0] = this.heapPri[last]!;
      this.heapNode[0] = this.heapNode[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= last) break;
        let c = l;
        if (l + 1 < last && this.before(l + 1, l)) c = l + 1;
        if (!this.before(c, i)) break;
        this.swap(c, i);
        i = c;
      }
    }
    return top;
  }
}
