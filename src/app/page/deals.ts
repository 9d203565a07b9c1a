/**
 * Where deal numbers come from: a random number, the game's list of proven winnable deals, or the
 * daily deal, which every player gets on the same UTC date with no server (a hash of the game and
 * the date picks an entry of the winnable list).
 */
import { fnv1a } from '../../engine/rng.ts';
import type { GameId } from '../../games/catalog.ts';

/** A random deal number (0 … 2^32-1). */
export function randomDeal(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]!;
}

/** The UTC date of `now` as YYYY-MM-DD. */
export function utcDate(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The daily deal of `game` on `date` (YYYY-MM-DD) from the winnable deal numbers `deals`. */
export function dailyPick(game: GameId, date: string, deals: readonly number[]): number {
  if (deals.length === 0) throw new Error(`no winnable deals of ${game}`);
  return deals[fnv1a(`${game}/daily/${date}`) % deals.length]!;
}

/**
 * A random entry of `deals`, never `avoid` (the deal on the table) while the list holds another:
 * "Next deal" must not deal the same game again.
 */
export function winnablePick(deals: readonly number[], avoid?: number): number {
  if (deals.length === 0) throw new Error('no winnable deals');
  const others = avoid === undefined ? deals : deals.filter((d) => d !== avoid);
  const from = others.length ? others : deals;
  return from[randomDeal() % from.length]!;
}
