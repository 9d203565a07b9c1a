/**
 * One game being played: rules, deal, the engine state and a history of steps (a player's move plus
 * the automatic moves that followed it) with undo and redo. No DOM, no Pixi.
 */
import { openingState } from '../../engine/play.ts';
import { type AutoMode, cloneState, type State } from '../../engine/rules.ts';
import type { Game } from '../../games/catalog.ts';

/** A player's move and the automatic moves that followed it; one undo takes back all of them. */
export interface Step {
  /** The player's move. */
  player: number;
  /** Automatic moves played after it, in order. */
  autos: number[];
}

/** What changed: the state before and after, and why. */
export interface Change {
  /** Why the state changed. */
  kind: 'new' | 'move' | 'auto' | 'undo' | 'redo';
  /** The state before (a copy). */
  before: State;
  /** The state after (a copy). */
  after: State;
  /** The engine move, for 'move' and 'auto'. */
  move?: number;
}

/** A listener for changes. */
export type Listener = (c: Change) => void;

/** A game in progress. */
export class Session {
  /** The game's rules. */
  readonly rules: Game;
  /** The deal number. */
  readonly deal: number;
  private current: State;
  private readonly steps: Step[] = [];
  private cursor = 0;
  /** 1 when the first step is the opening's automatic moves (not a player's move: undo keeps it), else 0. */
  private openingSteps = 0;
  private listeners: Listener[] = [];
  /** Bumped on every change; lets input tell whether anything happened in between. */
  version = 0;
  /** Which automatic moves follow a player's move: set by AutoPlay (autoplay.ts), the one owner of automatic play. */
  autoMode: AutoMode = 'safe';
  /** The game's option bits (Royal Marriage's rank pairs). */
  readonly flags: number;

  /** Starts deal `deal` of `rules`. */
  constructor(rules: Game, deal: number, flags = 0) {
    this.rules = rules;
    this.deal = deal;
    this.flags = flags;
    this.current = openingState(rules, deal, flags);
  }

  /**
   * A session with the history `steps` (each a player's move then its automatic moves) played up
   * to step `cursor`; the later steps stay for redo. Throws when a move is illegal in turn.
   */
  static restore(rules: Game, deal: number, flags: number, steps: readonly number[][], cursor: number, opening = false): Session {
    const s = new Session(rules, deal, flags);
    if (cursor < 0 || cursor > steps.length) throw new Error(`step ${cursor} of ${steps.length}`);
    if (opening && cursor < 1) throw new Error('the opening step undone');
    for (const step of steps) {
      if (step.length === 0) throw new Error('an empty step');
      for (const m of step) {
        if (!rules.isLegal(s.current, m)) throw new Error('an illegal move in the history');
        rules.make(s.current, m);
      }
      s.steps.push({ player: step[0]!, autos: step.slice(1) });
    }
    s.cursor = steps.length;
    s.openingSteps = opening ? 1 : 0;
    while (s.cursor > cursor) s.undo();
    s.version = 0;
    return s;
  }

  /** The whole history (undone steps included) as engine moves, how many steps are played, and whether the first is the opening's. */
  history(): { steps: number[][]; cursor: number; opening: boolean } {
    return { steps: this.steps.map((t) => [t.player, ...t.autos]), cursor: this.cursor, opening: this.openingSteps > 0 };
  }

  /** How many steps the history holds (undone ones included). */
  get stepCount(): number {
    return this.steps.length;
  }

  /** True once the player has made a move that is still played (the opening's automatic moves do not count). */
  get played(): boolean {
    return this.cursor > this.openingSteps;
  }

  /** A copy of the current state. */
  get state(): State {
    return cloneState(this.current);
  }

  /** The current state without copying; callers must not mutate it. */
  get view(): State {
    return this.current;
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  on(fn: Listener): () => void {
    this.listeners.push(fn);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== fn);
    };
  }

  private emit(kind: Change['kind'], before: State, move?: number): Change {
    this.version++;
    const c: Change = { kind, before, after: cloneState(this.current) };
    if (move !== undefined) c.move = move;
    for (const l of this.listeners) l(c);
    return c;
  }

  /** Engine moves made so far (player and automatic), not counting what the game did by itself after the deal. */
  get moveCount(): number {
    let n = 0;
    for (let i = this.openingSteps; i < this.cursor; i++) n += 1 + this.steps[i]!.autos.length;
    return n;
  }

  /** True when the game is won. */
  get won(): boolean {
    return this.rules.isWon(this.current);
  }

  /** True when the game has an established dead end here although moves may remain (Aces and Kings). */
  get dead(): boolean {
    return !this.won && this.rules.deadEnd(this.current) === true;
  }

  /** True when not won and no legal move remains. */
  get stuck(): boolean {
    if (this.won) return false;
    const out: number[] = [];
    this.rules.moves(this.current, out);
    return out.length === 0;
  }

  /** Plays a player's move; false (and nothing changes) when it is illegal. */
  play(m: number): Change | null {
    if (!this.rules.isLegal(this.current, m)) return null;
    const before = cloneState(this.current);
    this.rules.make(this.current, m);
    this.steps.length = this.cursor;
    this.steps.push({ player: m, autos: [] });
    this.cursor++;
    return this.emit('move', before, m);
  }

  /** The next automatic move (in `autoMode`) after a player's move, or null. */
  nextAuto(): number | null {
    if (this.autoMode === 'off' || this.cursor === 0 || this.cursor !== this.steps.length) return null;
    return this.rules.autoMoves(this.current, this.autoMode)[0] ?? null;
  }

  /** Plays automatic move `given` (or the session's next one), appended to the last step; null when there is none or it is illegal. */
  playAuto(given?: number): Change | null {
    if (given !== undefined && (this.cursor === 0 || this.cursor !== this.steps.length)) return null;
    return this.makeAuto(given ?? this.nextAuto(), false);
  }

  /** Makes automatic move `m` when it is legal: the first move of the opening step when `opening`, else one more of the last step. */
  private makeAuto(m: number | null | undefined, opening: boolean): Change | null {
    if (m === null || m === undefined || !this.rules.isLegal(this.current, m)) return null;
    const before = cloneState(this.current);
    this.rules.make(this.current, m);
    if (opening) {
      this.steps.push({ player: m, autos: [] });
      this.cursor = 1;
      this.openingSteps = 1;
    } else this.steps[this.cursor - 1]!.autos.push(m);
    return this.emit('auto', before, m);
  }

  /**
   * Plays automatic move `given` (or the next one) on a fresh game as its opening step: what the
   * game does by itself after the deal, which undo does not take back. Null when there is none.
   */
  playOpening(given?: number): Change | null {
    if (this.steps.length > 0 || this.autoMode === 'off') return null;
    return this.makeAuto(given ?? this.rules.autoMoves(this.current, this.autoMode)[0], true);
  }

  /** The last step played (its identity changes with every new player move), or null. */
  get lastStep(): Step | null {
    return this.cursor > 0 ? this.steps[this.cursor - 1]! : null;
  }

  /** True when there is a step to undo. */
  get canUndo(): boolean {
    return this.cursor > this.openingSteps;
  }

  /** True when there is a step to redo. */
  get canRedo(): boolean {
    return this.cursor < this.steps.length;
  }

  /** Takes back the last step (the player's move with its automatic moves). */
  undo(): Change | null {
    if (!this.canUndo) return null;
    const before = cloneState(this.current);
    const step = this.steps[--this.cursor]!;
    for (let i = step.autos.length - 1; i >= 0; i--) this.rules.unmake(this.current, step.autos[i]!);
    this.rules.unmake(this.current, step.player);
    return this.emit('undo', before);
  }

  /** Plays the next undone step again. */
  redo(): Change | null {
    if (!this.canRedo) return null;
    const before = cloneState(this.current);
    const step = this.steps[this.cursor++]!;
    this.rules.make(this.current, step.player);
    for (const m of step.autos) this.rules.make(this.current, m);
    return this.emit('redo', before);
  }
}
