/** Every game by id, with its rules, names and decks. */
import { type GameId, type GameRules, GAME_IDS } from '../engine/rules.ts';
import { acesAndKings } from './acesAndKings.ts';
import { acesUp } from './acesUp.ts';
import { australian } from './australian.ts';
import { kingAlbert } from './kingAlbert.ts';
import { royalMarriage } from './royalMarriage.ts';
import { streetsAndAlleys } from './streetsAndAlleys.ts';

/** The games in menu order. */
export const GAMES: readonly GameRules[] = [acesUp, australian, acesAndKings, kingAlbert, streetsAndAlleys, royalMarriage];

const byId = new Map<string, GameRules>(GAMES.map((g) => [g.id, g]));

/** True when `id` names a game. */
export function isGameId(id: unknown): id is GameId {
  return typeof id === 'string' && (GAME_IDS as readonly string[]).includes(id);
}

/** The rules of a game, or undefined for an unknown id. */
export function findGame(id: string): GameRules | undefined {
  return byId.get(id);
}
