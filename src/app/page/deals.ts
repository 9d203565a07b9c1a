/**
 * Where deal numbers come from: a random number, the game's list of proven winnable deals, or the
 * daily deal, which every player gets on the same UTC date with no server (a hash of the game and
 * the date picks an entry of the winnable list, see dailyPick).
 */
import { mix } from '../../engine/hash.ts';
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

/**
 * The daily deal of `game` on `date` (YYYY-MM-DD) from the winnable deal numbers `deals`: the one
 * with the highest weight, a hash of the game, the date and the deal (rendezvous hashing), the
 * lower deal number among equal weights. Every player with the same list gets the same deal,
 * whatever the list's order. When an update brings a longer list, a date's deal changes only if
 * one of the added deals outweighs it (for about added / total of the dates), and a deal left out
 * changes only the dates it was picked for. Before, the hash chose an index (hash mod length), so
 * any change of the list's length changed nearly every date's deal, today's included.
 */
export function dailyPick(game: GameId, date: string, deals: readonly number[]): number {
  if (deals.length === 0) throw new Error(`no winnable deals of ${game}`);
  const prefix = `${game}/daily/${date}/`;
  let best = deals[0]!;
  let bestWeight = -1;
  for (const d of deals) {
    // mix (murmur3's finaliser) spreads FNV-1a's last characters over every bit, so weights compare fairly.
    const w = mix(fnv1a(prefix + d)) >>> 0;
    if (w > bestWeight || (w === bestWeight && d < best)) {
      best = d;
      bestWeight = w;
    }
  }
  return best;
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
