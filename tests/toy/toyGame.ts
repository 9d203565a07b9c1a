/**
 * Toy Towers: a seventh game that lives only in the tests, to prove the extension point (issue 17,
 * item 6). It plugs into the catalog, the notation, the CLI, the solver and the layout through
 * `registerToy` alone; nothing outside this file knows it.
 *
 * Rules. 52 cards, all face up, in thirteen towers of four. Only a tower's top card plays, one at
 * a time: to its foundation, which builds up by suit from the ace; onto another tower's top card of
 * the same suit and one rank higher; or into an empty tower. Foundation cards never come
 * back. Won when all 52 cards are on the foundations.
 */
import { type Card, rankOf } from '../../src/engine/cards.ts';
import { addGroup, hashAfterMoveTop } from '../../src/engine/hash.ts';
import { type AutoMode, type FieldSpec, type GameRules, move, moveFrom, moveTo, type State } from '../../src/engine/rules.ts';
import {
  countCards,
  lowestEmpty,
  placeScore,
  sortedPileKeys,
  suitFoundationError,
  suitFoundationFor,
  suitHeightsKey,
  suitProgress,
  suitProgressAfterMove,
} from '../../src/games/common.ts';
import { findGame, registerGame } from '../../src/games/catalog.ts';
import { defineGame, topCardMoves } from '../../src/games/define.ts';
import { column, ctx, fitWidth, ASPECT, FAN, squared } from '../../src/render/shapes.ts';
import { type GameLayout, registerLayout } from '../../src/render/layout.ts';

/** Towers. */
const TOWERS = 13;
const fields: FieldSpec[] = [
  { field: 'tableau', kind: 'tableau', role: 'tableau', count: TOWERS },
  { field: 'foundations', kind: 'foundation', role: 'foundation', base: 1, count: 4 },
];
const T0 = 0;
const F0 = TOWERS;
const KING = 13;

/** The term of pile `p` in hash(): towers are one group, foundations another. */
const termOf = (p: number): number => (p < F0 ? 0 : 1);

/**
 * Every foundation move is safe. A card goes home only once the card one rank lower of its suit is
 * home, and that is the only card it could ever hold on a tower; nothing is ever put on it again,
 * so on the table it can only stand in the way. 'safe' and 'all' therefore list the same moves
 * (tests check the rule against plain search). With `out` null, returns the first such move
 * instead (else -1).
 */
function foundationMoves(s: State, mode: AutoMode, out: number[] | null): number {
  if (mode === 'off') return -1;
  for (let from = T0; from < T0 + TOWERS; from++) {
    const p = s.piles[from]!;
    if (!p.length) continue;
    const f = suitFoundationFor(s, F0, 4, p[p.length - 1]!);
    if (f >= 0) {
      if (!out) return move(from, f);
      out.push(move(from, f));
    }
  }
  return -1;
}

/** The toy game's rules. */
export const toy = defineGame({
  id: 'toy-towers',
  names: { en: 'Toy Towers', ru: 'Игрушечные башни' },
  decks: 1,
  fields,

  opening(deck) {
    const piles: Card[][] = [];
    for (let t = 0; t < TOWERS; t++) piles.push(deck.slice(4 * t, 4 * t + 4));
    for (let f = 0; f < 4; f++) piles.push([]);
    return { piles, flags: 0 };
  },

  moves(s, out) {
    const empty = lowestEmpty(s, T0, TOWERS);
    for (let from = T0; from < T0 + TOWERS; from++) {
      const q = s.piles[from]!;
      if (!q.length) continue;
      const c = q[q.length - 1]!;
      const f = suitFoundationFor(s, F0, 4, c);
      if (f >= 0) out.push(move(from, f));
      // The one card it may go on: the same suit, one rank higher (a king has none).
      if (rankOf(c) < KING) {
        for (let t = T0; t < T0 + TOWERS; t++) {
          const p = s.piles[t]!;
          if (t !== from && p.length && p[p.length - 1] === c + 1) out.push(move(from, t));
        }
      }
      // A lone card moving to another empty tower changes nothing, but the move is legal.
      if (empty >= 0) out.push(move(from, empty));
    }
  },

  ...topCardMoves,

  isWon(s) {
    return countCards(s, F0, 4) === 52;
  },

  validate(s) {
    return suitFoundationError(s, F0, 4);
  },

  /** See foundationMoves. */
  autoMoves(s, mode) {
    const out: number[] = [];
    foundationMoves(s, mode, out);
    return out;
  },

  /** Stuck (no legal move) and not won is a dead end; otherwise it cannot tell cheaply. */
  deadEnd(s) {
    if (toy.isWon(s)) return null;
    const list: number[] = [];
    toy.moves(s, list);
    return list.length === 0 ? true : null;
  },

  // ---- the solver's members ----
  solver: {
    /** The first safe foundation move, without allocating. */
    forcedMove(s) {
      return foundationMoves(s, 'safe', null);
    },

    /** Towers are interchangeable; foundations are known by their heights. */
    key(s) {
      return `${sortedPileKeys(s, T0, TOWERS)}#${suitHeightsKey(s, F0, 4)}`;
    },

    /** The key's hash: towers as one group, foundations as another. */
    hash(s, out) {
      addGroup(s, T0, TOWERS, 0, out);
      addGroup(s, F0, 4, 1, out);
    },

    /** Every move takes one top card from one pile to another: only their two terms change. */
    hashAfter(s, m, out) {
      hashAfterMoveTop(s, moveFrom(m), termOf(moveFrom(m)), moveTo(m), termOf(moveTo(m)), out);
      return true;
    },

    /** Foundation moves first, then builds, then a move into an empty tower. */
    moveScore(s, m) {
      return placeScore(s, moveTo(m), F0, 4);
    },

    /** Cards home and empty towers count for a position, cards over each suit's next card against it. */
    evaluate(s) {
      return suitProgress(s, T0, TOWERS, F0);
    },

    /** evaluate after m, by the two piles it changes (or by making it, for a foundation move). */
    evaluateAfter(s, m, now) {
      return suitProgressAfterMove(this, s, m, now, T0, TOWERS, F0);
    },
  },
});

/**
 * The toy's table: foundations across the top; the towers in one row, or in two tiers (7 and 6) on a
 * tall screen.
 */
const toyLayout: GameLayout = (a) => {
  const tiers = a.aw / a.ah < 0.8;
  const perRow = tiers ? 7 : TOWERS;
  const gr = tiers ? 0.1 : 0.12;
  // Height: foundations, then each tier with room for its longest tower fanned (at least 4 cards).
  const longest = Math.max(4, a.longest('tableau'));
  const rows = tiers ? 2 : 1;
  const c = ctx(fitWidth(a.aw, a.ah, perRow + (perRow + 1) * gr, ASPECT * (1 + rows * (1 + (longest - 1) * FAN)) + (2 + 2 * rows) * gr), gr, a.x0, a.y0, a.aw, a.ah);
  const left = a.x0 + (a.aw - (perRow * c.W + (perRow - 1) * c.g)) / 2;
  const colX = (i: number): number => left + i * (c.W + c.g);
  const top = a.y0 + c.g;
  const tier1 = top + c.H + 2 * c.g;
  const tierH = (c.bottom - c.g - tier1 - (rows - 1) * 2 * c.g) / rows;
  const tier2 = tier1 + tierH + 2 * c.g;
  const fLeft = a.x0 + (a.aw - (4 * c.W + 3 * c.g)) / 2;
  return [
    c,
    (ref, n) => {
      if (ref.role === 'foundation') return squared(c, fLeft + ref.index * (c.W + c.g), top, n);
      const second = tiers && ref.index >= perRow;
      const y = second ? tier2 : tier1;
      return column(c, colX(second ? ref.index - perRow + 0.5 : ref.index), y, n, y + tierH);
    },
  ];
};

/** The one registration: the toy's rules join the catalog and its layout the table (idempotent). */
export function registerToy(): GameRules {
  if (!findGame(toy.id)) {
    registerGame(toy);
    registerLayout(toy.id, toyLayout);
  }
  return toy;
}
