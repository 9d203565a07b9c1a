/**
 * The solver's best-first phase: finds wins that chronological depth-first search reaches late.
 * Every generated position is stored once (by the game's 64-bit hash, as the exhaustive search
 * stores them) with its parent and the move that made it; the open positions wait in a queue
 * (scoreQueue.ts) ordered by the game's `bestFirstScore` (which may charge a cost per move,
 * A*-style; a child's by `bestFirstScoreAfter` without making it, where the game has it) or
 * `evaluate` (or, for a game without one, the cards on its foundation, discard and other home
 * piles), best first, the newest first among equals. Expanding a position
 * walks the one working state there along the tree (unmake up to the common ancestor, make down),
 * so positions are not copied. A position offering the game's dominance move gets that move as its
 * only child, as in the exhaustive search.
 *
 * Exactness: a win is reported only with the line that reached it (replayed by the caller). When the
 * queue runs empty, every position reachable under the same dominance moves and canonical hash as
 * the exhaustive search has been generated and expanded, so the position is proven lost exactly as
 * a finished exhaustive search proves it.
 */
import { isHome } from '../engine/anatomy.ts';
import { attachHashes } from '../engine/hash.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { type Outcome, phaseMoves, positionHash } from './phase.ts';
import { ScoreQueue } from './scoreQueue.ts';
import { NO_TABLE, PositionTable } from './table.ts';

/** Bytes per generated position beside the table: parent, move and depth, and its queue link. */
const NODE_BYTES = 12 + 4;

/** A resumable best-first search for a win from one position. */
export class BestFirst {
  private readonly s: State;
  private table: PositionTable;
  private readonly homes: number[];
  private parent = new Int32Array(1024);
  private move = new Int32Array(1024);
  private depth = new Int32Array(1024);
  /**
   * Each position's score, kept only for a game with bestFirstScoreAfter, which scores a child from
   * its parent's score without making the move (empty otherwise). Float32: the games' scores are
   * multiples of a quarter far below 2^22, so they are stored exactly; and the order of expansion
   * never bears on a verdict, only on how soon a win is found.
   */
  private scores: Float32Array;
  private count = 0;
  private queue = new ScoreQueue();
  private cur = 0;
  private nodes = 0;
  private outcome: Outcome | null = null;
  private full = false;
  private line: number[] = [];
  private readonly list: number[] = [];
  /** goto's moves down to the target, deepest first (grown as needed). */
  private path = new Int32Array(256);
  private readonly h = new Int32Array(2);
  /** Whether `grow` more bytes stay within the cap (asked by the queue before it grows). */
  private readonly fits = (grow: number) => this.bytes + grow <= this.maxBytes;

  /** Prepares a best-first search of `state` (copied) whose table and arrays stay within `maxBytes`. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    private maxBytes: number,
  ) {
    this.s = cloneState(state);
    attachHashes(this.s, rules.hashByRank);
    this.homes = [];
    rules.piles.forEach((_, i) => {
      if (isHome(rules, i)) this.homes.push(i);
    });
    // The table gets two fifths of the cap, the node arrays and the queue (16 bytes a position) the rest.
    this.table = PositionTable.take(1024, Math.floor(maxBytes * 0.4), false);
    this.hashNow();
    this.table.add(this.table.probe(this.h[0]!, this.h[1]!), this.h[0]!, this.h[1]!);
    const scoreAfter = rules.bestFirstScore !== undefined && rules.bestFirstScoreAfter !== undefined;
    this.scores = new Float32Array(scoreAfter ? 1024 : 0);
    this.addNode(-1, -1, 0, scoreAfter ? rules.bestFirstScore!(this.s, 0) : 0);
    this.queue.push(0, 0, this.fits);
    if (rules.isWon(this.s)) this.outcome = 'won';
  }

  /** Sets the memory cap from now on (the table keeps its two fifths); a lower cap only stops growth. */
  setCap(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.table.setCap(Math.floor(maxBytes * 0.4));
  }

  /** Positions generated (moves looked at) so far. */
  get visited(): number {
    return this.nodes;
  }

  /** True when the search stopped because it reached its memory cap. */
  get outOfMemory(): boolean {
    return this.full;
  }

  /** The winning line (engine moves from the start), once won. */
  get winningLine(): number[] {
    return this.line;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.table.bytes + this.parent.byteLength * 3 + this.scores.byteLength + this.queue.bytes;
  }

  private hashNow(): void {
    positionHash(this.rules, this.s, this.h);
  }

  private score(depth: number): number {
    const { rules, s } = this;
    if (rules.bestFirstScore) return rules.bestFirstScore(s, depth);
    if (rules.evaluate) return rules.evaluate(s);
    let n = 0;
    for (const p of this.homes) n += s.piles[p]!.length;
    return n;
  }

  private addNode(parent: number, m: number, depth: number, score: number): boolean {
    if (this.count === this.parent.length) {
      if (this.bytes + this.parent.length * (NODE_BYTES + (this.scores.length ? 4 : 0)) * 2 > this.maxBytes) return false;
      const grow = (a: Int32Array) => {
        const b = new Int32Array(2 * a.length);
        b.set(a);
        return b;
      };
      this.parent = grow(this.parent);
      this.move = grow(this.move);
      this.depth = grow(this.depth);
      if (this.scores.length) {
        const b = new Float32Array(2 * this.scores.length);
        b.set(this.scores);
        this.scores = b;
      }
    }
    this.parent[this.count] = parent;
    this.move[this.count] = m;
    this.depth[this.count] = depth;
    if (this.scores.length) this.scores[this.count] = score;
    this.count++;
    return true;
  }

  /** Brings the working state from node `cur` to node `n` along the tree. */
  private goto(n: number): void {
    const { rules, s, parent, depth, move } = this;
    let a = this.cur;
    let b = n;
    // The path down is as long as the target is deep, at most.
    if (depth[b]! >= this.path.length) this.path = new Int32Array(2 * depth[b]! + 2);
    const path = this.path;
    let len = 0;
    while (depth[b]! > depth[a]!) {
      path[len++] = move[b]!;
      b = parent[b]!;
    }
    while (depth[a]! > depth[b]!) {
      rules.unmake(s, move[a]!);
      a = parent[a]!;
    }
    while (a !== b) {
      rules.unmake(s, move[a]!);
      a = parent[a]!;
      path[len++] = move[b]!;
      b = parent[b]!;
    }
    for (let k = len - 1; k >= 0; k--) rules.make(s, path[k]!);
    this.cur = n;
  }

  private won(n: number, last: number): Outcome {
    const line: number[] = last >= 0 ? [last] : [];
    for (let k = n; k > 0; k = this.parent[k]!) line.push(this.move[k]!);
    this.line = line.reverse();
    this.outcome = 'won';
    return 'won';
  }

  private stop(o: Outcome): Outcome {
    this.outcome = o;
    this.release();
    return o;
  }

  /** Drops the table and arrays (the search is finished or abandoned). */
  release(): void {
    if (this.table.released) return;
    PositionTable.give(this.table);
    this.table = NO_TABLE;
    this.parent = this.move = this.depth = new Int32Array(0);
    this.scores = new Float32Array(0);
    this.queue.release();
  }

  /** Looks at up to `slice` more positions (never more than `maxNodes` in all); the outcome once known, else null. */
  step(slice: number, maxNodes: number): Outcome | null {
    if (this.outcome) return this.outcome;
    const { rules, s, table, h, list } = this;
    const hashAfter = rules.hashAfter !== undefined;
    const evaluateAfter = !rules.bestFirstScore && rules.evaluate !== undefined && rules.evaluateAfter !== undefined;
    const scoreAfter = this.scores.length > 0;
    const stopAt = Math.min(maxNodes, this.nodes + slice);
    while (this.nodes < stopAt) {
      if (this.queue.size === 0) return this.stop('lost');
      const n = this.queue.pop();
      this.goto(n);
      if (rules.isWon(s)) return this.won(n, -1);
      if (phaseMoves(rules, s, n > 0 ? this.move[n]! : -1, list) === 'lost') continue;
      const d = this.depth[n]! + 1;
      this.hashNow();
      const lo0 = h[0]!;
      const hi0 = h[1]!;
      const now = evaluateAfter ? rules.evaluate!(s) : scoreAfter ? this.scores[n]! : 0;
      for (let i = 0; i < list.length; i++) {
        const m = list[i]!;
        this.nodes++;
        let pri: number;
        if (hashAfter) {
          // childHash (phase.ts), written out: called here it made best-first-heavy runs 2-4 %
          // slower (deals 1-200 of Aces and Kings and of Streets and Alleys at 100,000 positions,
          // four pairs of runs alternated, 7 December 2026).
          h[0] = lo0;
          h[1] = hi0;
          if (!rules.hashAfter!(s, m, h)) {
            rules.make(s, m);
            this.hashNow();
            rules.unmake(s, m);
          } else if (h[0] === 0 && h[1] === 0) h[1] = 1;
          const slot = table.probe(h[0]!, h[1]!);
          if (table.holds(slot)) continue;
          if (table.add(slot, h[0]!, h[1]!) < 0) return this.outOfRoom();
          if (evaluateAfter) pri = rules.evaluateAfter!(s, m, now);
          else if (scoreAfter) pri = rules.bestFirstScoreAfter!(s, m, d, now);
          else {
            rules.make(s, m);
            pri = this.score(d);
            rules.unmake(s, m);
          }
        } else {
          rules.make(s, m);
          if (rules.isWon(s)) {
            rules.unmake(s, m);
            return this.won(n, m);
          }
          this.hashNow();
          const slot = table.probe(h[0]!, h[1]!);
          if (table.holds(slot)) {
            rules.unmake(s, m);
            continue;
          }
          if (table.add(slot, h[0]!, h[1]!) < 0) return this.outOfRoom();
          pri = this.score(d);
          rules.unmake(s, m);
        }
        if (!this.addNode(n, m, d, pri) || !this.queue.push(pri, this.count - 1, this.fits)) return this.outOfRoom();
      }
    }
    return this.nodes >= maxNodes ? this.stop('unknown') : null;
  }

  private outOfRoom(): Outcome {
    this.full = true;
    return this.stop('unknown');
  }
}
