/**
 * The reference for the hashed search: the depth-first search as it stood before positions were
 * hashed (string keys from each game's `key` in a Map, sleep sets as strings, frames as objects),
 * kept here only to check that the new search visits exactly the same positions. Not used by the
 * solver.
 */
import type { Budget, Outcome, SolveResult } from '../../src/solver/search.ts';
import { cloneState, type GameRules, searchMoves, type State } from '../../src/engine/rules.ts';
import { xorshift } from '../../src/solver/xorshift.ts';

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

/** The string-key search as it was before hashing (commit 9f866bd), without probes. */
export class KeySearch {
  private readonly s: State;
  private readonly seen = new Map<string, string>();
  private readonly stack: Frame[] = [];
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private nodes = 0;
  private outcome: Outcome | null = null;
  private line: number[] = [];
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
    if (rules.provenLost?.(s, entered)) moves = [];
    else if (forced >= 0) moves = [forced];
    else {
      const list = this.scratch;
      list.length = 0;
      searchMoves(rules, s, list);
      if (rules.skipAfter && entered >= 0) {
        const kept = list.filter((m) => !rules.skipAfter!(s, entered, m));
        list.length = 0;
        list.push(...kept);
      }
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

  /** The result so far (unknown while running); the line as found, not shortened. */
  result(): SolveResult {
    return {
      result: this.outcome ?? 'unknown',
      moves: this.outcome === 'won' ? this.line.slice() : [],
      nodes: this.nodes,
      ms: this.outcome ? this.ms : Date.now() - this.started,
    };
  }
}

