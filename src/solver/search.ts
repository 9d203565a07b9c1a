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
import { attachHashes } from '../engine/hash.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { shortenLine } from './shorten.ts';
import { DEFAULT_MEMORY_MB, PositionTable, SLEEP_SLOT_BYTES, SLOT_BYTES } from './table.ts';
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
  /** Memory cap of the transposition table in MB (default 64); past it the answer is unknown. */
  maxMB?: number;
}

/** Grows a typed stack to hold at least `n` entries. */
function room(a: Int32Array, n: number): Int32Array {
  if (n <= a.length) return a;
  const b = new Int32Array(Math.max(n, 2 * a.length));
  b.set(a);
  return b;
}

/**
 * A resumable search from one position. Nothing is allocated per position: frames, move lists,
 * move ids and sleep sets live on shared typed stacks, positions in a PositionTable by their
 * 64-bit hash (the game's `hash` over pile hashes that make/unmake keep).
 */
export class Search {
  private readonly s: State;
  private readonly start: State;
  private table: PositionTable;
  private readonly maxNodes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private nodes = 0;
  private outcome: Outcome | null = null;
  private full = false;
  private line: number[] = [];
  private shortened = false;
  private ms = 0;
  private readonly scratch: number[] = [];
  private readonly jitter: (() => number) | null;
  private readonly scores = new Float64Array(512);
  private readonly order = new Int32Array(512);
  private readonly h = new Int32Array(2);
  // Frames by depth: their moves are mv[mStart … mEnd-1] (ids parallel in ids), next to try at
  // mNext; the move that led there; their sleep set sl[sStart … sStart+sLen-1].
  private depth = 0;
  private mStart: Int32Array = new Int32Array(256);
  private mEnd: Int32Array = new Int32Array(256);
  private mNext: Int32Array = new Int32Array(256);
  private entered: Int32Array = new Int32Array(256);
  private sStart: Int32Array = new Int32Array(256);
  private sLen: Int32Array = new Int32Array(256);
  private mv: Int32Array = new Int32Array(4096);
  private ids: Int32Array = new Int32Array(4096);
  private sl: Int32Array = new Int32Array(1024);

  /** Prepares a search of `state` (copied) under `budget`; a non-zero `seed` breaks ties between equal move scores at random. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    budget: Budget = {},
    seed = 0,
  ) {
    this.jitter = seed ? xorshift(seed) : null;
    this.s = cloneState(state);
    attachHashes(this.s, rules.hashByRank);
    this.start = cloneState(state);
    this.maxNodes = budget.maxNodes ?? 1_000_000;
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    const maxBytes = (budget.maxMB ?? DEFAULT_MEMORY_MB) * 1024 * 1024;
    const slotBytes = SLOT_BYTES + (rules.por ? SLEEP_SLOT_BYTES : 0);
    let slots = 1024;
    while (slots < 65536 && slots < 2 * this.maxNodes && 2 * slots * slotBytes <= maxBytes) slots *= 2;
    this.table = new PositionTable(slots, maxBytes, rules.por !== undefined);
    if (rules.isWon(this.s)) {
      this.outcome = 'won';
      return;
    }
    this.hashNow();
    this.table.add(this.table.probe(this.h[0]!, this.h[1]!), this.h[0]!, this.h[1]!);
    this.push(-1, 0, 0);
  }

  /** The current position's hash into this.h; (0, 0), which marks a free table slot, becomes (0, 1). */
  private hashNow(): void {
    const h = this.h;
    h[0] = 0;
    h[1] = 0;
    this.rules.hash(this.s, h);
    if (h[0] === 0 && h[1] === 0) h[1] = 1;
  }

  /**
   * Pushes the frame of the current state: one forced (dominance) move if there is one, else every
   * move not asleep, ordered. Its sleep set is already at sl[sleepFrom … sleepFrom+sleepLen-1].
   */
  private push(entered: number, sleepFrom: number, sleepLen: number): void {
    const { rules, s } = this;
    const d = this.depth++;
    if (d + 1 >= this.mStart.length) {
      const n = 2 * this.mStart.length;
      this.mStart = room(this.mStart, n);
      this.mEnd = room(this.mEnd, n);
      this.mNext = room(this.mNext, n);
      this.entered = room(this.entered, n);
      this.sStart = room(this.sStart, n);
      this.sLen = room(this.sLen, n);
    }
    const base = d ? this.mEnd[d - 1]! : 0;
    this.entered[d] = entered;
    this.sStart[d] = sleepFrom;
    this.sLen[d] = sleepLen;
    this.mStart[d] = base;
    this.mNext[d] = base;
    let forced = -1;
    if (rules.forcedMove) forced = rules.forcedMove(s);
    else {
      const safe = rules.autoMoves(s, 'safe');
      if (safe.length) forced = safe[0]!;
    }
    const list = this.scratch;
    list.length = 0;
    if (forced >= 0) list.push(forced);
    else {
      rules.moves(s, list);
      if (list.length >= 2) {
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
        // Write the ordered moves after the list, then move them down.
        const n = list.length;
        for (let i = 0; i < n; i++) list.push(list[order[i]!]!);
        list.copyWithin(0, n);
        list.length = n;
        if (this.jitter && n > 1 && this.jitter() < 0.1) {
          // Now and then a probe tries its second choice first, so probes spread over the tree.
          const first = list[0]!;
          list[0] = list[1]!;
          list[1] = first;
        }
      }
    }
    if (base + list.length > this.mv.length) {
      this.mv = room(this.mv, base + list.length);
      this.ids = room(this.ids, this.mv.length);
    }
    const por = rules.por;
    let end = base;
    if (!por) {
      for (let i = 0; i < list.length; i++) this.mv[end++] = list[i]!;
    } else {
      const sl = this.sl;
      for (let i = 0; i < list.length; i++) {
        const m = list[i]!;
        const id = por.id(s, m);
        let asleep = false;
        for (let k = sleepFrom; k < sleepFrom + sleepLen; k++) {
          if (sl[k] === id) {
            asleep = true;
            break;
          }
        }
        if (asleep) continue;
        this.ids[end] = id;
        this.mv[end++] = m;
      }
    }
    this.mEnd[d] = end;
  }

  /**
   * Writes at sl[at …] the sleep set of the child reached by frame d's move number `i`: inherited
   * sleepers and earlier siblings independent of it; returns its size.
   */
  private childSleep(d: number, i: number, at: number): number {
    const por = this.rules.por!;
    const s = this.s;
    const from = this.sStart[d]!;
    const len = this.sLen[d]!;
    const first = this.mStart[d]!;
    this.sl = room(this.sl, at + len + i);
    const sl = this.sl;
    const ids = this.ids;
    const id = ids[first + i]!;
    let n = 0;
    por.prepare?.(s);
    for (let k = from; k < from + len; k++) if (por.independent(s, sl[k]!, id)) sl[at + n++] = sl[k]!;
    for (let k = first; k < first + i; k++) if (por.independent(s, ids[k]!, id)) sl[at + n++] = ids[k]!;
    return n;
  }

  /** Positions visited so far. */
  get visited(): number {
    return this.nodes;
  }

  /** Positions in the transposition table. */
  get stored(): number {
    return this.table.size;
  }

  /** Bytes the transposition table holds now. */
  get tableBytes(): number {
    return this.table.bytes;
  }

  /** True when the search stopped because its table reached the memory cap. */
  get outOfMemory(): boolean {
    return this.full;
  }

  /** Runs up to `slice` more positions; returns the outcome once decided, else null. */
  step(slice = Number.POSITIVE_INFINITY): Outcome | null {
    if (this.outcome) return this.outcome;
    const { rules, s, table, h } = this;
    const por = rules.por;
    const stop = Math.min(this.maxNodes, this.nodes + slice);
    while (this.depth > 0) {
      if (this.nodes >= stop) {
        if (this.nodes >= this.maxNodes) return this.finish('unknown');
        return null;
      }
      if ((this.nodes & 1023) === 0 && Date.now() > this.deadline) return this.finish('unknown');
      const d = this.depth - 1;
      const next = this.mNext[d]!;
      if (next >= this.mEnd[d]!) {
        this.depth--;
        const e = this.entered[d]!;
        if (e >= 0) rules.unmake(s, e);
        continue;
      }
      this.mNext[d] = next + 1;
      const m = this.mv[next]!;
      let sleepFrom = 0;
      let sleepLen = 0;
      if (por) {
        sleepFrom = this.sStart[d]! + this.sLen[d]!;
        sleepLen = this.childSleep(d, next - this.mStart[d]!, sleepFrom);
      }
      rules.make(s, m);
      this.nodes++;
      if (rules.isWon(s)) {
        this.line = [];
        for (let k = 1; k < this.depth; k++) this.line.push(this.entered[k]!);
        this.line.push(m);
        return this.finish('won');
      }
      this.hashNow();
      const lo = h[0]!;
      const hi = h[1]!;
      let slot = table.probe(lo, hi);
      if (table.holds(slot)) {
        if (!por || table.sleepSubset(slot, this.sl, sleepFrom, sleepLen)) {
          rules.unmake(s, m);
          continue;
        }
        // Reached with a sleep set that is not a superset of the stored one: expand again, with
        // the intersection (Godefroid's state-caching condition).
        sleepLen = table.sleepIntersect(slot, this.sl, sleepFrom, sleepLen);
        if (!table.setSleep(slot, this.sl, sleepFrom, sleepLen, true)) return this.outOfRoom();
      } else {
        slot = table.add(slot, lo, hi);
        if (slot < 0 || (por && !table.setSleep(slot, this.sl, sleepFrom, sleepLen, false))) return this.outOfRoom();
      }
      this.push(m, sleepFrom, sleepLen);
    }
    return this.finish('lost');
  }

  /** Stops; the result becomes unknown unless already decided. */
  cancel(): void {
    if (!this.outcome) this.finish('unknown');
  }

  private outOfRoom(): Outcome {
    this.full = true;
    return this.finish('unknown');
  }

  private finish(o: Outcome): Outcome {
    this.outcome = o;
    this.depth = 0;
    this.table = new PositionTable(1, 0, false);
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
  private readonly maxMB: number | undefined;
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
    this.maxMB = budget.maxMB;
    const mainBudget: Budget = { maxNodes: this.maxNodes };
    if (budget.maxMs !== undefined) mainBudget.maxMs = budget.maxMs;
    if (budget.maxMB !== undefined) mainBudget.maxMB = budget.maxMB;
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
          return o === 'unknown' && !this.main.outOfMemory && this.used() < this.maxNodes && Date.now() <= this.deadline ? null : o;
        }
        continue;
      }
      if (!this.probe) {
        const room = Math.min(PROBE_NODES, Math.ceil(this.maxNodes * PROBE_SHARE - this.probeNodes), this.maxNodes - this.used());
        const probeBudget: Budget = { maxNodes: Math.max(1, room) };
        if (this.maxMB !== undefined) probeBudget.maxMB = this.maxMB;
        this.probe = new Search(this.rules, this.state, probeBudget, this.probeSeed++);
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
