/** Shared helpers of the solver tests. */
import { applyMoves, status } from '../../src/games/catalog.ts';
import type { MoveJson, Position } from '../../src/engine/notation.ts';
import { formatMove } from '../../src/engine/notation.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { xorshift } from '../../src/solver/xorshift.ts';

/** Replays a line given in the notation through the public engine API; returns the final status. */
export function replayJson(position: Position, moves: readonly MoveJson[]): { won: boolean } {
  let p = position;
  for (const m of moves) p = applyMoves(p, [m]);
  return status(p);
}

/** Formats an engine line from `state` into the notation. */
export function lineJson(rules: GameRules, state: State, line: readonly number[]): MoveJson[] {
  const s = cloneState(state);
  return line.map((m) => {
    const j = formatMove(rules, s, m);
    rules.make(s, m);
    return j;
  });
}

/** A small deterministic generator (xorshift32). */
export const rng = xorshift;

/** A random playout of up to `plies` moves from deal `n`, taking an offered foundation move with probability `prefer`. */
export function playout(rules: GameRules, n: number, plies: number, seed: number, prefer = 0.8): State {
  const s = openingState(rules, n);
  const rnd = rng(seed);
  for (let k = 0; k < plies; k++) {
    const auto = rules.autoMoves(s, 'all');
    const list = auto.length && rnd() < prefer ? auto : legalList(rules, s);
    if (!list.length) break;
    rules.make(s, list[Math.floor(rnd() * list.length)]!);
  }
  return s;
}
