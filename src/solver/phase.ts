/** What the solver's searches and phases (search.ts, bestFirst.ts, beam.ts) share. */
import type { GameRules, State } from '../engine/rules.ts';

/** The outcome of a search. */
export type Outcome = 'won' | 'lost' | 'unknown';

/**
 * The hash of position `s` into out[0] (lo) and out[1] (hi), (0, 0), which marks a table's free
 * slot, read as (0, 1).
 */
export function positionHash(rules: GameRules, s: State, out: Int32Array): void {
  out[0] = 0;
  out[1] = 0;
  rules.hash(s, out);
  if (out[0] === 0 && out[1] === 0) out[1] = 1;
}

/**
 * The hash of the position move `m` leads to from `s` (whose hash is lo0, hi0) into `out`, as
 * positionHash gives it: by the game's hashAfter, or by making the move, hashing and unmaking.
 */
export function childHash(rules: GameRules, s: State, m: number, lo0: number, hi0: number, out: Int32Array): void {
  out[0] = lo0;
  out[1] = hi0;
  if (!rules.hashAfter?.(s, m, out)) {
    rules.make(s, m);
    positionHash(rules, s, out);
    rules.unmake(s, m);
  } else if (out[0] === 0 && out[1] === 0) out[1] = 1;
}

/** Removes from `list` (the moves of `s`, entered by `entered`) those the game's skipAfter drops, keeping the order. */
export function dropSkipped(rules: GameRules, s: State, entered: number, list: number[]): void {
  let k = 0;
  for (let i = 0; i < list.length; i++) if (!rules.skipAfter!(s, entered, list[i]!)) list[k++] = list[i]!;
  // Popped, not cut by setting the length (a runtime call; see clearList), and most lists lose no move.
  while (list.length > k) list.pop();
}
