/** How make-winnable.ts grades a list, and how --refresh adds deals to a stored one without regrading it. */
import type { WinnableEntry, WinnableList } from '../src/solver/winnable.ts';

/** Grade 1 (easy) … 5 (hard) from percentiles (0 … 1) of effort and narrowness: their mean, cut in fifths. */
export const gradeOf = (effort: number, narrow: number): number => Math.min(5, 1 + Math.floor(((effort + narrow) / 2) * 5));

/** Where `v` falls among `sorted` (ascending), 0 … 1: the share of the others below it. */
export const percentile = (sorted: readonly number[], v: number): number => {
  let below = 0;
  while (below < sorted.length && sorted[below]! < v) below++;
  return below / Math.max(1, sorted.length - 1);
};

/**
 * A stored list with `added` (deals newly proven winnable) joined, by deal number. Stored entries
 * stay exactly as they are. An added deal's effort counts as the highest (the solver that made the
 * list could not win it within the stored budget) and its narrowness is placed among the stored
 * entries', so no stored grade moves.
 */
export function refreshed(stored: WinnableList, added: readonly Omit<WinnableEntry, 'grade'>[]): WinnableEntry[] {
  const known = new Set(stored.deals.map((e) => e.deal));
  const narrows = stored.deals.map((e) => e.narrow).sort((a, b) => a - b);
  const fresh = added.filter((e) => !known.has(e.deal)).map((e) => ({ ...e, grade: gradeOf(1, percentile(narrows, e.narrow)) }));
  return [...stored.deals, ...fresh].sort((a, b) => a.deal - b.deal);
}
