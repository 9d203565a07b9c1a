/**
 * The solver's beam phase: looks for a win layer by layer, for a game that names its layers
 * (GameRules.beamLayer: a number no move raises, such as the stock's length in Aces and Kings).
 * From each position of a layer (a root), the positions its moves reach within the layer (its
 * closure, up to CLOSURE of them, breadth first) are generated, and every move out of the layer
 * from them gives a candidate for the next layer. Only the `width` best candidates by the game's
 * bestFirstScore (the cards home, less the waste's and the reserves' cost, in Aces and Kings) are
 * kept, the best first; they are the next layer's roots. Positions are merged by the game's 64-bit
 * hash within a layer. A beam that ends without a win gives way to one twice as wide (or as wide
 * as the share's remaining positions pay for), from the start again, with its own small random
 * tie-break, until the phase's share of the budget is spent. Dominance moves and proofs of loss are used as the exhaustive search uses them
 * (forcedMove, provenLost, skipAfter), so a beam plays only lines the search would play.
 *
 * Why: best-first search spends its budget on the positions that score best however deep they lie,
 * and in Aces and Kings a few early choices decide how much of the waste the stock leaves buried,
 * long before the score shows it; a beam keeps many different early choices alive through the whole
 * stock at once. Measured on the 45 openings of deals 1-200 that the solver left unknown at
 * 1,000,000 positions without it (7 December 2026): a scratch prototype 200 wide won 11 to 16 of
 * them (by the scoring and the tie-break) in about 110,000 positions each. This phase alone, at
 * 500,000 positions a deal, won 18, 21, 24, 24 and 23 with closures of 30, 100, 300, 600 and 1,500
 * positions (100 before the first two); with each beam as wide as the first, 1.5 times and twice as
 * wide, 15, 19 and 21; with a first width of 50, 100 and 200, 20, 21 and 21; scoring the waste 2, 3
 * or 4 a card and the reserves 0 to 1 moved it by 3 at most, so the game's own best-first score
 * stays. In the solver (Aces and Kings' searchShares, prove at 1,000,000 positions) it takes the
 * deals won of 1-200, 201-400 and 401-600 to 88, 90.5 and 84 %, from 77.5, 73.5 and 71.5 %.
 *
 * Measured and left out (the beam alone at 500,000 positions on the same 45 deals, where it wins
 * 23; scratch copies, 7 December 2026): the score replaced by a greedy playout of the rest of the
 * stock (ranks only, every card that a foundation takes played at once, the cards not home at the
 * end), 4; that playout as a tie-break on the score, 21 (to the end) and 19 (5 deals ahead); a term
 * for the ranks the foundations take, 22 (0.25 a rank) and 18 (1); no moves between foundations in
 * the closures, 13, and only those that let a card waiting on the waste, a reserve or the tableau
 * go home next, 16; closures taken best first by the score instead of breadth first, 19, 22 and 21
 * with 30, 100 and 300 members. Closures stopped after 300 to 3,000 positions (mid-game positions
 * with many cards home have closures of some 15,000, so a first beam 100 wide there can take 10
 * million) win 23 of the 45 as well, and 2 or 3 of the 45 hint positions of bench-solver
 * --hint-positions --count 200 that the solver leaves unknown at 1,500,000, as without them. At
 * 600,000 (the share at 1,000,000), a second beam as wide as all the rest pays for, instead of
 * twice the first, wins 19 of the 45 against 24.
 * Two ways of keeping the next layer varied did no better (the beam alone on the openings of Aces
 * and Kings at 600,000 positions, deals won of 200, by the beam's first seed; scratch copies, 7
 * December 2026): each root offering only the best K of its candidates, and at most G candidates
 * kept that differ only in their foundations (the same waste, reserves and tableau ranks, so the
 * same score). Without either, deals 1-200 won 166, 166, 164 and 162 (seeds 1, 11, 21, 31) and
 * 201-400 won 172 and 172 (seeds 1, 11). K = 3: 171, 172, 165 and 170, but 167 and 171 on 201-400;
 * K = 2, 4, 5 and 6: 167 and 167, 165, 164 and 162, 163 on 1-200 (seeds 1 and 11 where two). G = 1:
 * 167 and 167, and 171 on 201-400; G = 2: 166 and 163, and 172. On the 24 deals of 1-200 the
 * solver leaves unknown at 1,000,000, the beam alone at 2,000,000 wins 6 without a cap and 4, 8, 5,
 * 5 and 6 with K = 2, 4, 8, 16 and 32.
 * Nested rollouts (rollout.ts) beside the beams win some deals the beams do not: with a twentieth
 * of the budget they add wins, with a fifth or more they cost the beams more wins than they add
 * (the figures are there).
 *
 * Exactness: a win is reported only with the line that reached it (replayed by the caller). A beam
 * drops positions, so it never answers lost.
 */
import { attachHashes, popCard, pushCard } from '../engine/hash.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { childHash, type Outcome, phaseMoves, positionHash } from './phase.ts';
import { NO_TABLE, PositionTable } from './table.ts';
import { xorshift } from './xorshift.ts';

/** Positions of one root's closure the beam expands (the root first): a bound on each root's work. */
const CLOSURE = 300;
/** The first beam's width; each next beam is twice as wide. */
export const FIRST_WIDTH = 100;
/** The random tie-break's size: below the step of the score (a half in Aces and Kings), so it only orders equals. */
const JITTER = 0.1;

/** A resumable run of beams, each twice as wide as the one before, from one position. */
export class Beam {
  private readonly s: State;
  private readonly root: State;
  /** The start's hash (lo, hi), which no move gave: every beam's first root. */
  private readonly rootHash = new Int32Array(2);
  private readonly piles: number;
  /** Bytes of one packed position: each pile's length, then its cards. */
  private readonly slot: number;
  private table: PositionTable;
  private width = FIRST_WIDTH / 2;
  /** Positions visited when the beam under way started (-1 before the first). */
  private beamStart = -1;
  private jitter: () => number = () => 0;
  private seed = 1;

  /** The layer's roots, packed, best first; their line entries. */
  private cur = new Uint8Array(0);
  private curEntry = new Int32Array(0);
  /** The roots' hashes (lo, hi at 2i, 2i + 1), as the candidates' were kept: no root is hashed again. */
  private curHash = new Int32Array(0);
  private curCount = 0;
  private next = 0;

  /** The next layer's candidates: a min-heap (by score) of slots into nxt. */
  private nxt = new Uint8Array(0);
  private nxtEntry = new Int32Array(0);
  private nxtHash = new Int32Array(0);
  private nxtScore = new Float64Array(0);
  private heap = new Int32Array(0);
  private heapSize = 0;

  /** One root's closure: packed positions waiting to be expanded (a queue), with their entries. */
  private closure = new Uint8Array(0);
  private closureEntry = new Int32Array(CLOSURE);
  /** The closure's members' hashes, as their moves gave them (childHash): each is hashed once. */
  private closureHash = new Int32Array(2 * CLOSURE);
  /** The closure under way (a step may end between two of its members): its layer, how many are queued and taken, and whether one is. */
  private closureLayer = 0;
  private queued = 0;
  private taken = 0;
  private inClosure = false;

  /** The lines: entry e is the position reached by move entryMove[e] from entry entryParent[e] (-1: the start). */
  private entryParent = new Int32Array(1024);
  private entryMove = new Int32Array(1024);
  private entries = 0;

  private nodes = 0;
  private line: number[] = [];
  private outcome: Outcome | null = null;
  private readonly list: number[] = [];
  private readonly h = new Int32Array(2);

  /** Prepares beams from `state` (copied) whose tables stay within `maxBytes`. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    private readonly maxBytes: number,
  ) {
    this.root = cloneState(state);
    this.s = cloneState(state);
    attachHashes(this.s, rules.hashByRank);
    this.piles = state.piles.length;
    let cards = 0;
    for (const p of state.piles) cards += p.length;
    this.slot = this.piles + cards;
    this.closure = new Uint8Array(CLOSURE * this.slot);
    this.table = PositionTable.take(4096, Math.floor(maxBytes / 2), false);
    positionHash(rules, this.s, this.rootHash);
    if (rules.isWon(this.s)) this.outcome = 'won';
    else this.startBeam(Number.POSITIVE_INFINITY);
  }

  /** Positions generated (moves looked at) so far. */
  get visited(): number {
    return this.nodes;
  }

  /** The winning line (engine moves from the start), once won. */
  get winningLine(): number[] {
    return this.line;
  }

  /** Drops the table and arrays (the phase is over). */
  release(): void {
    if (this.table.released) return;
    PositionTable.give(this.table);
    this.table = NO_TABLE;
    this.cur = this.nxt = this.closure = new Uint8Array(0);
    this.entryParent = this.entryMove = new Int32Array(0);
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.table.bytes + this.otherBytes();
  }

  /**
   * Bytes held beside the table: the layers, the closure queue, the heap and the lines. They stay
   * within half the memory cap, and the table within the other half. A line entry (8 bytes) counts
   * 24: growing copies the entries into arrays twice as long, and a new layer copies those it keeps
   * (with a map of 4 bytes an entry) before the old ones go.
   */
  private otherBytes(width = this.width, entrySlots = this.entryParent.length): number {
    return width * (2 * this.slot + 36) + this.closure.byteLength + 12 * CLOSURE + 24 * entrySlots;
  }

  /**
   * A new beam from the start, twice as wide, or as wide as `remaining` positions pay for at the
   * cost per width of the beam before, when that is less (FIRST_WIDTH at least), so that the last
   * beam of a share mostly ends rather than stopping part way; false when it would not fit the
   * memory cap. Measured (prove aces-and-kings --jobs 2 at 1M, 7 December 2026): deals 1-200,
   * 201-400 and 401-600 won 88, 90.5 and 84 % against 87.5, 90.5 and 84 % with every beam twice as
   * wide as the one before.
   */
  private startBeam(remaining: number): boolean {
    let width = this.width * 2;
    if (this.beamStart >= 0) {
      const perWidth = (this.nodes - this.beamStart) / this.width;
      const fits = Math.floor(remaining / perWidth);
      if (fits < width) width = Math.max(FIRST_WIDTH, fits);
    }
    this.beamStart = this.nodes;
    if (this.otherBytes(width) > this.maxBytes / 2) return false;
    this.width = width;
    this.jitter = xorshift(this.seed++);
    this.cur = new Uint8Array(width * this.slot);
    this.curEntry = new Int32Array(width);
    this.curHash = new Int32Array(2 * width);
    this.nxt = new Uint8Array(width * this.slot);
    this.nxtEntry = new Int32Array(width);
    this.nxtHash = new Int32Array(2 * width);
    this.nxtScore = new Float64Array(width);
    this.heap = new Int32Array(width);
    this.entries = 0;
    this.pack(this.root, this.cur, 0);
    this.curEntry[0] = -1;
    this.curHash.set(this.rootHash);
    this.curCount = 1;
    this.next = 0;
    this.inClosure = false;
    this.heapSize = 0;
    this.table.clear();
    return true;
  }

  /** Looks at up to `slice` more positions (never more than `maxNodes` in all); 'won' or 'unknown' once over, else null. */
  step(slice: number, maxNodes: number): Outcome | null {
    if (this.outcome) return this.outcome;
    const stopAt = Math.min(maxNodes, this.nodes + slice);
    while (this.nodes < stopAt) {
      if (this.inClosure || this.next < this.curCount) {
        if (!this.inClosure) this.startClosure(this.next++);
        if (this.expandClosure(stopAt)) return this.stop('won');
        if (this.outcome) return this.outcome;
        continue;
      }
      // The layer is done: the candidates kept are the next layer, or the beam is over.
      if (this.heapSize === 0) {
        if (!this.startBeam(maxNodes - this.nodes)) return this.stop('unknown');
        continue;
      }
      this.nextLayer();
    }
    return this.nodes >= maxNodes ? this.stop('unknown') : null;
  }

  private stop(o: Outcome): Outcome {
    this.outcome = o;
    this.release();
    return o;
  }

  /** Writes the line ending with move `m` from entry `e` (m < 0: none). */
  private setLine(e: number, m: number): void {
    const line: number[] = m >= 0 ? [m] : [];
    for (let k = e; k >= 0; k = this.entryParent[k]!) line.push(this.entryMove[k]!);
    this.line = line.reverse();
  }

  /** A new line entry: move m from entry `parent`; -2 when the memory cap forbids it. */
  private entry(parent: number, m: number): number {
    if (this.entries === this.entryParent.length) {
      const length = Math.max(1024, 2 * this.entries);
      if (this.otherBytes(this.width, length) > this.maxBytes / 2) return -2;
      const grow = (a: Int32Array) => {
        const b = new Int32Array(length);
        b.set(a);
        return b;
      };
      this.entryParent = grow(this.entryParent);
      this.entryMove = grow(this.entryMove);
    }
    this.entryParent[this.entries] = parent;
    this.entryMove[this.entries] = m;
    return this.entries++;
  }

  /** Starts the closure of root i of the layer: the root itself is its first member. */
  private startClosure(i: number): void {
    this.unpack(this.cur, i);
    this.closureLayer = this.rules.beamLayer!(this.s);
    this.closureEntry[0] = this.curEntry[i]!;
    this.closureHash[0] = this.curHash[2 * i]!;
    this.closureHash[1] = this.curHash[2 * i + 1]!;
    this.queued = 1;
    this.taken = 0;
    this.inClosure = true;
  }

  /**
   * Expands the members of the closure under way, breadth first (each one whole), until it is done
   * or the positions reach `stopAt`: its moves within the layer queue more members (up to
   * CLOSURE in all), and its moves out of the layer give candidates for the next. True when a move
   * reached a win (the line is set). The member to expand is in the working state: the root when
   * the closure starts, else the queue's next one, unpacked here.
   */
  private expandClosure(stopAt: number): boolean {
    const { rules, s, h, list, table } = this;
    const layer = this.closureLayer;
    for (;;) {
      const member = this.taken;
      const entry = this.closureEntry[member]!;
      if (this.taken > 0) this.unpack(this.closure, this.taken);
      this.taken++;
      const entered = entry >= 0 ? this.entryMove[entry]! : -1;
      if (phaseMoves(rules, s, entered, list) !== 'lost') {
        const lo0 = this.closureHash[2 * member]!;
        const hi0 = this.closureHash[2 * member + 1]!;
        for (let k = 0; k < list.length; k++) {
          const m = list[k]!;
          this.nodes++;
          childHash(rules, s, m, lo0, hi0, h);
          const lo = h[0]!;
          const hi = h[1]!;
          const at = table.probe(lo, hi);
          if (table.holds(at)) continue;
          if (table.add(at, lo, hi) < 0) return this.outOfRoom();
          rules.make(s, m);
          if (rules.isWon(s)) {
            this.setLine(entry, m);
            return true;
          }
          let room = true;
          if (rules.beamLayer!(s) !== layer) room = this.offer(s, entry, m, lo, hi);
          else if (this.queued < CLOSURE) {
            const e = this.entry(entry, m);
            if (e === -2) room = false;
            else {
              this.pack(s, this.closure, this.queued);
              this.closureHash[2 * this.queued] = lo;
              this.closureHash[2 * this.queued + 1] = hi;
              this.closureEntry[this.queued++] = e;
            }
          }
          rules.unmake(s, m);
          if (!room) return this.outOfRoom();
        }
      }
      if (this.taken >= this.queued) {
        this.inClosure = false;
        return false;
      }
      if (this.nodes >= stopAt) return false;
    }
  }

  /** Stops as unknown: the memory cap forbids going on. */
  private outOfRoom(): false {
    this.inClosure = false;
    this.stop('unknown');
    return false;
  }

  /** Offers the position reached by move m from entry `parent` (made in s, its hash lo, hi) to the next layer; false when the memory cap forbids it. */
  private offer(s: State, parent: number, m: number, lo: number, hi: number): boolean {
    const score = this.score(s) + JITTER * this.jitter();
    const heap = this.heap;
    const sc = this.nxtScore;
    let slot: number;
    if (this.heapSize < this.width) {
      slot = this.heapSize;
      heap[this.heapSize++] = slot;
    } else {
      // Full: it replaces the worst kept candidate only when it scores better.
      if (score <= sc[heap[0]!]!) return true;
      slot = heap[0]!;
      heap[0] = heap[--this.heapSize]!;
      this.siftDown(0);
      heap[this.heapSize++] = slot;
    }
    const e = this.entry(parent, m);
    if (e === -2) return false;
    this.pack(s, this.nxt, slot);
    this.nxtEntry[slot] = e;
    this.nxtHash[2 * slot] = lo;
    this.nxtHash[2 * slot + 1] = hi;
    sc[slot] = score;
    this.siftUp(this.heapSize - 1);
    return true;
  }

  private score(s: State): number {
    const { rules } = this;
    if (rules.bestFirstScore) return rules.bestFirstScore(s, 0);
    return rules.evaluate ? rules.evaluate(s) : 0;
  }

  private siftUp(i: number): void {
    const heap = this.heap;
    const sc = this.nxtScore;
    const x = heap[i]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (sc[heap[p]!]! <= sc[x]!) break;
      heap[i] = heap[p]!;
      i = p;
    }
    heap[i] = x;
  }

  private siftDown(i: number): void {
    const heap = this.heap;
    const sc = this.nxtScore;
    const n = this.heapSize;
    const x = heap[i]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && sc[heap[c + 1]!]! < sc[heap[c]!]!) c++;
      if (sc[heap[c]!]! >= sc[x]!) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = x;
  }

  /**
   * The candidates kept become the roots, best first; the lines' entries are compacted to those
   * the roots lead back through, and the table starts empty for the new layer.
   */
  private nextLayer(): void {
    const n = this.heapSize;
    const order = Array.from(this.heap.subarray(0, n)).sort((a, b) => this.nxtScore[b]! - this.nxtScore[a]!);
    const slot = this.slot;
    const oldParent = this.entryParent;
    const oldMove = this.entryMove;
    // Each entry a root leads back through gets a new index, its ancestors before it (remap holds
    // the new index + 1, 0 while none).
    const remap = new Int32Array(this.entries);
    let parent = new Int32Array(Math.max(1024, 4 * n));
    let move = new Int32Array(parent.length);
    let used = 0;
    const chain: number[] = [];
    for (let r = 0; r < n; r++) {
      const from = order[r]!;
      this.cur.set(this.nxt.subarray(from * slot, from * slot + slot), r * slot);
      this.curHash[2 * r] = this.nxtHash[2 * from]!;
      this.curHash[2 * r + 1] = this.nxtHash[2 * from + 1]!;
      chain.length = 0;
      let k = this.nxtEntry[from]!;
      while (k >= 0 && remap[k] === 0) {
        chain.push(k);
        k = oldParent[k]!;
      }
      let up = k >= 0 ? remap[k]! - 1 : -1;
      for (let j = chain.length - 1; j >= 0; j--) {
        if (used === parent.length) {
          const p = new Int32Array(2 * used);
          p.set(parent);
          const m = new Int32Array(2 * used);
          m.set(move);
          parent = p;
          move = m;
        }
        const old = chain[j]!;
        parent[used] = up;
        move[used] = oldMove[old]!;
        remap[old] = used + 1;
        up = used++;
      }
      this.curEntry[r] = up;
    }
    this.entryParent = parent;
    this.entryMove = move;
    this.entries = used;
    this.curCount = n;
    this.next = 0;
    this.heapSize = 0;
    this.table.clear();
  }

  /** Packs the piles of `s` into slot i of `buf`. */
  private pack(s: State, buf: Uint8Array, i: number): void {
    let at = i * this.slot;
    for (let p = 0; p < this.piles; p++) {
      const pile = s.piles[p]!;
      buf[at++] = pile.length;
      for (let k = 0; k < pile.length; k++) buf[at++] = pile[k]!;
    }
  }

  /**
   * Sets the working state from slot i of `buf`, its pile hashes with it. Each pile keeps the cards
   * it shares from the bottom with the packed one, and only the rest is popped and pushed, each
   * card's hash term with it (hash.ts): consecutive members of a closure, and the roots of a layer,
   * share most piles (the reserves, the stock less a card, the foundations but one). Before, every
   * pile was emptied, refilled and hashed again, which took about a fifth of Aces and Kings' time on
   * the hint positions (a profile of bench-solver --hint-positions, 7 December 2026).
   */
  private unpack(buf: Uint8Array, i: number): void {
    const s = this.s;
    let at = i * this.slot;
    for (let p = 0; p < this.piles; p++) {
      const pile = s.piles[p]!;
      const n = buf[at++]!;
      const shared = Math.min(n, pile.length);
      let same = 0;
      while (same < shared && pile[same] === buf[at + same]) same++;
      while (pile.length > same) popCard(s, p);
      for (let k = same; k < n; k++) pushCard(s, p, buf[at + k]!);
      at += n;
    }
  }
}
