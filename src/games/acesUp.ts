/**
 * Aces Up (Firing Squad, Aces High, Idiot's Delight). 52 cards, ace high.
 * Four piles of one card; the other 48 are the stock, dealt one card onto each pile at the
 * player's choice, empty piles included, with no redeal. A top card is discarded when another
 * pile's top card is of its suit and higher; an ace never is. An empty pile takes any one top card.
 * Won when the four aces stand alone, one on each pile, and 48 cards are discarded.
 */
import { type Card, rankOf } from '../engine/cards.ts';
import {
  type AutoMode,
  DEAL,
  DEAL_MOVE,
  DISCARD,
  encodeMove,
  enteredType,
  fieldStarts, type FieldSpec,
  moveFrom,
  moveTo,
  moveType,
  move,
  type State,
} from '../engine/rules.ts';
import { addGroup, addNumber, addPile } from '../engine/hash.ts';
import { lowestEmpty, moveTop, pileKey, SUIT, sortedPileKeys } from './common.ts';
import { defineGame } from './define.ts';

const fields = [
  { field: 'stock', kind: 'stock', role: 'stock' },
  { field: 'tableau', kind: 'tableau', role: 'tableau', count: 4 },
  { field: 'discard', kind: 'discard', role: 'discard' },
] as const satisfies readonly FieldSpec[];
/** Where each field's piles start. */
const at = fieldStarts(fields);
const STOCK = at.stock;
const T0 = at.tableau;
const DISCARD_PILE = at.discard;

/** Rank with the ace high: 2 … 14. */
export function aceHigh(c: Card): number {
  const r = rankOf(c);
  return r === 1 ? 14 : r;
}

/** The top cards' KEY (see below) per tableau pile, -1 for an empty pile (scratch, filled by readTops). */
const topKey = new Int32Array(4);

/** Fills topKey from the tableau's top cards. */
function readTops(s: State): void {
  for (let t = 0; t < 4; t++) {
    const p = s.piles[T0 + t]!;
    topKey[t] = p.length ? KEY[p[p.length - 1]!]! : -1;
  }
}

/** True when pile T0 + t's top card may be discarded, by topKey: another top card is of its suit and higher (an ace never goes). */
function goes(t: number): boolean {
  const k = topKey[t]!;
  if (k < 0 || (k & 15) === 14) return false;
  const suit = k >> 4;
  for (let u = 0; u < 4; u++) {
    const x = topKey[u]!;
    if (u !== t && x >> 4 === suit && x > k) return true;
  }
  return false;
}

/** The discard of pile `t`'s top card. */
const discardMove = (t: number): number => encodeMove(DISCARD, t, 0, 1);

/**
 * True when a card of the suit of the card with KEY `k`, and below it, is still in play: on the
 * tableau or in the stock (every card not there is discarded). Read from the tableau first, where
 * such a card is most often found, and stopping at the first.
 */
function lowerInPlay(s: State, k: number): boolean {
  for (let t = T0; t < T0 + 4; t++) if (lowerIn(s.piles[t]!, k)) return true;
  return lowerIn(s.piles[STOCK]!, k);
}

/** True when `pile` holds a card of the suit of the card with KEY `k`, and below it. */
function lowerIn(pile: readonly Card[], k: number): boolean {
  for (let x = 0; x < pile.length; x++) {
    const c = KEY[pile[x]!]!;
    if (c >> 4 === k >> 4 && c < k) return true;
  }
  return false;
}

/**
 * Safe: discarding X when every lower card of X's suit is already discarded. X could only ever
 * help by discarding a lower card of its suit, and none is left; any line that keeps X plays the
 * same with X gone (checked by exhaustive search in tests/engine/acesUp.test.ts). 'all': every
 * discard. 'forced' (the solver's dominance move) adds: once the stock is empty, every discard.
 * Why that never costs a win: with no deal left, a top card can never be covered again (moves go
 * only into empty piles), so the higher card H of X's suit that allows the discard stays on top
 * until it is discarded itself, which needs a still higher top card of the suit, and so on: from
 * now on some top card of X's suit above X always stands. Replay any winning line of the
 * position that keeps X with X gone: a discard for which X was the higher card uses that top
 * card instead; moves of X are dropped; every other move finds the same top cards (the piles hold
 * the same cards less X) and an empty pile wherever the line had one, so it stays legal, and the
 * replay ends with the four aces alone and X discarded too. 'forced' also takes, while the stock
 * has cards, the discard of a top card X when every deal still to come brings a card of X's suit
 * above X (everyDealBrings): the same argument holds, since some top card of the suit above X
 * stands at every moment. Until the next deal, as above (only a deal covers a card); each deal
 * covers every pile, and the card of the suit above X it brings is then a top card, standing until
 * the next deal in turn; after the last deal, as above. Without such a card in some deal, X can be
 * needed after that deal (tests/solver/acesUpDiscard.test.ts). Measured: prove aces-up, deals
 * 1-200 at 1,000,000 positions, 2 jobs: the same 112 won, 61 lost and 27 unknown deals in 37.4
 * million positions against 38.2 (deal 101 proven lost in 119,352 against 533,583), 26.6 s against
 * 27.0 s; at 100,000 (a scratch loop of Solver on one core, three rounds alternated): 49 lost
 * against 48, 5,883,431 positions against 5,936,715, in 7.10-7.17 s against 7.18-7.32 s.
 * Pushes the moves onto `out`; with `out` null, returns the first instead (else -1).
 */
function discards(s: State, mode: AutoMode | 'forced', out: number[] | null): number {
  if (mode === 'off') return -1;
  const all = mode === 'all' || (mode === 'forced' && s.piles[STOCK]!.length === 0);
  readTops(s);
  for (let t = 0; t < 4; t++) {
    if (!goes(t)) continue;
    const k = topKey[t]!;
    // The safe rule: the ranks 2 … below X must all be gone.
    if (!all && !(mode === 'forced' && everyDealBrings(s.piles[STOCK]!, k)) && lowerInPlay(s, k)) continue;
    if (!out) return discardMove(T0 + t);
    out.push(discardMove(T0 + t));
  }
  return -1;
}

/**
 * True when every deal still to come (each four cards of `stock`, its top four the next) brings a
 * card of the suit of the card with KEY `k` and above it: the deals are read from the next one on,
 * and the first without such a card ends the scan.
 */
function everyDealBrings(stock: readonly Card[], k: number): boolean {
  for (let end = stock.length; end >= 4; end -= 4) {
    let brings = false;
    for (let x = end - 4; x < end && !brings; x++) {
      const c = KEY[stock[x]!]!;
      brings = c >> 4 === k >> 4 && c > k;
    }
    if (!brings) return false;
  }
  return true;
}

export const acesUp = defineGame({
  id: 'aces-up',
  names: { en: 'Aces Up', ru: 'Тузы вверх' },
  decks: 1,
  // Every card but the four aces can be discarded.
  tally: { role: 'discard', max: 48 },
  fields,

  opening(deck) {
    return {
      piles: [deck.slice(4).reverse(), [deck[0]!], [deck[1]!], [deck[2]!], [deck[3]!], []],
      flags: 0,
    };
  },

  moves(s, out) {
    readTops(s);
    for (let t = 0; t < 4; t++) if (goes(t)) out.push(discardMove(T0 + t));
    // Into an empty pile: the lowest stands for all, as the notation names it (the solver's
    // moreMoves adds the others while they differ).
    const empty = lowestEmpty(s, T0, 4);
    if (empty >= 0) for (let t = T0; t < T0 + 4; t++) if (s.piles[t]!.length) out.push(move(t, empty));
    if (s.piles[STOCK]!.length) out.push(DEAL_MOVE);
  },

  make(s, m) {
    const type = moveType(m);
    if (type === DEAL) {
      for (let t = T0; t < T0 + 4; t++) moveTop(s, STOCK, t);
    } else if (type === DISCARD) {
      moveTop(s, moveFrom(m), DISCARD_PILE);
    } else {
      moveTop(s, moveFrom(m), moveTo(m));
    }
  },

  unmake(s, m) {
    const type = moveType(m);
    if (type === DEAL) {
      for (let t = T0 + 3; t >= T0; t--) moveTop(s, t, STOCK);
    } else if (type === DISCARD) {
      moveTop(s, DISCARD_PILE, moveFrom(m));
    } else {
      moveTop(s, moveTo(m), moveFrom(m));
    }
  },

  isWon(s) {
    if (s.piles[DISCARD_PILE]!.length !== 48) return false;
    for (let t = T0; t < T0 + 4; t++) if (s.piles[t]!.length !== 1) return false;
    return true;
  },

  validate(s) {
    const stock = s.piles[STOCK]!.length;
    if (stock > 48) return `the stock holds ${stock} cards, more than the 48 it starts with`;
    if (stock % 4 !== 0) return `the stock holds ${stock} cards, but Aces Up deals its 48 in fours`;
    if (s.piles[DISCARD_PILE]!.some((c) => rankOf(c) === 1)) return 'an ace is in the discard pile, but aces are never discarded';
    return null;
  },

  /** See discards. */
  autoMoves(s, mode: AutoMode) {
    const out: number[] = [];
    discards(s, mode, out);
    return out;
  },

  /**
   * With the stock dealt out, no new card can come, and the rest of the game is small: an
   * exhaustive search (positions merged by `key`, at most DEAD_END_BUDGET of them) tells whether
   * four lone aces can still be reached. True only when that search is complete; null while the
   * stock still holds cards or when the budget runs out.
   */
  deadEnd(s) {
    if (s.piles[STOCK]!.length) return null;
    const work: State = { piles: s.piles.map((p) => p.slice()), flags: s.flags };
    const seen = new Set<string>();
    let left = DEAD_END_BUDGET;
    const search = (): boolean | null => {
      if (this.isWon(work)) return true;
      const k = this.key(work);
      if (seen.has(k)) return false;
      seen.add(k);
      if (--left < 0) return null;
      const list: number[] = [];
      this.moves(work, list);
      let unknown = false;
      for (const m of list) {
        this.make(work, m);
        const r = search();
        this.unmake(work, m);
        if (r === true) return true;
        if (r === null) unknown = true;
      }
      return unknown ? null : false;
    };
    const won = search();
    return won === null ? null : !won;
  },

  // ---- the solver's members ----
  solver: {
    /** The first discard of the solver's rule (see discards: 'safe', or any once the stock is empty), without allocating. */
    forcedMove(s) {
      return discards(s, 'forced', null);
    },

    /**
     * Moves into the empty piles above the lowest, while the stock has cards: the next deal puts a
     * different card on each, so they are not interchangeable then (a card moved into one buries
     * that pile's next card), and a search over the lowest alone would prove "lost" only for the
     * moves the list names while the table takes any of them. Once the stock is empty they are
     * (key sorts them), and the lowest stands for all.
     */
    moreMoves(s, out) {
      if (!s.piles[STOCK]!.length) return;
      const empty = lowestEmpty(s, T0, 4);
      if (empty < 0) return;
      for (let e = empty + 1; e < T0 + 4; e++) {
        if (s.piles[e]!.length) continue;
        for (let t = T0; t < T0 + 4; t++) if (s.piles[t]!.length) out.push(move(t, e));
      }
    },

    /**
     * Lost for certain by the last deals' cards (lastDealsLost), by the endgame search once the
     * stock is empty, else by the settled-stretch bound; none of them asked after a discard that
     * leaves no pile empty (see "after a discard" below), and the settled-stretch bound not asked
     * with one deal left (see LAST_DEAL_STOCK).
     *
     * Measured and left out (5 December 2026, a scratch copy of the search, exhaustive search
     * alone, no probes): "obligations". Once the search has proven lost the discard of a top card X
     * and goes on to another move of the same position (the deal, say) that is not a discard X
     * could allow, every win from there must use X as the higher card of some discard (a line that
     * never does plays the same with X gone, from the lost sibling). So, until a lower card of X's
     * suit is discarded, a discard of X can be cut, and so can a position with no lower card of
     * X's suit left. Deals 135, 91, 107 and 130 took 901,363, 958,774, 1,106,755 and 1,226,365
     * positions without and 900,946, 958,749, 793,252 and 1,219,263 with: the second test never
     * fired, and the discards cut mostly led to positions already in the table. Of deals 1-200
     * left unknown at 1,000,000, ten are proven lost at 8,000,000 (their exhaustive search needing
     * 0.9 to 5.3 million) and 17 stay unknown, so a cut of a few tenths decides next to none.
     * The skip after a discard costs positions: with the bound asked everywhere, deals 135, 91,
     * 107 and 130 take 853,318, 842,573, 620,208 and 1,226,223, and of those 27 deals only 107 is
     * decided at 1,000,000 (lost), for 1.1 to 2.4 times the time per position.
     * Also measured and left out (5 December 2026, later): subsumption by dead cards. Call a card
     * other than an ace dead when every lower card of its suit is discarded. A position whose piles
     * are those of a position already in the table (same stock) with some dead cards added is lost
     * when that one is: any win from it replays from the other with the dead cards left out (a dead
     * card never allows a discard, and its own discards and moves drop out), and a position in the
     * table with fewer cards is never one still on the search's path. Looking up every choice of up
     * to five dead cards left out, exhaustive search alone: deals 135, 91, 107 and 130 took 728,013,
     * 901,386, 710,856 and 971,969 positions, against the figures above without it, at 1.05 to 2.5
     * times the time per position as prototyped: again a cut of a few tenths. On the 27 deals of
     * 1-200 left unknown at 1,000,000 (prove, 2 jobs), with the probes' share at 0.05 instead of
     * 0.3 it decides 3 (91, 107 and 135, all lost; 135 alone without it), and with no probes and
     * the bound asked everywhere as well, 5 (those and 130, 172); deals 1-200 with it at probes
     * 0.05: 112 won, 64 lost, 24 unknown (176 decided against 173) in 54 s against 37 s.
     * Also measured and left out (5 December 2026, later still): the aces alone. Forget every card
     * but the aces, letting any other card on top vanish at will (a discard needs no helper), and
     * keep the deals and the moves into empty piles: any real line plays there too (a discard
     * vanishes its card, a move of another card into an empty pile vanishes it instead, which
     * leaves that pile empty and so never hurts), so if no line of that little game ends with each
     * pile one ace alone, nothing wins. Its search is tiny (a pile is its aces and whether other
     * cards lie under each), yet it adds next to nothing: with exhaustive search alone deal 135
     * takes 901,363 positions with it and without (56 positions cut), and deal 8 stays unknown at
     * 8,000,000 (502,759 cut). The losses lie in the other cards, as the bound above reads them.
     * Also measured and left out (6 December 2026): partial-order reduction (sleep sets through
     * `por`: discards from different piles that do not take away each other's higher card, moves
     * into different empty piles, and a discard beside a move of another card all commute). With
     * exhaustive search alone deals 17 and 103 took 506,298 and 640,677 positions against 549,744
     * and 659,089, 14 % slower: the positions counted are mostly children proven lost at once and
     * stock-empty leaves, not other orders of the same moves. And nogoods from the piles' tops: a
     * search of the top D cards of each pile, the cards below them unknown (a line that uncovers
     * them gives up), that finds no way out proves lost every position with those tops and that
     * stock, whatever lies below. Positions share tops far more than piles (deal 10: 233,340
     * positions with 8 cards in the stock, 6,612 distinct sets of top three). Asked with 4 cards in
     * the stock, D = 3, 4 and 6 in turn, verdicts kept per deal: deals 103 and 17 took 560,745 and
     * 765,582 positions against 958,961 and 848,919, but deals 8 and 10 stay unknown at 1,000,000,
     * and its own searches (0.3 to 2.2 million positions a deal, uncounted) made it 2.5 to 16 times
     * slower as prototyped; asked higher up (12 or 16 cards) its searches mostly run to their budget.
     * Also measured and left out (6 December 2026, a scratch exhaustive search): a forced discard
     * once every pile holds an ace. Aces never go, so no pile can be emptied again, no card changes
     * pile, and a top card X whose lower cards of its suit still in play all lie in its own pile or
     * will be dealt onto it can never be the higher card of a discard: it may go at once. Sound, but
     * it fired 269 times on deals 1-40 (each at up to 400,000 positions) and saved 225 of 5,363,346
     * positions: in the positions the proofs spend most on (deal 17: 143,437 of its 450,668 with 8
     * cards in the stock) the four aces lie in two piles.
     */
    provenLost(s, entered) {
      if (enteredType(entered) === DISCARD && !anyEmpty(s)) return false;
      return lastDealsLost(s) || (s.piles[STOCK]!.length !== LAST_DEAL_STOCK && lost(s));
    },

    /**
     * The stock is dealt in a fixed order, so its length says which cards remain, and the discard
     * pile is whatever is not elsewhere. Piles are interchangeable only once the stock is empty,
     * since a deal gives each pile a particular card.
     *
     * Measured and left out (6 December 2026, a scratch prototype): cards known by their rank among
     * the cards of their suit still in play (on the table or in the stock) instead of by their own
     * rank. No rule reads more than suit and order, the ace stays the highest in play (it is never
     * discarded), and the stock's length and the relabelled piles fix the relabelled stock, so such
     * a key merges only positions that play alike. A plain exhaustive search (forced moves and
     * provenLost as here) expanded 454,821 positions for deal 17 and 464,735 for deal 103 against
     * 549,745 and 659,090, but the solver with it decided none of the 27 openings of deals 1-200
     * left unknown at 1,000,000 positions (a scratch loop of Solver on those deals, both keys).
     */
    key(s) {
      const n = s.piles[STOCK]!.length;
      if (n === 0) return `0#${sortedPileKeys(s, T0, 4)}`;
      const parts: string[] = [];
      for (let t = T0; t < T0 + 4; t++) parts.push(pileKey(s.piles[t]!));
      return `${n}#${parts.join('\u00ff')}`;
    },

    /** The key's hash: stock length, then the piles in their places, or as a group once the stock is out. */
    hash(s, out) {
      const n = s.piles[STOCK]!.length;
      addNumber(n, 0, out);
      if (n === 0) addGroup(s, T0, 4, 1, out);
      else for (let t = T0; t < T0 + 4; t++) addPile(s, t, 2 + t, out);
    },

    /**
     * The budget's shares for finding wins: random probes only, 0.3 (no evaluation to lead a
     * best-first search). Measured with bench-solver --shares, deals 1-200 at 1M, after the order
     * within phases and the endgame search: probes 0.4 decide 74.5 % (56 % won), 0.3 76.5 % (56 %),
     * 0.2 76 % (55.5 %: deal 47's win, found by probes at 325,284 positions, is lost), 0.1 76 %, 0.02
     * 77.5 % (55.5 %). Most deals left unknown are losses whose exhaustive proofs need more than the
     * remaining share (deals 17, 38, 49 and 103 need 600,000 to 660,000 positions). Measured again
     * on 7 December 2026 (bench-solver --shares, 1M): probes 0.3, 0.1, 0.02 and 0 decide 86.5,
     * 86.5, 87.5 and 86.5 % of deals 1-200, and 0.3, 0.02 and 0.1 decide 86, 85.5 and 86 % of
     * deals 201-400: no share does better. Nor does a beam (beam.ts) by the stock's length, the
     * cards discarded as its score (with or without 3 more for each ace at a pile's bottom): alone
     * at 1,000,000 positions it wins none of the 27 deals of 1-200 left unknown, either way (a
     * scratch loop, 7 December 2026), which fits their being losses.
     * They are: run again one at a time at 20,000,000 positions (`npx solitaire prove aces-up --from D
     * --count 1 --nodes 20000000 --memory 600`, two at once, 7 December 2026), 18 of the 27 are proven
     * lost and none won. Five proofs take 1.04 to 1.87 million positions (deals 130, 135, 91, 107 and
     * 179), the other 13 take 8.7 to 19.6 million, and 9 deals stay unknown (8, 10, 29, 88, 112, 143,
     * 160, 192 and 193). So halving the positions a proof takes would decide 5 more deals (89 %), and
     * the bar of 99 % wants the 20-million proofs to fit in one million. At 60,000,000 (the win-rate
     * study's second pass, `npm run study -- --again 60000000`, 7 December 2026) all 27 but deal 192
     * are lost: 8, 10, 29, 88, 112, 143, 160 and 193 after 36 to 53 million positions.
     */
    searchShares: { bestFirst: 0, probes: 0.3 },

    /** Discards first, then moves into an empty pile, then the deal. */
    moveScore(_s, m) {
      const type = moveType(m);
      return type === DISCARD ? 0 : type === DEAL ? 2 : 1;
    },
  },
});

/**
 * The stock with one deal left, where provenLost does not ask the settled-stretch bound (answering
 * false there is always sound: it only leaves a position to the search). From such a position the
 * search plays at most its discards and moves, then the last deal, after which the endgame search
 * decides every position at once: the subtree the bound would cut is a few positions, and the bound
 * costs more than searching them. Measured, deals 1-200 at 100,000 positions (a scratch loop of
 * Solver, three rounds alternated in one process): 5,734,191 positions in 20.9 CPU-s with the bound
 * there, 5,936,715 in 18.3 without, the same verdicts (106 won, 48 lost); at 1,000,000 (prove
 * aces-up --jobs 2, runs alternated): the same 112 won, 61 lost and 27 unknown deals, 38.2 million
 * positions against 37.5, in 28.4 and 30.8 s against 35.7 and 36.0 s. Not asking it with two deals
 * left as well (stock 8) costs verdicts: 112 won, 59 lost (deals 103 and 120 left unknown) in 25.8 s.
 */
const LAST_DEAL_STOCK = 4;

/** Positions the dead-end search of Aces Up may visit before it gives up. */
const DEAD_END_BUDGET = 20_000;

// ---- the last deals (provenLost) ----
//
// Every deal puts one card on each pile, empty piles included, so right after the k-th deal from
// the end every pile holds, on top of whatever the play before left there (its base, unknown here:
// maybe nothing), the card that deal gave it. From then on, as long as no pile has lost all the
// cards the last k deals gave it, every top card is one of those dealt cards and no pile is empty:
// the legal moves are the discards those top cards allow and the deals, and the cards under them
// play no part, the bases least of all. So a small search over the last k deals' cards alone, with
// the bases left unknown, follows every line of the real game from that moment for as long as no
// base is uncovered. If no line uncovers a base (discards the last dealt card of a pile) and every
// line ends with no move left, and in none of those ends is every pile one dealt ace alone (the one
// end that might be a win, if the bases were empty), no line of the real game wins from that
// moment, whatever the bases are. Every winning line deals the whole stock (a win needs all 48
// other cards discarded), so it passes that moment: the game is lost whenever the stock still holds
// its last k deals. With k = 1: the last four cards share no suit (else one of them can go, which
// uncovers a base) and are not the four aces. The search's positions are few (each pile's dealt
// cards still there and the deals made), merged in a set; k is tried up to LAST_DEALS.

/**
 * The most deals from the end that lastDealsLost looks at (up to 8 bits per pile in its positions'
 * keys). On deals 1-200, k up to 8 proves 36 deals lost with a few dozen positions each; up to 12,
 * 4 more, all proven by the search anyway, for some 15,000 positions a deal.
 */
const LAST_DEALS = 8;
/** The last deals' cards, pile by pile: pile t's card from the j-th of them (0 first) at t × LAST_DEALS + j (scratch). */
const layerCard = new Int8Array(4 * LAST_DEALS);
/** Per pile, which of its dealt cards are still on it (bit j: the j-th deal's), and how many deals are made (scratch). */
const layerLeft = new Int32Array(4);
/** Positions of the layer search fully searched without a way out: deals made × 2^32 + the four piles' bits. */
const layerSeen = new Set<number>();

/** Pile t's top dealt card still there (the highest bit of layerLeft[t]), or -1 when none is left. */
function layerTop(t: number): number {
  const m = layerLeft[t]!;
  return m ? layerCard[t * LAST_DEALS + 31 - Math.clz32(m)]! : -1;
}

/**
 * The search over the last `k` deals (layerCard), `made` of them made: true when no line from here
 * uncovers a base or ends with every pile one dealt ace alone (see above).
 */
function layersLost(k: number, made: number): boolean {
  const key = made * 2 ** 32 + ((layerLeft[0]! | (layerLeft[1]! << 8) | (layerLeft[2]! << 16) | (layerLeft[3]! << 24)) >>> 0);
  if (layerSeen.has(key)) return true;
  layerSeen.add(key);
  let moved = false;
  for (let t = 0; t < 4; t++) {
    const c = layerTop(t);
    if (c < 0 || HIGH[c] === 14) continue;
    let goes = false;
    for (let u = 0; u < 4; u++) {
      const x = u === t ? -1 : layerTop(u);
      if (x >= 0 && beats(x, c)) goes = true;
    }
    if (!goes) continue;
    moved = true;
    const m = layerLeft[t]!;
    const top = 1 << (31 - Math.clz32(m));
    // Its last dealt card goes: the base is uncovered, and anything may follow.
    if (m === top) return false;
    layerLeft[t] = m ^ top;
    const lost = layersLost(k, made);
    layerLeft[t] = m;
    if (!lost) return false;
  }
  if (made < k) {
    for (let t = 0; t < 4; t++) layerLeft[t] = layerLeft[t]! | (1 << made);
    const lost = layersLost(k, made + 1);
    for (let t = 0; t < 4; t++) layerLeft[t] = layerLeft[t]! ^ (1 << made);
    return lost;
  }
  if (moved) return true;
  // No move is left: a win only if every pile is one dealt ace alone (on a base that may be empty).
  for (let t = 0; t < 4; t++) {
    const m = layerLeft[t]!;
    if ((m & (m - 1)) !== 0 || HIGH[layerTop(t)] !== 14) return true;
  }
  return false;
}

/** The smallest k (1 … LAST_DEALS) for which the last k deals of `stock` (bottom first, at least 4k cards) prove the game lost, else 0. */
export function lastDealsFirst(stock: readonly Card[]): number {
  for (let k = 1; k <= LAST_DEALS && 4 * k <= stock.length; k++) {
    // The j-th of the last k deals (0 first) gives pile t the stock's card 4 (k - 1 - j) + 3 - t from the bottom.
    for (let j = 0; j < k; j++) for (let t = 0; t < 4; t++) layerCard[t * LAST_DEALS + j] = stock[4 * (k - 1 - j) + 3 - t]!;
    // Right after the first of them.
    for (let t = 0; t < 4; t++) layerLeft[t] = 1;
    layerSeen.clear();
    if (layersLost(k, 1)) return k;
  }
  return 0;
}

// The answer depends only on the stock's bottom 4 × LAST_DEALS cards, which no deal changes while
// they are in the stock: it is kept for a few stock piles (one per search running), each with a copy
// of those cards. A kept "lost by the last k deals" is given again only after checking that the
// stock's bottom 4k cards, all it rests on, are still the same; a kept "not lost" is given again
// without a check (a stock pile reused for other cards may then be answered false, which is always
// sound for provenLost: it only leaves a position to the search).
/** Stock piles remembered. */
const LAYER_CACHE = 4;
const cachedStock: (readonly Card[] | null)[] = Array.from({ length: LAYER_CACHE }, () => null);
/** Per entry, the bottom cards it was computed from (up to 4 × LAST_DEALS), how many, and its answer (lastDealsFirst). */
const cachedCards = new Int8Array(LAYER_CACHE * 4 * LAST_DEALS);
const cachedCount = new Int32Array(LAYER_CACHE);
const cachedFirst = new Int32Array(LAYER_CACHE);
let cacheNext = 0;

/**
 * Lost for certain by the last deals (see above): true when for some k up to LAST_DEALS the stock
 * still holds its last k deals and the search over their cards proves every line lost.
 */
export function lastDealsLost(s: State): boolean {
  const stock = s.piles[STOCK]!;
  const n = stock.length;
  if (n < 4) return false;
  const most = 4 * LAST_DEALS;
  for (let e = 0; e < LAYER_CACHE; e++) {
    if (cachedStock[e] !== stock) continue;
    const count = cachedCount[e]!;
    // Computed on fewer cards than the stock now holds (so on fewer deals): computed again.
    if (n > count && count < most) break;
    const k = cachedFirst[e]!;
    if (k === 0) return false;
    if (4 * k > n) return false;
    let same = true;
    for (let i = 0; i < 4 * k; i++) {
      if (stock[i] !== cachedCards[e * most + i]) {
        same = false;
        break;
      }
    }
    if (same) return true;
    break;
  }
  // Computed afresh (on the cards now there), in this pile's entry or the next one.
  let e = cachedStock.indexOf(stock);
  if (e < 0) {
    e = cacheNext;
    cacheNext = (cacheNext + 1) % LAYER_CACHE;
  }
  const count = Math.min(n, most);
  for (let i = 0; i < count; i++) cachedCards[e * most + i] = stock[i]!;
  cachedStock[e] = stock;
  cachedCount[e] = count;
  cachedFirst[e] = lastDealsFirst(stock);
  const k = cachedFirst[e]!;
  return k > 0 && 4 * k <= n;
}

// ---- the settled-stretch bound (provenLost) ----
//
// A pile's column is its cards now, bottom to top, followed by the stock cards that the deals will
// put on it, in order (the top stock card goes to tableau:0, the next to tableau:1, …). Phase 0 runs
// from now to the next deal, phase j from the j-th deal from now to the one after; a card arrives
// in phase 0 if it is on the table, in phase j if the j-th deal brings it. Until some pile is empty
// no card can move into one, so every card stays in its column and leaves it only from the top,
// by a discard: call that time the settled stretch. Its facts below are necessary conditions, so
// they hold in every line of play.

/** Column (0–3) of each card, or -1 when it is discarded or arrives too late to matter. */
const colOf = new Int8Array(52);
/** Index of each card in its column. */
const posOf = new Int8Array(52);
/** Per card, the phases in which no card above it in its column covers it (topIn before its arrival is applied). */
const openAt = new Int32Array(52);
/** Phase in which each card arrives. */
const arrival = new Int8Array(52);
/** Per card, the phases (bit j = phase j) in which it may be the top card of its pile in the settled stretch. */
const topIn = new Int32Array(52);
/** Per card, the phases in which it may be discarded in the settled stretch (empty for an ace). */
const discIn = new Int32Array(52);
/** The columns, bottom to top, and their lengths (cards arriving before the horizon only). */
const column = [new Int8Array(52), new Int8Array(52), new Int8Array(52), new Int8Array(52)];
const columnLength = new Int32Array(4);
/** How many cards of each column are on the table now (arrival 0); the j-th deal brings the next one. */
const tableLength = new Int32Array(4);
/** The cards that count, by suit and then from the highest (the ace) down (scratch). */
const bySuit = new Int8Array(52);
/** Where each suit's run in bySuit ends. */
const suitEnd = new Int32Array(4);
/**
 * The greedy play's piles (scratch for emptiedBy): per pile, how many of the cards on the table now
 * are still there (the bottom of its column), and the cards the deals brought since, as a stack.
 */
const kept = new Int32Array(4);
const pile = [new Int8Array(52), new Int8Array(52), new Int8Array(52), new Int8Array(52)];
const pileLength = new Int32Array(4);
/** Aces per column (scratch for settledLost). */
const acesIn = new Int32Array(4);
/** Next card of each column the greedy play's deals bring. */
const dealt = new Int32Array(4);

/** Each card's rank with the ace high (2 … 14); its suit is common.ts's SUIT. */
const HIGH = Int8Array.from({ length: 52 }, (_, c) => aceHigh(c));
/** Suit × 16 + rank with the ace high: same suit when equal after >> 4, higher when greater. */
const KEY = Int8Array.from({ length: 52 }, (_, c) => SUIT[c]! * 16 + HIGH[c]!);

/** True when top card `x` lets top card `c` be discarded: the same suit and higher (goes() reads the same rule off KEY). */
const beats = (x: Card, c: Card): boolean => SUIT[x] === SUIT[c] && HIGH[x]! > HIGH[c]!;
/** The cards by suit, each suit from the ace down to the two. */
const SUIT_ORDER = Int8Array.from({ length: 52 }, (_, i) => {
  const r = 14 - (i % 13);
  return ((i / 13) | 0) * 13 + (r === 14 ? 0 : r - 1);
});

/** The phases from `a` on, among 0 … 13. */
const from = (a: number): number => (0x3fff >> a) << a;
/** The lowest phase in mask `m`, or 99 when it is empty. */
const lowest = (m: number): number => (m ? 31 - Math.clz32(m & -m) : 99);

/**
 * True when some pile can be empty in a phase before `horizon` by the phase sets as they stand
 * (see settle): in column t at phase j when every card of it that has arrived by j has a discard
 * phase ≤ j.
 */
function canEmpty(horizon: number): boolean {
  for (let t = 0; t < 4; t++) {
    const col = column[t]!;
    const len = columnLength[t]!;
    // The latest first discard phase among the cards arrived by phase j (a prefix of the column).
    let need = 0;
    let k = 0;
    for (let j = 0; j < horizon; j++) {
      // The cards arrived by phase j: the table's, then one per deal.
      const arrived = Math.min(len, tableLength[t]! + j);
      while (k < arrived) need = Math.max(need, lowest(discIn[col[k++]!]!));
      if (need <= j) return true;
      if (need >= 99) break;
    }
  }
  return false;
}

/**
 * A witness that a pile can be emptied before phase `horizon`: plays the settled stretch greedily
 * (in each phase every discard there is, until none is left, then the deal) and says whether a
 * pile ends up empty before the horizon. A real line of play, so such a pile can be empty then,
 * and the phase sets of settle, which hold every line's phases, allow it too.
 */
function emptiedBy(horizon: number): boolean {
  for (let t = 0; t < 4; t++) {
    const k = tableLength[t]!;
    if (!k) return true;
    kept[t] = k;
    pileLength[t] = 0;
    dealt[t] = k;
  }
  for (let j = 0; j < horizon; j++) {
    if (j > 0) {
      for (let t = 0; t < 4; t++) {
        const col = column[t]!;
        // Each deal brings the next card of each column (dealt[t] is the one that arrives in phase j).
        if (dealt[t]! < columnLength[t]!) pile[t]![pileLength[t]!++] = col[dealt[t]!++]!;
      }
    }
    // Every top card below a higher top card of its suit goes, round after round, until each suit on
    // top shows once (an ace is the highest of its suit, so it never goes).
    for (;;) {
      const k0 = KEY[greedyTop(0)]!;
      const k1 = KEY[greedyTop(1)]!;
      const k2 = KEY[greedyTop(2)]!;
      const k3 = KEY[greedyTop(3)]!;
      let gone = 0;
      if (k0 >> 4 === k1 >> 4) gone |= k0 < k1 ? 1 : 2;
      if (k0 >> 4 === k2 >> 4) gone |= k0 < k2 ? 1 : 4;
      if (k0 >> 4 === k3 >> 4) gone |= k0 < k3 ? 1 : 8;
      if (k1 >> 4 === k2 >> 4) gone |= k1 < k2 ? 2 : 4;
      if (k1 >> 4 === k3 >> 4) gone |= k1 < k3 ? 2 : 8;
      if (k2 >> 4 === k3 >> 4) gone |= k2 < k3 ? 4 : 8;
      if (!gone) break;
      for (let t = 0; t < 4; t++) {
        if (!(gone & (1 << t))) continue;
        if (pileLength[t]) pileLength[t] = pileLength[t]! - 1;
        else kept[t] = kept[t]! - 1;
        if (!pileLength[t] && !kept[t]) return true;
      }
    }
  }
  return false;
}

/** The top card of the greedy play's pile t (emptiedBy): the last card dealt there, else the table's. */
function greedyTop(t: number): number {
  const n = pileLength[t]!;
  return n ? pile[t]![n - 1]! : column[t]![kept[t]! - 1]!;
}

/**
 * Fills the columns with the cards arriving before phase `horizon` and narrows their phase sets
 * (restricted to phases before it) until stable, or (unless `toFixpoint`) until no pile can be
 * empty before the horizon; returns whether one can be.
 *
 * The sets over-approximate: discIn starts as every phase from a card's arrival (none for an ace)
 * and is narrowed until stable by two necessary conditions. A card is on top in phase t only if
 * every card above it in its column that has arrived by t was discarded in a phase ≤ t (topIn). A
 * card is discarded in phase t only if it is on top then and a higher card of its suit is on top of
 * another pile, that is (settled) in another column, in the same phase (discIn). By induction over
 * the narrowing, the phases in which a card really is on top, or discarded, stay inside the sets.
 * A pile can be empty in phase j only if every card of its column that has arrived by j has a
 * discard phase ≤ j. No pile can be empty before the first phase where that holds, so the settled
 * stretch lasts at least until then. Both conditions at phase t read only phases ≤ t, so the sets
 * restricted to phases before the horizon narrow exactly as the whole sets would there, and cards
 * arriving later play no part. Narrowing only removes phases, so once no pile can be empty before
 * the horizon, none can at the end either; a greedy line that empties a pile (emptiedBy) shows
 * the opposite at once. The passes take the cards by suit from the ace down, and each narrowed
 * first discard phase brings the topIn of the cards below it up to date at once (uncover), so
 * later cards of the same pass read it and the passes are few.
 */
function settle(s: State, horizon: number, toFixpoint: boolean): boolean {
  const stock = s.piles[STOCK]!;
  colOf.fill(-1);
  for (let t = 0; t < 4; t++) {
    const p = s.piles[T0 + t]!;
    const col = column[t]!;
    for (let k = 0; k < p.length; k++) {
      col[k] = p[k]!;
      colOf[p[k]!] = t;
      posOf[p[k]!] = k;
      arrival[p[k]!] = 0;
    }
    columnLength[t] = p.length;
    tableLength[t] = p.length;
  }
  const n = Math.min(stock.length, 4 * (horizon - 1));
  for (let i = 0; i < n; i++) {
    const c = stock[stock.length - 1 - i]!;
    const t = i & 3;
    posOf[c] = columnLength[t]!;
    column[t]![columnLength[t]!++] = c;
    colOf[c] = t;
    arrival[c] = 1 + (i >> 2);
  }
  if (emptiedBy(horizon)) return true;
  const all = (1 << horizon) - 1;
  let count = 0;
  for (let suit = 0; suit < 4; suit++) {
    for (let i = suit * 13; i < suit * 13 + 13; i++) {
      const c = SUIT_ORDER[i]!;
      if (colOf[c]! < 0) continue;
      bySuit[count++] = c;
      discIn[c] = HIGH[c] === 14 ? 0 : from(arrival[c]!) & all;
    }
    suitEnd[suit] = count;
  }
  bySuitCount = count;
  for (let t = 0; t < 4; t++) if (columnLength[t]) uncover(t, columnLength[t]! - 1, all);
  for (;;) {
    let changed = false;
    // Whether some first discard phase moved (canEmpty reads only those).
    let moved = false;
    let i = 0;
    for (let suit = 0; suit < 4; suit++) {
      // Per column, the OR of topIn over the higher cards of this suit seen so far.
      let h0 = 0;
      let h1 = 0;
      let h2 = 0;
      let h3 = 0;
      for (; i < suitEnd[suit]!; i++) {
        const c = bySuit[i]!;
        const t = colOf[c]!;
        const d = discIn[c]!;
        if (d) {
          const help = t === 0 ? h1 | h2 | h3 : t === 1 ? h0 | h2 | h3 : t === 2 ? h0 | h1 | h3 : h0 | h1 | h2;
          const next = d & topIn[c]! & help;
          if (next !== d) {
            discIn[c] = next;
            changed = true;
            // The cards below c stay covered longer only when its first discard phase moves.
            if (lowest(next) !== lowest(d)) {
              moved = true;
              if (posOf[c]) uncover(t, posOf[c]! - 1, coverBelow(c, openAt[c]!), true);
            }
          }
        }
        const top = topIn[c]!;
        if (t === 0) h0 |= top;
        else if (t === 1) h1 |= top;
        else if (t === 2) h2 |= top;
        else h3 |= top;
      }
    }
    // Every topIn already agrees with every discIn (uncover), so a pass that changes nothing is the
    // fixpoint of the phase-wise conditions; then the order within each phase (ground) may narrow more.
    if (!changed) {
      if (!ordered || !ground(horizon)) return canEmpty(horizon);
      for (let t = 0; t < 4; t++) if (columnLength[t]) uncover(t, columnLength[t]! - 1, all);
      if (!toFixpoint && !canEmpty(horizon)) return false;
    }
    if (moved && !toFixpoint && !canEmpty(horizon)) return false;
  }
}

/**
 * ground's scratch: the highest rank uncovered per column × 4 + suit; per column the index of its
 * top card that has arrived by the phase looked at, and its frontier: the highest card not gone
 * (uncovered, the cards above it gone), -1 when every card is gone.
 */
const hiTop = new Int8Array(16);
const openTop = new Int32Array(4);
const frontier = new Int32Array(4);
/** How many cards bySuit holds. */
let bySuitCount = 0;
/** Whether settle narrows by the order within phases (ground); off only for tests that measure what it adds. */
let ordered = true;

/**
 * The order within a phase: narrows discIn to the discards that can be derived in order. The sets
 * of settle allow a discard in phase j when a higher card of its suit may be on top in phase j,
 * which may in turn need that very discard first (a circle that no line can play). In any line, the
 * discards of phase j before the first pile is empty come one after another; each card X among
 * them is on top then, so every card above it in its column that has arrived by j is gone: discarded
 * in an earlier phase (its discIn has a phase before j) or earlier in phase j; and a higher card H
 * of its suit is on top of another column, so the same holds for the cards above H. So, by induction
 * over that order, every such X is reached by the least fixpoint below, which starts from nothing
 * and adds X when X may be discarded in phase j (discIn), X is not an ace, and X and some such H
 * are uncovered, counting as gone the cards with an earlier discard phase and those already added.
 * A discard in phase j that the fixpoint does not reach happens in no line, before a pile is empty,
 * so phase j leaves its discIn. Reads only phases ≤ j, as settle's conditions do. True when some
 * set narrowed.
 */
function ground(horizon: number): boolean {
  let narrowed = false;
  // Phases in which some card may be discarded: in the others there is nothing to narrow.
  let any = 0;
  for (let i = 0; i < bySuitCount; i++) any |= discIn[bySuit[i]!]!;
  for (let j = 0; j < horizon; j++) {
    const bit = 1 << j;
    if (!(any & bit)) continue;
    const before = bit - 1;
    // The fixpoint, column by column: a column's uncovered cards run from its top down to its
    // frontier, and grow only when the frontier card is added (it is then gone too); the helpers
    // (hiTop) only grow, so the rounds stop once no frontier card can be added, which is the least
    // fixpoint: a card added is added by the definition, and one left out has no helper then.
    hiTop.fill(0);
    for (let t = 0; t < 4; t++) {
      openTop[t] = Math.min(columnLength[t]!, tableLength[t]! + j) - 1;
      frontier[t] = reach(t, openTop[t]!, before);
    }
    for (let grew = true; grew; ) {
      grew = false;
      for (let t = 0; t < 4; t++) {
        const k = frontier[t]!;
        if (k < 0) continue;
        const c = column[t]![k]!;
        if (!(discIn[c]! & bit) || helpOf(t, SUIT[c]!) <= HIGH[c]!) continue;
        frontier[t] = reach(t, k - 1, before);
        grew = true;
      }
    }
    // The cards added: those uncovered (at or above their column's frontier) with a helper now.
    for (let i = 0; i < bySuitCount; i++) {
      const c = bySuit[i]!;
      if (!(discIn[c]! & bit)) continue;
      const t = colOf[c]!;
      const k = posOf[c]!;
      if (k <= openTop[t]! && k >= frontier[t]! && helpOf(t, SUIT[c]!) > HIGH[c]!) continue;
      discIn[c] = discIn[c]! & ~bit;
      narrowed = true;
    }
  }
  return narrowed;
}

/**
 * ground's walk down column t from index k: each card is uncovered and counts in hiTop, and the
 * walk goes on past the cards gone in a phase before (`before`); returns the first card not gone
 * (the new frontier), or -1.
 */
function reach(t: number, k: number, before: number): number {
  const col = column[t]!;
  for (; k >= 0; k--) {
    const c = col[k]!;
    const at = t * 4 + SUIT[c]!;
    if (HIGH[c]! > hiTop[at]!) hiTop[at] = HIGH[c]!;
    if (!(discIn[c]! & before)) return k;
  }
  return -1;
}

/** The highest rank of `suit` uncovered in a column other than t (ground's helpers). */
function helpOf(t: number, suit: number): number {
  let help = 0;
  for (let u = 0; u < 4; u++) if (u !== t && hiTop[u * 4 + suit]! > help) help = hiTop[u * 4 + suit]!;
  return help;
}

/** The phases in which the cards below `c` may be uncovered by it, given `open` for c itself: before its arrival or from its first discard. */
function coverBelow(c: number, open: number): number {
  const a = arrival[c]!;
  const gone = lowest(discIn[c]!);
  return open & (((1 << a) - 1) | (gone < 14 ? from(gone) : 0));
}

/**
 * Sets topIn (and openAt) of column t's cards from index k down, given `open`, the phases in which
 * nothing above k covers it. With `settled`, the sets below k agree with the cards' discIn already
 * (settle keeps them so: each change of a first discard phase uncovers the cards below at once), so
 * the walk stops at the first card whose openAt stays as it was: every card below it would too,
 * since each one's sets follow from the openAt above and its own first discard phase alone.
 */
function uncover(t: number, k: number, open: number, settled = false): void {
  const col = column[t]!;
  for (; k >= 0; k--) {
    const c = col[k]!;
    if (settled && openAt[c] === open) return;
    openAt[c] = open;
    topIn[c] = from(arrival[c]!) & open;
    open = coverBelow(c, open);
  }
}

/**
 * Whether the four aces, placed by column as acesIn says (each pile keeping its bottom card now),
 * lose by the rule in settledLost: with k piles holding an ace, k = 4 and some pile's bottom card
 * not an ace, or k < 4 and no pile holding two or more aces has an ace at its bottom.
 */
function acesLose(s: State): boolean {
  let holding = 0;
  let cleanPair = false;
  let dirty = false;
  for (let t = 0; t < 4; t++) {
    const m = acesIn[t]!;
    if (!m) continue;
    holding++;
    const clean = HIGH[s.piles[T0 + t]![0]!] === 14;
    if (m >= 2 && clean) cleanPair = true;
    if (!clean) dirty = true;
  }
  return holding === 4 ? dirty : !cleanPair;
}

/** The indices of the aces still in the stock, from its bottom (scratch for readStockAces). */
const stockAces = new Int32Array(4);

/**
 * Fills stockAces with the indices of the aces in `stock`, bottom first, and returns how many there
 * are. Aces are never discarded, so the stock holds the four less those on the table (`onTable`):
 * the scan stops once it has found them, and is skipped when every ace is on the table.
 */
function readStockAces(stock: readonly Card[], onTable: number): number {
  const want = 4 - onTable;
  let found = 0;
  for (let x = 0; found < want && x < stock.length; x++) if (HIGH[stock[x]!] === 14) stockAces[found++] = x;
  return found;
}

/** For tests: the indices readStockAces gives for `stock` with `onTable` aces on the table. */
export function stockAceIndices(stock: readonly Card[], onTable: number): number[] {
  return Array.from(stockAces.subarray(0, readStockAces(stock, onTable)));
}

/**
 * Lost for certain, by the settled stretch (see settle) and where the aces can end.
 *
 * If no pile can ever be empty, no card ever moves to another pile: the columns are the piles for
 * good, and a win needs each column's bottom card to be an ace, no other ace in it, and every
 * other card discardable (a discard phase left).
 *
 * Otherwise let e be the first phase in which a pile can be empty, and look at the moment phase e
 * begins (now if e is 0), which every line of play reaches since a win deals the whole stock. No
 * pile has been empty and no card has moved between piles, so every pile's bottom card is its
 * bottom card now and every ace that has arrived lies in its column. If all four aces are then on
 * the table, with k piles holding an ace, the game is lost when k is 4 and some pile's bottom card
 * is not an ace, or when k is less than 4 and no pile holding two or more aces has an ace at its
 * bottom. Proof: an ace is never discarded and leaves a pile only for an empty pile, which then
 * holds it, so k never falls; with k = 4 no pile can be empty again, no card moves between piles
 * any more, and a card under an ace stays there. With no ace left to deal, an empty pile takes at
 * most one ace and is never empty again while it holds it, so a pile holding two aces has held
 * them since that moment, and k rises only when an ace leaves such a pile. A win needs k = 4; the
 * last rise leaves its pile's lowest ace there for good, the same lowest ace it held at that moment
 * (it cannot leave before the aces above it), with everything under it then still under it: so
 * that pile's bottom card must be an ace.
 *
 * Which case applies is read first from where the four aces lie (their columns, and A, the phase
 * of the last one's arrival): if that placement of all four loses by the rule above ("bad"), the
 * game is lost unless a pile can be empty before phase A (then e < A and an ace is still to come);
 * if it does not, the game is lost only if no pile can ever be empty, and, when each column holds
 * one ace at its bottom, some other card cannot be discarded. So settle need only look at the
 * phases before A, or at all of them, and is skipped when a pile is empty now (e = 0).
 * `withOrder` false leaves out the order within phases (ground), for tests that measure it.
 */
export function settledLost(s: State, withOrder = true): boolean {
  ordered = withOrder;
  const stock = s.piles[STOCK]!;
  const n = stock.length;
  let empty = false;
  let lastAce = 0;
  for (let t = 0; t < 4; t++) {
    const p = s.piles[T0 + t]!;
    let m = 0;
    for (let k = 0; k < p.length; k++) if (HIGH[p[k]!] === 14) m++;
    acesIn[t] = m;
    if (!p.length) empty = true;
  }
  if (empty) {
    // e = 0: the aces on the table now decide.
    if (acesIn[0]! + acesIn[1]! + acesIn[2]! + acesIn[3]! < 4) return false;
    return acesLose(s);
  }
  // The aces still to be dealt land on known columns (no pile is empty, so each has its bottom card).
  const count = readStockAces(stock, acesIn[0]! + acesIn[1]! + acesIn[2]! + acesIn[3]!);
  for (let a = 0; a < count; a++) {
    const i = n - 1 - stockAces[a]!;
    const t = i & 3;
    acesIn[t] = acesIn[t]! + 1;
    lastAce = Math.max(lastAce, 1 + (i >> 2));
  }
  if (acesLose(s)) return lastAce === 0 || !settle(s, lastAce, false);
  const everyPileHoldsAnAce = acesIn[0]! > 0 && acesIn[1]! > 0 && acesIn[2]! > 0 && acesIn[3]! > 0;
  if (!everyPileHoldsAnAce) return !settle(s, (n >> 2) + 1, false);
  if (settle(s, (n >> 2) + 1, true)) return false;
  for (let c = 0; c < 52; c++) if (colOf[c]! >= 0 && HIGH[c] !== 14 && !discIn[c]) return true;
  return false;
}

// ---- the endgame: once the stock is empty, decided exactly ----
//
// With the stock dealt out, every discard may be played at once (see discards, 'forced'), and the
// discards possible never depend on their order: a discard never takes away another, since the
// card that allowed one below it is itself below a higher top card of the suit, which allows it
// too. So after each move the position is taken to its closure (every discard there is, until none
// is left), and the only choices left are the moves into an empty pile. The piles are then
// interchangeable (no deal gives a pile a card of its own), so a move goes to the first empty pile,
// a lone card is never moved (that only swaps two piles), and positions are merged by their sorted
// piles. A move takes a card off a pile of two or more and sets it alone, and a discard takes a card
// away, so the sum of the squares of the pile lengths falls with every step and the play is finite.

/** Closed positions the endgame search may visit before it gives up (then the settled bound answers). */
const ENDGAME_CAP = 200;
/** Depths of the endgame search: a move per depth, each setting a different card alone for good (at most 52), and the start. */
const ENDGAME_DEPTHS = 53;
/** The endgame search's piles, one set of four per depth: pile t at depth d from (d × 4 + t) × 52. */
const egCards = new Int8Array(ENDGAME_DEPTHS * 4 * 52);
/** Their lengths, at d × 4 + t. */
const egLength = new Int32Array(ENDGAME_DEPTHS * 4);
/** Closed positions the current endgame search has visited. */
let endgameVisited = 0;

// Closed positions already searched (one search at a time), merged by their sorted piles: a hash
// table of exact keys (each pile's length, then its cards, the piles in a fixed order), with no
// allocation per position.
/** Slots of the seen table (a power of two, well above the ENDGAME_CAP + 1 keys one search stores). */
const SEEN_SLOTS = 1024;
/** The bytes one key takes at most: four lengths and 52 cards. */
const KEY_BYTES = 56;
/** Per slot, the search it was filled in (seenSearch), else older. */
const seenStamp = new Int32Array(SEEN_SLOTS);
/** Per slot, where its key starts in seenKeys, and its length. */
const seenAt = new Int32Array(SEEN_SLOTS);
const seenLength = new Int32Array(SEEN_SLOTS);
/** The keys stored by the current search, one after another. */
const seenKeys = new Int8Array((ENDGAME_CAP + 2) * KEY_BYTES);
let seenUsed = 0;
/** The current search's stamp. */
let seenSearch = 0;
/** The key being built (scratch), and the piles' order in it. */
const keyBuf = new Int8Array(KEY_BYTES);
const keyOrder = new Int32Array(4);

/** Compares piles t and u at depth base (their cards bottom up; a beginning sorts first). */
function comparePiles(base: number, t: number, u: number): number {
  const lt = egLength[base + t]!;
  const lu = egLength[base + u]!;
  const at = (base + t) * 52;
  const au = (base + u) * 52;
  const n = Math.min(lt, lu);
  for (let k = 0; k < n; k++) {
    const x = egCards[at + k]! - egCards[au + k]!;
    if (x) return x;
  }
  return lt - lu;
}

/** Adds the piles at depth `d`, sorted, to the seen table; false when they were there already. */
function firstSeen(d: number): boolean {
  const base = d * 4;
  for (let t = 0; t < 4; t++) {
    let i = t;
    while (i > 0 && comparePiles(base, keyOrder[i - 1]!, t) > 0) {
      keyOrder[i] = keyOrder[i - 1]!;
      i--;
    }
    keyOrder[i] = t;
  }
  let n = 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < 4; i++) {
    const t = keyOrder[i]!;
    const len = egLength[base + t]!;
    keyBuf[n++] = len;
    h = Math.imul(h ^ len, 0x01000193);
    const at = (base + t) * 52;
    for (let k = 0; k < len; k++) {
      const c = egCards[at + k]!;
      keyBuf[n++] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
  }
  for (let slot = (h ^ (h >>> 15)) & (SEEN_SLOTS - 1); ; slot = (slot + 1) & (SEEN_SLOTS - 1)) {
    if (seenStamp[slot] !== seenSearch) {
      seenStamp[slot] = seenSearch;
      seenAt[slot] = seenUsed;
      seenLength[slot] = n;
      for (let k = 0; k < n; k++) seenKeys[seenUsed + k] = keyBuf[k]!;
      seenUsed += n;
      return true;
    }
    if (seenLength[slot] !== n) continue;
    const at = seenAt[slot]!;
    let same = true;
    for (let k = 0; k < n; k++) {
      if (seenKeys[at + k] !== keyBuf[k]) {
        same = false;
        break;
      }
    }
    if (same) return false;
  }
}

/** Plays every discard there is among the piles at depth `d` until none is left (the closure). */
function closeUp(d: number): void {
  const base = d * 4;
  for (let again = true; again; ) {
    again = false;
    for (let t = 0; t < 4; t++) {
      const lt = egLength[base + t]!;
      if (!lt) continue;
      const c = egCards[(base + t) * 52 + lt - 1]!;
      for (let u = 0; u < 4; u++) {
        const lu = egLength[base + u]!;
        if (u === t || !lu) continue;
        const x = egCards[(base + u) * 52 + lu - 1]!;
        if (beats(x, c)) {
          egLength[base + t] = lt - 1;
          again = true;
          break;
        }
      }
    }
  }
}

/** The endgame from the piles at depth `d`: 1 won, 0 lost, -1 given up (past ENDGAME_CAP). */
function endgameFrom(d: number): number {
  closeUp(d);
  const base = d * 4;
  let empty = -1;
  let won = true;
  for (let t = 0; t < 4; t++) {
    const len = egLength[base + t]!;
    if (!len && empty < 0) empty = t;
    if (len !== 1 || HIGH[egCards[(base + t) * 52]!] !== 14) won = false;
  }
  if (won) return 1;
  if (empty < 0) return 0;
  // The start is never reached again: each move and each discard lowers the sum of the squares of the pile lengths.
  if (d > 0 && !firstSeen(d)) return 0;
  if (++endgameVisited > ENDGAME_CAP) return -1;
  const next = base + 4;
  for (let t = 0; t < 4; t++) {
    if (egLength[base + t]! < 2) continue;
    for (let u = 0; u < 4; u++) {
      const len = egLength[base + u]!;
      egLength[next + u] = len;
      egCards.copyWithin((next + u) * 52, (base + u) * 52, (base + u) * 52 + len);
    }
    const from = --egLength[next + t]!;
    egCards[(next + empty) * 52] = egCards[(next + t) * 52 + from]!;
    egLength[next + empty] = 1;
    const r = endgameFrom(d + 1);
    if (r !== 0) return r;
  }
  return 0;
}

/**
 * Once the stock is empty: true when no line wins, by the exhaustive search above; false when
 * one does; null when it gives up (past ENDGAME_CAP closed positions) or the stock is not empty.
 */
export function endgameLost(s: State): boolean | null {
  if (s.piles[STOCK]!.length) return null;
  for (let t = 0; t < 4; t++) {
    const a = s.piles[T0 + t]!;
    egLength[t] = a.length;
    for (let k = 0; k < a.length; k++) egCards[t * 52 + k] = a[k]!;
  }
  if (++seenSearch > 0x3fffffff) {
    seenStamp.fill(0);
    seenSearch = 1;
  }
  seenUsed = 0;
  endgameVisited = 0;
  const r = endgameFrom(0);
  return r < 0 ? null : r === 0;
}

// ---- where the search asks: not after a discard ----
//
// In the search the bound almost only newly holds after a deal or a move into an empty pile (deals
// 1–40 at 100,000 positions: of the positions it calls lost, 472,000 follow a deal, 139,000 a move
// and 16,000 a discard, out of 868,000 positions after a discard), yet positions after a discard
// are as many as the others, so after a discard that leaves every pile covered provenLost answers
// "not proven lost" at once (told the move by the search), which is always sound for a cutoff. The
// last deals' rule reads only the stock, which a discard leaves as it was, so its answer there is
// the one the position before already had: false. With a pile empty the bound is cheap (no
// settling) and asked as everywhere else. Until 7 December 2026 the skip found such positions by
// keeping a few positions the bound had left open per stock length and matching the piles against
// them. On deals 1-200 at 1,000,000 positions the two read the same verdicts (prove aces-up, 2
// jobs: 112 won, 61 lost, 27 unknown), in 18.1 s against 19.8 s; at 100,000 (a scratch loop of
// solve on one core) 105 won and 49 lost in 5,929,671 positions and 4.9 s, against 106 and 49 in
// 5,883,431 and 5.0-5.3 s.

/** True when some pile of the tableau is empty. */
function anyEmpty(s: State): boolean {
  for (let t = T0; t < T0 + 4; t++) if (!s.piles[t]!.length) return true;
  return false;
}

/** Lost by the endgame search once the stock is empty (when it does not give up), else by settledLost. */
function lost(s: State): boolean {
  return endgameLost(s) ?? settledLost(s);
}
