/**
 * Saved games, one per game: `{game, deal, steps, cursor, clock}` with the moves in the notation of
 * notation.md, so a save survives any change of the engine's internal move encoding. Loading
 * replays every move through the engine: a save whose moves are not legal in its deal is corrupt.
 */
import * as v from 'valibot';
import { formatMove, type MoveJson, parseMove } from '../engine/notation.ts';
import { openingState } from '../engine/play.ts';
import { MAX_DEAL } from '../engine/rng.ts';
import { GAME_IDS, type GameId, type GameRules } from '../engine/rules.ts';
import type { RecordKind } from './store.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const Card = v.pipe(v.string(), v.maxLength(3));
const Pile = v.pipe(v.string(), v.maxLength(24));
const Move = v.union([
  v.strictObject({ type: v.literal('deal') }),
  v.strictObject({ type: v.literal('move'), from: Pile, to: Pile, card: Card }),
  v.strictObject({ type: v.literal('discard'), from: Pile, card: Card }),
  v.strictObject({ type: v.literal('discard'), from: Pile, cards: v.pipe(v.array(Card), v.maxLength(4)) }),
]);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

const Schema = v.pipe(
  v.strictObject({
    game: v.picklist(GAME_IDS),
    deal: v.pipe(Count, v.maxValue(MAX_DEAL)),
    flags: v.pipe(Count, v.maxValue(255)),
    daily: v.nullable(v.pipe(v.string(), v.regex(DATE))),
    steps: v.pipe(v.array(v.pipe(v.array(Move), v.minLength(1), v.maxLength(200))), v.maxLength(5000)),
    cursor: Count,
    elapsedMs: v.pipe(Count, v.maxValue(1e11)),
    started: v.boolean(),
    finished: v.boolean(),
    /** True when the first step is what the game did by itself after the deal (undo keeps it). */
    opening: v.optional(v.boolean()),
  }),
  v.check((s) => s.cursor <= s.steps.length, 'cursor past the end of the steps'),
);

/** A saved game. */
export type Save = v.InferOutput<typeof Schema>;

/** The save record of `game`. */
export function saveKind(game: GameId): RecordKind<Save> {
  return { key: `solitaire.save.${game}`, version: 1, schema: Schema as v.GenericSchema<unknown, Save> };
}

/** A step of play as engine moves: the player's move, then the automatic moves after it. */
export type EngineStep = number[];

/** The steps of a save as engine moves; throws (BadInput or IllegalMove) when a move is not legal in turn. */
export function replaySteps(rules: GameRules, save: Save): EngineStep[] {
  if (save.game !== rules.id) throw new Error(`a save of ${save.game} cannot be loaded into ${rules.id}`);
  const s = openingState(rules, save.deal, save.flags);
  return save.steps.map((step) =>
    step.map((json) => {
      const m = parseMove(rules, s, json);
      rules.make(s, m);
      return m;
    }),
  );
}

/** The notation of engine steps played from deal `deal`. */
export function formatSteps(rules: GameRules, deal: number, flags: number, steps: readonly EngineStep[]): MoveJson[][] {
  if (steps.length === 0) return [];
  const s = openingState(rules, deal, flags);
  return steps.map((step) =>
    step.map((m) => {
      const j = formatMove(rules, s, m);
      rules.make(s, m);
      return j;
    }),
  );
}
