/** Routes: `#/GAME` (a new random deal), `#/GAME/NUMBER` and `#/GAME/daily`. */
import { parseDealNumber } from '../engine/play.ts';
import { MAX_DEAL } from '../engine/rng.ts';
import type { GameId } from '../engine/rules.ts';
import { GAMES, isGameId } from '../games/registry.ts';

/** A parsed route: a game and a deal number, or 'new' for a random deal. */
export interface Route {
  /** The game. */
  game: GameId;
  /** The deal number, or 'new' for a random one. */
  deal: number | 'new';
  /** True for the daily deal. */
  daily: boolean;
}

/** A route plus the message to show when the address was bad (and the route is a fallback). */
export interface RouteResult {
  /** What to play. */
  route: Route;
  /** One line explaining a bad address, or null. */
  error: string | null;
}

const FIRST = GAMES[0]!.id;

function quote(text: string): string {
  let t = text;
  try {
    t = decodeURIComponent(text);
  } catch {
    // keep it encoded
  }
  return JSON.stringify(t.length > 24 ? `${t.slice(0, 24)}…` : t);
}

/** Today's daily deal number: days since 1970-01-01 UTC. */
export function dailyDeal(now = Date.now()): number {
  return Math.floor(now / 86_400_000) % (MAX_DEAL + 1);
}

/** A random deal number. */
export function randomDeal(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]!;
}

/** Parses a location hash; never throws. */
export function parseRoute(hash: string): RouteResult {
  const parts = hash.replace(/^#\/?/, '').split('/').filter((p, i) => p !== '' || i === 0);
  const [game = '', deal, ...rest] = parts;
  if (game === '') return { route: { game: FIRST, deal: 'new', daily: false }, error: null };
  if (!isGameId(game)) return { route: { game: FIRST, deal: 'new', daily: false }, error: `There is no game called ${quote(game)}; here is a new deal of ${GAMES[0]!.names.en}.` };
  if (rest.length) return { route: { game, deal: 'new', daily: false }, error: `The address has too many parts; here is a new deal.` };
  if (deal === undefined || deal === '') return { route: { game, deal: 'new', daily: false }, error: null };
  if (deal === 'daily') return { route: { game, deal: dailyDeal(), daily: true }, error: null };
  try {
    return { route: { game, deal: parseDealNumber(deal), daily: false }, error: null };
  } catch {
    return { route: { game, deal: 'new', daily: false }, error: `Deal numbers are whole numbers from 0 to ${MAX_DEAL}, not ${quote(deal)}; here is a new deal.` };
  }
}
