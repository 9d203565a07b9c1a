/**
 * The game catalog: every game by id, and the notation's position-level functions, which read a
 * position's "game" field to find its rules. The engine knows no game; the CLI, the worker, the app
 * and the tests come here. A game outside the six joins with one `registerGame` line.
 */
import { BadInput } from '../engine/errors.ts';
import { formatMove, formatPosition, type MoveJson, type Parsed, parseMove, parseState, type Position, show } from '../engine/notation.ts';
import { legalList, openingState, type Status, statusOf } from '../engine/play.ts';
import { cloneState, type GameRules } from '../engine/rules.ts';
import { acesAndKings } from './acesAndKings.ts';
import { acesUp } from './acesUp.ts';
import { australian } from './australian.ts';
import { kingAlbert } from './kingAlbert.ts';
import { royalMarriage } from './royalMarriage.ts';
import { streetsAndAlleys } from './streetsAndAlleys.ts';

/** The games in menu order: a new game is one entry here (its id and type follow from it). */
const LIST = [acesUp, australian, acesAndKings, kingAlbert, streetsAndAlleys, royalMarriage] as const;

/** A game id of the notation. */
export type GameId = (typeof LIST)[number]['id'];
/** The game ids, in menu order. */
export const GAME_IDS: readonly GameId[] = LIST.map((g) => g.id);

/** One of the games. */
export type Game = GameRules<GameId>;

/** The games in menu order. */
export const GAMES: readonly Game[] = LIST;

const byId = new Map<string, GameRules>(GAMES.map((g) => [g.id, g]));

/** Adds a game beyond the six (a test's toy game): the notation, the CLI's verbs and the solver then know it. */
export function registerGame(rules: GameRules): void {
  if (byId.has(rules.id)) throw new Error(`a game ${rules.id} is already registered`);
  byId.set(rules.id, rules);
}

/** True when `id` names one of the six games. */
export function isGameId(id: unknown): id is GameId {
  return typeof id === 'string' && (GAME_IDS as readonly string[]).includes(id);
}

/** The rules of a game, or undefined for an unknown id. */
export function findGame(id: GameId): Game;
export function findGame(id: string): GameRules | undefined;
export function findGame(id: string): GameRules | undefined {
  return byId.get(id);
}

/** The rules for a game id, or BadInput naming the known ones. */
export function rulesFor(id: unknown): GameRules {
  const rules = typeof id === 'string' ? findGame(id) : undefined;
  if (!rules) throw new BadInput(`unknown game ${show(id)}; the games are ${[...byId.keys()].join(', ')}`);
  return rules;
}

/** Parses and validates a position in the notation; throws BadInput naming the first problem. */
export function parsePosition(input: unknown): Parsed {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new BadInput(`a position must be a JSON object, not ${show(input)}`);
  return parseState(rulesFor((input as { game?: unknown }).game), input);
}

/** The option bits (State.flags) of `rules` with the named options switched on; BadInput for an option the game lacks. */
export function optionFlags(rules: GameRules, options: readonly string[]): number {
  let flags = 0;
  for (const o of options) {
    const bit = rules.options.indexOf(o);
    if (bit < 0) throw new BadInput(`${rules.id} has no option ${JSON.stringify(o)}`);
    flags |= 1 << bit;
  }
  return flags;
}

/** The opening position of deal `n` of `game`, with the named options switched on. */
export function deal(game: string, n: number, options: readonly string[] = []): Position {
  const rules = rulesFor(game);
  return formatPosition(rules, openingState(rules, n, optionFlags(rules, options)));
}

/** Every legal move of a position, in the notation. */
export function legalMoves(position: unknown): MoveJson[] {
  const { rules, state } = parsePosition(position);
  return legalList(rules, state).map((m) => formatMove(rules, state, m));
}

/** The position after playing `moves` in order; BadInput or IllegalMove (naming the move) otherwise. */
export function applyMoves(position: unknown, moves: readonly unknown[]): Position {
  const { rules, state } = parsePosition(position);
  const s = cloneState(state);
  moves.forEach((mv, i) => {
    try {
      rules.make(s, parseMove(rules, s, mv));
    } catch (e) {
      if (e instanceof Error && moves.length > 1) e.message = `move ${i + 1}: ${e.message}`;
      throw e;
    }
  });
  return formatPosition(rules, s);
}

/** The status of a position in the notation. */
export function status(position: unknown): Status {
  return statusOf(parsePosition(position));
}

