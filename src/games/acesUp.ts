/**
 * Aces Up (Firing Squad, Aces High, Idiot's Delight). 52 cards, ace high.
 * Four piles of one card; the other 48 are the stock, dealt one card onto each pile at the
 * player's choice, empty piles included, with no redeal. A top card is discarded when another
 * pile's top card is of its suit and higher; an ace never is. An empty pile takes any one top card.
 * Won when the four aces stand alone, one on each pile, and 48 cards are discarded.
 */
import { type Card, rankOf, suitOf } from '../engine/cards.ts';
import {
  type AutoMode,
  DEAL,
  DEAL_MOVE,
  DISCARD,
  encodeMove,
  fieldStarts, type FieldSpec,
  moveFrom,
  moveTo,
  moveType,
  move,
  type State,
} from '../engine/rules.ts';
import { addGroup, addNumber, addPile } from '../engine/hash.ts';
import { lowestEmpty, moveTop, pileKey, sortedPileKeys } from './common.ts';
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

/** True when top card `c` may be discarded: another top card is of its suit and higher. */
function discardable(s: State, t: number): boolean {
  const p = s.piles[t]!;
  if (!p.length) return false;
  const c = p[p.length - 1]!;
  if (rankOf(c) === 1) return false;
  for (let u = T0; u < T0 + 4; u++) {
    if (u === t) continue;
    const q = s.piles[u]!;
    if (!q.length) continue;
    const d = q[q.length - 1]!;
    if (suitOf(d) === suitOf(c) && aceHigh(d) > aceHigh(c)) return true;
  }
  return false;
}

/** The discard of pile `t`'s top card. */
const discardMove = (t: number): number => encodeMove(DISCARD, t, 0, 1);

/** Which cards are discarded, by card number: scratch for one call of discards(). */
const gone = new Uint8Array(52);

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
 * replay ends with the four aces alone and X discarded too. Pushes the moves onto `out`; with
 * `out` null, returns the first instead (else -1).
 */
function discards(s: State, mode: AutoMode | 'forced', out: number[] | null): number {
  if (mode === 'off') return -1;
  const all = mode === 'all' || (mode === 'forced' && s.piles[STOCK]!.length === 0);
  if (!all) {
    gone.fill(0);
    for (const c of s.piles[DISCARD_PILE]!) gone[c] = 1;
  }
  for (let t = T0; t < T0 + 4; t++) {
    if (!discardable(s, t)) continue;
    const p = s.piles[t]!;
    const c = p[p.length - 1]!;
    let safe = true;
    if (!all) {
      for (let r = 2; r < aceHigh(c); r++) {
        if (!gone[suitOf(c) * 13 + r - 1]) {
          safe = false;
          break;
        }
      }
    }
    if (all || safe) {
      if (!out) return discardMove(t);
      out.push(discardMove(t));
    }
  }
  return -1;
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
    for (let t = T0; t < T0 + 4; t++) if (discardable(s, t)) out.push(discardMove(t));
    const empty = lowestEmpty(s, T0, 4);
    if (empty >= 0) {
      for (let t = T0; t < T0 + 4; t++) if (s.piles[t]!.length) out.push(move(t, empty));
    }
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
     * Lost for certain when all four aces are on the table, one in each pile, and one of them
     * lies on another card. An ace is never discarded and moves only into an empty pile, and no
     * pile can ever be empty again while each holds an ace, so that ace never moves and the card
     * under it is never uncovered, never discarded: the game cannot end with four lone aces.
     */
    provenLost(s) {
      let covered = false;
      for (let t = T0; t < T0 + 4; t++) {
        const p = s.piles[t]!;
        let at = -1;
        for (let k = 0; k < p.length; k++) {
          if (rankOf(p[k]!) === 1) {
            at = k;
            break;
          }
        }
        if (at < 0) return false;
        if (at > 0) covered = true;
      }
      return covered;
    },

    /**
     * The stock is dealt in a fixed order, so its length says which cards remain, and the discard
     * pile is whatever is not elsewhere. Piles are interchangeable only once the stock is empty,
     * since a deal gives each pile a particular card.
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

    /** Discards first, then moves into an empty pile, then the deal. */
    moveScore(_s, m) {
      const type = moveType(m);
      return type === DISCARD ? 0 : type === DEAL ? 2 : 1;
    },
  },
});

/** Positions the dead-end search of Aces Up may visit before it gives up. */
const DEAD_END_BUDGET = 20_000;
