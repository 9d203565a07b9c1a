/**
 * One search for all six games, over the same GameRules the table plays by. Depth-first, with a
 * transposition table on each game's canonical key, safe automatic moves played as forced moves
 * (each game proves its own safe rule, so forcing one keeps both "won" and "lost" exact), and the
 * game's move ordering. The search runs in slices so that a worker can take messages (cancel,
 * new position) between them.
 *
 * Exactness: a position is reported "lost" only when every reachable canonical position was
 * expanded. A transposition that is still on the current path is skipped safely: any winning line
 * through it is found from its first visit.
 */
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { shortenLine } from './shorten.ts';

/** The outcome of a search. */
export type Outcome = 'won' | 'lost' | 'unknown';

/** What a finished search reports. */
export interface SolveResult {
  /** won (with `moves`), lost (proven), or unknown (budget ran out or cancelled). */
  result: Outcome;
  /** The winning line as engine moves, from the searched position; empty unless won. */
  moves: number[];
  /** Positions visited (moves made). */
  nodes: number;
  /** Milliseconds spent searching. */
  ms: number;
}

/** Limits of a search. */
export interface Budget {
  /** At most this many positions (default 1,000,000). */
  maxNodes?: number;
  /** At most this many milliseconds (default: none). */
  maxMs?: number;
}

interface Frame {
  moves: number[];
  next: number;
  entered: number;
}

/** A resumable search from one position. */
export class Search {
  private readonly s: State;
  private readonly start: State;
  private readonly seen = new Set<string>();
  private readonly stack: Frame[] = [];
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private nodes = 0;
  private outcome: Outcome | null = null;
  private line: number[] = [];
  private readonly scratch: number[] = [];

  /** Prepares a search of `state` (copied) under `budget`. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    budget: Budget = {},
  ) {
    this.s = cloneState(state);
    this.start = cloneState(state);
    this.maxNodes = budget.maxNodes ?? 1_000_000;
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    if (rules.isWon(this.s)) {
      this.outcome = 'won';
      return;
    }
    this.seen.add(rules.key(this.s));
    this.stack.push({ moves: this.children(), next: 0, entered: -1 });
  }

  /** The moves to try from the current state: one forced safe move if there is one, else all, ordered. */
  private children(): number[] {
    const { rules, s } = this;
    const safe = rules.autoMoves(s, 'safe');
    if (safe.length) return [safe[0]!];
    const list = this.scratch;
    list.length = 0;
    rules.moves(s, list);
    if (list.length < 2) return list.slice();
    const scored = list.map((m, i) => rules.moveScore(s, m) * 256 + i);
    scored.sort((a, b) => a - b);
    return scored.map((x) => list[x & 255]!);
  }

  /** Runs up to `slice` more positions; returns the outcome once decided, else null. */
  step(slice = Number.POSITIVE_INFINITY): Outcome | null {
    if (this.outcome) return this.outcome;
    const { rules, s, stack, seen } = this;
    const stop = Math.min(this.maxNodes, this.nodes + slice);
    while (stack.length) {
      if (this.nodes >= stop) {
        if (this.nodes >= this.maxNodes) return this.finish('unknown');
        return null;
      }
      if ((this.nodes & 1023) === 0 && Date.now() > this.deadline) return this.finish('unknown');
      const frame = stack[stack.length - 1]!;
      if (frame.next >= frame.moves.length) {
        stack.pop();
        if (frame.entered >= 0) rules.unmake(s, frame.entered);
        continue;
      }
      const m = frame.moves[frame.next++]!;
      rules.make(s, m);
      this.nodes++;
      if (rules.isWon(s)) {
        this.line = [];
        for (let i = 1; i < stack.length; i++) this.line.push(stack[i]!.entered);
        this.line.push(m);
        return this.finish('won');
      }
      const k = rules.key(s);
      if (seen.has(k)) {
        rules.unmake(s, m);
        continue;
      }
      seen.add(k);
      stack.push({ moves: this.children(), next: 0, entered: m });
    }
    return this.finish('lost');
  }

  /** Stops the search; its result becomes unknown unless already decided. */
  cancel(): void {
    if (!this.outcome) this.finish('unknown');
  }

  private finish(o: Outcome): Outcome {
    this.outcome = o;
    this.stack.length = 0;
    this.seen.clear();
    this.ms = Date.now() - this.started;
    return o;
  }

  private ms = 0;

  /** The result so far (unknown while running); a winning line comes shortened (shorten.ts). */
  result(): SolveResult {
    if (this.outcome === 'won' && !this.shortened) {
      this.line = shortenLine(this.rules, this.start, this.line);
      this.shortened = true;
    }
    return { result: this.outcome ?? 'unknown', moves: this.outcome === 'won' ? this.line.slice() : [], nodes: this.nodes, ms: this.outcome ? this.ms : Date.now() - this.started };
  }

  private shortened = false;
}

/** Solves a position synchronously within `budget`. */
export function solve(rules: GameRules, state: State, budget: Budget = {}): SolveResult {
  const search = new Search(rules, state, budget);
  search.step();
  return search.result();
}
