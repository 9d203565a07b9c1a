/**
 * The warning at the crossroads (a setting, off by default): after a player's move, when the
 * position before it is proven winnable and the position after it proven lost, a note says that the
 * move gave up the win, with Undo. The move is never blocked or delayed: the check runs in the
 * worker after it, in the background, and says nothing once the player has moved on.
 */
import type { GameRules, State } from '../../engine/rules.ts';
import type { Outcome } from '../../solver/search.ts';
import type { Table } from '../table/table.ts';
import { type AssistHost, BUDGETS } from './host.ts';
import { type Ask, LATER, type SolverService } from './solverService.ts';

/** The crossroads check. */
export class Crossroads {
  private asks: Ask[] = [];
  /** Bumped by every check and reset: an answer counts only for the latest. */
  private gen = 0;
  /** The step the warning on screen is about, or null. */
  private warned: object | null = null;

  /** Warns through `host`, asking `service`. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
  ) {}

  /**
   * Checks the player's move from `before` to `after` on `table` (called as the move is made);
   * resolves true when it warned.
   */
  async check(table: Table, before: State, after: State): Promise<boolean> {
    this.cancel();
    const gen = this.gen;
    const s = table.session;
    const step = s.lastStep;
    // The position after the move first: most moves keep a win, and then the one before needs no question.
    const next = await this.verdict(s.rules, after);
    if (gen !== this.gen || next !== 'lost') return false;
    const prev = await this.verdict(s.rules, before);
    if (gen !== this.gen || prev !== 'won') return false;
    // Still that move's position (automatic moves may have joined its step): Undo takes it back.
    if (this.host.table() !== table || s.lastStep !== step || s.canRedo) return false;
    const t = this.host.strings();
    this.host.message(t.t('crossroads'), { label: t.t('undo'), run: () => table.undo() });
    this.warned = step;
    return true;
  }

  /** After any change on `table`: the warning goes once its move is no longer the last one (automatic moves joining it keep it). */
  changed(table: Table | null): void {
    if (this.warned === null) return;
    const s = table?.session;
    if (s && s.lastStep === this.warned && !s.canRedo) return;
    this.warned = null;
    this.host.message('');
  }

  /** A new table: a check in progress stops and no warning is on screen. */
  reset(): void {
    this.cancel();
    this.warned = null;
  }

  /** Cancels the questions in flight; answers still on their way count for nothing. */
  private cancel(): void {
    this.gen++;
    for (const a of this.asks) a.cancel();
    this.asks = [];
  }

  private async verdict(rules: GameRules, s: State): Promise<Outcome> {
    const known = this.service.known(rules, s, BUDGETS.crossroads.maxNodes);
    if (known) return known.result;
    const a = this.service.ask(rules, s, BUDGETS.crossroads, LATER);
    this.asks.push(a);
    return (await a.promise).result;
  }
}
