/** Messages between the page (or the CLI) and a solver worker. */
import type { MoveJson, Position } from '../engine/notation.ts';
import type { Budget, Outcome } from './search.ts';

/** Ask the worker to solve a position. */
export interface SolveRequest {
  /** Correlates the reply. */
  id: number;
  /** 'solve' or 'cancel'. */
  type: 'solve';
  /** The position, in the notation. */
  position: Position;
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

/** The worker's answer. */
export interface SolveReply {
  /** The request answered. */
  id: number;
  /** The outcome; 'unknown' when cancelled or out of budget. */
  result: Outcome;
  /** The winning line in the notation (empty unless won). */
  moves: MoveJson[];
  /** Positions visited. */
  nodes: number;
  /** Milliseconds searched. */
  ms: number;
  /** Set when the position could not be read. */
  error?: string;
}
