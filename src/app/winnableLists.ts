/** The winnable deal lists of assets/winnable/, loaded lazily in the page (one chunk per game). */
import type { GameId } from '../engine/rules.ts';
import type { WinnableList } from '../solver/winnable.ts';

const LISTS = import.meta.glob<WinnableList>('../../assets/winnable/*.json', { import: 'default' });
const cache = new Map<GameId, Promise<number[]>>();

/** The winnable deal numbers of `game`, loaded once (an empty list when the game has none). */
export function winnableDeals(game: GameId): Promise<number[]> {
  let p = cache.get(game);
  if (!p) {
    const load = LISTS[`../../assets/winnable/${game}.json`];
    p = load ? load().then((l) => l.deals.map((e) => e.deal)) : Promise.resolve([]);
    cache.set(game, p);
  }
  return p;
}
