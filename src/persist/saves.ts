/**
 * Saved games, one per game: `{game, deal, steps, cursor, clock}` with the moves in the notation of
 * notation.md, so a save survives any change of the engine's internal move encoding. Loading
 * replays every move through the engine: a save whose moves are not legal in its deal is corrupt.
 */
import { arr, bool, type Infer, int, lit, nullable, obj, opt, pick, refine, str, union } from './check.ts';
import { formatMove, type MoveJson, parseMove } from '../engine/notation.ts';
import { openingState } from '../engine/play.ts';
import { MAX_DEAL } from '../engine/rng.ts';
import { GAME_IDS, type GameId } from '../games/catalog.ts';
import type { GameRules } from '../engine/rules.ts';
import type { RecordKind } from './store.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const Card = str(3);
const Pile = str(24);
const Move = union(
  obj({ type: lit('deal') }),
  obj({ type: lit('move'), from: Pile, to: Pile, card: Card }),
  obj({ type: lit('discard'), from: Pile, card: Card }),
  obj({ type: lit('discard'), from: Pile, cards: arr(Card, 0, 4) }),
);
const Count = int(0, Number.MAX_SAFE_INTEGER);

const Schema = refine(
  obj({
    game: pick(GAME_IDS),
    deal: int(0, MAX_DEAL),
    flags: int(0, 255),
    daily: nullable(str(10, DATE)),
    steps: arr(arr(Move, 1, 200), 0, 5000),
    cursor: Count,
    elapsedMs: int(0, 1e11),
    started: bool,
    finished: bool,
    /** True when the first step is what the game did by itself after the deal (undo keeps it). */
    opening: opt(bool),
  }),
  // The cursor cannot be past the end of the steps.
  (s) => s.cursor <= s.steps.length,
);

/** A saved game. */
export type Save = Infer<typeof Schema>;

/** The save record of `game`. */
export function saveKind(game: GameId): RecordKind<Save> {
  return { key: `solitaire.save.${game}`, version: 1, schema: Schema };
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
