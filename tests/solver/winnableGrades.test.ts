/** make-winnable's grading, and --refresh: a refreshed list keeps every stored entry and grade. */
import { describe, expect, it } from 'vitest';
import type { WinnableEntry, WinnableList } from '../../src/solver/winnable.ts';
import { gradeOf, percentile, refreshed } from '../../scripts/winnable-grades.ts';

const entry = (deal: number, nodes: number, narrow: number, grade = 0): WinnableEntry => ({ deal, nodes, narrow, grade, length: 1, line: '0' });

describe('winnable grades', () => {
  it('percentile is the share of the others below a value; grades run 1 to 5', () => {
    const sorted = [1, 2, 3, 4, 5];
    expect(percentile(sorted, 1)).toBe(0);
    expect(percentile(sorted, 3)).toBe(0.5);
    expect(percentile(sorted, 5)).toBe(1);
    expect(percentile(sorted, 9)).toBe(1.25);
    expect(gradeOf(0, 0)).toBe(1);
    expect(gradeOf(1, 1)).toBe(5);
    expect(gradeOf(1, 0)).toBe(3);
  });

  it('--refresh keeps every stored entry as it was and grades added deals among them', () => {
    const stored: WinnableList = {
      game: 'toy',
      nodesPerDeal: 100,
      tried: 10,
      deals: [entry(2, 10, 0.1, 1), entry(5, 50, 0.3, 4), entry(9, 90, 0.5, 5)],
    };
    const before = JSON.stringify(stored);
    const out = refreshed(stored, [entry(7, 20, 0.05), entry(3, 80, 0.6), entry(5, 1, 0)]);
    expect(JSON.stringify(stored)).toBe(before);
    expect(out.map((e) => e.deal)).toEqual([2, 3, 5, 7, 9]);
    for (const e of stored.deals) expect(out.find((o) => o.deal === e.deal)).toEqual(e);
    // Added deals count as the hardest effort; narrowness 0.6 is above every stored one, 0.05 below.
    expect(out.find((o) => o.deal === 3)!.grade).toBe(gradeOf(1, percentile([0.1, 0.3, 0.5], 0.6)));
    expect(out.find((o) => o.deal === 3)!.grade).toBe(5);
    expect(out.find((o) => o.deal === 7)!.grade).toBe(3);
  });
});
