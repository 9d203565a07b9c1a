/**
 * What King Albert and Streets and Alleys write alike: games whose every move takes one top card to
 * another pile, with four foundations built up by suit from the ace after the other piles. Each
 * game gives its own piles and its own rule for sending cards home; these are the members that
 * follow from that, for the rules and for the solver.
 */
import { hashAfterMoveTop } from '../engine/hash.ts';
import { type AutoMode, type GameRules, moveFrom, moveTo, type State } from '../engine/rules.ts';
import { countCards, placeScore, suitFoundationError, suitProgress, suitProgressAfterMove } from './common.ts';
import { topCardMoves } from './define.ts';

/** A top-card game's layout of piles and its rule for sending cards home. */
export interface TopCardGame {
  /** The first column and how many columns there are (the piles evaluate and the solver order by). */
  first: number;
  columns: number;
  /** The first of the four foundations. */
  foundations: number;
  /**
   * The game's moves home in `mode`, or 'forced' for the solver's stronger rule: pushed onto `out`,
   * or with `out` null the first returned (else -1).
   */
  home(s: State, mode: AutoMode | 'forced', out: number[] | null): number;
  /** The term of pile `p` in the game's hash (its group). */
  termOf(p: number): number;
}

/** The members of the rules a top-card game shares. */
export function topCardRules(g: TopCardGame) {
  return {
    ...topCardMoves,
    /** Won when all 52 cards are home. */
    isWon(s: State): boolean {
      return countCards(s, g.foundations, 4) === 52;
    },
    /** Foundations must build up by suit from the ace. */
    validate(s: State): string | null {
      return suitFoundationError(s, g.foundations, 4);
    },
    /** The game's moves home in `mode` (see its rule). */
    autoMoves(s: State, mode: AutoMode): number[] {
      const out: number[] = [];
      g.home(s, mode, out);
      return out;
    },
  };
}

/** The solver's members a top-card game shares. */
export function topCardSolver(g: TopCardGame) {
  return {
    /** The first move home under the solver's stronger rule (the game argues it), without allocating. */
    forcedMove(s: State): number {
      return g.home(s, 'forced', null);
    },
    /** Every move takes one top card from one pile to another, which changes only their two terms. */
    hashAfter(s: State, m: number, out: Int32Array): boolean {
      hashAfterMoveTop(s, moveFrom(m), g.termOf(moveFrom(m)), moveTo(m), g.termOf(moveTo(m)), out);
      return true;
    },
    /** Moves home first, then by where they land. */
    moveScore(s: State, m: number): number {
      return placeScore(s, moveTo(m), g.foundations, 4);
    },
    /** How far the foundations have come and how free the next cards lie (common.ts). */
    evaluate(s: State): number {
      return suitProgress(s, g.first, g.columns, g.foundations);
    },
    /** evaluate after m: by the two piles it changes, or by making it when it goes to a foundation. */
    evaluateAfter(this: GameRules, s: State, m: number, now: number): number {
      return suitProgressAfterMove(this, s, m, now, g.first, g.columns, g.foundations);
    },
  };
}
