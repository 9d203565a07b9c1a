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
import { xorshift } from './xorshift.ts';

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
  private readonly jitter: (() => number) | null;
  private readonly scores = new Float64Array(512);
  private readonly order = new Int32Array(512);

  /** Prepares a search of `state` (copied) under `budget`; a non-zero `seed` breaks ties between equal move scores at random. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    budget: Budget = {},
    seed = 0,
  ) {
    this.jitter = seed ? xorshift(seed) : null;
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
        // Stable insertion sort of the move indices by score (lists are short).
        const scores = this.scores;
        const order = this.order;
        const evaluate = rules.evaluate;
        for (let i = 0; i < list.length; i++) {
          let sc = rules.moveScore(s, list[i]!);
          if (evaluate) {
            rules.make(s, list[i]!);
            sc = sc * 4096 + 2048 - evaluate(s);
            rules.unmake(s, list[i]!);
          }
          if (this.jitter) sc += this.jitter() * 0.5;
          scores[i] = sc;
          let j = i;
          while (j > 0 && scores[order[j - 1]!]! > sc) {
            order[j] = order[j - 1]!;
            j--;
          }
          order[j] = i;
        }
        for (let i = 0; i < list.length; i++) moves.push(list[order[i]!]!);
        if (this.jitter && moves.length > 1 && this.jitter() < 0.1) {
          // Now and then a probe tries its second choice first, so probes spread over the tree.
          const first = moves[0]!;
          moves[0] = moves[1]!;
          moves[1] = first;
        }
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

  /** Positions visited so far. */
  get visited(): number {
    return this.nodes;
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

/** Share of the budget the exhaustive search gets before probing starts, and the share probes may use. */
const FIRST_SHARE = 0.1;
const PROBE_SHARE = 0.4;
/** Positions per probe. */
const PROBE_NODES = 1000;

/**
 * The solver: the exhaustive search above, interleaved with short randomised probes. The
 * exhaustive search runs first (a tenth of the budget); if it has not decided, probes (depth-first
 * dives of PROBE_NODES positions with random tie-breaking) use up to four tenths to look for a win,
 * which deep games such as Aces and Kings often yield far sooner than chronological backtracking;
 * then the exhaustive search resumes where it stopped. Only the exhaustive search proves "lost";
 * a probe only ever reports a line it actually found.
 */
export class Solver {
  private readonly main: Search;
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private probe: Search | null = null;
  private probeSeed = 1;
  private probeNodes = 0;
  private winner: Search | null = null;
  private cancelled = false;

  /** Prepares a solve of `state` within `budget`. */
  constructor(
    private readonly rules: GameRules,
    private readonly state: State,
    budget: Budget = {},
  ) {
    this.maxNodes = budget.maxNodes ?? 1_000_000;
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    const mainBudget: Budget = { maxNodes: this.maxNodes };
    if (budget.maxMs !== undefined) mainBudget.maxMs = budget.maxMs;
    this.main = new Search(rules, state, mainBudget);
  }

  private used(): number {
    return this.main.visited + this.probeNodes + (this.probe?.visited ?? 0);
  }

  /** Runs up to `slice` more positions; returns the outcome once decided (or out of budget), else null. */
  step(slice = Number.POSITIVE_INFINITY): Outcome | null {
    if (this.winner) return 'won';
    if (this.cancelled) return 'unknown';
    const stopAt = this.used() + slice;
    while (this.used() < stopAt) {
      if (Date.now() > this.deadline || this.used() >= this.maxNodes) {
        this.main.cancel();
        return 'unknown';
      }
      const firstDone = this.main.visited >= this.maxNodes * FIRST_SHARE;
      const probing = firstDone && this.probeNodes < this.maxNodes * PROBE_SHARE;
      if (!probing) {
        const room = Math.min(stopAt - this.used(), this.maxNodes - this.used(), firstDone ? Number.POSITIVE_INFINITY : this.maxNodes * FIRST_SHARE - this.main.visited);
        const o = this.main.step(Math.max(1, room));
        if (o) {
          if (o === 'won') this.winner = this.main;
          return o === 'unknown' && this.used() < this.maxNodes && Date.now() <= this.deadline ? null : o;
        }
        continue;
      }
      if (!this.probe) {
        const room = Math.min(PROBE_NODES, Math.ceil(this.maxNodes * PROBE_SHARE - this.probeNodes), this.maxNodes - this.used());
        this.probe = new Search(this.rules, this.state, { maxNodes: Math.max(1, room) }, this.probeSeed++);
      }
      const o = this.probe.step(Math.max(1, stopAt - this.used()));
      if (o === 'won') {
        this.winner = this.probe;
        return 'won';
      }
      if (o === 'lost') {
        // A probe that exhausts the tree is as good as the exhaustive search.
        this.probeNodes += this.probe.visited;
        this.probe = null;
        this.main.cancel();
        this.lostByProbe = true;
        return 'lost';
      }
      if (o === 'unknown') {
        this.probeNodes += this.probe.visited;
        this.probe = null;
      }
    }
    return null;
  }

  private lostByProbe = false;

  /** Stops; the result becomes unknown unless already decided. */
  cancel(): void {
    this.cancelled = true;
    this.main.cancel();
  }

  /** The result so far. */
  result(): SolveResult {
    const nodes = this.used();
    const ms = Date.now() - this.started;
    if (this.winner) return { ...this.winner.result(), nodes, ms };
    const r = this.main.result();
    return { result: this.lostByProbe ? 'lost' : r.result, moves: [], nodes, ms };
  }
}

/** Solves a position synchronously within `budget`. */
export function solve(rules: GameRules, state: State, budget: Budget = {}): SolveResult {
  const solver = new Solver(rules, state, budget);
  while (solver.step(1_000_000) === null);
  return solver.result();
}
