/**
 * The winnable deal lists of assets/winnable/, in the page. They are data, not code: the build
 * emits each as a JSON file (no JavaScript to parse, and the service worker precaches them for
 * offline play), loaded through assetData.ts. A list that cannot be loaded or read counts as none
 * (the caller says so), and the next request tries again.
 */
import type { Game, GameId } from '../../games/catalog.ts';
import { entryLine, type WinnableList } from '../../solver/winnable.ts';
import { dataLoader } from '../page/assetData.ts';

/** True when `x` has the shape of a stored list: numbered deals, each with a line. */
export function isWinnableList(x: unknown): x is WinnableList {
  if (typeof x !== 'object' || x === null) return false;
  const deals = (x as { deals?: unknown }).deals;
  return (
    Array.isArray(deals) &&
    deals.every((e: unknown) => {
      if (typeof e !== 'object' || e === null) return false;
      const { deal, line } = e as { deal?: unknown; line?: unknown };
      return typeof deal === 'number' && Number.isSafeInteger(deal) && deal >= 1 && typeof line === 'string';
    })
  );
}

/** The list of a game, loaded once (null when there is none or it cannot be read; a retry comes with the next request). */
const load: (game: GameId) => Promise<WinnableList | null> = dataLoader(
  import.meta.glob<string>('../../../assets/winnable/*.json', { query: '?url', import: 'default', eager: true }),
  (game: GameId) => `../../../assets/winnable/${game}.json`,
  isWinnableList,
);

/** The grades (1–5) each difficulty takes from a stored list: easy 1–2, medium 3, hard 4–5. */
export const GRADES = { any: [1, 5], easy: [1, 2], medium: [3, 3], hard: [4, 5] } as const;

/**
 * The winnable deal numbers of `game` (an empty list when the game has none or it cannot be
 * loaded), all of them or those of one difficulty by their stored grades.
 */
export async function winnableDeals(game: GameId, difficulty: keyof typeof GRADES = 'any'): Promise<number[]> {
  const list = await load(game);
  const [lo, hi] = GRADES[difficulty];
  return list ? list.deals.filter((e) => difficulty === 'any' || (e.grade >= lo && e.grade <= hi)).map((e) => e.deal) : [];
}

/**
 * The stored winning line of deal `deal` of `rules`' game, or null when the deal is not in the list.
 * It comes as a function that decodes the line (engine moves; null if it cannot be read) when first
 * called: decoding replays the whole line, which a new deal should not pay for unless a hint needs it.
 */
export async function winnableLine(rules: Game, deal: number): Promise<(() => number[] | null) | null> {
  const entry = (await load(rules.id))?.deals.find((e) => e.deal === deal);
  if (!entry) return null;
  let line: number[] | null | undefined;
  return () => {
    if (line === undefined) {
      try {
        line = entryLine(rules, entry);
      } catch {
        line = null;
      }
    }
    return line;
  };
}
