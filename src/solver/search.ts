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
import { cloneState, type GameRules, type RelaxedKit, type RelaxedProof, type RelaxedStep, type State } from '../engine/rules.ts';
import { Beam } from './beam.ts';
import { BestFirst } from './bestFirst.ts';
import { type Outcome, phaseMoves } from './phase.ts';
import { Rollouts } from './rollout.ts';
import { shortenLine } from './shorten.ts';
import { DEFAULT_MEMORY_MB, NO_TABLE, PositionTable, SLEEP_SLOT_BYTES, SLOT_BYTES } from './table.ts';
import { xorshift } from './xorshift.ts';

export type { Outcome } from './phase.ts';

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

/**
 * The part of the solver that decided a position (Solver.decidedBy): the game's exact decider, its
 * relaxed proof of loss, the exhaustive search, or a phase looking for wins (best-first also proves
 * a loss when it runs out of positions to expand; so does a probe that exhausts the tree).
 */
export type DecidedBy = 'decider' | 'relaxed' | 'exhaustive' | 'best-first' | 'beam' | 'rollouts' | 'probes';

/** Limits of a search. */
export interface Budget {
  /** At most this many positions (default 1,000,000). */
  maxNodes?: number;
  /** At most this many milliseconds (default: none). */
  maxMs?: number;
  /** Memory cap of the transposition table in MB (default 64); past it the answer is unknown. */
  maxMB?: number;
}

/** An empty stack, for a search that holds none. */
const NONE: Int32Array = new Int32Array(0);

/** Per move id (0 … 65535), 1 while that move is asleep in the frame being built; all 0 between frames. */
const ASLEEP = new Uint8Array(65536);

/** The typed stacks of one search. */
interface Stacks {
  frames: Int32Array[];
  mv: Int32Array;
  ids: Int32Array;
  sl: Int32Array;
  order: Int32Array;
  spare: Int32Array;
  scores: Float64Array;
}

/** Stacks of finished searches, kept for the next (a thread runs a few searches at a time at most). */
const spareStacks: Stacks[] = [];

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
  private maxNodes = 0;
  private readonly maxBytes: number;
  private readonly deadline: number;
  private started = Date.now();
  private nodes = 0;
  private outcome: Outcome | null = null;
  private full = false;
  private line: number[] = [];
  private shortened = false;
  private ms = 0;
  private readonly scratch: number[] = [];
  private jitter: (() => number) | null = null;
  private readonly h = new Int32Array(2);
  private lastBytes = 0;
  private lastStored = 0;
  /** Frame serial whose state por.prepare last saw (-1: none). */
  private prepared = -1;
  private serial = 0;
  // Frames by depth: their moves are mv[mStart … mEnd-1] (ids parallel in ids), next to try at
  // mNext; the move that led there; their sleep set sl[sStart … sStart+sLen-1]; a serial number.
  // Taken from a pool of spare stacks while the search runs (see takeStacks).
  private depth = 0;
  private mStart = NONE;
  private mEnd = NONE;
  private mNext = NONE;
  private entered = NONE;
  private sStart = NONE;
  private sLen = NONE;
  private fSerial = NONE;
  private fLo = NONE;
  private fHi = NONE;
  private mv = NONE;
  private ids = NONE;
  private sl = NONE;
  private order = NONE;
  private spare = NONE;
  private scores: Float64Array = new Float64Array(0);

  /** Prepares a search of `state` (copied) under `budget`; a non-zero `seed` breaks ties between equal move scores at random. */
  constructor(
    private readonly rules: GameRules,
    state: State,
    budget: Budget = {},
    seed = 0,
  ) {
    this.s = cloneState(state);
    attachHashes(this.s, rules.hashByRank);
    this.start = cloneState(state);
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    this.maxBytes = (budget.maxMB ?? DEFAULT_MEMORY_MB) * 1024 * 1024;
    this.table = this.newTable(budget.maxNodes ?? 1_000_000);
    this.begin(budget.maxNodes ?? 1_000_000, seed);
  }

  private newTable(maxNodes: number): PositionTable {
    const slotBytes = SLOT_BYTES + (this.rules.por ? SLEEP_SLOT_BYTES : 0);
    let slots = 1024;
    while (slots < 4096 && slots < 2 * maxNodes && 2 * slots * slotBytes <= this.maxBytes) slots *= 2;
    return PositionTable.take(slots, this.maxBytes, this.rules.por !== undefined);
  }

  /** Takes spare stacks, or new ones. */
  private takeStacks(): void {
    const st = spareStacks.pop();
    const f = st?.frames;
    const a = (i: number) => f?.[i] ?? new Int32Array(64);
    this.mStart = a(0);
    this.mEnd = a(1);
    this.mNext = a(2);
    this.entered = a(3);
    this.sStart = a(4);
    this.sLen = a(5);
    this.fSerial = a(6);
    this.fLo = a(7);
    this.fHi = a(8);
    this.mv = st?.mv ?? new Int32Array(1024);
    this.ids = st?.ids ?? new Int32Array(1024);
    this.sl = st?.sl ?? new Int32Array(256);
    this.order = st?.order ?? new Int32Array(128);
    this.spare = st?.spare ?? new Int32Array(128);
    this.scores = st?.scores ?? new Float64Array(128);
  }

  /** Hands the stacks back for another search. */
  private giveStacks(): void {
    if (this.mv === NONE) return;
    if (spareStacks.length < 8) {
      spareStacks.push({
        frames: [this.mStart, this.mEnd, this.mNext, this.entered, this.sStart, this.sLen, this.fSerial, this.fLo, this.fHi],
        mv: this.mv,
        ids: this.ids,
        sl: this.sl,
        order: this.order,
        spare: this.spare,
        scores: this.scores,
      });
    }
    this.mStart = this.mEnd = this.mNext = this.entered = this.sStart = this.sLen = this.fSerial = this.fLo = this.fHi = NONE;
    this.mv = this.ids = this.sl = this.order = this.spare = NONE;
    this.scores = new Float64Array(0);
  }

  /** Starts (or starts again) from the root with an empty table. */
  private begin(maxNodes: number, seed: number): void {
    this.takeStacks();
    this.maxNodes = maxNodes;
    this.jitter = seed ? xorshift(seed) : null;
    this.started = Date.now();
    this.nodes = 0;
    this.outcome = null;
    this.full = false;
    this.line = [];
    this.shortened = false;
    this.prepared = -1;
    if (this.rules.isWon(this.s)) {
      this.finish('won');
      return;
    }
    this.hashNow();
    const lo = this.h[0]!;
    const hi = this.h[1]! | (lo === 0 && this.h[1] === 0 ? 1 : 0);
    this.table.add(this.table.probe(lo, hi), lo, hi);
    this.push(-1, 0, 0);
  }

  /**
   * Runs this search again from its start, as `new Search(rules, state, { maxNodes }, seed)`
   * would (same deadline and memory cap), reusing its arrays: for the solver's many short probes.
   */
  restart(maxNodes: number, seed: number): void {
    const { s, start } = this;
    for (let p = 0; p < s.piles.length; p++) {
      const pile = s.piles[p]!;
      const from = start.piles[p]!;
      pile.length = 0;
      for (let k = 0; k < from.length; k++) pile.push(from[k]!);
    }
    attachHashes(s, this.rules.hashByRank);
    this.depth = 0;
    if (this.table === NO_TABLE || this.table.released) this.table = this.newTable(maxNodes);
    else this.table.clear();
    this.begin(maxNodes, seed);
  }

  /** The current position's hash into this.h (the table reads (0, 0), which marks a free slot, as (0, 1)). */
  private hashNow(): void {
    const h = this.h;
    h[0] = 0;
    h[1] = 0;
    this.rules.hash(this.s, h);
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
      this.fSerial = room(this.fSerial, n);
      this.fLo = room(this.fLo, n);
      this.fHi = room(this.fHi, n);
    }
    const base = d ? this.mEnd[d - 1]! : 0;
    this.entered[d] = entered;
    this.sStart[d] = sleepFrom;
    this.sLen[d] = sleepLen;
    this.mStart[d] = base;
    this.mNext[d] = base;
    this.fSerial[d] = ++this.serial;
    // this.h holds the hash of the position being entered.
    this.fLo[d] = this.h[0]!;
    this.fHi[d] = this.h[1]!;
    // A position the game proves lost gets no moves, one with a dominance move that move alone.
    const list = this.scratch;
    // The order to take the list in (indices), or null for the list's own order.
    let ordered: Int32Array | null = null;
    if (phaseMoves(rules, s, entered, list) === 'all') {
      const n = list.length;
      if (n >= 2) {
        if (n > this.order.length) {
          this.scores = new Float64Array(2 * n);
          this.order = new Int32Array(2 * n);
          this.spare = new Int32Array(2 * n);
        }
        const scores = this.scores;
        // Called on the rules object (a game's evaluate may read `this`).
        const evaluates = rules.evaluate !== undefined;
        const now = evaluates && rules.evaluateAfter ? rules.evaluate!(s) : 0;
        for (let i = 0; i < n; i++) {
          let sc = rules.moveScore(s, list[i]!);
          if (evaluates) {
            let v: number;
            if (rules.evaluateAfter) v = rules.evaluateAfter(s, list[i]!, now);
            else {
              rules.make(s, list[i]!);
              v = rules.evaluate!(s);
              rules.unmake(s, list[i]!);
            }
            sc = sc * 4096 + 2048 - v;
          }
          if (this.jitter) sc += this.jitter() * 0.5;
          scores[i] = sc;
        }
        ordered = this.sortByScore(n);
        if (this.jitter && this.jitter() < 0.1) {
          // Now and then a probe tries its second choice first, so probes spread over the tree.
          const first = ordered[0]!;
          ordered[0] = ordered[1]!;
          ordered[1] = first;
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
      for (let i = 0; i < list.length; i++) this.mv[end++] = list[ordered ? ordered[i]! : i]!;
    } else {
      const sl = this.sl;
      const asleep = ASLEEP;
      for (let k = sleepFrom; k < sleepFrom + sleepLen; k++) asleep[sl[k]!] = 1;
      for (let i = 0; i < list.length; i++) {
        const m = list[ordered ? ordered[i]! : i]!;
        const id = por.id(s, m);
        if (asleep[id]) continue;
        this.ids[end] = id;
        this.mv[end++] = m;
      }
      for (let k = sleepFrom; k < sleepFrom + sleepLen; k++) asleep[sl[k]!] = 0;
    }
    this.mEnd[d] = end;
  }

  /**
   * The indices 0 … n-1 ordered by scores[], ties in index order (a stable sort): insertion sort
   * for short lists, a bottom-up merge sort for long ones (Royal Marriage's rows).
   */
  private sortByScore(n: number): Int32Array {
    const scores = this.scores;
    let a = this.order;
    if (n <= 16) {
      for (let i = 0; i < n; i++) {
        const sc = scores[i]!;
        let j = i;
        while (j > 0 && scores[a[j - 1]!]! > sc) {
          a[j] = a[j - 1]!;
          j--;
        }
        a[j] = i;
      }
      return a;
    }
    let b = this.spare;
    for (let i = 0; i < n; i++) a[i] = i;
    for (let width = 1; width < n; width *= 2) {
      for (let lo = 0; lo < n; lo += 2 * width) {
        const mid = Math.min(lo + width, n);
        const hi = Math.min(lo + 2 * width, n);
        let i = lo;
        let j = mid;
        let k = lo;
        while (i < mid && j < hi) b[k++] = scores[a[j]!]! < scores[a[i]!]! ? a[j++]! : a[i++]!;
        while (i < mid) b[k++] = a[i++]!;
        while (j < hi) b[k++] = a[j++]!;
      }
      const t = a;
      a = b;
      b = t;
    }
    return a;
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
    // The frame's state is the same for all its children, so it is prepared once while no
    // deeper frame has prepared since.
    if (por.prepare && this.prepared !== this.fSerial[d]) {
      por.prepare(s);
      this.prepared = this.fSerial[d]!;
    }
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

  /** The table's bytes and positions when the search last finished (for the benchmark's bytes per position). */
  get finalTable(): { bytes: number; stored: number } {
    return { bytes: this.lastBytes, stored: this.lastStored };
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
    const hashAfter = rules.hashAfter !== undefined;
    this.prepared = -1; // another search may have prepared its own state since
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
      // Where the game can hash the child without making the move, a child already searched is
      // skipped unmade. It cannot be a won position: a win ends the search before it is stored.
      let known = false;
      if (hashAfter) {
        h[0] = this.fLo[d]!;
        h[1] = this.fHi[d]!;
        known = rules.hashAfter!(s, m, h);
        if (known) {
          const lo = h[0]!;
          const hi = h[1]! | (lo === 0 && h[1] === 0 ? 1 : 0);
          const slot = table.probe(lo, hi);
          if (table.holds(slot) && (!por || table.sleepSubset(slot, this.sl, sleepFrom, sleepLen))) {
            this.nodes++;
            continue;
          }
        }
      }
      rules.make(s, m);
      this.nodes++;
      if (rules.isWon(s)) {
        this.line = [];
        for (let k = 1; k < this.depth; k++) this.line.push(this.entered[k]!);
        this.line.push(m);
        return this.finish('won');
      }
      if (!known) this.hashNow();
      const lo = h[0]!;
      const hi = h[1]! | (lo === 0 && h[1] === 0 ? 1 : 0);
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
    this.lastBytes = this.table.bytes;
    this.lastStored = this.table.size;
    this.giveStacks();
    // A big table goes at once; a small one is kept for another search.
    PositionTable.give(this.table);
    this.table = NO_TABLE;
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

/**
 * What the solver lends a game's relaxedLost (RelaxedKit): a seen set, a table under the memory cap
 * `maxMB` (default 64), and the solver's own exhaustive and best-first searches for a smaller game
 * written as rules, under the same cap and the time limit `deadline` (Date.now() ms). The searches
 * run SLICE positions at a time, yielding the positions the kit's searches have visited so far
 * between slices (RelaxedStep); one stopped there (return()) is cancelled, so that its table and
 * stacks go back at once. `done` lets the set go: before the main search's table grows, so the two
 * are not held at once. `beside`, when given, is called with the same count between slices (the
 * solver's best-first phase runs then, on half the cap, and the searches get the other half); when
 * it answers true (the solver has decided meanwhile), the search under way and every later one stop
 * at once as unknown. A search stopped so never answers lost: a relaxed proof never proves a loss
 * from one (its lost rests on a search that was finished).
 */
export function relaxedKit(maxMB: number | undefined, deadline = Number.POSITIVE_INFINITY, beside?: (visited: number) => boolean): RelaxedKit & { done(): void } {
  const seen = PositionTable.take(4096, (maxMB ?? DEFAULT_MEMORY_MB) * 1024 * 1024, false);
  const searchMB = beside ? (maxMB ?? DEFAULT_MEMORY_MB) / 2 : maxMB;
  // Positions the kit's finished searches visited, and whether `beside` asked them to stop.
  let before = 0;
  let stopped = false;
  /** Steps `run` (a search's step with a slice) to an outcome, calling beside and yielding between slices. */
  function* drive(run: (slice: number) => Outcome | null, visited: () => number): RelaxedStep<Outcome> {
    let outcome: Outcome | null = null;
    try {
      while (outcome === null && !stopped) {
        outcome = run(SLICE);
        if (outcome === null && Date.now() > deadline) outcome = 'unknown';
        if (beside && outcome === null && beside(before + visited())) stopped = true;
        if (outcome === null && !stopped) yield before + visited();
      }
    } finally {
      before += visited();
    }
    return outcome ?? 'unknown';
  }
  return {
    seen,
    *search(rules, s, maxNodes) {
      if (stopped) return { outcome: 'unknown', nodes: 0 };
      const budget: Budget = { maxNodes };
      if (searchMB !== undefined) budget.maxMB = searchMB;
      if (deadline !== Number.POSITIVE_INFINITY) budget.maxMs = Math.max(0, deadline - Date.now());
      const search = new Search(rules, s, budget);
      // The search runs to an outcome (unknown at the budget, the cap or the deadline, or when
      // beside stopped it), or until the proof is stopped between slices; either way it is then
      // cancelled, so that its table and stacks go back at once.
      try {
        const outcome = yield* drive((slice) => search.step(slice), () => search.visited);
        return { outcome, nodes: search.visited };
      } finally {
        search.cancel();
      }
    },
    *seek(rules, s, maxNodes) {
      if (stopped) return { outcome: 'unknown', nodes: 0 };
      const best = new BestFirst(rules, s, (searchMB ?? DEFAULT_MEMORY_MB) * 1024 * 1024);
      try {
        const outcome = yield* drive((slice) => best.step(slice, maxNodes), () => best.visited);
        return { outcome, nodes: best.visited };
      } finally {
        best.release();
      }
    },
    done() {
      PositionTable.give(seen);
    },
  };
}

/** Runs a relaxed proof (GameRules.relaxedLost) to its answer in one piece. */
export function runProof(proof: RelaxedProof): { lost: boolean; nodes: number } {
  for (;;) {
    const r = proof.next();
    if (r.done) return r.value;
  }
}

/** Positions a relaxed proof's search runs between the calls to its kit's `beside`. */
const SLICE = 4096;

/**
 * Share of the budget a game's relaxed proof of loss (rules.relaxedLost) may use, before any search.
 * Measured on Streets and Alleys at 1M (prove --jobs 2): shares 0, 0.05 and 0.1 decide 91, 91.5 and
 * 92 % of deals 201-400, and 0.05 and 0.1 decide 92.5 and 93 % of deals 1-200, no win lost; its 50
 * hint positions decide alike (all of them) at 0.05 and 0.1.
 */
const RELAXED_SHARE = 0.1;
/** Share of the budget the exhaustive search gets before the phases that look for wins have theirs. */
const FIRST_SHARE = 0.1;
/** Shares of a game that declares none (rules.searchShares): probes as before the best-first phase. */
const DEFAULT_SHARES = { bestFirst: 0, probes: 0.4 };
/**
 * The fewest positions a beam share must come to for the beam phase to run at all; a smaller share
 * goes to best-first and the probes instead (withoutBeam). The first beam (FIRST_WIDTH wide) ends
 * without a win after 25,077 to 99,778 positions on the openings of Aces and Kings deals 1-30
 * (median 71,120; a scratch loop, 7 December 2026), fewer from mid-game positions, so a beam given less mostly stops before its
 * last layer, having found nothing. Measured (a scratch loop of solve, 7 December 2026; Aces and
 * Kings, beam share 0.6, against its share given to best-first), openings of deals 1-200 and the 50
 * hint positions of bench-solver --hint-positions decided: at 100,000 positions 90 and 36 with the
 * beam, 109 and 30 without; at 150,000 146 and 44 against 120 and 33; at 200,000 151 and 44 against
 * 124 and 35; at 300,000 158 and 45 against 137 and 36. At 20,000 (12,000 for the beam) it decided 2
 * of the 30 openings of tests/solver/hashed.test.ts, which the solver without it decides 5 of. So
 * the beam runs from the median cost of a first beam on, a little higher: at 150,000 positions and
 * more, not at 100,000 (the winnable lists' budget, and bench-solver's). Its share split between
 * best-first and the probes (withoutBeam) decides 123 and 31 at 100,000, 128 and 34 at 150,000, and
 * 135 and 34 at 200,000 (the figures "without" above give it all to best-first).
 */
const BEAM_MIN = 80_000;

/**
 * `shares` with the beams' share given to best-first and the probes, in the ratio of theirs (all of
 * it to best-first when both are 0). Measured on Aces and Kings at 100,000 positions (a scratch loop
 * of solve, 7 December 2026; openings of deals 1-200 and the 50 hint positions decided): so split,
 * 0.75/0.15, 123 and 31; all to best-first, 0.85/0.05, 109 and 30; the shares before the beam,
 * 0.7/0.1, 115 and 31.
 */
function withoutBeam(shares: NonNullable<GameRules['searchShares']>): NonNullable<GameRules['searchShares']> {
  const beam = shares.beam ?? 0;
  const both = shares.bestFirst + shares.probes;
  const toBest = both > 0 ? (beam * shares.bestFirst) / both : beam;
  return { ...shares, bestFirst: shares.bestFirst + toBest, probes: shares.probes + beam - toBest, beam: 0 };
}
/** Positions per probe. */
const PROBE_NODES = 1000;
/** Positions a phase runs before the other's turn while the exhaustive search has its first share. */
const TURN = 4096;
/**
 * The best-first phase's positions beside a relaxed proof, per position of the proof's searches
 * (seekBeside): a proof that fails can spend its whole share on a position best-first wins at once.
 * Measured on King Albert (the one game whose relaxed proof runs the kit's searches), 0, 0.25, 0.5
 * and 1: prove at 1M decides deals 1-200 and 201-400 alike in 15.64M, 13.96M, 13.60M and 13.14M
 * positions (1-200) and 9.15M, 7.41M, 6.98M and 6.60M (201-400); bench-solver --hint-positions (50
 * positions, one core) decides within 250 ms 49, 49, 48 and 48 of seed 20260101's (whose #35, a
 * loss the proof finds in 193,595 positions, is the one a higher share pushes past), 46 of seed
 * 7's at each, 47, 49, 50 and 50 of seed 8's (#11: the proof fails after its whole 945,000 and
 * best-first wins in 27,379), and 49 of seed 9's at each.
 */
const BESIDE_RELAXED = 0.25;
/**
 * The turns last while the exhaustive search has visited fewer than this (or until its first share
 * is done, when sooner): then the phase looking for wins has spent at most as many, a few MB,
 * well inside the half of the memory cap it is given meanwhile, so it never stops for memory
 * sooner than it would have without the turns.
 */
const TURNS_UNTIL = 200_000;

/**
 * A phase of the solver that looks for wins (best-first, the rollouts, the beams): the run under way,
 * if any, the positions its finished runs spent, and whether the phase has ended.
 */
class Seeker<T extends { readonly visited: number; release(): void }> {
  run: T | null = null;
  done = false;
  private nodes = 0;

  /** Positions the phase has spent, the run under way included. */
  spent(): number {
    return this.nodes + (this.run?.visited ?? 0);
  }

  /** Ends the phase and frees its run's memory. */
  end(): void {
    this.done = true;
    if (!this.run) return;
    this.nodes += this.run.visited;
    this.run.release();
    this.run = null;
  }
}

/** The solver whose relaxed proof is under way (Solver.stepProof), if any. */
let proofOwner: Solver | null = null;

/**
 * The solver: first, where the game has one, its proof of loss by a smaller game (rules.relaxedLost,
 * on a tenth of the budget at most unless the game sets its own share, searchShares.relaxed), with
 * the best-first phase beside its searches (BESIDE_RELAXED of their positions), run by step() a
 * slice at a time like every phase (so the page's worker reads its messages between slices, and a
 * cancel is taken at once: before, the proof ran whole in the constructor, King Albert's for up to
 * its whole share, 448 ms on deal 4's opening); then the exhaustive search above, and two ways of looking for wins beside it: a best-first search led by the game's evaluation (bestFirst.ts) and then short randomised probes
 * (depth-first dives of PROBE_NODES positions with random tie-breaking), with the shares of the
 * budget the game sets (rules.searchShares, measured per game); a game that names its layers
 * (rules.beamLayer) may give beams (beam.ts) a share too, and a game with a best-first score nested
 * rollouts (rollout.ts); those split their turns with the probes in the ratio of the shares. The
 * exhaustive search first has a tenth of the budget, which settles small trees and easy wins; meanwhile the phase that looks for
 * wins takes turns with it, position for position (TURN at a time), so that a win it finds in a few
 * thousand positions is not kept waiting behind a tenth of the budget (a hint's first answer); in
 * those turns best-first and the probes share the phase's positions in the ratio of their shares.
 * Then the phase looking for wins has the rest of its share, and the exhaustive search resumes
 * where it stopped. The turns change only the order: each phase gets the same positions in all,
 * so a full budget decides what it decided without them. Only a search that exhausts every
 * reachable position proves "lost"; a win is always a line actually found.
 */
export class Solver {
  private readonly main: Search;
  private readonly maxNodes: number;
  private readonly maxMB: number | undefined;
  private readonly maxBytes: number;
  private readonly deadline: number;
  private readonly started = Date.now();
  private readonly shares: NonNullable<GameRules['searchShares']>;
  /** The best-first phase. */
  private readonly best = new Seeker<BestFirst>();
  /** True while the best-first phase runs under half the memory it may have (beside the exhaustive search's first share). */
  private bestCapped = false;
  /** The beam phase (beam.ts), where the game has one (searchShares.beam). */
  private readonly beams = new Seeker<Beam>();
  /** The nested rollouts (rollout.ts), where the game gives them a share (searchShares.rollouts). */
  private readonly rollouts = new Seeker<Rollouts>();
  /** The beams' memory cap, once they started (best-first's cap leaves them that room). */
  private beamCap = 0;
  private probe: Search | null = null;
  /** A finished probe, kept to be restarted rather than built again. */
  private spareProbe: Search | null = null;
  private probeSeed = 1;
  private probeNodes = 0;
  private winner: Search | null = null;
  private wonLine: number[] | null = null;
  private shortened = false;
  /** True once best-first or a probe ran out of positions: a loss proven beside the exhaustive search. */
  private lostBeside = false;
  private cancelled = false;
  /** The part that decided the solve, once one did (decidedBy). */
  private by: DecidedBy | null = null;

  /** Prepares a solve of `state` within `budget`. */
  constructor(
    private readonly rules: GameRules,
    private readonly state: State,
    budget: Budget = {},
  ) {
    this.maxNodes = budget.maxNodes ?? 1_000_000;
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    this.maxMB = budget.maxMB;
    this.maxBytes = (budget.maxMB ?? DEFAULT_MEMORY_MB) * 1024 * 1024;
    const shares: NonNullable<GameRules['searchShares']> = rules.searchShares ?? DEFAULT_SHARES;
    // A beam share too small for the first beam goes to best-first and the probes, in the ratio of
    // their shares (see BEAM_MIN).
    this.shares = shares.beam && this.maxNodes * shares.beam < BEAM_MIN ? withoutBeam(shares) : shares;
    const mainBudget: Budget = { maxNodes: this.maxNodes };
    if (budget.maxMs !== undefined) mainBudget.maxMs = budget.maxMs;
    if (budget.maxMB !== undefined) mainBudget.maxMB = budget.maxMB;
    this.main = new Search(rules, state, mainBudget);
    // A game with an exact decider (GameRules.decide) answers at once and the search never runs;
    // the decided position counts as one position visited.
    const verdict = rules.decide?.(state);
    if (verdict) {
      this.decided = { result: verdict.result, moves: verdict.line, nodes: 1, ms: Date.now() - this.started };
      this.by = 'decider';
      this.main.cancel();
    } else if (rules.relaxedLost && !rules.isWon(state)) {
      // (A won position is left to the search, which answers won at once: a proof of loss has
      // nothing to prove there, and a game's smaller game need not know a win it starts from.)
      // A game's proof of loss by a smaller game has a share of the budget first; its moves count.
      // Its seen set and searches stay under the solve's memory cap and time limit (relaxedKit).
      // The best-first phase runs beside its searches (seekBeside), each on half the cap. It starts
      // with the first step, a slice at a time (stepProof).
      const beside = this.shares.bestFirst > 0 ? (visited: number) => this.seekBeside(visited) : undefined;
      this.kit = relaxedKit(this.maxMB, this.deadline, beside);
      this.proof = rules.relaxedLost(state, Math.floor(this.maxNodes * (this.shares.relaxed ?? RELAXED_SHARE)), this.kit);
    }
  }

  /** The game's relaxed proof of loss while under way, and the kit it runs with. */
  private proof: RelaxedProof | null = null;
  private kit: ReturnType<typeof relaxedKit> | null = null;

  /**
   * Runs the relaxed proof until the solve has used `stopAt` positions in all (a slice past that at
   * most) or the proof ends; the proof's lost decides the solve. Only one solver's proof is under
   * way at a time (proofOwner): a game's proof keeps its smaller game's position in the game's
   * scratch between slices, so two solvers stepping theirs in turn would mix them. A solver that
   * finds another's proof under way stops that one where it stands, which is always sound (a
   * proof only ever proves a loss; that solve goes on without it) and happens only when solves are
   * interleaved (the page's worker runs one at a time) or one was dropped unfinished.
   */
  private stepProof(stopAt: number): void {
    const proof = this.proof!;
    if (proofOwner !== null && proofOwner !== this) proofOwner.endProof(null);
    proofOwner = this;
    for (;;) {
      // Stopped where it stands once the best-first phase beside it has decided the solve, or at
      // the time limit.
      if (this.wonLine || this.lostBeside || Date.now() > this.deadline) {
        this.endProof(null);
        return;
      }
      if (this.used() >= stopAt) return;
      const r = proof.next();
      if (r.done) {
        this.endProof(r.value);
        return;
      }
      this.relaxedNodes = r.value;
    }
  }

  /** Ends the relaxed proof with its answer (`r`), or stops it where it stands (null). */
  private endProof(r: { lost: boolean; nodes: number } | null): void {
    if (r === null) this.proof?.return({ lost: false, nodes: this.relaxedNodes });
    else this.relaxedNodes = r.nodes;
    this.proof = null;
    this.kit?.done();
    this.kit = null;
    if (proofOwner === this) proofOwner = null;
    if (r?.lost) {
      this.decided = { result: 'lost', moves: [], nodes: this.used(), ms: Date.now() - this.started };
      this.by = 'relaxed';
      this.endSeeking();
      this.main.cancel();
    }
  }

  /**
   * The best-first phase's turn beside the relaxed proof's searches, which have visited `visited`
   * positions: it catches up to BESIDE_RELAXED of them. True when it decided the position (the
   * proof then stops).
   */
  private seekBeside(visited: number): boolean {
    if (this.best.done) return false;
    if (!this.best.run) {
      this.best.run = new BestFirst(this.rules, this.state, Math.max(1 << 20, this.maxBytes / 2));
      this.bestCapped = true;
    }
    const cap = Math.floor(this.maxNodes * this.shares.bestFirst);
    const room = Math.min(Math.floor(visited * BESIDE_RELAXED), cap) - this.best.spent();
    if (room <= 0) return false;
    const o = this.best.run.step(room, cap);
    if (o === 'won') this.win(this.best.run.winningLine, 'best-first');
    else if (o === 'lost') this.lose('best-first');
    else if (o === 'unknown') this.best.end();
    return o === 'won' || o === 'lost';
  }

  /** Moves the game's relaxed proof of loss made (rules.relaxedLost). */
  private relaxedNodes = 0;

  /** The game decider's answer, when it gave one. */
  private decided: SolveResult | null = null;

  /** Positions the phases looking for wins (best-first, rollouts, beams and probes) have spent. */
  private seeking(): number {
    return this.best.spent() + this.secondSpent();
  }

  /** The share of the second way of looking for wins beside best-first: the rollouts, the beams and the probes. */
  private secondShare(): number {
    return (this.shares.rollouts ?? 0) + (this.shares.beam ?? 0) + this.shares.probes;
  }

  /** Positions the rollouts, beams and probes have spent. */
  private secondSpent(): number {
    return this.rollouts.spent() + this.beams.spent() + this.probeSpent();
  }

  /** Ends the best-first, rollout and beam phases and frees their memory. */
  private endSeeking(): void {
    this.best.end();
    this.rollouts.end();
    this.beams.end();
  }

  /** Positions the probes have spent (the one under way included). */
  private probeSpent(): number {
    return this.probeNodes + (this.probe?.visited ?? 0);
  }

  private used(): number {
    return this.relaxedNodes + this.main.visited + this.seeking();
  }

  private win(line: number[], by: DecidedBy): Outcome {
    this.wonLine = line;
    this.by = by;
    this.endSeeking();
    this.main.cancel();
    return 'won';
  }

  private lose(by: 'best-first' | 'probes'): Outcome {
    this.lostBeside = true;
    this.by = by;
    this.endSeeking();
    this.main.cancel();
    return 'lost';
  }

  /** Runs up to `slice` more positions; returns the outcome once decided (or out of budget), else null. */
  step(slice = Number.POSITIVE_INFINITY): Outcome | null {
    const stopAt = this.used() + slice;
    // (A cancel ends the proof, so one under way is never a cancelled solve's.)
    if (this.proof) {
      this.stepProof(stopAt);
      if (this.proof) return null;
    }
    if (this.decided) return this.decided.result;
    if (this.winner || this.wonLine) return 'won';
    if (this.lostBeside) return 'lost';
    if (this.cancelled) return 'unknown';
    while (this.used() < stopAt) {
      if (Date.now() > this.deadline || this.used() >= this.maxNodes) {
        this.main.cancel();
        this.endSeeking();
        return 'unknown';
      }
      const firstDone = this.main.visited >= this.maxNodes * FIRST_SHARE;
      // While the exhaustive search has its first share (up to TURNS_UNTIL), the phase looking for
      // wins runs only while it has spent fewer positions than the exhaustive search, TURN at a time.
      const turns = !firstDone && this.main.visited < TURNS_UNTIL;
      const seekTurn = firstDone || (turns && this.seeking() < this.main.visited);
      const turn = turns ? TURN : Number.POSITIVE_INFINITY;
      const bestRoom = Math.floor(this.maxNodes * this.shares.bestFirst) - this.best.spent();
      if (!this.best.done && bestRoom <= 0) this.best.end();
      // During the turns the probes have their part of the seeking phase's turns, in the ratio of
      // the two shares, not only after the best-first phase's whole share: some wins that best-first
      // reaches late, a few probes find at once. Measured on Aces and Kings (the one game with both
      // shares): bench-solver --hint-positions decides the same 30 of 50 (seed 20260101), 25 and 27
      // of them within 250 ms before and after (#36 and #41, won by probes after 1.2M positions,
      // now in 21,655 and 39,052), 29 and 30 of seed 7's, 30 and 32 of seed 8's; prove at 1M wins
      // the same deals of 1-200 and 201-400 in 68.6M and 80.7M positions in all (80.5M and 90.3M),
      // with the median won deal of 1-200 at 41,216 positions (95,676).
      // The probes' turns are the beams' too, where the game has them (they split them, below).
      const probeTurn = turns && this.secondShare() > 0 && this.secondSpent() * this.shares.bestFirst < this.best.spent() * this.secondShare();
      if (seekTurn && !this.best.done && !probeTurn) {
        if (!this.best.run) {
          // The best-first phase gets what the exhaustive search's table leaves of the memory cap:
          // started beside the exhaustive search's first share, half of it until that share is done.
          const left = this.maxBytes - this.main.tableBytes - this.beamCap;
          this.best.run = new BestFirst(this.rules, this.state, Math.max(1 << 20, firstDone ? left : left / 2));
          this.bestCapped = !firstDone;
        } else if (firstDone && this.bestCapped) {
          this.best.run.setCap(Math.max(1 << 20, this.maxBytes - this.main.tableBytes - this.beamCap));
          this.bestCapped = false;
        }
        const room = Math.min(turn, stopAt - this.used());
        const o = this.best.run.step(Math.max(1, room), this.best.run.visited + Math.min(bestRoom, this.maxNodes - this.used()));
        if (o === 'won') return this.win(this.best.run.winningLine, 'best-first');
        if (o === 'lost') return this.lose('best-first');
        if (o === 'unknown' || this.best.spent() >= this.maxNodes * this.shares.bestFirst) this.best.end();
        continue;
      }
      const beamShare = this.shares.beam ?? 0;
      const beamRoom = Math.floor(this.maxNodes * beamShare) - this.beams.spent();
      if (!this.beams.done && beamRoom <= 0) this.beams.end();
      const probesLeft = this.probeNodes < this.maxNodes * this.shares.probes;
      // The rollouts take their turns beside the beams and the probes in the ratio of the shares.
      const rolloutShare = this.shares.rollouts ?? 0;
      const rolloutRoom = Math.floor(this.maxNodes * rolloutShare) - this.rollouts.spent();
      if (!this.rollouts.done && rolloutRoom <= 0) this.rollouts.end();
      const othersDone = this.beams.done && !probesLeft;
      const othersBehind = this.rollouts.spent() * (beamShare + this.shares.probes) > (this.beams.spent() + this.probeSpent()) * rolloutShare;
      if (seekTurn && !this.rollouts.done && (othersDone || !othersBehind)) {
        if (!this.rollouts.run) this.rollouts.run = new Rollouts(this.rules, this.state);
        const room = Math.min(turn, stopAt - this.used());
        const o = this.rollouts.run.step(Math.max(1, room), this.rollouts.run.visited + Math.min(rolloutRoom, this.maxNodes - this.used()));
        if (o === 'won') return this.win(this.rollouts.run.winningLine, 'rollouts');
        if (o === 'unknown' || this.rollouts.spent() >= this.maxNodes * rolloutShare) this.rollouts.end();
        continue;
      }
      // The beams and the probes share their turns in the ratio of their shares, as best-first and
      // they do: a win that a few probes find is not kept waiting behind the beams' whole share.
      if (seekTurn && !this.beams.done && (!probesLeft || this.probeSpent() * beamShare >= this.beams.spent() * this.shares.probes)) {
        // The beams get a quarter of what the exhaustive search's table and best-first leave of the
        // memory cap (best-first holds half of the rest while the turns last, and afterwards what
        // the exhaustive search's table and the beams leave).
        if (!this.beams.run) {
          this.beamCap = Math.max(1 << 22, (this.maxBytes - this.main.tableBytes - (this.best.run?.bytes ?? 0)) / 4);
          this.beams.run = new Beam(this.rules, this.state, this.beamCap);
        }
        const room = Math.min(turn, stopAt - this.used());
        const o = this.beams.run.step(Math.max(1, room), this.beams.run.visited + Math.min(beamRoom, this.maxNodes - this.used()));
        if (o === 'won') return this.win(this.beams.run.winningLine, 'beam');
        if (o === 'unknown' || this.beams.spent() >= this.maxNodes * beamShare) this.beams.end();
        continue;
      }
      const probing = seekTurn && probesLeft;
      if (!probing) {
        const room = Math.min(stopAt - this.used(), this.maxNodes - this.used(), firstDone ? Number.POSITIVE_INFINITY : Math.min(turn, Math.ceil(this.maxNodes * FIRST_SHARE - this.main.visited)));
        const o = this.main.step(Math.max(1, room));
        if (o) {
          if (o === 'won') this.winner = this.main;
          if (o !== 'unknown') this.by = 'exhaustive';
          return o === 'unknown' && !this.main.outOfMemory && this.used() < this.maxNodes && Date.now() <= this.deadline ? null : o;
        }
        continue;
      }
      if (!this.probe) {
        const room = Math.max(1, Math.min(PROBE_NODES, Math.ceil(this.maxNodes * this.shares.probes - this.probeNodes), this.maxNodes - this.used()));
        if (this.spareProbe) {
          this.probe = this.spareProbe;
          this.probe.restart(room, this.probeSeed++);
        } else {
          const probeBudget: Budget = { maxNodes: room };
          if (this.maxMB !== undefined) probeBudget.maxMB = this.maxMB;
          this.probe = new Search(this.rules, this.state, probeBudget, this.probeSeed++);
        }
      }
      const o = this.probe.step(Math.max(1, Math.min(turn, stopAt - this.used())));
      if (o === 'won') {
        this.winner = this.probe;
        this.by = 'probes';
        return 'won';
      }
      if (o === 'lost') {
        // A probe that exhausts the tree is as good as the exhaustive search.
        this.probeNodes += this.probe.visited;
        this.probe = null;
        return this.lose('probes');
      }
      if (o === 'unknown') {
        this.probeNodes += this.probe.visited;
        this.spareProbe = this.probe;
        this.probe = null;
      }
    }
    return null;
  }

  /** The part of the solver that decided the position, or null while (or when) it is undecided. */
  get decidedBy(): DecidedBy | null {
    return this.by;
  }

  /** The exhaustive search (for its table figures). */
  get exhaustive(): Search {
    return this.main;
  }

  /** Stops; the result becomes unknown unless already decided. */
  cancel(): void {
    this.cancelled = true;
    if (this.proof) this.endProof(null);
    this.main.cancel();
    this.endSeeking();
  }

  /** The result so far. */
  result(): SolveResult {
    if (this.decided) return { ...this.decided, moves: this.decided.moves.slice() };
    const nodes = this.used();
    const ms = Date.now() - this.started;
    if (this.winner) return { ...this.winner.result(), nodes, ms };
    if (this.wonLine) {
      if (!this.shortened) {
        this.wonLine = shortenLine(this.rules, this.state, this.wonLine);
        this.shortened = true;
      }
      return { result: 'won', moves: this.wonLine.slice(), nodes, ms };
    }
    const r = this.main.result();
    return { result: this.lostBeside ? 'lost' : r.result, moves: [], nodes, ms };
  }
}

/** Solves a position synchronously within `budget`; `by` says which part decided it (Solver.decidedBy). */
export function solveBy(rules: GameRules, state: State, budget: Budget = {}): { result: SolveResult; by: DecidedBy | null } {
  const solver = new Solver(rules, state, budget);
  while (solver.step(1_000_000) === null);
  return { result: solver.result(), by: solver.decidedBy };
}

/** Solves a position synchronously within `budget`. */
export function solve(rules: GameRules, state: State, budget: Budget = {}): SolveResult {
  return solveBy(rules, state, budget).result;
}
