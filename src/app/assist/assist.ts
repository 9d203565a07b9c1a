/**
 * The solver at the table: hints with arrows, proven verdicts with a rewind to the last winnable
 * position, the live verdict line, the analysis of every legal move, "never cost a win"
 * auto-collect and the solver's own replay with its timeline. All questions go to the worker
 * through the SolverService; the table stays playable, and any move cancels what it no longer needs.
 */
import { formatMove, type MoveJson } from '../../engine/notation.ts';
import { legalList, openingState } from '../../engine/play.ts';
import { cloneState, type GameRules, type State } from '../../engine/rules.ts';
import type { Budget, Outcome } from '../../solver/search.ts';
import { describeMove } from '../table/describe.ts';
import { closeBanner, showBanner } from '../page/banner.ts';
import type { Session } from '../table/session.ts';
import { type Ask, exactKey, LATER, NOW, type SolverService, type Verdict } from './solverService.ts';
import type { Strings } from '../page/strings.ts';
import type { Table } from '../table/table.ts';
import { el } from '../page/ui.ts';

/** What the hint found: the hook's `hint()` answer. */
export interface HintAnswer {
  /** won: `move` is the next move of a winning line; lost: proven; unknown: `move` is a heuristic guess (or null). */
  result: Outcome;
  /** The suggested move in the notation, or null. */
  move: MoveJson | null;
}

/** What the assistant needs from the app. */
export interface AssistHost {
  /** The table on screen. */
  table(): Table | null;
  /** The strings in the player's language. */
  strings(): Strings;
  /** True when the verdict line is wanted. */
  verdictWanted(): boolean;
  /** Shows one line to the player ('' hides it). */
  message(text: string): void;
  /** Shows or hides the thinking indicator. */
  thinking(on: boolean): void;
  /** Counts a hint in the statistics. */
  countHint(): void;
  /** Redraws the status line. */
  refresh(): void;
  /** The player's auto-collect choice, for the engine while no replay runs. */
  autoMode(): 'off' | 'safe' | 'all';
  /** Lays the table out again (a bar came or went). */
  relayout(): void;
  /** Deals a new deal from the game's winnable list. */
  newWinnable(): void;
}

/**
 * Budgets: the hint's search, a step of the rewind search, background verdicts, one analysed move,
 * one auto-collect check, the replay. The hint has one search; `hintQuick.maxMs` is how long the
 * player waits for it before a guess is drawn while it goes on.
 */
export const BUDGETS = {
  hintQuick: { maxMs: 150 },
  hint: { maxNodes: 1_500_000, maxMs: 4_000 },
  rewind: { maxNodes: 500_000, maxMs: 2_500 },
  verdict: { maxNodes: 1_000_000, maxMs: 5_000 },
  analysis: { maxNodes: 300_000, maxMs: 1_500 },
  auto: { maxNodes: 150_000, maxMs: 400 },
  solve: { maxNodes: 5_000_000, maxMs: 20_000 },
} as const satisfies Record<string, Budget>;

const REPLAY_DELAY = { slow: 1100, normal: 450, fast: 80 } as const;
type ReplaySpeed = keyof typeof REPLAY_DELAY;

interface Replay {
  session: Session;
  line: number[];
  labels: string[];
  /** Moves of the line played so far. */
  index: number;
  /** The session's version after the replay's own last move: any other change means the player took over. */
  version: number;
  playing: boolean;
  speed: ReplaySpeed;
  bar: HTMLElement;
  strip: HTMLOListElement;
  playBtn: HTMLButtonElement;
}

/** The dock under the table for the timeline and the analysis (the app keeps the table above it). */
function dock(): HTMLElement {
  return document.getElementById('dock') ?? document.body;
}

/** The best move by the game's own ordering (moveScore), for an unproven hint. */
export function heuristicMove(rules: GameRules, s: State): number | null {
  const moves = legalList(rules, s);
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

/** The solver's services at the table. */
export class Assist {
  private readonly host: AssistHost;
  private readonly service: SolverService;
  private hintAsk: Ask | null = null;
  /** Counts hint requests: an answer is shown only while its request is the latest. */
  private hintToken = 0;
  /** True while a hint's message is on screen. */
  private hintSaid = false;
  /** The rewind search's current question, cancelled when its dialog closes or the table changes. */
  private rewindAsk: Ask | null = null;
  /** Bumped to stop the rewind search between its questions. */
  private rewindGen = 0;
  private verdictAsk: Ask | null = null;
  private verdictFor = '';
  private verdict: Outcome | 'checking' | null = null;
  private analysisOpen = false;
  private analysisAsks: Ask[] = [];
  private analysisFor = '';
  private replay: Replay | null = null;
  private ownMove = false;
  private counted = '';

  /** Serves `host` with `service`. */
  constructor(
    host: AssistHost,
    service: SolverService,
    /** Resolves after `ms` (a timer the tests drive by hand). */
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.host = host;
    this.service = service;
  }

  // ---- hint ----

  /**
   * Asks for a hint about the current position and shows it, so the player never waits long for an
   * arrow: one full search starts; when it has not answered within the quick wait (most positions
   * are settled by then), the game's own best move is drawn as a dashed arrow marked "not proven,
   * still checking", and the search goes on. Its answer then replaces the guess: a solid arrow for a
   * winning move, the lost dialog for a proven loss, or "not proven" when the budget runs out. Any
   * move, a new table or another hint cancels the search. Resolves with the final answer.
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
        this.lossBanner(table, 'proven');
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

  // ---- proven loss: the losing move and the rewind ----

  /**
   * The banner for a loss, shown over a table that stays playable: `proven` (the hint's search
   * proved it), `stuck` (no legal move) or `dead` (the game's own dead end). It offers Undo, Rewind
   * once the search of the history finds an earlier position the solver proves winnable, and a new
   * winnable deal; for a deal lost from its opening, it says so and offers no Rewind.
   */
  lossBanner(table: Table, reason: 'proven' | 'stuck' | 'dead'): void {
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
      () => this.stopRewind(),
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
    this.stopRewind();
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
  private stopRewind(): void {
    this.rewindGen++;
    this.rewindAsk?.cancel();
    this.rewindAsk = null;
  }

  // ---- after every change ----

  /** Called after every change of the session: cancels stale questions, restarts background ones. */
  changed(): void {
    this.hintAsk?.cancel();
    if (this.hintSaid) this.say('');
    if (this.replay && !this.ownMove && this.replay.session.version !== this.replay.version) this.stopReplay();
    this.updateVerdict();
    if (this.analysisOpen) this.updateAnalysis();
  }

  /** Teaches the solver cache a known winning line (a stored winnable deal): `take` gives its start and moves, called only when the cache is next consulted. */
  learn(rules: GameRules, take: () => { state: State; line: readonly number[] } | null): void {
    this.service.learnLineLater(rules, take);
  }

  /** A new table: everything about the old one is dropped. */
  reset(): void {
    closeBanner();
    this.hintAsk?.cancel();
    this.stopRewind();
    this.verdictAsk?.cancel();
    this.verdictFor = '';
    this.verdict = null;
    this.stopReplay();
    this.closeAnalysis();
    this.service.cancelAll(LATER);
  }

  // ---- the verdict line ----

  /** The verdict for the status line, or null when not wanted. */
  verdictText(): string | null {
    if (!this.host.verdictWanted() || this.verdict === null) return null;
    const t = this.host.strings();
    return this.verdict === 'checking' ? t.t('verdictChecking') : this.verdict === 'won' ? t.t('verdictWinnable') : this.verdict === 'lost' ? t.t('verdictLost') : null;
  }

  /** Re-checks the verdict of the current position in the background. */
  updateVerdict(): void {
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

  // ---- never cost a win ----

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

  // ---- analysis ----

  /** Opens or closes the analysis of the current position's moves. */
  toggleAnalysis(): void {
    if (this.analysisOpen) this.closeAnalysis();
    else {
      this.analysisOpen = true;
      this.updateAnalysis();
    }
  }

  private closeAnalysis(): void {
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

  private updateAnalysis(): void {
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
    const moves = legalList(s.rules, state);
    const panel = document.getElementById('analysis') ?? el('aside', { id: 'analysis' });
    panel.setAttribute('aria-label', t.t('analysis'));
    const total = el('span', { id: 'analysis-total' });
    const close = el('button', { type: 'button', textContent: '×' });
    close.setAttribute('aria-label', t.t('close'));
    close.addEventListener('click', () => this.closeAnalysis());
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
      const ask = this.service.ask(s.rules, after, BUDGETS.analysis, LATER);
      this.analysisAsks.push(ask);
      void ask.promise.then((v) => {
        if (this.analysisFor === key) show(i, v.result);
      });
    });
  }

  // ---- watching the solver ----

  /** True while the solver's replay plays by itself. */
  get replaying(): boolean {
    return this.replay?.playing ?? false;
  }

  /** True while the replay's timeline is shown. */
  get replayShown(): boolean {
    return this.replay !== null;
  }

  /** Solves from here and plays the line with its timeline. */
  async solve(): Promise<void> {
    const table = this.host.table();
    if (!table) return;
    table.flush();
    this.stopReplay();
    const s = table.session;
    const version = s.version;
    const state = s.state;
    const t = this.host.strings();
    this.host.thinking(true);
    const v = await this.service.ask(s.rules, state, BUDGETS.solve, NOW).promise;
    this.host.thinking(false);
    if (this.host.table() !== table || s.version !== version) return;
    if (v.result !== 'won') {
      this.host.message(t.t(v.result === 'lost' ? 'solveLost' : 'solveFailed'));
      return;
    }
    this.host.message('');
    this.startReplay(table, state, v.line);
  }

  private startReplay(table: Table, state: State, line: number[]): void {
    const t = this.host.strings();
    const s = table.session;
    const w = cloneState(state);
    const labels = line.map((m) => {
      const d = describeMove(t, s.rules, w, m);
      s.rules.make(w, m);
      return d;
    });
    const button = (text: string, label: string, fn: () => void, id: string): HTMLButtonElement => {
      const b = el('button', { type: 'button', textContent: text, id });
      b.setAttribute('aria-label', label);
      b.title = label;
      b.addEventListener('click', fn);
      return b;
    };
    const strip = el('ol', { tabIndex: 0 });
    strip.setAttribute('aria-label', t.t('timeline'));
    labels.forEach((label, i) => {
      const li = el('li', { textContent: `${i + 1}. ${label}` });
      li.addEventListener('click', () => this.jump(i + 1));
      strip.append(li);
    });
    const playBtn = button('II', t.t('pause'), () => this.togglePlay(), 'replay-play');
    const speed = el('select', { id: 'replay-speed' });
    speed.setAttribute('aria-label', t.t('replaySpeed'));
    for (const [k, key] of [
      ['slow', 'speedSlow'],
      ['normal', 'speedNormal'],
      ['fast', 'speedFast'],
    ] as const) {
      speed.append(el('option', { value: k, textContent: t.t(key) }));
    }
    speed.value = 'normal';
    speed.addEventListener('change', () => {
      if (this.replay) this.replay.speed = speed.value as ReplaySpeed;
    });
    const close = button('×', t.t('close'), () => this.stopReplay(), 'replay-close');
    const bar = el('section', { id: 'timeline' }, button('«', t.t('stepBack'), () => this.step(-1), 'replay-back'), playBtn, button('»', t.t('stepForward'), () => this.step(1), 'replay-forward'), speed, strip, close);
    bar.setAttribute('aria-label', t.t('timeline'));
    dock().append(bar);
    this.host.relayout();
    s.autoMode = 'off';
    this.replay = { session: s, line, labels, index: 0, version: s.version, playing: true, speed: 'normal', bar, strip, playBtn };
    this.drawTimeline();
    void this.run(this.replay);
  }

  private drawTimeline(): void {
    const r = this.replay;
    if (!r) return;
    const t = this.host.strings();
    [...r.strip.children].forEach((li, i) => {
      li.classList.toggle('done', i < r.index);
      if (i === Math.max(0, r.index - 1)) {
        li.setAttribute('aria-current', 'step');
        li.scrollIntoView?.({ block: 'nearest', inline: 'center' });
      } else li.removeAttribute('aria-current');
    });
    r.playBtn.textContent = r.playing ? 'II' : '▶';
    r.playBtn.setAttribute('aria-label', r.playing ? t.t('pause') : t.t('play'));
    r.playBtn.title = r.playBtn.getAttribute('aria-label')!;
    r.bar.dataset.index = String(r.index);
    r.bar.dataset.playing = String(r.playing);
  }

  private async run(r: Replay): Promise<void> {
    const table = this.host.table();
    while (this.replay === r && r.playing && r.index < r.line.length && table) {
      this.own(() => table.play(r.line[r.index]!));
      r.index++;
      this.drawTimeline();
      await table.settledPromise();
      if (this.replay !== r || !r.playing) return;
      await new Promise((resolve) => setTimeout(resolve, REPLAY_DELAY[r.speed]));
    }
    if (this.replay === r && r.index >= r.line.length) {
      r.playing = false;
      this.drawTimeline();
    }
  }

  private own(fn: () => void): void {
    this.ownMove = true;
    try {
      fn();
    } finally {
      this.ownMove = false;
      if (this.replay) this.replay.version = this.replay.session.version;
    }
  }

  private togglePlay(): void {
    const r = this.replay;
    if (!r) return;
    r.playing = !r.playing && r.index < r.line.length;
    this.drawTimeline();
    if (r.playing) void this.run(r);
  }

  /** One move back (-1) or forward (+1) along the line; pauses the replay. */
  step(delta: -1 | 1): void {
    const r = this.replay;
    const table = this.host.table();
    if (!r || !table) return;
    r.playing = false;
    if (delta < 0 && r.index > 0) {
      this.own(() => table.undo());
      r.index--;
    } else if (delta > 0 && r.index < r.line.length) {
      this.own(() => table.play(r.line[r.index]!));
      r.index++;
    }
    this.drawTimeline();
  }

  private jump(to: number): void {
    const r = this.replay;
    if (!r) return;
    r.playing = false;
    while (r.index > to) this.step(-1);
    while (r.index < to) this.step(1);
  }

  /** The player takes over: the replay stops, the moves played stay in the history. */
  stopReplay(): void {
    const r = this.replay;
    if (!r) return;
    this.replay = null;
    r.playing = false;
    r.bar.remove();
    r.session.autoMode = this.host.autoMode();
    this.host.relayout();
  }
}
