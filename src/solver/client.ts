/** The page's side of the solver worker: one worker, requests answered by promise, cancellable. */
import type { Position } from '../engine/notation.ts';
import type { SolveReply } from './protocol.ts';
import type { Budget } from './search.ts';

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
  private readonly waiting = new Map<number, (r: SolveReply) => void>();

  private ensure(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (e: MessageEvent<SolveReply>) => {
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
    const worker = this.ensure();
    const promise = new Promise<SolveReply>((resolve) => this.waiting.set(id, resolve));
    worker.postMessage({ id, type: 'solve', position, budget });
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
