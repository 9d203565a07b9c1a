/** Routes: `#/GAME` (its saved game or a new deal), `#/GAME/NUMBER` and `#/GAME/daily`. Never throws. */
import { parseDealNumber } from '../../engine/play.ts';
import { type GameId, GAMES, isGameId } from '../../games/catalog.ts';

/** A parsed route: a game and what to deal. */
export interface Route {
  /** The game. */
  game: GameId;
  /** A deal number, 'resume' (the saved game or a new deal) or 'daily'. */
  deal: number | 'resume' | 'daily';
}

/** Why an address was refused: a string key and the offending text. */
export interface RouteError {
  /** Which message. */
  key: 'routeNoGame' | 'routeTooLong' | 'routeBadDeal';
  /** The offending part, shortened for display. */
  text: string;
}

/** A route plus what was wrong with the address (the route is then a fallback). */
export interface RouteResult {
  /** What to play. */
  route: Route;
  /** What was wrong, or null. */
  error: RouteError | null;
}

const FIRST = GAMES[0]!.id;

/** `text` decoded and cut to 24 characters for a message. */
function shown(text: string): string {
  let t = text;
  try {
    t = decodeURIComponent(text);
  } catch {
    // keep it encoded
  }
  return t.length > 24 ? `${t.slice(0, 24)}…` : t;
}

/** Parses a location hash. */
export function parseRoute(hash: string): RouteResult {
  const parts = hash.replace(/^#\/?/, '').split('/').filter((p, i) => p !== '' || i === 0);
  const [game = '', deal, ...rest] = parts;
  if (game === '') return { route: { game: FIRST, deal: 'resume' }, error: null };
  if (!isGameId(game)) return { route: { game: FIRST, deal: 'resume' }, error: { key: 'routeNoGame', text: shown(game) } };
  if (rest.length) return { route: { game, deal: 'resume' }, error: { key: 'routeTooLong', text: '' } };
  if (deal === undefined || deal === '') return { route: { game, deal: 'resume' }, error: null };
  if (deal === 'daily') return { route: { game, deal: 'daily' }, error: null };
  try {
    return { route: { game, deal: parseDealNumber(deal) }, error: null };
  } catch {
    return { route: { game, deal: 'resume' }, error: { key: 'routeBadDeal', text: shown(deal) } };
  }
}

/** True for the home screen's address: no game named (`#/`, or none at all). */
export function isHomeRoute(hash: string): boolean {
  return /^#?\/?$/.test(hash);
}

/** The address of a deal. */
export function routeHash(game: GameId, deal: number | 'daily'): string {
  return `#/${game}/${deal}`;
}
