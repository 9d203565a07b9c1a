/// <reference lib="webworker" />
/**
 * The page's solver worker: answers SolveRequest messages, each cancellable by id. Searches run in
 * slices, a game's relaxed proof of loss too (Solver), so a cancel is read within a slice and
 * requests that arrive together share the worker (the later then stops the earlier's relaxed
 * proof, which is sound: see Solver.stepProof); the page's SolverService sends one at a time in
 * priority order. Positions come as engine states from the page's own engine.
 */
import type { GameRules } from '../engine/rules.ts';
import { findGame } from '../games/catalog.ts';
import { type CancelRequest, type SolveRequest, WORKER_SLICE, type WorkerReply } from './protocol.ts';
import { type Budget, Solver, type SolveResult } from './search.ts';

const cancelled = new Set<number>();

/**
 * Yields to the event loop for one task, so that a cancel can arrive: through a MessageChannel,
 * since nested setTimeout(0) calls are clamped to 4 ms each: with them a hint's full search in Aces
 * and Kings took twice as long (npm run bench:hint, final median 948 ms, now 468 ms).
 */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

/**
 * Runs a search in slices, yielding to the event loop between them so that a cancel can arrive.
 * Resolves with the result; `isCancelled` is polled between slices.
 */
async function solveSliced(rules: GameRules, piles: number[][], flags: number, budget: Budget, isCancelled: () => boolean, slice = WORKER_SLICE): Promise<SolveResult> {
  const solver = new Solver(rules, { piles, flags }, budget);
  for (;;) {
    if (isCancelled()) {
      solver.cancel();
      break;
    }
    if (solver.step(slice)) break;
    await nextTask();
  }
  return solver.result();
}

self.onmessage = async (event: MessageEvent<SolveRequest | CancelRequest>) => {
  const msg = event.data;
  if (msg.type === 'cancel') {
    cancelled.add(msg.id);
    return;
  }
  let reply: WorkerReply;
  try {
    const rules = findGame(msg.game);
    if (!rules || msg.piles.length !== rules.piles.length) throw new Error(`not a position of ${msg.game}`);
    const r = await solveSliced(rules, msg.piles, msg.flags, msg.budget, () => cancelled.has(msg.id));
    reply = { id: msg.id, result: r.result, moves: r.moves, nodes: r.nodes, ms: r.ms };
  } catch (e) {
    reply = { id: msg.id, result: 'unknown', moves: [], nodes: 0, ms: 0, error: String(e) };
  }
  cancelled.delete(msg.id);
  (self as unknown as Worker).postMessage(reply);
};
