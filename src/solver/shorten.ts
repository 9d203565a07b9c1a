/**
 * Shortens a winning line: whenever a position later on the line can be reached from an earlier
 * one in a single legal move, the detour between them is cut. Positions are compared exactly (not
 * by the canonical key, whose permuted piles would make the rest of the line name wrong piles).
 */
import { cloneState, type GameRules, type State } from '../engine/rules.ts';

/** An exact key of a state. */
function exactKey(s: State): string {
  return s.piles.map((p) => String.fromCharCode.apply(null, p)).join('\u00ff');
}

/** Returns a line no longer than `line`, from the same start to the same end, every move legal. */
export function shortenLine(rules: GameRules, start: State, line: readonly number[]): number[] {
  const s = cloneState(start);
  const index = new Map<string, number>();
  index.set(exactKey(s), 0);
  for (let i = 0; i < line.length; i++) {
    rules.make(s, line[i]!);
    index.set(exactKey(s), i + 1);
  }
  const out: number[] = [];
  const cur = cloneState(start);
  let at = 0;
  const list: number[] = [];
  while (at < line.length) {
    list.length = 0;
    rules.moves(cur, list);
    let best = line[at]!;
    let bestJ = at + 1;
    for (const m of list) {
      rules.make(cur, m);
      const j = index.get(exactKey(cur));
      rules.unmake(cur, m);
      if (j !== undefined && j > bestJ) {
        bestJ = j;
        best = m;
      }
    }
    rules.make(cur, best);
    out.push(best);
    at = bestJ;
  }
  return out;
}
