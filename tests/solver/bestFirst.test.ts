/**
 * The best-first phase on its own: a win it reports replays to a win, and a loss it proves (by
 * running out of open positions) agrees with plain exhaustive search.
 */
import { describe, expect, it } from 'vitest';
import { formatPosition } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { cloneState } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { BestFirst } from '../../src/solver/bestFirst.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { lineJson, playout, replayJson } from './util.ts';

describe.each(GAMES.filter((g) => g.id !== 'royal-marriage').map((g) => [g.id, g] as const))('%s', (_id, rules) => {
  const plain = plainRules(rules);
  it('wins replay, and losses agree with plain search', () => {
    const seen = { won: 0, lost: 0 };
    for (let k = 1; k <= 40; k++) {
      const s = k <= 10 ? openingState(rules, k) : playout(rules, 700 + k, 20 + 5 * k, k);
      const bf = new BestFirst(rules, s, 64 << 20);
      const o = bf.step(200_000, 200_000);
      if (o === 'won') {
        const t = cloneState(s);
        for (const m of bf.winningLine) {
          expect(rules.isLegal(t, m)).toBe(true);
          rules.make(t, m);
        }
        expect(rules.isWon(t), `position ${k}`).toBe(true);
        seen.won++;
      } else if (o === 'lost') {
        const p = solve(plain, cloneState(s), { maxNodes: 300_000 });
        if (p.result !== 'unknown') expect(p.result, `position ${k}`).toBe('lost');
        seen.lost++;
      }
      bf.release();
    }
    expect(seen.won + seen.lost).toBeGreaterThan(0);
  }, 240_000);
});

describe('wins the solver finds in its best-first phase', () => {
  // Openings that the best-first phase wins sooner than the exhaustive search would alone (at
  // 1,000,000 positions: 196,000, 6,600 and 30,000 positions against unknown, 439,000 and 149,000;
  // Aces and Kings' two, which its search with probes alone left unknown at 1,000,000, by its
  // waste-weighing score in 4,889 and 1,351 positions of best-first alone).
  const cases: [string, number][] = [
    ['streets-and-alleys', 17],
    ['streets-and-alleys', 24],
    ['king-albert', 11],
    ['aces-and-kings', 69],
    ['aces-and-kings', 174],
  ];
  it.each(cases)('%s deal %i: the line, in the notation, replays to a win', (id, deal) => {
    const rules = GAMES.find((g) => g.id === id)!;
    const s = openingState(rules, deal);
    const r = solve(rules, s, { maxNodes: 1_000_000 });
    expect(r.result).toBe('won');
    const alone = solve({ ...rules, searchShares: { bestFirst: 0, probes: 0 } }, s, { maxNodes: 1_000_000 });
    if (alone.result !== 'unknown') expect(alone.nodes).toBeGreaterThan(r.nodes);
    expect(replayJson(formatPosition(rules, s), lineJson(rules, s, r.moves)).won).toBe(true);
  }, 60_000);
});

describe('best-first memory cap', () => {
  it('answers unknown instead of growing past its cap, and stays under it', () => {
    const rules = GAMES.find((g) => g.id === 'streets-and-alleys')!;
    const cap = 2 * 1024 * 1024;
    // Deal 14: not won by best-first within millions of positions.
    const bf = new BestFirst(rules, openingState(rules, 14), cap);
    let peak = 0;
    let o = bf.step(1000, 50_000_000);
    while (o === null) {
      peak = Math.max(peak, bf.bytes);
      o = bf.step(1000, 50_000_000);
    }
    expect(o).toBe('unknown');
    expect(bf.outOfMemory).toBe(true);
    expect(peak).toBeLessThanOrEqual(cap);
  });
});
