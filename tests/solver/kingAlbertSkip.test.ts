/**
 * King Albert's skipped moves (skipAfter in src/games/kingAlbert.ts: the card the previous move put
 * on a column is not moved again at once) against plain exhaustive search (tests/solver/plain.ts):
 * plain search with only that rule added decides every position as plain search does, won and
 * lost alike, and the rule does skip moves there.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { nudgedLinePoints, playout } from './util.ts';

const rules = findGame('king-albert')!;
const plain = plainRules(rules);
/** The rules without the rule under test, to find the winning lines the samples are drawn along. */
const { skipAfter: _k, ...unskipped } = rules;

/** Plain rules with `skip` as their skipAfter, counting the moves it drops. */
function skipping(skip: (s: State, prev: number, m: number) => boolean): { rules: GameRules; dropped: () => number } {
  let n = 0;
  return {
    rules: {
      ...plain,
      skipAfter(s: State, prev: number, m: number): boolean {
        const drop = skip(s, prev, m);
        if (drop) n++;
        return drop;
      },
    },
    dropped: () => n,
  };
}

/**
 * Positions plain search decides within 60,000 positions, with its verdicts: random playouts (mostly
 * lost) and points along winning lines, each nudged by a few random legal moves (won and lost).
 */
function samples(): { s: State; result: string; where: string }[] {
  const out: { s: State; result: string; where: string }[] = [];
  const add = (s: State, where: string): void => {
    const p = solve(plain, cloneState(s), { maxNodes: 60_000 });
    if (p.result !== 'unknown') out.push({ s, result: p.result, where });
  };
  for (let k = 1; k <= 30; k++) add(playout(rules, 5000 + k, 30 + (k % 8) * 15, k, 0.6), `playout ${k}`);
  nudgedLinePoints(rules, unskipped, { base: 5100, tries: 100, lines: 8, nodes: 40_000, fracs: [0.3, 0.5, 0.7, 0.85], seed: (n) => n * 7, nudges: (n) => 1 + (n % 3) }, add);
  return out;
}

describe('King Albert: skipAfter', () => {
  it('plain search with it decides as plain search does', () => {
    const sk = skipping((s, prev, m) => rules.skipAfter!(s, prev, m));
    const seen = { won: 0, lost: 0 };
    for (const p of samples()) {
      const r = solve(sk.rules, cloneState(p.s), { maxNodes: 200_000 });
      expect(r.result, p.where).toBe(p.result);
      seen[p.result as 'won' | 'lost']++;
    }
    expect(seen.won).toBeGreaterThan(3);
    expect(seen.lost).toBeGreaterThan(3);
    expect(sk.dropped()).toBeGreaterThan(0);
  }, 240_000);
});
