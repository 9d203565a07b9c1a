/** What the solver's searches and phases (search.ts, bestFirst.ts, beam.ts) share. */
import { clearList, type GameRules, searchMoves, type State } from '../engine/rules.ts';

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

/**
 * The moves a search or phase expands from `s` (entered by move `entered`, -1 for none), into
 * `list`, as every one of them takes them: none when the game proves `s` lost ('lost'); the
 * dominance move alone when there is one ('forced': the game's forcedMove, or without one the first
 * safe auto-move); else every move, less those skipAfter drops after `entered` ('all').
 */
export function phaseMoves(rules: GameRules, s: State, entered: number, list: number[]): 'lost' | 'forced' | 'all' {
  clearList(list);
  if (rules.provenLost?.(s, entered)) return 'lost';
  let forced = -1;
  if (rules.forcedMove) forced = rules.forcedMove(s);
  else {
    const safe = rules.autoMoves(s, 'safe');
    if (safe.length) forced = safe[0]!;
  }
  if (forced >= 0) {
    list.push(forced);
    return 'forced';
  }
  searchMoves(rules, s, list);
  if (rules.skipAfter && entered >= 0) dropSkipped(rules, s, entered, list);
  return 'all';
}
