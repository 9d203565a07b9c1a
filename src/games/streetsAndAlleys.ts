/**
 * Streets and Alleys. 52 cards, all face up, in eight rows: four of seven to the left of the "main
 * street" (the foundations) and four of six to the right. Only the outer card of each row (the end
 * farthest from the street, the last element) plays, one card at a time: onto another row's outer
 * card one rank higher, whatever the suit; into an empty row; or to its foundation, which builds up
 * by suit from the ace. Foundation cards never come back. Won when all cards are on the foundations.
 */
import { type Card, rankOf } from '../engine/cards.ts';
import { addGroup } from '../engine/hash.ts';
import { type AutoMode, fieldStarts, type FieldSpec, move, type State } from '../engine/rules.ts';
import { lowestEmpty, lowestHeight, sortedPileKeys, suitFoundationFor, suitHeightsKey, rankDisorder, suitProgress } from './common.ts';
import { defineGame } from './define.ts';
import { type TopCardGame, topCardRules, topCardSolver } from './topCard.ts';

const fields = [
  { field: 'tableau', kind: 'tableau', role: 'tableau', count: 8 },
  { field: 'foundations', kind: 'foundation', role: 'foundation', base: 1, count: 4 },
] as const satisfies readonly FieldSpec[];
/** Where each field's piles start. */
const at = fieldStarts(fields);
const T0 = at.tableau;
const F0 = at.foundations;

/**
 * Safe (the table's auto-collect): a card goes up when it is an ace, or when every foundation has
 * reached its rank less one. Building ignores suit, so any card one rank lower could be built on
 * it; once all four are up for good, the card is of no further use on the table. 'all': every move
 * to a foundation. 'forced' (the solver's dominance move) is stronger: every foundation at its rank
 * less two or more. Why that never costs a win: let c (rank r) go up now and replay any winning
 * line of the position where c stayed, with each move that puts a card x on c (x of rank r-1, the
 * only cards c can hold) sent home instead: x's foundation is at r-2 (at least r-2, and x is not
 * home), so x may go up whenever it is outermost, and no card needs x as a base (every r-2 is
 * home). Moves of c, or of x off c, are dropped. Every other move finds the same outer card (the
 * replay's rows hold the same cards less those sent up) and the same or a higher foundation, so
 * it stays legal, and the replay ends with every card home. Pushes the moves onto `out`; with
 * `out` null, returns the first instead (else -1).
 */
function foundationMoves(s: State, mode: AutoMode | 'forced', out: number[] | null): number {
  if (mode === 'off') return -1;
  const low = lowestHeight(s, F0, 4);
  const slack = mode === 'forced' ? 2 : 1;
  for (let from = T0; from < T0 + 8; from++) {
    const p = s.piles[from]!;
    if (!p.length) continue;
    const c: Card = p[p.length - 1]!;
    const f = suitFoundationFor(s, F0, 4, c);
    if (f >= 0 && (mode === 'all' || low >= rankOf(c) - slack)) {
      if (!out) return move(from, f);
      out.push(move(from, f));
    }
  }
  return -1;
}

/** Scratch for moves(): the outer card's rank per row. */
const outer = new Int32Array(8);

/** The term of pile `p` in hash(): its group. */
const termOf = (p: number): number => (p < F0 ? 0 : 1);

/** The piles and the rule home, for the members a top-card game shares (topCard.ts). */
const TOP: TopCardGame = { first: T0, columns: 8, foundations: F0, home: foundationMoves, termOf };

export const streetsAndAlleys = defineGame({
  id: 'streets-and-alleys',
  names: { en: 'Streets and Alleys', ru: 'Улицы и переулки' },
  decks: 1,
  fields,

  opening(deck) {
    const piles: number[][] = [];
    for (let r = 0; r < 8; r++) piles.push([]);
    deck.forEach((c, k) => {
      piles[k % 8]!.push(c);
    });
    for (let f = 0; f < 4; f++) piles.push([]);
    return { piles, flags: 0 };
  },

  moves(s, out) {
    const empty = lowestEmpty(s, T0, 8);
    // The rank of each row's outer card, 0 for an empty row.
    for (let t = T0; t < T0 + 8; t++) {
      const p = s.piles[t]!;
      outer[t] = p.length ? rankOf(p[p.length - 1]!) : 0;
    }
    for (let from = T0; from < T0 + 8; from++) {
      const q = s.piles[from]!;
      if (!q.length) continue;
      const c = q[q.length - 1]!;
      const f = suitFoundationFor(s, F0, 4, c);
      if (f >= 0) out.push(move(from, f));
      const higher = outer[from]! + 1;
      for (let t = T0; t < T0 + 8; t++) if (t !== from && outer[t] === higher) out.push(move(from, t));
      if (empty >= 0) out.push(move(from, empty));
    }
  },


  ...topCardRules(TOP),

  // ---- the solver's members ----
  solver: {
    ...topCardSolver(TOP),

    /** Rows are interchangeable once dealt; foundations are known by their heights. */
    key(s) {
      return `${sortedPileKeys(s, T0, 8)}#${suitHeightsKey(s, F0, 4)}`;
    },

    /** The key's hash: rows as one group, foundations as another (their contents give the heights). */
    hash(s, out) {
      addGroup(s, T0, 8, 0, out);
      addGroup(s, F0, 4, 1, out);
    },

    /**
     * The best-first phase's heuristic: evaluate less the cards lying above a lower card of their
     * pile (rankDisorder), less a cost per move from the start (A*-style). Measured: disorder weighs 1: on the 20 deals left unknown at 1M, best-first alone at 300,000 positions wins 6 with it, 4 with weights 0.5 or 1.5, none without; a cost of 2 a move: costs 0, 1, 1.5 and 2 decide 85.5, 90.5, 91 and 91.5 % of deals 1-200 at 1M.
     */
    bestFirstScore(s, depth) {
      return suitProgress(s, T0, 8, F0) - rankDisorder(s, T0, 8) - 2 * depth;
    },

    /**
     * Measured (bench-solver --shares, deals 1-200 at 1M, with the heuristic above): best-first/probes
     * 0.4/0.2 decide 88 %, 0.6/0 91 %, 0.8/0 92.5 %, 0.8/0.1 92.5 %, 0.9/0 93 %; 0.8 leaves the
     * exhaustive search a tenth after it, for losses.
     */
    searchShares: { bestFirst: 0.8, probes: 0 },
  },
});
