/**
 * Royal Marriage. 52 cards: the queen of hearts is dealt first and the king of hearts last, the
 * other 50 shuffled between them. The queen and the next four cards make a row, left to right.
 * Whenever two cards of one suit have exactly one or two cards between them, those in-between
 * cards may be discarded (even if of that suit too) and the row closes up. At any time the next
 * stock card may be dealt to the right end of the row. Won when only the queen and king of hearts
 * are left, side by side. Option `rankPairs` (off by default): cards of the same rank pair too.
 */
import { type Card, cardOf, rankOf, suitOf } from '../engine/cards.ts';
import { addNumber, addPile, popCard, pushCard, rehash } from '../engine/hash.ts';
import { moveTop, pileKey } from './common.ts';
import { defineGame } from './define.ts';
import {
  DEAL,
  DEAL_MOVE,
  DISCARD,
  encodeMove,
  fieldStarts, type FieldSpec,
  moveCount,
  moveTo,
  moveType,
  type State,
  type Verdict,
} from '../engine/rules.ts';

const fields = [
  { field: 'stock', kind: 'stock', role: 'stock' },
  { field: 'row', kind: 'row', role: 'row' },
  { field: 'discard', kind: 'discard', role: 'discard' },
] as const satisfies readonly FieldSpec[];
/** Where each field's piles start. */
const at = fieldStarts(fields);
const STOCK = at.stock;
const ROW = at.row;
const DISCARD_PILE = at.discard;
/** The queen of hearts. */
export const QUEEN = cardOf(1, 12);
/** The king of hearts. */
export const KING = cardOf(1, 13);
/** State.flags bit: cards of the same rank pair as well as cards of the same suit. */
export const RANK_PAIRS = 1;

/** True when `a` and `b` frame a discard. */
function pairs(s: State, a: Card, b: Card): boolean {
  return suitOf(a) === suitOf(b) || ((s.flags & RANK_PAIRS) !== 0 && rankOf(a) === rankOf(b));
}

/** Row index of each card, filled by por.prepare for the independence test. */
const rowIndex = new Int16Array(52);

/** The discard of `n` row cards starting at row index `at`. */
export const rowDiscard = (at: number, n: number): number => encodeMove(DISCARD, ROW, at, n);

/**
 * The exact decider (GameRules.decide). Let S be the row followed by the stock in dealing order,
 * S[0] the queen and S[n-1] the king of hearts (or, mid-game, whatever card ends S). Cards already
 * discarded never return, so S is all that matters.
 *
 * 1. Deals can go first. A deal appends at the right end; a discard is named by the row index of
 *    its first card, and its window (two framing cards, one or two between) lies left of any card
 *    dealt later. So after an extra deal the same discard is still legal and removes the same
 *    cards, and "discard, deal" can be swapped into "deal, discard". Any line becomes "deal
 *    everything, then the same discards", ending in the same position. Conversely, a deal may wait
 *    until a discard needs its card: the row is then a prefix of the fully dealt row, so indices
 *    and neighbours at the left are the same. That is how the line returned here is played.
 * 2. So a position wins iff discards alone take S down to S[0] and S[n-1] (the stock is empty and
 *    two cards remain; neither end can go, as a discarded card has a neighbour on each side).
 * 3. For i < j let E(i, j) mean: the cards strictly between S[i] and S[j] can all be discarded while
 *    S[i] and S[j] stay. E(i, i+1) holds. For j > i+1, take the last discard of such a sequence: it
 *    leaves S[i] and S[j] side by side, so they frame it (they pair) and it takes one card S[l], or
 *    two, S[k] and S[l], by then neighbours. Until then S[k] and S[l] are in the row, and every
 *    earlier discard takes neighbouring cards, so all its cards lie in one of the parts (i, k),
 *    (k, l), (l, j); its framing cards, their neighbours, lie in the same part's closure. So the
 *    earlier discards split into sequences that empty each part on its own, as each part's cards
 *    change only by its own discards. Conversely such sequences, played one after another, and the
 *    last discard empty (i, j). Hence, with T(i, l) = some i < k < l has E(i, k) and E(k, l):
 *      E(i, j) = S[i] pairs with S[j], and some i < l < j has E(l, j) and (E(i, l) or T(i, l)).
 *    The pairing is that of `pairs`, so the same-rank option is covered; the discarded cards may be
 *    of any suit, as in `moves`. The position wins iff E(0, n-1): O(n³) over at most 52 cards.
 */
export function decideRow(s: State): Verdict {
  const row = s.piles[ROW]!;
  const stock = s.piles[STOCK]!;
  const seq: Card[] = row.slice();
  for (let k = stock.length - 1; k >= 0; k--) seq.push(stock[k]!);
  const n = seq.length;
  // For each interval (i, j), at i * n + j: E as 1/0, the last discard's card l, and its first
  // card k (k = l for a one-card discard); for T, the middle card k.
  const e = new Uint8Array(n * n);
  const lastL = new Int8Array(n * n);
  const lastK = new Int8Array(n * n);
  const t = new Int8Array(n * n).fill(-1);
  for (let i = 0; i + 1 < n; i++) e[i * n + i + 1] = 1;
  for (let d = 2; d < n; d++) {
    for (let i = 0; i + d < n; i++) {
      const j = i + d;
      for (let k = i + 1; k < j; k++) {
        if (e[i * n + k] && e[k * n + j]) {
          t[i * n + j] = k;
          break;
        }
      }
      if (!pairs(s, seq[i]!, seq[j]!)) continue;
      for (let l = i + 1; l < j; l++) {
        if (!e[l * n + j]) continue;
        const k = e[i * n + l] ? l : t[i * n + l]!;
        if (k < 0) continue;
        e[i * n + j] = 1;
        lastL[i * n + j] = l;
        lastK[i * n + j] = k;
        break;
      }
    }
  }
  if (n < 2 || !e[n - 1]) return { result: 'lost', line: [] };
  // The discards in playing order, each as [first card, last card, right framing card] of S.
  const discards: [number, number, number][] = [];
  const empty = (i: number, j: number): void => {
    if (j === i + 1) return;
    const l = lastL[i * n + j]!;
    const k = lastK[i * n + j]!;
    if (k === l) empty(i, l);
    else {
      empty(i, k);
      empty(k, l);
    }
    empty(l, j);
    discards.push([k, l, j]);
  };
  empty(0, n - 1);
  // Played lazily: deal only when a discard needs its right framing card.
  const line: number[] = [];
  const inRow: number[] = [];
  for (let i = 0; i < row.length; i++) inRow.push(i);
  let dealt = row.length;
  for (const [k, l, j] of discards) {
    while (dealt <= j) {
      line.push(DEAL_MOVE);
      inRow.push(dealt++);
    }
    const at = inRow.indexOf(k);
    line.push(rowDiscard(at, l === k ? 1 : 2));
    inRow.splice(at, l === k ? 1 : 2);
  }
  while (dealt++ < n) line.push(DEAL_MOVE);
  return { result: 'won', line };
}

export const royalMarriage = defineGame({
  id: 'royal-marriage',
  names: { en: 'Royal Marriage', ru: 'Королевская свадьба' },
  decks: 1,
  fields,
  options: ['rankPairs'],

  /** The shuffled deck with the queen and king of hearts taken out gives the order of the other 50. */
  opening(deck, flags) {
    const rest = deck.filter((c) => c !== QUEEN && c !== KING);
    return { piles: [[KING, ...rest.slice(4).reverse()], [QUEEN, ...rest.slice(0, 4)], []], flags };
  },

  moves(s, out) {
    const row = s.piles[ROW]!;
    for (let i = 0; i + 2 < row.length; i++) {
      for (let gap = 1; gap <= 2 && i + gap + 1 < row.length; gap++) {
        if (pairs(s, row[i]!, row[i + gap + 1]!)) out.push(rowDiscard(i + 1, gap));
      }
    }
    if (s.piles[STOCK]!.length) out.push(DEAL_MOVE);
  },

  make(s, m) {
    if (moveType(m) === DEAL) {
      moveTop(s, STOCK, ROW);
      return;
    }
    // Close the row up over the n cards from `at`, which go to the discard pile in row order.
    const row = s.piles[ROW]!;
    const at = moveTo(m);
    const n = moveCount(m);
    for (let k = 0; k < n; k++) pushCard(s, DISCARD_PILE, row[at + k]!);
    row.copyWithin(at, at + n);
    row.length -= n;
    rehash(s, ROW);
  },

  unmake(s, m) {
    if (moveType(m) === DEAL) {
      moveTop(s, ROW, STOCK);
      return;
    }
    const row = s.piles[ROW]!;
    const at = moveTo(m);
    const n = moveCount(m);
    const len = row.length;
    for (let k = 0; k < n; k++) row.push(0);
    row.copyWithin(at + n, at, len);
    for (let k = n - 1; k >= 0; k--) row[at + k] = popCard(s, DISCARD_PILE);
    rehash(s, ROW);
  },

  isWon(s) {
    return s.piles[STOCK]!.length === 0 && s.piles[ROW]!.length === 2;
  },

  validate(s) {
    const stock = s.piles[STOCK]!;
    const row = s.piles[ROW]!;
    if (row[0] !== QUEEN) return 'the row must start with the queen of hearts (QH), dealt first';
    if (row.length < 2) return 'the row holds fewer than two cards, which no discard can leave';
    if (stock.length && stock[0] !== KING) return 'the king of hearts (KH) must be at the bottom of the stock (stock[0]), dealt last';
    if (!stock.length && row[row.length - 1] !== KING) return 'with the stock empty the king of hearts (KH) must end the row';
    if (stock.length > 47) return `the stock holds ${stock.length} cards, more than the 47 left after the opening`;
    return null;
  },

  /** No automatic moves: a discard removes cards that could later frame other discards, so none is harmless in general. */
  autoMoves() {
    return [];
  },

  // ---- the solver's members ----
  solver: {
    /** The stock is dealt in a fixed order, so its length says which cards remain; the discard pile is the rest. */
    key(s) {
      return `${String.fromCharCode(s.piles[STOCK]!.length)}${pileKey(s.piles[ROW]!)}`;
    },

    /** The key's hash: stock length and the row in order. */
    hash(s, out) {
      addNumber(s.piles[STOCK]!.length, 0, out);
      addPile(s, ROW, 1, out);
    },

    /** No automatic moves, so no dominance move. */
    forcedMove() {
      return -1;
    },

    /**
     * Partial-order reduction. A deal only adds a card at the right end, so it commutes with every
     * discard and leaves each one available; two discards commute when neither removes a card of
     * the other's window (its two framing cards and what lies between). A discard is named by its
     * two framing cards, which stay put while only independent moves are played.
     */
    por: {
      id(s, m) {
        if (moveType(m) === DEAL) return 0;
        const row = s.piles[ROW]!;
        const at = moveTo(m);
        return 1 + row[at - 1]! * 52 + row[at + moveCount(m)]!;
      },
      prepare(s) {
        const row = s.piles[ROW]!;
        for (let i = 0; i < row.length; i++) rowIndex[row[i]!] = i;
      },
      independent(_s, a, b) {
        if (a === 0 || b === 0) return a !== b;
        const la = rowIndex[((a - 1) / 52) | 0]!;
        const ra = rowIndex[(a - 1) % 52]!;
        const lb = rowIndex[((b - 1) / 52) | 0]!;
        const rb = rowIndex[(b - 1) % 52]!;
        return ra <= lb || rb <= la;
      },
    },

    /** Two-card discards first, then one-card discards, then the deal. */
    moveScore(_s, m) {
      return moveType(m) === DEAL ? 3 : 2 - moveCount(m);
    },

    /** Exact, by the interval argument of decideRow: every position is decided. */
    decide(s) {
      return decideRow(s);
    },
  },
});
