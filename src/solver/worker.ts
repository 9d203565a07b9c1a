/// <reference lib="webworker" />
/**
 * The page's solver worker: answers SolveRequest messages, each cancellable by id. Searches run in
 * slices, so requests that arrive together share the worker; the page's SolverService sends one at
 * a time in priority order.
 */
import { parsePosition } from '../engine/notation.ts';
import type { CancelRequest, SolveReply, SolveRequest } from './protocol.ts';
import { lineToJson, solveSliced } from './run.ts';

const cancelled = new Set<number>();

self.onmessage = async (event: MessageEvent<SolveRequest | CancelRequest>) => {
  const msg = event.data;
  if (msg.type === 'cancel') {
    cancelled.add(msg.id);
    return;
  }
  let reply: SolveReply;
  try {
    const { rules, state } = parsePosition(msg.position);
    const r = await solveSliced(rules, state, msg.budget, () => cancelled.has(msg.id));
    reply = { id: msg.id, result: r.result, moves: lineToJson(rules, state, r.moves), nodes: r.nodes, ms: r.ms };
  } catch (e) {
    reply = { id: msg.id, result: 'unknown', moves: [], nodes: 0, ms: 0, error: String(e) };
  }
  cancelled.delete(msg.id);
  (self as unknown as Worker).postMessage(reply);
};
