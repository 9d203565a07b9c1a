/** The winnable deal lists of assets/winnable/, loaded lazily in the page (one chunk per game). */
import type { GameId, GameRules } from '../engine/rules.ts';
import { entryLine, type WinnableList } from '../solver/winnable.ts';

const LISTS = import.meta.glob<WinnableList>('../../assets/winnable/*.json', { import: 'default' });
const cache = new Map<GameId, Promise<number[]>>();

/** The winnable deal numbers of `game`, loaded once (an empty list when the game has none). */
export function winnableDeals(game: GameId): Promise<number[]> {
  let p = cache.get(game);
  if (!p) {
    const load = LISTS[`../../assets/winnable/${game}.json`];
    // One retry: a chunk request can fail while a new service worker takes over.
    p = load ? load().catch(() => load()).then((l) => l.deals.map((e) => e.deal)) : Promise.resolve([]);
    p.catch(() => cache.delete(game));
    cache.set(game, p);
  }
  return p;
}

const entries = new Map<GameId, Promise<WinnableList | null>>();

/** The stored winning line of deal `deal` of `rules`' game as engine moves, or null when the deal is not in the list. */
export async function winnableLine(rules: GameRules, deal: number): Promise<number[] | null> {
  const game = rules.id;
  let p = entries.get(game);
  if (!p) {
    const load = LISTS[`../../assets/winnable/${game}.json`];
    p = load ? load() : Promise.resolve(null);
    entries.set(game, p);
  }
  const list = await p;
  const entry = list?.deals.find((e) => e.deal === deal);
  if (!entry) return null;
  try {
    return entryLine(rules, entry);
  } catch {
    return null;
  }
}
