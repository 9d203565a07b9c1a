/** The hint benchmarks' positions (scripts/hint-positions.ts) stay put when a winnable list grows. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealOrder, hintPositions } from '../../scripts/hint-positions.ts';
import { findGame } from '../../src/games/catalog.ts';
import type { WinnableList } from '../../src/solver/winnable.ts';

const rules = findGame('king-albert')!;
const stored = (JSON.parse(readFileSync(new URL('../../assets/winnable/king-albert.json', import.meta.url), 'utf8')) as WinnableList).deals;
const brief = (ps: ReturnType<typeof hintPositions>) => ps.map((p) => `${p.deal}:${p.moves.join(',')}`);

describe('hintPositions', () => {
  const all = hintPositions(rules, 12, 20260101, 'winnable', stored);

  it('draws the count asked for, each from a different stored deal, k moves deep', () => {
    expect(all).toHaveLength(12);
    expect(new Set(all.map((p) => p.deal)).size).toBe(12);
    const deals = new Set(stored.map((e) => e.deal));
    for (const p of all) {
      expect(deals.has(p.deal)).toBe(true);
      expect(p.moves).toHaveLength(p.k);
      expect(p.k).toBeGreaterThanOrEqual(10);
      expect(p.k).toBeLessThanOrEqual(40);
    }
  });

  it('gives the same positions again for the same seed, and others for another seed', () => {
    expect(brief(hintPositions(rules, 12, 20260101, 'winnable', stored))).toEqual(brief(all));
    expect(brief(hintPositions(rules, 12, 7, 'winnable', stored))).not.toEqual(brief(all));
  });

  it('keeps every position when deals it did not draw are dropped from the list or added back', () => {
    const drawn = new Set(all.map((p) => p.deal));
    // Half the deals not drawn are gone: the list a refresh that added them would have started from.
    const fewer = stored.filter((e, i) => drawn.has(e.deal) || i % 2 === 0);
    expect(fewer.length).toBeLessThan(stored.length);
    expect(brief(hintPositions(rules, 12, 20260101, 'winnable', fewer))).toEqual(brief(all));
  });

  it('changes only one position when a deal it drew is dropped', () => {
    const gone = all[5]!.deal;
    const without = brief(hintPositions(rules, 12, 20260101, 'winnable', stored.filter((e) => e.deal !== gone)));
    const before = brief(all);
    expect(without.filter((x) => !before.includes(x))).toHaveLength(1);
    expect(before.filter((x) => !without.includes(x))).toEqual([before[5]]);
  });

  it('dealOrder keeps the others in their order when a deal is added, and puts every deal once', () => {
    const deals = stored.map((e) => e.deal);
    const order = dealOrder('king-albert', 20260101, stored).map((e) => e.deal);
    expect([...order].sort((a, b) => a - b)).toEqual([...deals].sort((a, b) => a - b));
    const added = dealOrder('king-albert', 20260101, [...stored, { deal: 4_000_000_000 }]).map((e) => e.deal);
    expect(added.filter((d) => d !== 4_000_000_000)).toEqual(order);
    expect(dealOrder('aces-up', 20260101, stored).map((e) => e.deal)).not.toEqual(order);
  });
});
