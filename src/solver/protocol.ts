/**
 * Messages between the page and its solver worker. Both run the same engine, so a position goes
 * over as the engine's own state (game id, flags, piles of card numbers) and a line comes back as
 * engine moves: the worker needs no notation. The page turns the line into the notation itself.
 */
import type { MoveJson } from '../engine/notation.ts';
import type { GameId } from '../games/catalog.ts';
import type { Budget, Outcome } from './search.ts';

/** Positions the worker's solver runs between the points where it reads its messages (a cancel). */
export const WORKER_SLICE = 20_000;

/** Ask the worker to solve a position. */
export interface SolveRequest {
  /** Correlates the reply. */
  id: number;
  /** 'solve' or 'cancel'. */
  type: 'solve';
  /** The game. */
  game: GameId;
  /** The position's option bits. */
  flags: number;
  /** Every pile, bottom to top, in the game's pile order (engine card numbers). */
  piles: number[][];
  /** Search limits. */
  budget: Budget;
}

/** Cancel a running request. */
export interface CancelRequest {
  /** The request to cancel. */
  id: number;
  /** Always 'cancel'. */
  type: 'cancel';
}

/** The worker's answer: the line as engine moves. */
export interface WorkerReply {
  /** The request answered. */
  id: number;
  /** The outcome; 'unknown' when cancelled or out of budget. */
  result: Outcome;
  /** The winning line as engine moves (empty unless won). */
  moves: number[];
  /** Positions visited. */
  nodes: number;
  /** Milliseconds searched. */
  ms: number;
  /** Set when the request could not be served. */
  error?: string;
}

/** The answer as the page uses it: the line in the notation. */
export interface SolveReply extends Omit<WorkerReply, 'moves'> {
  /** The winning line in the notation (empty unless won). */
  moves: MoveJson[];
}
