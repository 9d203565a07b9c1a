/** A lost game's banner, and the search of the history for the last position the solver proves winnable. */
import { openingState } from '../../engine/play.ts';
import { cloneState, type GameRules, type State } from '../../engine/rules.ts';
import type { Outcome } from '../../solver/search.ts';
import { showBanner } from '../page/banner.ts';
import { describeMove } from '../table/describe.ts';
import type { Table } from '../table/table.ts';
import { type AssistHost, BUDGETS } from './host.ts';
import { type Ask, NOW, type SolverService, type Verdict } from './solverService.ts';

/** The loss banner and its rewind search. */
export class LossBanner {
  /** The rewind search's current question, cancelled when its banner closes or the table changes. */
  private rewindAsk: Ask | null = null;
  /** Bumped to stop the rewind search between its questions. */
  private rewindGen = 0;

  /** Banners for `host`, searched by `service`. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
  ) {}

  /**
   * The banner for a loss, shown over a table that stays playable: `proven` (the hint's search
   * proved it), `stuck` (no legal move) or `dead` (the game's own dead end). It offers Undo, Rewind
   * once the search of the history finds an earlier position the solver proves winnable, and a new
   * winnable deal; for a deal lost from its opening, it says so and offers no Rewind.
   */
  show(table: Table, reason: 'proven' | 'stuck' | 'dead'): void {
    const t = this.host.strings();
    const s = table.session;
    const title = t.t(reason === 'stuck' ? 'stuckTitle' : reason === 'dead' ? 'deadTitle' : 'lostTitle');
    const lead = reason === 'dead' ? t.t('lostGone') : '';
    const said = (more: string): string => [lead, more].filter((x) => x).join(' ');
    let target = -1;
    const { steps, cursor, opening } = s.history();
    const rewind = (): void => {
      if (target < 0 || this.host.table() !== table) return;
      // Automatic moves may have been added since the banner opened; the history up to the target must be the same.
      const now = s.history();
      if (now.cursor < target || JSON.stringify(now.steps.slice(0, target)) !== JSON.stringify(steps.slice(0, target))) return;
      table.undoSteps(now.cursor - target);
    };
    const banner = showBanner(
      'lost-banner',
      title,
      said(t.t('lostSearching')),
      [
        { label: t.t('undo'), id: 'end-undo', action: () => this.host.table()?.undo(), hidden: !s.canUndo },
        { label: t.t('rewind'), id: 'rewind', action: rewind, primary: true, hidden: true },
        { label: t.t('newWinnable'), id: 'end-new', action: () => this.host.newWinnable(), primary: true },
      ],
      t.t('close'),
      () => this.stop(),
    );
    if (!s.played) {
      // No move of the player's yet: the position lost is the deal's own opening.
      banner.say(said(t.t('lostNever')));
      return;
    }
    void this.lastWinnable(s.rules, s.deal, s.flags, steps.slice(0, cursor)).then((best) => {
      if (!banner.el.isConnected) return;
      const lines: string[] = [];
      if (best.index >= 0) {
        // The player's own move number: the opening step (what the game did after the deal) is not one.
        if (best.losingMove) lines.push(t.t('lostMove', { move: best.losingMove, n: best.index + 1 - (opening ? 1 : 0) }));
        lines.push(t.t('lostRewind', { steps: t.count('move', cursor - best.index) }));
        target = best.index;
        banner.show('rewind', true);
        banner.el.querySelector<HTMLButtonElement>('#rewind')?.focus({ preventScroll: true });
      } else lines.push(t.t(best.openingLost ? 'lostNever' : 'lostNoProof'));
      banner.say(said(lines.join(' ')));
    });
  }

  /**
   * The last position of the history (after `k` steps) that the solver proves winnable, by
   * bisection: along a history, once a position is lost every later one is too, so "proven won"
   * holds for a prefix. Unknown counts as not proven, so the answer may be earlier than the truth,
   * never later. Also names the move that lost it when the position after it is proven lost.
   */
  private async lastWinnable(rules: GameRules, deal: number, flags: number, steps: number[][]): Promise<{ index: number; losingMove: string | null; openingLost: boolean }> {
    const states: State[] = [];
    const w = openingState(rules, deal, flags);
    states.push(cloneState(w));
    for (const step of steps) {
      for (const m of step) rules.make(w, m);
      states.push(cloneState(w));
    }
    const n = steps.length;
    this.stop();
    const gen = this.rewindGen;
    const won = async (k: number): Promise<Outcome> => {
      const a = this.service.ask(rules, states[k]!, BUDGETS.rewind, NOW);
      this.rewindAsk = a;
      const v = await a.promise;
      if (this.rewindAsk === a) this.rewindAsk = null;
      return v.result;
    };
    let lo = 0;
    let hi = n - 1;
    let best = -1;
    let openingLost = false;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = await won(mid);
      if (gen !== this.rewindGen) return { index: -1, losingMove: null, openingLost: false };
      if (r === 'won') {
        best = mid;
        lo = mid + 1;
      } else {
        if (mid === 0 && r === 'lost') openingLost = true;
        hi = mid - 1;
      }
    }
    let losingMove: string | null = null;
    if (best >= 0) {
      const next = best + 1 === n ? ({ result: 'lost', line: [] } as Verdict) : this.service.known(rules, states[best + 1]!);
      if (next?.result === 'lost') losingMove = describeMove(this.host.strings(), rules, states[best]!, steps[best]![0]!);
    }
    return { index: best, losingMove, openingLost };
  }

  /** Stops the rewind search (its dialog closed, or a new table). An automatic move under the dialog does not stop it: it searches the history as it was. */
  stop(): void {
    this.rewindGen++;
    this.rewindAsk?.cancel();
    this.rewindAsk = null;
  }
}
