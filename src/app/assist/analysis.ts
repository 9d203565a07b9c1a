/**
 * The analysis panel: every move a player can make in the position (playerMoves), each proven
 * winning, losing or unknown.
 */
import { formatMove } from '../../engine/notation.ts';
import { playerMoves } from '../../engine/play.ts';
import { cloneState } from '../../engine/rules.ts';
import type { Outcome } from '../../solver/search.ts';
import { el } from '../page/ui.ts';
import { describeMove } from '../table/describe.ts';
import { type AssistHost, BUDGETS, dock } from './host.ts';
import { type Ask, exactKey, LATER, type SolverService } from './solverService.ts';

/** The analysis of the current position's moves. */
export class Analysis {
  private analysisOpen = false;
  private analysisAsks: Ask[] = [];
  private analysisFor = '';

  /** The panel for `host`, its moves checked by `service`. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
  ) {}

  /** Opens or closes the analysis of the current position's moves. */
  toggle(): void {
    if (this.analysisOpen) this.close();
    else {
      this.analysisOpen = true;
      this.update();
    }
  }

  /** Closes the panel and cancels its questions. */
  close(): void {
    this.analysisOpen = false;
    this.analysisFor = '';
    for (const a of this.analysisAsks) a.cancel();
    this.analysisAsks = [];
    const panel = document.getElementById('analysis');
    if (panel) {
      panel.remove();
      this.host.relayout();
    }
  }

  private update(): void {
    const table = this.host.table();
    if (!table) return;
    const s = table.session;
    const state = s.state;
    const key = exactKey(s.rules, state);
    if (key === this.analysisFor) return;
    this.analysisFor = key;
    for (const a of this.analysisAsks) a.cancel();
    this.analysisAsks = [];
    const t = this.host.strings();
    const moves = playerMoves(s.rules, state);
    const panel = document.getElementById('analysis') ?? el('aside', { id: 'analysis' });
    panel.setAttribute('aria-label', t.t('analysis'));
    const total = el('span', { id: 'analysis-total' });
    const close = el('button', { type: 'button', textContent: '×' });
    close.setAttribute('aria-label', t.t('close'));
    close.addEventListener('click', () => this.close());
    const list = el('ul');
    const results: (Outcome | null)[] = moves.map(() => null);
    const words: Record<Outcome, string> = { won: t.t('analysisWinning'), lost: t.t('analysisLosing'), unknown: t.t('analysisUnknown') };
    const draw = (): void => {
      const done = results.every((r) => r !== null);
      const n = results.filter((r) => r === 'won').length;
      total.textContent = done ? t.t('analysisTotal', { n, total: moves.length }) : `${t.t('analysisTotal', { n, total: moves.length })} (${t.t('analysisChecking')})`;
      panel.dataset.done = String(done);
    };
    const rows = moves.map((m) => {
      const mark = el('span', { className: 'checking', textContent: t.t('analysisChecking') });
      const li = el('li', {}, el('span', { textContent: describeMove(t, s.rules, state, m) }), mark);
      li.dataset.move = JSON.stringify(formatMove(s.rules, state, m));
      list.append(li);
      return { li, mark };
    });
    panel.replaceChildren(el('h2', {}, total, close), list);
    if (!panel.isConnected) {
      // Docked under the table, which is laid out above it: the panel never covers a card.
      dock().append(panel);
      this.host.relayout();
    }
    const show = (i: number, r: Outcome): void => {
      results[i] = r;
      rows[i]!.mark.textContent = words[r];
      rows[i]!.mark.className = r;
      rows[i]!.li.dataset.result = r;
      draw();
    };
    draw();
    const here = this.service.known(s.rules, state);
    moves.forEach((m, i) => {
      const after = cloneState(state);
      s.rules.make(after, m);
      // Every successor of a lost position is lost; the winning line's first move wins.
      if (here?.result === 'lost') {
        show(i, 'lost');
        return;
      }
      if (here?.result === 'won' && here.line[0] === m) this.service.learnLine(s.rules, state, here.line);
      // An unknown is asked once more, behind the other moves: the service searches it again only
      // when the first search stopped at its time limit short of its positions (a cold or busy
      // worker), and otherwise answers from its cache at once.
      const check = (again: boolean): void => {
        const ask = this.service.ask(s.rules, after, BUDGETS.analysis, LATER);
        this.analysisAsks.push(ask);
        void ask.promise.then((v) => {
          if (this.analysisFor !== key) return;
          if (v.result === 'unknown' && !again) check(true);
          else show(i, v.result);
        });
      };
      check(false);
    });
  }

  /** The position changed: an open panel analyses the new one. */
  changed(): void {
    if (this.analysisOpen) this.update();
  }
}
