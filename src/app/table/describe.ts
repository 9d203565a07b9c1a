/** Moves in words for the page ("7♠ to a foundation"), in the player's language. */
import { type Card, rankOf, suitOf } from '../../engine/cards.ts';
import { anatomy } from '../../engine/anatomy.ts';
import { playerMoves } from '../../engine/play.ts';
import { DEAL, DISCARD, type GameRules, moveFrom, moveTo, type State } from '../../engine/rules.ts';
import type { StringKey, Strings } from '../page/strings.ts';

const RANKS = { en: ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'], ru: ['', 'Т', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'В', 'Д', 'К'] } as const;
const SUITS = '♠♥♦♣';

/** A card as rank and suit symbol, e.g. "7♠" (Russian: "Д♥"). */
export function cardLabel(t: Strings, c: Card): string {
  return `${RANKS[t.lang][rankOf(c)]}${SUITS[suitOf(c)]}`;
}

const KIND: Record<string, StringKey> = {
  foundation: 'pileFoundation',
  up: 'pileUp',
  down: 'pileDown',
  tableau: 'pileTableau',
  reserve: 'pileReserve',
  waste: 'pileWaste',
  stock: 'pileStock',
  discard: 'pileDiscard',
  row: 'pileRow',
};

/** Move `m` of state `s` (before the move) in words. */
export function describeMove(t: Strings, rules: GameRules, s: State, m: number): string {
  const a = anatomy(rules, s, m);
  if (a.type === DEAL) return t.t('moveDeal');
  const taken = s.piles[a.from]!.slice(a.first, a.first + a.count);
  if (a.type === DISCARD) return t.t('moveDiscard', { card: taken.map((c) => cardLabel(t, c)).join(' ') });
  const card = cardLabel(t, taken[0]!);
  const to = rules.piles[a.to]!;
  const pile = t.t(KIND[to.kind] ?? 'pileTableau');
  const target = s.piles[a.to]!;
  const onto = target.length && to.role !== 'foundation' ? cardLabel(t, target[target.length - 1]!) : '';
  if (onto) return t.t('moveOnto', { card, onto });
  if (to.role !== 'foundation' && otherEmptyTarget(rules, s, m)) return t.t('moveToEmptyAt', { card, n: to.index + 1 });
  return t.t('moveTo', { card, pile });
}

/**
 * True when the player could also put the same card into another empty pile of the same kind and
 * that is a different move (Aces Up while the stock lasts: the next deal covers each empty pile
 * with its own card), so that "to an empty pile" would not say which: the pile is then numbered.
 */
function otherEmptyTarget(rules: GameRules, s: State, m: number): boolean {
  const to = moveTo(m);
  const kind = rules.piles[to]!.kind;
  return playerMoves(rules, s).some((o) => o !== m && moveFrom(o) === moveFrom(m) && moveTo(o) !== to && rules.piles[moveTo(o)]!.kind === kind && s.piles[moveTo(o)]!.length === 0);
}
