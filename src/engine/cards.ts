/**
 * Cards as small integers: `suit * 13 + (rank - 1)`, so 0..51. Ranks run 1 (ace) to 13 (king);
 * suits are 0 spades, 1 hearts, 2 diamonds, 3 clubs. Two-deck games use the same 52 numbers twice.
 */

/** A card number, 0..51. */
export type Card = number;

/** Rank letters indexed by rank (index 0 unused). */
export const RANK_CHARS = ' A23456789TJQK';
/** Suit letters indexed by suit number. */
export const SUIT_CHARS = 'SHDC';

/** The rank of a card, 1 (ace) to 13 (king). */
export function rankOf(c: Card): number {
  return (c % 13) + 1;
}

/** The suit of a card, 0..3 in the order S H D C. */
export function suitOf(c: Card): number {
  return (c / 13) | 0;
}

/** True for hearts and diamonds. */
export function isRed(c: Card): boolean {
  const s = suitOf(c);
  return s === 1 || s === 2;
}

/** The card of a suit and rank. */
export function cardOf(suit: number, rank: number): Card {
  return suit * 13 + rank - 1;
}

/** The two-character code of a card, such as `7S` or `TH`. */
export function formatCard(c: Card): string {
  return RANK_CHARS[rankOf(c)]! + SUIT_CHARS[suitOf(c)]!;
}

const CODE = /^(10|[A2-9TJQK])([SHDC])$/i;

/** Parses a card code (`7S`, `TH`, `10H`, case-insensitive); returns null when it is not a card. */
export function parseCard(code: unknown): Card | null {
  if (typeof code !== 'string') return null;
  const m = CODE.exec(code);
  if (!m) return null;
  const r = m[1]!.toUpperCase();
  const rank = r === '10' ? 10 : RANK_CHARS.indexOf(r);
  return cardOf(SUIT_CHARS.indexOf(m[2]!.toUpperCase()), rank);
}

/** One or two fresh decks in the order AS 2S … KS AH … KC (then the same again). */
export function freshDeck(decks: 1 | 2): Card[] {
  const out: Card[] = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < 52; c++) out.push(c);
  return out;
}

const RANK_NAMES_EN = ['', 'ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];
const SUIT_NAMES_EN = ['spades', 'hearts', 'diamonds', 'clubs'];

/** An English name for a card, such as "seven of spades". */
export function cardName(c: Card): string {
  return `${RANK_NAMES_EN[rankOf(c)]} of ${SUIT_NAMES_EN[suitOf(c)]}`;
}
