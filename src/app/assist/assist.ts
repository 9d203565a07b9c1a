/**
 * The solver at the table, composed: hints with arrows, the loss banner with its rewind, the verdict
 * line, the analysis of every move a player can make, "never cost a win" auto-collect and the solver's own
 * replay. All questions go to the worker through the SolverService; the table stays playable, and
 * any move cancels what it no longer needs.
 */
import type { GameRules, State } from '../../engine/rules.ts';
import { cloneState } from '../../engine/rules.ts';
import { closeBanner } from '../page/banner.ts';
import type { Table } from '../table/table.ts';
import { Analysis } from './analysis.ts';
import { Crossroads } from './crossroads.ts';
import { type HintAnswer, Hints } from './hint.ts';
import { type AssistHost, BUDGETS } from './host.ts';
import { Replayer } from './replay.ts';
import { LossBanner } from './rewind.ts';
import { LATER, NOW, type SolverService } from './solverService.ts';
import { VerdictLine } from './verdict.ts';

export { type HintAnswer, heuristicMove } from './hint.ts';
export { type AssistHost, BUDGETS } from './host.ts';

/** The solver's services at the table. */
export class Assist {
  private readonly hints: Hints;
  private readonly loss: LossBanner;
  private readonly verdict: VerdictLine;
  private readonly analysis: Analysis;
  private readonly replay: Replayer;
  private readonly crossroads: Crossroads;

  /** Serves `host` with `service`; `wait` times the hint's quick wait (the tests drive it by hand). */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
    wait?: (ms: number) => Promise<void>,
  ) {
    this.loss = new LossBanner(host, service);
    this.hints = new Hints(host, service, (table) => this.loss.show(table, 'proven'), wait);
    this.verdict = new VerdictLine(host, service);
    this.analysis = new Analysis(host, service);
    this.replay = new Replayer(host, service);
    this.crossroads = new Crossroads(host, service);
  }

  /** The warning at the crossroads: checks the player's move from `before` to `after` (crossroads.ts); resolves true when it warned. */
  checkMove(table: Table, before: State, after: State): Promise<boolean> {
    return this.crossroads.check(table, before, after);
  }

  /** Asks for a hint about the current position and shows it (hint.ts); resolves with the final answer. */
  hint(): Promise<HintAnswer> {
    return this.hints.hint();
  }

  /** The banner for a loss: `proven` by a search, `stuck` with no legal move, or `dead` by the game's own rule. */
  lossBanner(table: Table, reason: 'proven' | 'stuck' | 'dead'): void {
    this.loss.show(table, reason);
  }

  /** Called after every change of the session: cancels stale questions, restarts background ones. */
  changed(): void {
    this.hints.changed();
    this.replay.changed();
    this.verdict.update();
    this.analysis.changed();
    this.crossroads.changed(this.host.table());
  }

  /** Teaches the solver cache a known winning line (a stored winnable deal): `take` gives its start and moves, called only when the cache is next consulted. */
  learn(rules: GameRules, take: () => { state: State; line: readonly number[] } | null): void {
    this.service.learnLineLater(rules, take);
  }

  /** A table is shown: the worker is warmed for its game, the first time only (SolverService.warm). */
  warm(rules: GameRules, s: State): void {
    this.service.warm(rules, s, BUDGETS.warm);
  }

  /** A new table: everything about the old one is dropped. */
  reset(): void {
    closeBanner();
    this.hints.reset();
    this.loss.stop();
    this.verdict.reset();
    this.replay.stop();
    this.analysis.close();
    this.crossroads.reset();
    this.service.cancelAll(LATER);
  }

  /** The verdict for the status line, or null when not wanted. */
  verdictText(): string | null {
    return this.verdict.text();
  }

  /** Re-checks the verdict of the current position in the background. */
  updateVerdict(): void {
    this.verdict.update();
  }

  /**
   * The next automatic move for "never cost a win": the first move to a foundation whose result
   * the solver proves winnable; when no answer comes in time, only the game's safe moves.
   */
  async autoMove(): Promise<number | null> {
    const table = this.host.table();
    if (!table) return null;
    const s = table.session;
    const state = s.state;
    const safe = new Set(s.rules.autoMoves(state, 'safe'));
    for (const m of s.rules.autoMoves(state, 'all')) {
      const after = cloneState(state);
      s.rules.make(after, m);
      const v = await this.service.ask(s.rules, after, BUDGETS.auto, NOW).promise;
      if (this.host.table() !== table) return null;
      if (v.result === 'won') return m;
      if (v.result === 'unknown' && safe.has(m)) return m;
    }
    return null;
  }

  /** Opens or closes the analysis of the current position's moves. */
  toggleAnalysis(): void {
    this.analysis.toggle();
  }

  /** True while the solver's replay plays by itself. */
  get replaying(): boolean {
    return this.replay.playing;
  }

  /** True while the replay's timeline is shown. */
  get replayShown(): boolean {
    return this.replay.shown;
  }

  /** Solves from here and plays the line with its timeline. */
  solve(): Promise<void> {
    return this.replay.solve();
  }

  /** One move back (-1) or forward (+1) along the replayed line; pauses it. */
  step(delta: -1 | 1): void {
    this.replay.step(delta);
  }

  /** The player takes over: the replay stops, the moves played stay in the history. */
  stopReplay(): void {
    this.replay.stop();
  }
}
