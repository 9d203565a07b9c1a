/** Solving a position given in the notation: parse, search, and write the line back in the notation. */
import { formatMove, type MoveJson, parsePosition } from '../engine/notation.ts';
import { cloneState, type GameRules, type State } from '../engine/rules.ts';
import { type Budget, Solver, type SolveResult, solve } from './search.ts';

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

/**
 * Runs a search in slices, yielding to the event loop between them so that a cancel can arrive.
 * Resolves with the result; `isCancelled` is polled between slices.
 */
export async function solveSliced(rules: GameRules, state: State, budget: Budget, isCancelled: () => boolean, slice = 20_000): Promise<SolveResult> {
  const solver = new Solver(rules, state, budget);
  for (;;) {
    if (isCancelled()) {
      solver.cancel();
      break;
    }
    if (solver.step(slice)) break;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  return solver.result();
}
