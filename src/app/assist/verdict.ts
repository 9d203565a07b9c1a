/** The verdict line: whether the position on the table is winnable, checked in the background. */
import type { Outcome } from '../../solver/search.ts';
import { type AssistHost, BUDGETS } from './host.ts';
import { type Ask, exactKey, LATER, type SolverService } from './solverService.ts';

/** The verdict line. */
export class VerdictLine {
  private verdictAsk: Ask | null = null;
  private verdictFor = '';
  private verdict: Outcome | 'checking' | null = null;

  /** The line for `host`, checked by `service`. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
  ) {}

  /** The verdict for the status line, or null when not wanted. */
  text(): string | null {
    if (!this.host.verdictWanted() || this.verdict === null) return null;
    const t = this.host.strings();
    return this.verdict === 'checking' ? t.t('verdictChecking') : this.verdict === 'won' ? t.t('verdictWinnable') : this.verdict === 'lost' ? t.t('verdictLost') : null;
  }

  /** Re-checks the verdict of the current position in the background. */
  update(): void {
    const table = this.host.table();
    if (!table || !this.host.verdictWanted()) {
      this.verdictAsk?.cancel();
      this.verdict = null;
      this.verdictFor = '';
      return;
    }
    const s = table.session;
    const key = exactKey(s.rules, s.view);
    if (key === this.verdictFor) return;
    this.verdictFor = key;
    this.verdictAsk?.cancel();
    if (s.won) {
      this.verdict = 'won';
      return;
    }
    const known = this.service.known(s.rules, s.view, BUDGETS.verdict.maxNodes);
    if (known) {
      this.verdict = known.result;
      return;
    }
    this.verdict = 'checking';
    const ask = this.service.ask(s.rules, s.view, BUDGETS.verdict, LATER);
    this.verdictAsk = ask;
    void ask.promise.then((v) => {
      if (this.verdictAsk !== ask || this.verdictFor !== key) return;
      this.verdict = v.result;
      this.host.refresh();
    });
  }

  /** A new table: the check is cancelled and forgotten. */
  reset(): void {
    this.verdictAsk?.cancel();
    this.verdictFor = '';
    this.verdict = null;
  }
}
