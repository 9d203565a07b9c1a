/** What the solver's searches and phases (search.ts, bestFirst.ts, beam.ts) share. */
import type { GameRules, State } from '../engine/rules.ts';

/** The outcome of a search. */
export type Outcome = 'won' | 'lost' | 'unknown';

/** Removes from `list` (the moves of `s`, entered by `entered`) those the game's skipAfter drops, keeping the order. */
export function dropSkipped(rules: GameRules, s: State, entered: number, list: number[]): void {
  let k = 0;
  for (let i = 0; i < list.length; i++) if (!rules.skipAfter!(s, entered, list[i]!)) list[k++] = list[i]!;
  // Popped, not cut by setting the length (a runtime call; see clearList), and most lists lose no move.
  while (list.length > k) list.pop();
}
