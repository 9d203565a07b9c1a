/**
 * Shortens a winning line: whenever a position later on the line can be reached from an earlier
 * one in a single legal move, the detour between them is cut. Positions are compared exactly (not
 * by the canonical key, whose permuted piles would make the rest of the line name wrong piles):
 * looked up by an exact 53-bit hash (every pile in its place), and each hit confirmed by comparing
 * the piles card by card against a copy of that position kept in one typed array (no string or
 * array per position).
 */
import { addPile, attachHashes } from '../engine/hash.ts';
import { clearList, cloneState, type GameRules, searchMoves, type State } from '../engine/rules.ts';

const h = new Int32Array(2);

/** A hash of the whole state, every pile in its own place, as a whole number below 2^53. */
function exactHash(s: State): number {
  h[0] = 0;
  h[1] = 0;
  for (let p = 0; p < s.piles.length; p++) addPile(s, p, p, h);
  return (h[0]! >>> 0) * 2097152 + (h[1]! >>> 11);
}

/**
 * The line's positions, each as its piles' lengths followed by their cards (pile by pile, bottom
 * up), one after another, position i at i × (piles + cards): every position of a line holds the
 * same cards, so each takes the same room. Cards and pile lengths are below 256.
 */
class Snapshots {
  private data: Uint8Array;
  private readonly size: number;

  constructor(
    private readonly piles: number,
    cards: number,
    count: number,
  ) {
    this.size = piles + cards;
    this.data = new Uint8Array(this.size * count);
  }

  /** Stores `s` as position i. */
  put(i: number, s: State): void {
    const d = this.data;
    let k = i * this.size;
    for (let p = 0; p < this.piles; p++) d[k++] = s.piles[p]!.length;
    for (let p = 0; p < this.piles; p++) {
      const pile = s.piles[p]!;
      for (let j = 0; j < pile.length; j++) d[k++] = pile[j]!;
    }
  }

  /** True when `s` is exactly position i. */
  same(i: number, s: State): boolean {
    const d = this.data;
    let k = i * this.size;
    for (let p = 0; p < this.piles; p++) if (d[k++] !== s.piles[p]!.length) return false;
    for (let p = 0; p < this.piles; p++) {
      const pile = s.piles[p]!;
      for (let j = 0; j < pile.length; j++) if (d[k++] !== pile[j]) return false;
    }
    return true;
  }
}

/** Returns a line no longer than `line`, from the same start to the same end, every move legal. */
export function shortenLine(rules: GameRules, start: State, line: readonly number[]): number[] {
  const s = cloneState(start);
  attachHashes(s);
  let cards = 0;
  for (const p of s.piles) cards += p.length;
  // The last index on the line of each position (by hash), and each position itself.
  const index = new Map<number, number>();
  const kept = new Snapshots(s.piles.length, cards, line.length + 1);
  kept.put(0, s);
  index.set(exactHash(s), 0);
  for (let i = 0; i < line.length; i++) {
    rules.make(s, line[i]!);
    index.set(exactHash(s), i + 1);
    kept.put(i + 1, s);
  }
  const out: number[] = [];
  const cur = cloneState(start);
  attachHashes(cur);
  let at = 0;
  const list: number[] = [];
  while (at < line.length) {
    clearList(list);
    searchMoves(rules, cur, list);
    let best = line[at]!;
    let bestJ = at + 1;
    for (const m of list) {
      rules.make(cur, m);
      const j = index.get(exactHash(cur));
      if (j !== undefined && j > bestJ && kept.same(j, cur)) {
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
