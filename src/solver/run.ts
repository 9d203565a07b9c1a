/** Solving a position given in the notation: parse, search, and write the line back in the notation. */
import { parsePosition } from '../games/catalog.ts';
import { formatMove, type MoveJson } from '../engine/notation.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { type Budget, type SolveResult, solve } from './search.ts';

/** The moves of a line in the notation, replayed from `state`. */
export function lineToJson(rules: GameRules, state: State, line: readonly number[]): MoveJson[] {
  const s = cloneState(state);
  return line.map((m) => {
    const json = formatMove(rules, s, m);
    rules.make(s, m);
    return json;
  });
}

/** A search result with its line in the notation. */
export type JsonResult = Omit<SolveResult, 'moves'> & { moves: MoveJson[] };

/** Solves a notation position synchronously (throws BadInput for a bad position). */
export function solvePosition(position: unknown, budget: Budget): JsonResult {
  const { rules, state } = parsePosition(position);
  const r = solve(rules, state, budget);
  return { ...r, moves: lineToJson(rules, state, r.moves) };
}
