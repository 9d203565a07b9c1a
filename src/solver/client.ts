/**
 * The page's side of the solver worker: one worker, requests answered by promise, cancellable.
 * Positions go to the worker as engine states and lines come back as engine moves; this side reads
 * and writes the notation, so the worker carries none.
 */
import { parsePosition } from '../games/catalog.ts';
import { formatMove, type MoveJson, type Position } from '../engine/notation.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import type { SolveReply, WorkerReply } from './protocol.ts';
import type { Budget } from './search.ts';

/** The engine moves of a line in the notation, replayed from `state` (checked legal on the way). */
function lineJson(rules: GameRules, state: State, line: readonly number[]): MoveJson[] {
  const s = cloneState(state);
  return line.map((m) => {
    if (!rules.isLegal(s, m)) throw new Error('the solver returned an illegal move');
    const j = formatMove(rules, s, m);
    rules.make(s, m);
    return j;
  });
}

/** A running request. */
export interface Pending {
  /** Resolves with the worker's reply (result 'unknown' when cancelled). */
  promise: Promise<SolveReply>;
  /** Stops the search; the promise then resolves with 'unknown'. */
  cancel(): void;
}

/** Talks to one solver Web Worker. */
export class SolverClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, (r: WorkerReply) => void>();

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<WorkerReply>) => {
        const done = this.waiting.get(e.data.id);
        this.waiting.delete(e.data.id);
        done?.(e.data);
      };
    }
    return this.worker;
  }

  /** Asks the worker to solve `position` within `budget`. */
  solve(position: Position, budget: Budget): Pending {
    const id = this.nextId++;
    let rules: GameRules;
    let state: State;
    try {
      ({ rules, state } = parsePosition(position));
    } catch (e) {
      return { promise: Promise.resolve({ id, result: 'unknown', moves: [], nodes: 0, ms: 0, error: String(e) }), cancel: () => {} };
    }
    const worker = this.ensure();
    const reply = new Promise<WorkerReply>((resolve) => this.waiting.set(id, resolve));
    const promise = reply.then((r): SolveReply => {
      try {
        return { ...r, moves: lineJson(rules, state, r.moves) };
      } catch (e) {
        return { ...r, result: 'unknown', moves: [], error: String(e) };
      }
    });
    worker.postMessage({ id, type: 'solve', game: rules.id, flags: state.flags, piles: state.piles, budget });
    return { promise, cancel: () => worker.postMessage({ id, type: 'cancel' }) };
  }

  /** Ends the worker; pending requests resolve as unknown. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const [id, done] of this.waiting) done({ id, result: 'unknown', moves: [], nodes: 0, ms: 0 });
    this.waiting.clear();
  }
}
