/**
 * The solver's nested rollouts: a level-1 nested Monte Carlo search (T. Cazenave, "Nested Monte
 * Carlo Search", IJCAI 2009) for a game with a best-first score (GameRules.bestFirstScore).
 *
 * A rollout plays one line from a position to its end: at each step the child with the best score
 * (bestFirstScore, plus a random tie-break of up to JITTER), leaving out children already on the
 * line, until the game is won, no move is left, the game proves the position lost (provenLost), or
 * MAX_STEPS. A forced move (forcedMove) is played as it comes. The line's value is the score of the
 * position it ends in. The nested search plays a line from the start too, but at each step it
 * gives every move a rollout from the child, and plays the next move of the best line any rollout
 * has found so far (so it never ends below the best it has seen). A line that ends without a win
 * gives way to another from the start with a new tie-break, until the phase's share is spent.
 *
 * Why: the beams keep many early choices alive but judge each by the score of the position it
 * reaches now; a rollout judges a move by where a whole greedy line from it ends, so it sees a
 * choice that buries the waste only at the stock's end. Measured on Aces and Kings (7 December
 * 2026; every child scored counts as a position). Alone, at 1,000,000 positions, the rollouts win
 * 4 of the 24 openings of deals 1-200 that the solver before them left unknown (54, 68, 74 and 93
 * after 20,437 to 283,298 positions; deal 93 stays unknown to that solver at 100,000,000), and a
 * scratch prototype won 4, 5, 3 and 4 of them with a tie-break of 1, 3, 6 and 10; at 20,000,000
 * they win 65, 81 and 178, but none of the other 11 that solver leaves unknown at 100,000,000.
 * Within the solver (prove, 2 jobs, 1,000,000 positions; shares best-first / probes / beams /
 * rollouts), deals 1-200, 201-400 and 401-600 won 176, 181 and 168 with 0.25/0.05/0.6/0 (before),
 * 177, 182 and 169 with 0.25/0.05/0.57/0.03, and 177, 182 and 170 with 0.25/0.05/0.55/0.05 (the
 * game's shares now: deals 93, 342, 474, 587 and 599 won, 564 lost). Larger shares cost the beams
 * more wins than the rollouts add: 177 and 178 (1-200, 201-400) at 0.25/0.05/0.4/0.2, 174 (1-200)
 * at 0.25/0.05/0.3/0.3, 176 at 0.25/0.05/0.5/0.1, 175-176 with the share taken from best-first.
 * Of the 50 hint positions of bench-solver --hint-positions (1,500,000 positions each, one core),
 * the solver wins 37 against 36 before, 60 % within 250 ms as before; the rollouts alone win none
 * of the 14 it left unknown. A greedy rollout that took any move home at random, with no score,
 * won 2 of 6 openings the solver wins, and none of 6, 13 and 27 of the 24.
 *
 * Exactness: a win is reported only with the line that reached it (replayed by the caller).
 * Rollouts drop every other line, so they never answer lost.
 */
import { attachHashes } from '../engine/hash.ts';
import { clearList, cloneState, type GameRules, type State } from '../engine/rules.ts';
import { childHash, type Outcome, phaseMoves, positionHash } from './phase.ts';
import { xorshift } from './xorshift.ts';

/** The random tie-break's size, in units of the score (a card home is 1 in Aces and Kings). */
const JITTER = 3;
/** The most moves a line may have: a bound on one rollout's work in a game whose lines can circle. */
const MAX_STEPS = 1000;

/** The key a line's positions are known by: a position's 64-bit hash cut to 53 bits. */
const keyOf = (lo: number, hi: number): number => (lo >>> 0) + (hi & 0x1fffff) * 4294967296;

/** A resumable run of nested rollouts from one position. */
export class Rollouts {
  private readonly s: State;
  private nodes = 0;
  /** Positions the run may reach before it pauses (step's slice). */
  private stopAt = 0;
  private line: number[] = [];
  private outcome: Outcome | null = null;
  private readonly run: Generator<void, void, void>;
  private jitter: () => number;
  private seed = 1;
  /** The keys of the positions on the line being played (the nested search's and the rollout's). */
  private readonly onLine = new Set<number>();
  /** The hash (lo, hi) of the position at each depth of the line being played. */
  private readonly hashLo: number[] = [];
  private readonly hashHi: number[] = [];
  /** The moves of the line being played, from the start. */
  private readonly moves: number[] = [];
  private readonly list: number[] = [];
  private readonly h = new Int32Array(2);

  /** Prepares rollouts from `state` (copied). */
  constructor(
    private readonly rules: GameRules,
    state: State,
  ) {
    this.s = cloneState(state);
    attachHashes(this.s, rules.hashByRank);
    positionHash(rules, this.s, this.h);
    this.hashLo.push(this.h[0]!);
    this.hashHi.push(this.h[1]!);
    this.onLine.add(keyOf(this.h[0]!, this.h[1]!));
    this.jitter = xorshift(this.seed);
    this.run = this.nested();
  }

  /** Positions looked at so far: each child scored or tried, and each forced move. */
  get visited(): number {
    return this.nodes;
  }

  /** The winning line (engine moves from the start), once won. */
  get winningLine(): number[] {
    return this.line;
  }

  /** Bytes held, about: the line's moves and hashes and its set of keys (the rest is a few small arrays). */
  get bytes(): number {
    return 24 * this.hashLo.length + 16 * this.onLine.size;
  }

  /** Ends the run (the phase is over). */
  release(): void {
    if (!this.outcome) this.outcome = 'unknown';
    this.onLine.clear();
    this.run.return();
  }

  /** Looks at up to `slice` more positions (never more than `maxNodes` in all); 'won' or 'unknown' once over, else null. */
  step(slice: number, maxNodes: number): Outcome | null {
    if (this.outcome) return this.outcome;
    this.stopAt = Math.min(maxNodes, this.nodes + slice);
    while (this.nodes < this.stopAt && !this.outcome) if (this.run.next().done && !this.outcome) this.outcome = 'unknown';
    if (this.outcome) return this.outcome;
    if (this.nodes >= maxNodes) {
      this.release();
      return 'unknown';
    }
    return null;
  }

  /** The hash of the child move `m` leads to from the line's end, into `h`. */
  private hashChild(m: number): void {
    const d = this.moves.length;
    childHash(this.rules, this.s, m, this.hashLo[d]!, this.hashHi[d]!, this.h);
  }

  /** Hashes the child move `m` leads to (hashChild); true when that child is on the line already. */
  private childOnLine(m: number): boolean {
    this.hashChild(m);
    return this.onLine.has(keyOf(this.h[0]!, this.h[1]!));
  }

  /** Plays move `m` on the line (counted when it was looked at), whose child's hash is in `h`. */
  private play(m: number): void {
    const lo = this.h[0]!;
    const hi = this.h[1]!;
    this.rules.make(this.s, m);
    this.moves.push(m);
    this.hashLo.push(lo);
    this.hashHi.push(hi);
    this.onLine.add(keyOf(lo, hi));
  }

  /** Takes back the line's moves down to `depth` moves. */
  private back(depth: number): void {
    while (this.moves.length > depth) {
      this.onLine.delete(keyOf(this.hashLo.pop()!, this.hashHi.pop()!));
      this.rules.unmake(this.s, this.moves.pop()!);
    }
  }

  /** Won: the line from the start as it stands. */
  private won(): void {
    this.line = this.moves.slice();
    this.outcome = 'won';
  }

  /** The moves the line's end expands (phaseMoves), into `list`: 'lost' when the game proves it lost. */
  private listMoves(list: number[]): 'lost' | 'forced' | 'all' {
    const d = this.moves.length;
    return phaseMoves(this.rules, this.s, d ? this.moves[d - 1]! : -1, list);
  }

  /**
   * The rollout's next move from the line's end: the forced move, else the best-scored child not
   * on the line, its child's hash in `h`; -1 when the line ends there (no move, or the game proves
   * the position lost).
   */
  private choose(): number {
    const { rules, s, list, h } = this;
    const kind = this.listMoves(list);
    if (kind === 'lost') return -1;
    if (kind === 'forced') {
      this.nodes++;
      this.hashChild(list[0]!);
      return list[0]!;
    }
    const now = rules.bestFirstScoreAfter ? rules.bestFirstScore!(s, 0) : 0;
    let best = -1;
    let bestLo = 0;
    let bestHi = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const m of list) {
      this.nodes++;
      if (this.childOnLine(m)) continue;
      let v: number;
      if (rules.bestFirstScoreAfter) v = rules.bestFirstScoreAfter(s, m, 0, now);
      else {
        rules.make(s, m);
        v = rules.bestFirstScore!(s, 0);
        rules.unmake(s, m);
      }
      v += JITTER * this.jitter();
      if (v > bestScore) {
        bestScore = v;
        best = m;
        bestLo = h[0]!;
        bestHi = h[1]!;
      }
    }
    h[0] = bestLo;
    h[1] = bestHi;
    return best;
  }

  /** A rollout from the line's end: plays it out, pausing when the slice is spent; its value, with the moves it played appended to `out`. */
  private *rollout(out: number[]): Generator<void, number, void> {
    const base = this.moves.length;
    let value = Number.NEGATIVE_INFINITY;
    for (let steps = 0; ; steps++) {
      if (this.rules.isWon(this.s)) {
        this.won();
        value = Number.POSITIVE_INFINITY;
        break;
      }
      const m = steps < MAX_STEPS ? this.choose() : -1;
      if (m < 0) {
        value = this.rules.bestFirstScore!(this.s, 0);
        break;
      }
      this.play(m);
      while (this.nodes >= this.stopAt) yield;
    }
    for (let i = base; i < this.moves.length; i++) out.push(this.moves[i]!);
    if (!this.outcome) this.back(base);
    return value;
  }

  /** The nested search, line after line from the start, each with a new tie-break. */
  private *nested(): Generator<void, void, void> {
    const tail: number[] = [];
    const moves: number[] = [];
    for (;;) {
      const before = this.nodes;
      // The best line found from the start: its moves, and the value of where it ends.
      let bestLine: number[] = [];
      let bestValue = Number.NEGATIVE_INFINITY;
      for (;;) {
        if (this.rules.isWon(this.s)) return this.won();
        const d = this.moves.length;
        // Its own list: the rollouts below use this.list.
        if (this.listMoves(moves) === 'lost') break;
        for (const m of moves) {
          this.nodes++;
          if (this.childOnLine(m)) continue;
          this.play(m);
          clearList(tail);
          const value = yield* this.rollout(tail);
          if (this.outcome) return;
          if (value > bestValue) {
            bestValue = value;
            bestLine = [...this.moves, ...tail];
          }
          this.back(d);
          while (this.nodes >= this.stopAt) yield;
        }
        // The next move of the best line found (a line through this position: it starts with the moves played).
        const next = bestLine[d];
        if (next === undefined) break;
        this.hashChild(next);
        this.play(next);
      }
      this.back(0);
      // A start with no move to look at (or proven lost) gives no line: nothing more to find.
      if (this.nodes === before) return;
      this.jitter = xorshift(++this.seed);
    }
  }
}
