/** The hint: one search, a guess drawn when it is slow, then the proven arrow or the loss. */
import { formatMove, type MoveJson } from '../../engine/notation.ts';
import { playerMoves, winningMove } from '../../engine/play.ts';
import type { GameRules, State } from '../../engine/rules.ts';
import type { Budget, Outcome } from '../../solver/search.ts';
import type { Table } from '../table/table.ts';
import { type AssistHost, BUDGETS } from './host.ts';
import { type Ask, exactKey, NOW, type SolverService, type Verdict } from './solverService.ts';

/** What the hint found: the hook's `hint()` answer. */
export interface HintAnswer {
  /** won: `move` is the next move of a winning line; lost: proven; unknown: `move` is a heuristic guess (or null). */
  result: Outcome;
  /** The suggested move in the notation, or null. */
  move: MoveJson | null;
}

/** The best move by the game's own ordering (moveScore), for an unproven hint. */
export function heuristicMove(rules: GameRules, s: State): number | null {
  const moves = playerMoves(rules, s);
  let best: number | null = null;
  let score = Number.POSITIVE_INFINITY;
  for (const m of moves) {
    const v = rules.moveScore(s, m);
    if (v < score) {
      score = v;
      best = m;
    }
  }
  return best;
}

/** Hints at the table. */
export class Hints {
  private hintAsk: Ask | null = null;
  /** Counts hint requests: an answer is shown only while its request is the latest. */
  private hintToken = 0;
  /** True while a hint's message is on screen. */
  private hintSaid = false;
  private counted = '';

  /** Hints for `host` from `service`; `lost` shows the loss banner for a proven loss. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
    private readonly lost: (table: Table) => void,
    /** Resolves after `ms` (a timer the tests drive by hand). */
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /**
   * Asks for a hint about the current position and shows it, so the player never waits long for an
   * arrow: a move that wins at once is shown as proven without a search; otherwise one full search
   * starts; when it has not answered within the quick wait (most positions are settled by then),
   * the game's own best move is drawn as a dashed arrow marked "not proven, still checking", and
   * the search goes on. Its answer then replaces the guess: a solid arrow for a winning move, the
   * lost dialog for a proven loss, or "not proven" when the budget runs out. Any move, a new table
   * or another hint cancels the search. Resolves with the final answer.
   */
  async hint(): Promise<HintAnswer> {
    const table = this.host.table();
    if (!table) return { result: 'unknown', move: null };
    table.flush();
    const s = table.session;
    const version = s.version;
    const state = s.state;
    const rules = s.rules;
    this.hintAsk?.cancel();
    const token = ++this.hintToken;
    if (s.won) return { result: 'won', move: null };
    const t = this.host.strings();
    const current = (): boolean => this.hintToken === token && this.host.table() === table && s.version === version;
    const ask = (budget: Budget): Promise<Verdict | null> => {
      const a = this.service.ask(rules, state, budget, NOW);
      this.hintAsk = a;
      return a.promise.then((v) => {
        if (this.hintAsk === a) this.hintAsk = null;
        return current() ? v : null;
      });
    };
    this.host.thinking(true);
    try {
      const now = winningMove(rules, state);
      if (now !== null) {
        this.count(rules, state);
        this.say('');
        await table.showHint(now, true);
        return { result: 'won', move: formatMove(rules, state, now) };
      }
      const full = ask(BUDGETS.hint);
      const early = await Promise.race([full, this.wait(BUDGETS.hintQuick.maxMs).then(() => undefined)]);
      const guess = heuristicMove(rules, state);
      if (early === undefined && current() && guess !== null) {
        this.count(rules, state);
        this.say(t.t('hintChecking'));
        await table.showHint(guess, false);
      }
      const v = early === undefined ? await full : early;
      if (!v) return { result: 'unknown', move: null };
      if (v.result === 'won' && v.line.length) {
        const m = v.line[0]!;
        this.count(rules, state);
        this.say('');
        await table.showHint(m, true);
        return { result: 'won', move: formatMove(rules, state, m) };
      }
      if (v.result === 'lost') {
        table.clearHint();
        this.say('');
        this.lost(table);
        return { result: 'lost', move: null };
      }
      if (guess === null) {
        this.say(t.t('hintNothing'));
        return { result: 'unknown', move: null };
      }
      this.count(rules, state);
      this.say(t.t('hintNotProven'));
      await table.showHint(guess, false);
      return { result: 'unknown', move: formatMove(rules, state, guess) };
    } finally {
      if (this.hintToken === token) {
        this.host.thinking(false);
        performance.mark('solitaire:hint-done');
      }
    }
  }

  /** Shows a hint's message; the next change of the position takes it away. */
  private say(text: string): void {
    this.host.message(text);
    this.hintSaid = text !== '';
  }

  /** One count per position, however often H is pressed there. */
  private count(rules: GameRules, state: State): void {
    const key = exactKey(rules, state);
    if (key === this.counted) return;
    this.counted = key;
    this.host.countHint();
  }

  /** The position changed: the question is cancelled and its message goes. */
  changed(): void {
    this.hintAsk?.cancel();
    if (this.hintSaid) this.say('');
  }

  /** A new table: the question is cancelled. */
  reset(): void {
    this.hintAsk?.cancel();
  }
}
