/**
 * defineGame: a game file writes its rules and, apart under `solver`, the members only the solver
 * reads (as boardgame.io groups its `ai`); this fills in the defaults and joins the two into the one
 * GameRules contract that the table, the CLI and the solver call. The defaults: the pile table from
 * the fields, no options, `isLegal` by the move list, no cheap dead end. Games whose every move takes
 * one top card to another pile, with no consequence, spread `topCardMoves` for make and unmake.
 */
import { type GameRules, legalByList, moveFrom, moveTo, pilesOf, type State } from '../engine/rules.ts';
import { moveTop } from './common.ts';

/** The members only the solver reads. */
type SolverMember = 'key' | 'hash' | 'hashAfter' | 'hashByRank' | 'moveScore' | 'forcedMove' | 'evaluate' | 'evaluateAfter' | 'por' | 'decide' | 'bestFirstScore' | 'bestFirstScoreAfter' | 'forget' | 'provenLost' | 'relaxedLost' | 'skipAfter' | 'moreMoves' | 'searchShares' | 'beamLayer';
/** The members defineGame fills in when a game leaves them out. */
type Defaulted = 'piles' | 'options' | 'isLegal' | 'deadEnd';

/** The solver's part of a game: the key and its hash and the move ordering, the rest optional. */
export type SolverPart<Id extends string> = Pick<GameRules<Id>, 'key' | 'hash' | 'moveScore'> & Partial<Pick<GameRules<Id>, Exclude<SolverMember, 'key' | 'hash' | 'moveScore'>>>;

/** What a game file writes. */
export type GameDefinition<Id extends string> = Omit<GameRules<Id>, SolverMember | Defaulted> &
  Partial<Pick<GameRules<Id>, Defaulted>> & {
    /** The members only the solver reads. */
    readonly solver: SolverPart<Id> & ThisType<GameRules<Id>>;
  };

/** make and unmake for games whose every move takes one top card to another pile, with nothing automatic after it. */
export const topCardMoves = {
  /** Plays the move: the top card of its source goes on its target. */
  make(s: State, m: number): void {
    moveTop(s, moveFrom(m), moveTo(m));
  },
  /** Takes it back. */
  unmake(s: State, m: number): void {
    moveTop(s, moveTo(m), moveFrom(m));
  },
};

/** A game's rules from its definition, defaults filled in (methods see the whole rules as `this`). */
export function defineGame<Id extends string>(def: GameDefinition<Id> & ThisType<GameRules<Id>>): GameRules<Id> {
  const { solver, ...rules } = def;
  const out: GameRules<Id> = {
    piles: pilesOf(def.fields),
    options: [],
    isLegal(s, m) {
      return legalByList(this, s, m);
    },
    deadEnd: () => null,
    ...rules,
    ...solver,
  };
  return out;
}
