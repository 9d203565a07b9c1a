/** The stored lists of proven winnable deals (assets/winnable/GAME.json, made by scripts/make-winnable.ts). */
import type { GameRules } from '../engine/rules.ts';
import { openingState } from '../engine/play.ts';
import { decodeLine } from './lineCodec.ts';

/** One proven winnable deal. */
export interface WinnableEntry {
  /** Deal number. */
  deal: number;
  /** Difficulty 1 (easy) … 5 (hard), from solver effort and line narrowness. */
  grade: number;
  /** Positions the solver visited to find the win. */
  nodes: number;
  /** Moves in the stored line. */
  length: number;
  /** Share (0…1) of legal moves along the line that lose or could not be shown to win. */
  narrow: number;
  /** The winning line, compact (lineCodec.ts). */
  line: string;
}

/** A stored list. */
export interface WinnableList {
  /** Game id. */
  game: string;
  /** Solver budget per deal when the list was made. */
  nodesPerDeal: number;
  /** Deals tried to find these. */
  tried: number;
  /** The winnable deals, by deal number. */
  deals: WinnableEntry[];
}

/** The engine moves of an entry's winning line (throws when it does not replay). */
export function entryLine(rules: GameRules, entry: WinnableEntry): number[] {
  return decodeLine(rules, openingState(rules, entry.deal), entry.line);
}
