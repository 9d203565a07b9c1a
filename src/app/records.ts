/**
 * What the app keeps of the games played: the statistics each game adds to, the save written after
 * every move, and the game's clock. Everything goes through the one store; a storage problem is
 * reported once.
 */
import { cardsWith } from '../engine/anatomy.ts';
import type { Game, GameId } from '../games/catalog.ts';
import { type EngineStep, formatSteps, replaySteps, type Save, saveKind } from '../persist/saves.ts';
import { exportStats, recordHint, recordLoss, recordStart, recordWin, STATS_KIND, type Stats } from '../persist/stats.ts';
import type { Problem, Store } from '../persist/store.ts';
import { Session } from './table/session.ts';

/** What a game in progress carries besides its session. */
export interface Meta {
  /** The daily deal's date, or null. */
  daily: string | null;
  /** True once the player has moved. */
  started: boolean;
  /** True once the game is won and counted. */
  finished: boolean;
  /** Clock time banked so far. */
  elapsedMs: number;
  /** performance.now() when the clock last started, or null while it stands. */
  runningSince: number | null;
}

/** A fresh game's meta. */
export const freshMeta = (daily: string | null = null): Meta => ({ daily, started: false, finished: false, elapsedMs: 0, runningSince: null });

/** The statistics, the saves and the clock. */
export class Records {
  /** The statistics. */
  stats: Stats;
  /** The current game's meta. */
  meta: Meta = freshMeta();
  /** The session and state of the last save written, or null when none is known to be stored (see persist). */
  private persisted: { session: Session; mark: string } | null = null;

  /** Keeps `stats` in `store`; `warn` reports a storage problem (the app shows it once). */
  constructor(
    private readonly store: Store,
    stats: Stats,
    private readonly warn: (p: Problem | null) => void,
  ) {
    this.stats = stats;
  }

  // ---- statistics ----

  private saveStats(): void {
    this.warn(this.store.write(STATS_KIND, this.stats));
  }

  /** Counts a hint in `game`. */
  countHint(game: GameId): void {
    this.stats = recordHint(this.stats, game);
    this.saveStats();
  }

  /** Replaces the statistics by imported ones; the old ones stay recoverable. */
  replaceStats(stats: Stats): void {
    this.store.writeRaw(`${STATS_KIND.key}.before-import`, exportStats(this.stats));
    this.stats = stats;
    this.saveStats();
  }

  /** After every change of `s`: counts the start and the win, runs the clock, saves. */
  changed(s: Session): void {
    if (!this.meta.started && s.played) {
      this.meta.started = true;
      this.stats = recordStart(this.stats, s.rules.id, s.deal, this.meta.daily);
      this.saveStats();
    }
    if (s.won && !this.meta.finished) {
      this.meta.finished = true;
      this.stopClock();
      this.stats = recordWin(this.stats, s.rules.id, { timeMs: this.elapsed(), moves: s.moveCount, ...this.tally(s), daily: this.meta.daily });
      this.saveStats();
    }
    this.runClock(s);
    this.persist(s);
  }

  /** Counts a started, unfinished saved game as lost (it is being replaced). */
  abandon(rules: Game, save: Save, session: Session): void {
    if (!save.started || save.finished) return;
    this.stats = recordLoss(this.stats, rules.id, { ...this.tally(session), daily: save.daily });
    this.saveStats();
  }

  /** The game's own tally (Aces Up: cards discarded), when it keeps one. */
  private tally(session: Session): { discarded?: number } {
    const tally = session.rules.tally;
    if (!tally) return {};
    return { discarded: cardsWith(session.rules, session.view, tally.role) ?? 0 };
  }

  // ---- saves ----

  /**
   * Reads and replays the save of `rules`. A bad one is set aside (kept under a quarantine key) and
   * its problem returned for a note.
   */
  loadSave(rules: Game): { found: { save: Save; session: Session } | null; problem: Problem | null } {
    const kind = saveKind(rules.id);
    const r = this.store.read(kind);
    let problem = r.problem;
    if (r.value) {
      try {
        const steps = replaySteps(rules, r.value);
        return { found: { save: r.value, session: Session.restore(rules, r.value.deal, r.value.flags, steps, r.value.cursor, r.value.opening === true) }, problem: null };
      } catch {
        problem = 'corrupt';
      }
    }
    if (problem === 'corrupt' || problem === 'version') {
      this.store.quarantine(kind.key);
      this.store.remove(kind.key);
      this.persisted = null;
    }
    return { found: null, problem };
  }

  /** True when `game` has a started, unfinished save (the home screen offers Resume). */
  hasGameInProgress(game: GameId): boolean {
    const r = this.store.read(saveKind(game)).value;
    return !!r && r.started && !r.finished;
  }

  /** Saves the game of `s` (after every move, and when the page hides). */
  persist(s: Session | undefined): void {
    if (!s) return;
    const elapsedMs = Math.round(this.elapsed());
    // What was last written for this session (its version counts every move, undo and redo):
    // writing it again (every new deal saves the old game first) would cost formatting the whole
    // history and a storage write for nothing.
    const mark = `${s.version}/${elapsedMs}/${this.meta.started}/${this.meta.finished}/${this.meta.daily}`;
    if (this.persisted?.session === s && this.persisted.mark === mark) return;
    const h = s.history();
    const save: Save = {
      game: s.rules.id,
      deal: s.deal,
      flags: s.flags,
      daily: this.meta.daily,
      steps: formatSteps(s.rules, s.deal, s.flags, h.steps as EngineStep[]),
      cursor: h.cursor,
      elapsedMs,
      started: this.meta.started,
      finished: this.meta.finished,
      ...(h.opening ? { opening: true } : {}),
    };
    const problem = this.store.write(saveKind(s.rules.id), save);
    this.persisted = problem ? null : { session: s, mark };
    this.warn(problem);
  }

  // ---- the clock ----

  /** The current game's time so far, in ms. */
  elapsed(): number {
    return this.meta.elapsedMs + (this.meta.runningSince === null ? 0 : performance.now() - this.meta.runningSince);
  }

  /** Runs the clock while the game of `s` is started, not won, and the page is visible; stops it otherwise. */
  runClock(s: Session | undefined): void {
    const should = !!s && this.meta.started && !s.won && document.visibilityState !== 'hidden';
    if (should && this.meta.runningSince === null) this.meta.runningSince = performance.now();
    if (!should) this.stopClock();
  }

  /** Banks the running time and stops the clock. */
  stopClock(): void {
    if (this.meta.runningSince === null) return;
    this.meta.elapsedMs += performance.now() - this.meta.runningSince;
    this.meta.runningSince = null;
  }

  /** True while the clock runs. */
  get clockRunning(): boolean {
    return this.meta.runningSince !== null;
  }
}
