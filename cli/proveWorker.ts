/** A worker thread of `solitaire prove`: solves the deals it is sent, one message per deal. */
import { parentPort } from 'node:worker_threads';
import { openingState } from '../src/engine/play.ts';
import type { GameRules } from '../src/engine/rules.ts';
import { findGame } from '../src/games/catalog.ts';
import { type Budget, type DecidedBy, solveBy } from '../src/solver/search.ts';

/** A deal to prove. */
export interface ProveTask {
  /** Game id. */
  game: string;
  /** Deal number. */
  deal: number;
  /** Position budget. */
  nodes: number;
  /** The game's option bits (State.flags), if any. */
  flags?: number;
  /** Time budget in ms, if any. */
  ms?: number;
  /** Memory cap of the search's table in MB, if not the default. */
  memoryMB?: number;
  /** For benchmarks: the solver's shares instead of the game's (its searchShares, relaxed included). */
  shares?: GameRules['searchShares'];
}

/** One deal's result. */
export interface ProveLine {
  /** Deal number. */
  deal: number;
  /** Outcome. */
  result: 'won' | 'lost' | 'unknown';
  /** Positions visited. */
  nodes: number;
  /** Milliseconds. */
  ms: number;
  /** Length of the winning line (won only). */
  length?: number;
  /** The part of the solver that decided the deal (won or lost only; see Solver.decidedBy). */
  by?: DecidedBy;
}

/** Proves one deal (in a worker thread, or in the calling thread for a game only it knows). */
export function proveDeal(task: ProveTask): ProveLine {
  const game = findGame(task.game)!;
  const rules = task.shares ? { ...game, searchShares: task.shares } : game;
  const budget: Budget = { maxNodes: task.nodes };
  if (task.ms !== undefined) budget.maxMs = task.ms;
  if (task.memoryMB !== undefined) budget.maxMB = task.memoryMB;
  // Each deal from a clean slate, so that its line does not hang on the deals this thread ran
  // before it (with several jobs, which those are depends on timing).
  rules.forget?.();
  const { result: r, by } = solveBy(rules, openingState(rules, task.deal, task.flags ?? 0), budget);
  const line: ProveLine = { deal: task.deal, result: r.result, nodes: r.nodes, ms: r.ms };
  if (r.result === 'won') line.length = r.moves.length;
  if (by && r.result !== 'unknown') line.by = by;
  return line;
}

parentPort?.on('message', (task: ProveTask) => {
  parentPort!.postMessage(proveDeal(task));
});
