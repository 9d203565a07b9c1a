/**
 * The page's access to the solver worker: requests queued by priority (the player's own questions
 * before background checks), one in the worker at a time, each cancellable; results cached per
 * exact position. A won line teaches the cache every position along it, so following hints is
 * instant after the first.
 */
import { formatPosition, parseMove, type MoveJson, type Position } from '../../engine/notation.ts';
import { cloneState, type GameRules, type State } from '../../engine/rules.ts';
import type { SolveReply } from '../../solver/protocol.ts';
import type { Budget, Outcome } from '../../solver/search.ts';

/** A solver verdict on one position. */
export interface Verdict {
  /** won (with `line`), lost (proven), or unknown. */
  result: Outcome;
  /** A winning line from the position, as engine moves (empty unless won). */
  line: number[];
}

/** What sends positions to a worker (SolverClient in the page, a fake in tests). */
export interface SolverBackend {
  /** Starts a search; cancel() makes it resolve as unknown. */
  solve(position: Position, budget: Budget): { promise: Promise<SolveReply>; cancel(): void };
}

/** A request in progress. */
export interface Ask {
  /** Resolves with the verdict (unknown when cancelled). */
  promise: Promise<Verdict>;
  /** Cancels the request (queued or running). */
  cancel(): void;
}

/** Priorities: the player waiting (hint, solve, rewind), then background work (verdicts, analysis, auto-collect). */
export const NOW = 0;
/** Background priority. */
export const LATER = 1;

interface Job {
  rules: GameRules;
  state: State;
  budget: Budget;
  priority: number;
  resolve(v: Verdict): void;
  running: { cancel(): void } | null;
  cancelled: boolean;
  /** Stopped to let a more urgent request run; it goes back in the queue (a warm-up does not). */
  preempted: boolean;
  /** A warm-up (warm): asked whatever the cache knows, and dropped when pre-empted. */
  warm?: boolean;
}

const CACHE_MAX = 20_000;
/** Stored lines waiting to be learned (the latest deals'). */
const PENDING_MAX = 4;

/** An exact key of a position (no canonical merging: a line's moves name particular piles). */
export function exactKey(rules: GameRules, s: State): string {
  return `${rules.id}|${s.flags}|${s.piles.map((p) => p.join(',')).join('/')}`;
}

/** Queue, cache and worker for the solver at the table. */
export class SolverService {
  private readonly backend: SolverBackend;
  private readonly cache = new Map<string, Verdict & { budget: number }>();
  private readonly queue: Job[] = [];
  private running: Job | null = null;
  private readonly pending: (() => void)[] = [];
  /** The games warm() has warmed the worker for. */
  private readonly warmed = new Set<string>();

  /** Uses `backend` for the searches. */
  constructor(backend: SolverBackend) {
    this.backend = backend;
  }

  /** The cached verdict of `s`, or null (an unknown is returned only when searched with at least `nodes`). */
  known(rules: GameRules, s: State, nodes = 0): Verdict | null {
    this.learnPending();
    const v = this.cache.get(exactKey(rules, s));
    if (!v) return null;
    if (v.result === 'unknown' && v.budget < nodes) return null;
    return { result: v.result, line: v.line };
  }

  /** Records that `line` wins from `s`: each position along it wins with the rest of the line. */
  learnLine(rules: GameRules, s: State, line: readonly number[]): void {
    const w = cloneState(s);
    for (let i = 0; i <= line.length; i++) {
      this.remember(exactKey(rules, w), { result: 'won', line: line.slice(i), budget: Number.POSITIVE_INFINITY });
      if (i < line.length) {
        if (!rules.isLegal(w, line[i]!)) return;
        rules.make(w, line[i]!);
      }
    }
  }

  /**
   * Like learnLine, but only when the cache is next consulted: `take` gives the start and the line
   * then (null to learn nothing). A new deal's stored line costs nothing until a hint needs it.
   */
  learnLineLater(rules: GameRules, take: () => { state: State; line: readonly number[] } | null): void {
    this.pending.push(() => {
      const t = take();
      if (t) this.learnLine(rules, t.state, t.line);
    });
    // Only the latest few deals' lines are kept waiting.
    if (this.pending.length > PENDING_MAX) this.pending.shift();
  }

  private learnPending(): void {
    const list = this.pending.splice(0);
    for (const learn of list) learn();
  }

  /** Records a proven loss. */
  learnLost(rules: GameRules, s: State): void {
    this.remember(exactKey(rules, s), { result: 'lost', line: [], budget: Number.POSITIVE_INFINITY });
  }

  private remember(key: string, v: Verdict & { budget: number }): void {
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    const old = this.cache.get(key);
    if (old && old.result !== 'unknown' && v.result === 'unknown') return;
    this.cache.set(key, v);
  }

  /** Asks for the verdict of `s` (copied) within `budget`, at `priority`. */
  ask(rules: GameRules, s: State, budget: Budget, priority: number): Ask {
    const cached = this.known(rules, s, budget.maxNodes ?? 0);
    if (cached) return { promise: Promise.resolve(cached), cancel: () => {} };
    let job!: Job;
    const promise = new Promise<Verdict>((resolve) => {
      job = { rules, state: cloneState(s), budget, priority, resolve, running: null, cancelled: false, preempted: false };
    });
    this.enqueue(job);
    // The player's question should not wait behind a long background search: that one starts again later.
    if (priority === NOW && this.running && this.running.priority > NOW) {
      this.running.preempted = true;
      this.running.running?.cancel();
    }
    this.pump();
    return {
      promise,
      cancel: () => {
        if (job.cancelled) return;
        job.cancelled = true;
        const i = this.queue.indexOf(job);
        if (i >= 0) {
          this.queue.splice(i, 1);
          job.resolve({ result: 'unknown', line: [] });
        } else job.running?.cancel();
      },
    };
  }

  /**
   * Warms the worker for `rules`' game, once per game: a short background search of `s` (`budget`),
   * whatever the cache knows of it, so that the worker is started and its search compiled for the
   * game before the player's first question (the first hint of a session otherwise pays for both).
   * It gives way to any other request: a pre-empted warm-up is dropped, not asked again.
   */
  warm(rules: GameRules, s: State, budget: Budget): void {
    if (this.warmed.has(rules.id)) return;
    this.warmed.add(rules.id);
    this.enqueue({ rules, state: cloneState(s), budget, priority: LATER, resolve: () => {}, running: null, cancelled: false, preempted: false, warm: true });
    this.pump();
  }

  private enqueue(job: Job): void {
    let at = this.queue.findIndex((j) => j.priority > job.priority);
    if (at < 0) at = this.queue.length;
    this.queue.splice(at, 0, job);
  }

  /** Cancels everything queued or running at `priority` or lower urgency. */
  cancelAll(priority = NOW): void {
    for (const j of this.queue.filter((q) => q.priority >= priority)) {
      j.cancelled = true;
      this.queue.splice(this.queue.indexOf(j), 1);
      j.resolve({ result: 'unknown', line: [] });
    }
    if (this.running && this.running.priority >= priority) {
      this.running.cancelled = true;
      this.running.running?.cancel();
    }
  }

  /** True while a request at `priority` (or any, when omitted) is queued or running. */
  busy(priority?: number): boolean {
    const match = (j: Job): boolean => priority === undefined || j.priority === priority;
    return (this.running !== null && match(this.running)) || this.queue.some(match);
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const cached = job.warm ? null : this.known(job.rules, job.state, job.budget.maxNodes ?? 0);
    if (cached) {
      job.resolve(cached);
      this.pump();
      return;
    }
    this.running = job;
    const req = this.backend.solve(formatPosition(job.rules, job.state), job.budget);
    job.running = req;
    void req.promise
      .then((reply) => this.settle(job, reply))
      .catch(() => job.resolve({ result: 'unknown', line: [] }))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }

  private settle(job: Job, reply: SolveReply): void {
    if (job.preempted && !job.cancelled && reply.result === 'unknown') {
      // A pre-empted warm-up is dropped (its work is done: the worker is warm); any other request
      // goes back in the queue.
      if (job.warm) {
        job.resolve({ result: 'unknown', line: [] });
        return;
      }
      job.preempted = false;
      job.running = null;
      this.enqueue(job);
      return;
    }
    let v: Verdict = { result: reply.result, line: [] };
    if (reply.result === 'won') {
      try {
        v = { result: 'won', line: toEngine(job.rules, job.state, reply.moves) };
        this.learnLine(job.rules, job.state, v.line);
      } catch {
        v = { result: 'unknown', line: [] };
      }
    } else if (reply.result === 'lost') this.learnLost(job.rules, job.state);
    else if (!job.cancelled && !reply.error) {
      // An unknown stands for the positions the search really visited: one cut short by its time
      // limit (a cold or busy worker) is asked again in full by the next question of that budget.
      const max = job.budget.maxNodes ?? 1_000_000;
      this.remember(exactKey(job.rules, job.state), { result: 'unknown', line: [], budget: Math.min(max, reply.nodes) });
    }
    job.resolve(v);
  }
}

/** A line in the notation as engine moves from `s` (throws when a move does not apply). */
function toEngine(rules: GameRules, s: State, moves: readonly MoveJson[]): number[] {
  const w = cloneState(s);
  return moves.map((j) => {
    const m = parseMove(rules, w, j);
    rules.make(w, m);
    return m;
  });
}
