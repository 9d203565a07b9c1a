/**
 * The engine's everyday API over a game's rules: deals by number, legal moves, status, and tap/drag
 * targets (the catalog, src/games/catalog.ts, gives the same over positions in the notation).
 * Nothing here mutates a state that the caller holds.
 */
import { anatomy, cardsWith, isHome, picks } from './anatomy.ts';
import { freshDeck } from './cards.ts';
import { BadInput } from './errors.ts';
import type { Parsed } from './notation.ts';
import { dealOrder, isDealNumber, MAX_DEAL } from './rng.ts';
import { cloneState, type GameRules, searchMoves, type State } from './rules.ts';

/** The engine state of deal `n` (0 … 2^32-1) of a game; `flags` are the game's option bits. */
export function openingState(rules: GameRules, n: number, flags = 0): State {
  if (!isDealNumber(n)) throw new BadInput(`deal numbers are whole numbers from 0 to ${MAX_DEAL}, not ${String(n)}`);
  return rules.opening(dealOrder(rules.id, n, freshDeck(rules.decks)), flags);
}

/** Parses a deal number written in decimal digits; BadInput otherwise. */
export function parseDealNumber(text: string): number {
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_DEAL) {
    throw new BadInput(`deal numbers are whole numbers from 0 to ${MAX_DEAL}, not ${JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}...` : text)}`);
  }
  return Number(text);
}

/** The engine's legal moves in a parsed position. */
export function legalList(rules: GameRules, s: State): number[] {
  const out: number[] = [];
  rules.moves(s, out);
  return out;
}

/**
 * Every move a player can make that differs from the others: the legal-move list, then the moves
 * it names only through the lowest of several empty piles while those piles still differ
 * (GameRules.moreMoves: Aces Up's empty piles before the stock's last deal). What the analysis
 * panel and the unproven hint choose from, so that neither misses a move the solver may play.
 */
export function playerMoves(rules: GameRules, s: State): number[] {
  const out: number[] = [];
  searchMoves(rules, s, out);
  return out;
}

/**
 * A legal move after which the game is won, or null. The hint names it before any search: it is
 * its own proof, and a player shown a longer winning line while one move ends the game would find
 * the hint odd (Royal Marriage's row QH 5H 2H KH, say: the pair 5H 2H ends the game, while the
 * search's line may discard 2H and then 5H).
 */
export function winningMove(rules: GameRules, s: State): number | null {
  return legalList(rules, s).find((m) => winsAtOnce(rules, s, m)) ?? null;
}

/** True when move `m` of `s` ends the game won (`s` is not changed). */
export function winsAtOnce(rules: GameRules, s: State, m: number): boolean {
  const w = cloneState(s);
  rules.make(w, m);
  return rules.isWon(w);
}

/** What the status verb reports. */
export interface Status {
  /** True when the game is won. */
  won: boolean;
  /** How many legal moves there are. */
  legalMoves: number;
  /** True when not won and no legal move remains. */
  stuck: boolean;
  /** Cards still in the stock, for games with one. */
  stock?: number;
  /** Cards on the foundations, for games with them. */
  foundations?: number;
  /** Cards discarded, for games with a discard pile. */
  discarded?: number;
  /** An established dead end (Aces and Kings), where the game can tell cheaply. */
  deadEnd?: boolean;
}

/** The status of a parsed position. */
export function statusOf({ rules, state }: Parsed): Status {
  const won = rules.isWon(state);
  const n = legalList(rules, state).length;
  const out: Status = { won, legalMoves: n, stuck: !won && n === 0 };
  const stock = cardsWith(rules, state, 'stock');
  const home = cardsWith(rules, state, 'foundation');
  const discarded = cardsWith(rules, state, 'discard');
  if (stock !== undefined) out.stock = stock;
  if (home !== undefined) out.foundations = home;
  if (discarded !== undefined) out.discarded = discarded;
  const dead = rules.deadEnd(state);
  if (dead !== null) out.deadEnd = dead;
  return out;
}

/**
 * The legal moves that take the card at `index` (from the bottom) of pile `pile`, in tap order:
 * foundations (and discards) first, then non-empty piles, then empty piles.
 */
export function targetsOf(rules: GameRules, s: State, pile: number, index: number): number[] {
  const rank = (m: number): number => {
    const to = anatomy(rules, s, m).to;
    if (isHome(rules, to)) return 0;
    return s.piles[to]!.length ? 1 : 2;
  };
  return legalList(rules, s)
    .filter((m) => picks(rules, s, m, pile, index))
    .map((m, order) => ({ m, key: rank(m) * 1000 + order }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.m);
}
