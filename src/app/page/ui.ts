/**
 * The DOM frame over the canvas: a toolbar of fixed height with icon buttons (Home, New deal and
 * its options, Undo, Redo, Hint, the menu), the status line, and the toasts. On a phone the
 * toolbar sits at the bottom within thumb reach and the status line on a slim strip at the top;
 * both respect the screen's safe areas. Nothing here changes height with its text, so the table
 * never jumps. It knows no rules: it shows what the app tells it and reports clicks.
 */
import type { Strings } from './strings.ts';

/** The difficulty a new winnable deal is drawn from ('any': the whole list). */
export type Difficulty = 'any' | 'easy' | 'medium' | 'hard';
/** The difficulties, in the order offered. */
export const DIFFICULTIES: readonly Difficulty[] = ['any', 'easy', 'medium', 'hard'];

/** What the controls ask the app to do. */
export interface UiActions {
  /** Go to the home screen. */
  home(): void;
  /** A new deal of the same game, as the deal options say. */
  newDeal(): void;
  /** Turn "winnable only" on or off for the current game. */
  setWinnable(on: boolean): void;
  /** Choose the difficulty of winnable deals for the current game. */
  setDifficulty(d: Difficulty): void;
  /** Take back the last step. */
  undo(): void;
  /** Play the undone step again. */
  redo(): void;
  /** Open the deal-number dialog. */
  dealNumber(): void;
  /** Play today's daily deal. */
  daily(): void;
  /** Undo everything: the opening position again. */
  restart(): void;
  /** Open the statistics. */
  statistics(): void;
  /** Open the settings. */
  settings(): void;
  /** Open the rules of the current game. */
  rules(): void;
  /** Ask the solver for a hint. */
  hint(): void;
  /** Watch the solver play from here. */
  solve(): void;
  /** Show which moves keep the deal winnable. */
  analysis(): void;
  /** Show the keys. */
  keys(): void;
}

/** What the toolbar shows. */
export interface UiState {
  /** The current game's id, or null on the home screen. */
  game: string | null;
  /** Undo is possible. */
  canUndo: boolean;
  /** Redo is possible. */
  canRedo: boolean;
  /** The "winnable only" switch. */
  winnable: boolean;
  /** The difficulty of winnable deals. */
  difficulty: Difficulty;
  /** The status line. */
  status: string;
}

/** A button on a toast: its label and what it does. */
export interface ToastAction {
  /** The button's words. */
  label: string;
  /** Runs when pressed (the toast then goes). */
  run(): void;
}

/** Handles to the controls the app updates: the toolbar, status line and toasts. */
export interface Ui {
  /** The toolbar element. */
  bar: HTMLElement;
  /** Shows the state. */
  update(s: UiState): void;
  /**
   * Shows a toast over the table (an empty string hides it): a 'problem' (bad input, storage) is
   * an alert on red that stays until closed or replaced; a 'note' (what the hint or the solver
   * found) is a polite status on calm blue, with an optional action button. Toasts never move
   * the table.
   */
  message(text: string, kind?: 'problem' | 'note', action?: ToastAction): void;
  /** Shows or hides the "thinking" indicator. */
  thinking(on: boolean): void;
  /** CSS px the frame takes at the top and the bottom of the screen (kept off the table). */
  insets(): { top: number; bottom: number };
  /** Removes the frame. */
  destroy(): void;
}

/** Creates an element with properties and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...kids);
  return e;
}

/** The toolbar's icons (24×24 strokes drawn for this project, in the page's stylesheet). */
type IconName = 'home' | 'deal' | 'more' | 'undo' | 'redo' | 'hint' | 'menu';

/** An icon (hidden from screen readers: its button carries the name). */
function icon(name: IconName): HTMLElement {
  const i = el('span', { className: `icon icon-${name}` });
  i.setAttribute('aria-hidden', 'true');
  return i;
}

/** A dropdown panel that opens under its button, or above it when the button sits low on the screen. */
function dropdown(label: string, face: HTMLElement, className: string, ...items: HTMLElement[]): { box: HTMLDetailsElement; panel: HTMLElement } {
  const box = el('details', { className });
  const summary = el('summary', { title: label });
  summary.setAttribute('aria-label', label);
  summary.append(face);
  const panel = el('div', { className: 'panel' }, ...items);
  box.append(summary, panel);
  box.addEventListener('toggle', () => {
    if (!box.open) return;
    const b = summary.getBoundingClientRect();
    const low = b.top > innerHeight / 2;
    panel.style.top = low ? '' : `${Math.round(b.bottom + 4)}px`;
    panel.style.bottom = low ? `${Math.round(innerHeight - b.top + 4)}px` : '';
    panel.style.left = `${Math.round(Math.max(6, Math.min(b.left, innerWidth - panel.offsetWidth - 6)))}px`;
  });
  return { box, panel };
}

/** Builds the frame into `root` in the language of `t`. */
export function buildUi(root: HTMLElement, t: Strings, act: UiActions): Ui {
  const button = (name: string, ic: IconName, fn: () => void, key = ''): HTMLButtonElement => {
    const b = el('button', { type: 'button', title: key ? `${name} (${key})` : name, className: 'tool' });
    b.setAttribute('aria-label', name);
    b.append(icon(ic));
    b.addEventListener('click', fn);
    return b;
  };
  const homeBtn = button(t.t('home'), 'home', act.home);
  homeBtn.id = 'home-btn';
  const newBtn = button(t.t('newDeal'), 'deal', act.newDeal, 'N');
  newBtn.id = 'new-deal';

  // The deal options: winnable only, and the difficulty of winnable deals.
  const winnable = el('input', { type: 'checkbox', id: 'winnable-only' });
  winnable.addEventListener('change', () => act.setWinnable(winnable.checked));
  const winLabel = el('label', { className: 'check' }, winnable, el('span', { textContent: t.t('winnableOnly') }));
  const radios = DIFFICULTIES.map((d) => {
    const r = el('input', { type: 'radio', name: 'difficulty', value: d, id: `difficulty-${d}` });
    r.addEventListener('change', () => {
      if (r.checked) act.setDifficulty(d);
    });
    return r;
  });
  const levels = el(
    'fieldset',
    { className: 'levels' },
    el('legend', { textContent: t.t('difficulty') }),
    ...radios.map((r, k) => el('label', { className: 'check' }, r, el('span', { textContent: t.t(`difficulty_${DIFFICULTIES[k]!}`) }))),
  );
  const go = el('button', { type: 'button', id: 'deal-go', textContent: t.t('newDeal'), className: 'primary' });
  const deal = dropdown(t.t('dealOptions'), icon('more'), 'deal-options', winLabel, levels, go);
  go.addEventListener('click', () => {
    deal.box.open = false;
    act.newDeal();
  });

  const undoBtn = button(t.t('undo'), 'undo', act.undo, 'Ctrl+Z');
  const redoBtn = button(t.t('redo'), 'redo', act.redo, 'Ctrl+Y');
  const hintBtn = button(t.t('hint'), 'hint', act.hint, 'H');
  hintBtn.id = 'hint';

  const menu = dropdown(t.t('menu'), icon('menu'), 'menu');
  const item = (key: Parameters<Strings['t']>[0], fn: () => void, id: string): HTMLButtonElement => {
    const b = el('button', { type: 'button', textContent: t.t(key), id });
    b.setAttribute('role', 'menuitem');
    b.addEventListener('click', () => {
      menu.box.open = false;
      fn();
    });
    return b;
  };
  menu.panel.append(
    item('dealNumber', act.dealNumber, 'menu-deal-number'),
    item('dailyDeal', act.daily, 'menu-daily'),
    item('restart', act.restart, 'menu-restart'),
    item('solve', act.solve, 'menu-solve'),
    item('analysis', act.analysis, 'menu-analysis'),
    item('statistics', act.statistics, 'menu-statistics'),
    item('settings', act.settings, 'menu-settings'),
    item('rules', act.rules, 'menu-rules'),
    item('keys', act.keys, 'menu-keys'),
  );
  menu.panel.setAttribute('role', 'menu');

  const busy = el('span', { id: 'thinking', className: 'thinking', textContent: t.t('thinking'), hidden: true });
  busy.setAttribute('role', 'status');
  // Not a live region: the clock ticks every second. The game's end is announced by its dialog.
  const status = el('span', { id: 'status' });
  const line = el('div', { id: 'statusline' }, busy, status);
  const bar = el('header', { id: 'toolbar' }, el('nav', { className: 'row' }, homeBtn, el('span', { className: 'pair' }, newBtn, deal.box), undoBtn, redoBtn, hintBtn, menu.box), line);
  bar.setAttribute('aria-label', t.t('gameControls'));
  root.prepend(bar);

  const msg = el('p', { id: 'message', hidden: true });
  msg.setAttribute('role', 'alert');
  const msgClose = el('button', { type: 'button', className: 'toast-close', textContent: '×', title: t.t('close') });
  msgClose.setAttribute('aria-label', t.t('close'));
  // A toast's one action (the crossroads warning's Undo): it runs once and the toast goes.
  const actionBtn = el('button', { type: 'button', id: 'toast-action', className: 'toast-action', hidden: true });
  let action: ToastAction | null = null;
  actionBtn.addEventListener('click', () => {
    const a = action;
    msg.hidden = true;
    toast.hidden = true;
    action = null;
    a?.run();
  });
  const toast = el('div', { className: 'toast', hidden: true }, msg, actionBtn, msgClose);
  const toasts = el('div', { id: 'toasts' }, toast);
  root.append(toasts);
  msgClose.addEventListener('click', () => {
    msg.hidden = true;
    toast.hidden = true;
  });

  const outside = (e: PointerEvent): void => {
    for (const d of [menu.box, deal.box]) if (d.open && !d.contains(e.target as Node)) d.open = false;
  };
  document.addEventListener('pointerdown', outside);
  return {
    bar,
    update(s) {
      // Writes only what changed: update() runs after every move, and each write restyles the bar.
      const inGame = s.game !== null;
      if (bar.dataset.home !== String(!inGame)) bar.dataset.home = String(!inGame);
      if (undoBtn.disabled === s.canUndo) undoBtn.disabled = !s.canUndo;
      if (redoBtn.disabled === s.canRedo) redoBtn.disabled = !s.canRedo;
      if (winnable.checked !== s.winnable) winnable.checked = s.winnable;
      const r = radios[DIFFICULTIES.indexOf(s.difficulty)];
      if (r && !r.checked) r.checked = true;
      for (const x of radios) if (x.disabled === s.winnable) x.disabled = !s.winnable;
      const title = s.winnable ? `${t.t('newDeal')}: ${t.t(`deal_${s.difficulty}`)} (N)` : `${t.t('newDeal')}: ${t.t('deal_random')} (N)`;
      if (newBtn.title !== title) newBtn.title = title;
      if (status.textContent !== s.status) {
        status.textContent = s.status;
        status.title = s.status;
      }
    },
    message(text, kind = 'problem', act) {
      // Every route clears the toast: an empty one that is already hidden needs no DOM write.
      if (text === '' && msg.hidden) return;
      action = text && act ? act : null;
      actionBtn.hidden = action === null;
      actionBtn.textContent = action?.label ?? '';
      msg.textContent = text;
      msg.hidden = text === '';
      toast.hidden = msg.hidden;
      msg.dataset.kind = kind;
      toast.dataset.kind = kind;
      msg.setAttribute('role', kind === 'note' ? 'status' : 'alert');
    },
    thinking(on) {
      busy.hidden = !on;
    },
    insets() {
      const b = bar.getBoundingClientRect();
      const l = line.getBoundingClientRect();
      // At the bottom (a phone): the status strip is the top inset; at the top: the whole bar.
      if (b.top > innerHeight / 2) return { top: Math.round(l.bottom), bottom: Math.round(innerHeight - b.top) };
      return { top: Math.round(Math.max(b.bottom, l.bottom)), bottom: 0 };
    },
    destroy() {
      document.removeEventListener('pointerdown', outside);
      bar.remove();
      toasts.remove();
    },
  };
}
