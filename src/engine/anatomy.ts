/**
 * What a pile is for and what a move does to the piles, answered once for every game: the input,
 * the table, the announcer, the animator, the notation and the statistics ask here instead of
 * testing pile kinds or move fields themselves.
 */
import { cloneState, DEAL, DISCARD, type GameRules, moveCount, moveFrom, moveTo, moveType, type Role, type State } from './rules.ts';

/** The first pile with `role`, or -1 when the game has none. */
export function pileWith(rules: GameRules, role: Role): number {
  return rules.piles.findIndex((p) => p.role === role);
}

/** True when `pile` is a place cards go home to and never leave for play: a foundation or the discard pile. */
export function isHome(rules: GameRules, pile: number): boolean {
  const role = rules.piles[pile]?.role;
  return role === 'foundation' || role === 'discard';
}

/** Where a move takes its cards and where they land. */
export interface Anatomy {
  /** MOVE, DEAL or DISCARD (rules.ts). */
  type: number;
  /** The pile the cards leave (the stock for a deal). */
  from: number;
  /** The index in `from` of the first card taken (cards `first` … `first + count − 1`). */
  first: number;
  /** How many cards leave `from`. */
  count: number;
  /** The pile the first card lands on: the discard pile for a discard, the first pile a deal grows. */
  to: number;
  /** The index in `to` where that card lands. */
  place: number;
}

/** What legal move `m` of `s` (the state before it) takes and where it lands. */
export function anatomy(rules: GameRules, s: State, m: number): Anatomy {
  const type = moveType(m);
  if (type === DEAL) {
    // Deals differ by game (one card to the waste, one to each tableau pile, one to the row's end):
    // the engine plays it on a copy and reads which piles changed.
    const from = pileWith(rules, 'stock');
    const len = s.piles[from]?.length ?? 0;
    if (len === 0) return { type, from, first: 0, count: 0, to: -1, place: 0 };
    const after = cloneState(s);
    rules.make(after, m);
    const count = len - (after.piles[from]?.length ?? 0);
    const to = after.piles.findIndex((p, i) => i !== from && p.length > s.piles[i]!.length);
    return { type, from, first: len - count, count, to, place: to < 0 ? 0 : s.piles[to]!.length };
  }
  const from = moveFrom(m);
  const len = s.piles[from]!.length;
  if (type === DISCARD) {
    const to = pileWith(rules, 'discard');
    const place = s.piles[to]?.length ?? 0;
    // A row discard names its first card's place and how many; any other discard takes the top card.
    if (rules.piles[from]!.role === 'row') return { type, from, first: moveTo(m), count: moveCount(m), to, place };
    return { type, from, first: len - 1, count: 1, to, place };
  }
  const count = moveCount(m);
  const to = moveTo(m);
  return { type, from, first: len - count, count, to, place: s.piles[to]!.length };
}

/**
 * True when picking up the card at `index` of `pile` can make move `m` of `s`: the stock for a
 * deal; any card of a row discard (its cards go together); otherwise the move's first card (it
 * takes that card and those above it).
 */
export function picks(rules: GameRules, s: State, m: number, pile: number, index: number): boolean {
  const a = anatomy(rules, s, m);
  if (pile !== a.from) return false;
  if (a.type === DEAL) return true;
  if (rules.piles[pile]!.role === 'row') return index >= a.first && index < a.first + a.count;
  return index === a.first;
}

/** The cards of `s` on piles with `role`, counted; undefined when the game has no such pile. */
export function cardsWith(rules: GameRules, s: State, role: Role): number | undefined {
  let n: number | undefined;
  rules.piles.forEach((p, i) => {
    if (p.role === role) n = (n ?? 0) + s.piles[i]!.length;
  });
  return n;
}
