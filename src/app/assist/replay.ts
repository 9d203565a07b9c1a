/** Watching the solver: it solves from here and plays its line, with a timeline to pause, step and jump. */
import { cloneState, type State } from '../../engine/rules.ts';
import { el } from '../page/ui.ts';
import { describeMove } from '../table/describe.ts';
import type { Session } from '../table/session.ts';
import type { Table } from '../table/table.ts';
import { type AssistHost, BUDGETS, dock } from './host.ts';
import { NOW, type SolverService } from './solverService.ts';

const REPLAY_DELAY = { slow: 1100, normal: 450, fast: 80 } as const;
type ReplaySpeed = keyof typeof REPLAY_DELAY;

interface Line {
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

/** The solver's replay. */
export class Replayer {
  private replay: Line | null = null;
  private ownMove = false;

  /** Replays for `host`, solved by `service`. */
  constructor(
    private readonly host: AssistHost,
    private readonly service: SolverService,
  ) {}

  /** True while the solver's replay plays by itself. */
  get playing(): boolean {
    return this.replay?.playing ?? false;
  }

  /** True while the replay's timeline is shown. */
  get shown(): boolean {
    return this.replay !== null;
  }

  /** Solves from here and plays the line with its timeline. */
  async solve(): Promise<void> {
    const table = this.host.table();
    if (!table) return;
    table.flush();
    this.stop();
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
    const close = button('×', t.t('close'), () => this.stop(), 'replay-close');
    const bar = el('section', { id: 'timeline' }, button('«', t.t('stepBack'), () => this.step(-1), 'replay-back'), playBtn, button('»', t.t('stepForward'), () => this.step(1), 'replay-forward'), speed, strip, close);
    bar.setAttribute('aria-label', t.t('timeline'));
    dock().append(bar);
    this.host.relayout();
    this.host.autoplay().suspend();
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

  private async run(r: Line): Promise<void> {
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
  stop(): void {
    const r = this.replay;
    if (!r) return;
    this.replay = null;
    r.playing = false;
    r.bar.remove();
    this.host.autoplay().resume();
    this.host.relayout();
  }

  /** The position changed: a move that is not the replay's own means the player took over. */
  changed(): void {
    if (this.replay && !this.ownMove && this.replay.session.version !== this.replay.version) this.stop();
  }
}
