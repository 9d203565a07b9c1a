/**
 * One search for all six games, over the same GameRules the table plays by. Depth-first, with a
 * transposition table on each game's canonical key, safe automatic moves played as forced moves
 * (each game proves its own safe rule, so forcing one keeps both "won" and "lost" exact), the
 * game's move ordering, and, where a game offers it, partial-order reduction by sleep sets. The
 * search runs in slices so that a worker can take messages (cancel, new position) between them.
 *
 * Exactness: a position is reported "lost" only when every reachable canonical position was
 * expanded. A transposition still on the current path is skipped safely: a winning line through
 * it is found from its first visit. With sleep sets, the table stores the sleep set a position
 * was expanded under and re-expands it when reached with a set that is not a superset
 * (Godefroid's state-caching condition), so sleeping moves never hide a win.
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
  /** Moves still to try, best first. */
  moves: number[];
  /** Index of the next move to try. */
  next: number;
  /** The move that led here (-1 at the root). */
  entered: number;
  /** Sleep set of this position, as move ids (partial-order reduction only). */
  sleep: number[];
  /** Ids of `moves` (partial-order reduction only). */
  ids: number[];
}

const NO_IDS: number[] = [];

/** True when every id in `stored` (a sorted id string) is in `sleep`. */
function subsetOf(stored: string, sleep: readonly number[]): boolean {
  for (let i = 0; i < stored.length; i++) if (!sleep.includes(stored.charCodeAt(i))) return false;
  return true;
}

/** A sleep set as a sorted string of ids. */
function sleepKey(sleep: readonly number[]): string {
  return sleep.length ? String.fromCharCode(...[...sleep].sort((a, b) => a - b)) : '';
}

/** A resumable search from one position. */
export class Search {
  private readonly s: State;
  private readonly start: State;
  private readonly seen = new Map<string, string>();
  private readonly stack: Frame[] = [];
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private nodes = 0;
  private outcome: Outcome | null = null;
  private line: number[] = [];
  private shortened = false;
  private ms = 0;
  private readonly scratch: number[] = [];
  private readonly scores = new Int32Array(512);

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
    this.seen.set(rules.key(this.s), '');
    this.stack.push(this.frame(-1, []));
  }

  /** The frame of the current state: one forced (dominance) move if there is one, else every move not asleep, ordered. */
  private frame(entered: number, sleep: number[]): Frame {
    const { rules, s } = this;
    let forced = -1;
    if (rules.forcedMove) forced = rules.forcedMove(s);
    else {
      const safe = rules.autoMoves(s, 'safe');
      if (safe.length) forced = safe[0]!;
    }
    let moves: number[];
    if (forced >= 0) moves = [forced];
    else {
      const list = this.scratch;
      list.length = 0;
      rules.moves(s, list);
      moves = [];
      if (list.length < 2) moves = list.slice();
      else {
        // Stable bucket order by score (scores are small whole numbers).
        const scores = this.scores;
        let lo = Number.POSITIVE_INFINITY;
        let hi = Number.NEGATIVE_INFINITY;
        const evaluate = rules.evaluate;
        for (let i = 0; i < list.length; i++) {
          let sc = rules.moveScore(s, list[i]!);
          if (evaluate) {
            rules.make(s, list[i]!);
            sc = sc * 4096 + 2048 - evaluate(s);
            rules.unmake(s, list[i]!);
          }
          scores[i] = sc;
          if (sc < lo) lo = sc;
          if (sc > hi) hi = sc;
        }
        if (evaluate) {
          const order = list.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]! || a - b);
          for (const i of order) moves.push(list[i]!);
        } else for (let sc = lo; sc <= hi; sc++) for (let i = 0; i < list.length; i++) if (scores[i] === sc) moves.push(list[i]!);
      }
    }
    const por = rules.por;
    if (!por) return { moves, next: 0, entered, sleep, ids: NO_IDS };
    const ids = moves.map((m) => por.id(s, m));
    if (sleep.length) {
      const keep = ids.map((id) => !sleep.includes(id));
      moves = moves.filter((_, i) => keep[i]);
      return { moves, next: 0, entered, sleep, ids: ids.filter((_, i) => keep[i]) };
    }
    return { moves, next: 0, entered, sleep, ids };
  }

  /** The sleep set of the child reached by the frame's move `i`: earlier siblings and inherited sleepers independent of it. */
  private childSleep(frame: Frame, i: number): number[] {
    const por = this.rules.por!;
    const id = frame.ids[i]!;
    const out: number[] = [];
    por.prepare?.(this.s);
    for (const z of frame.sleep) if (por.independent(this.s, z, id)) out.push(z);
    for (let k = 0; k < i; k++) if (por.independent(this.s, frame.ids[k]!, id)) out.push(frame.ids[k]!);
    return out;
  }

  /** Runs up to `slice` more positions; returns the outcome once decided, else null. */
  step(slice = Number.POSITIVE_INFINITY): Outcome | null {
    if (this.outcome) return this.outcome;
    const { rules, s, stack, seen } = this;
    const por = rules.por;
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
      const i = frame.next++;
      const m = frame.moves[i]!;
      const sleep = por ? this.childSleep(frame, i) : frame.sleep;
      rules.make(s, m);
      this.nodes++;
      if (rules.isWon(s)) {
        this.line = [];
        for (let k = 1; k < stack.length; k++) this.line.push(stack[k]!.entered);
        this.line.push(m);
        return this.finish('won');
      }
      const k = rules.key(s);
      const stored = seen.get(k);
      let childSleep = sleep;
      if (stored !== undefined) {
        if (!por || subsetOf(stored, sleep)) {
          rules.unmake(s, m);
          continue;
        }
        childSleep = sleep.filter((z) => stored.includes(String.fromCharCode(z)));
      }
      seen.set(k, por ? sleepKey(childSleep) : '');
      stack.push(this.frame(m, childSleep));
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

  /** The result so far (unknown while running); a winning line comes shortened (shorten.ts). */
  result(): SolveResult {
    if (this.outcome === 'won' && !this.shortened) {
      this.line = shortenLine(this.rules, this.start, this.line);
      this.shortened = true;
    }
    return {
      result: this.outcome ?? 'unknown',
      moves: this.outcome === 'won' ? this.line.slice() : [],
      nodes: this.nodes,
      ms: this.outcome ? this.ms : Date.now() - this.started,
    };
  }
}

/** Solves a position synchronously within `budget`. */
export function solve(rules: GameRules, state: State, budget: Budget = {}): SolveResult {
  const search = new Search(rules, state, budget);
  search.step();
  return search.result();
}
