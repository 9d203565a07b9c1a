/**
 * Shortens a winning line: whenever a position later on the line can be reached from an earlier
 * one in a single legal move, the detour between them is cut. Positions are compared exactly (not
 * by the canonical key, whose permuted piles would make the rest of the line name wrong piles):
 * looked up by an exact 53-bit hash (every pile in its place), and each hit confirmed by comparing
 * the piles card by card.
 */
import { addPile, attachHashes } from '../engine/hash.ts';
import { cloneState, type GameRules, searchMoves, type State } from '../engine/rules.ts';

/** An exact key of a state. */
function exactKey(s: State): string {
  return s.piles.map((p) => String.fromCharCode.apply(null, p)).join('\u00ff');
}

const h = new Int32Array(2);

/** A hash of the whole state, every pile in its own place, as a whole number below 2^53. */
function exactHash(s: State): number {
  h[0] = 0;
  h[1] = 0;
  for (let p = 0; p < s.piles.length; p++) addPile(s, p, p, h);
  return (h[0]! >>> 0) * 2097152 + (h[1]! >>> 11);
}

/** Returns a line no longer than `line`, from the same start to the same end, every move legal. */
export function shortenLine(rules: GameRules, start: State, line: readonly number[]): number[] {
  const s = cloneState(start);
  attachHashes(s);
  // The last index on the line of each position (by hash), and each position's exact key.
  const index = new Map<number, number>();
  const keys: string[] = [exactKey(s)];
  index.set(exactHash(s), 0);
  for (let i = 0; i < line.length; i++) {
    rules.make(s, line[i]!);
    index.set(exactHash(s), i + 1);
    keys.push(exactKey(s));
  }
  const out: number[] = [];
  const cur = cloneState(start);
  attachHashes(cur);
  let at = 0;
  const list: number[] = [];
  while (at < line.length) {
    list.length = 0;
    searchMoves(rules, cur, list);
    let best = line[at]!;
    let bestJ = at + 1;
    for (const m of list) {
      rules.make(cur, m);
      const j = index.get(exactHash(cur));
      if (j !== undefined && j > bestJ && exactKey(cur) === keys[j]) {
        bestJ = j;
        best = m;
      }
      rules.unmake(cur, m);
    }
    rules.make(cur, best);
    out.push(best);
    at = bestJ;
  }
  return out;
}
