/** The DOM controls over the canvas: game picker, New deal, Undo, Redo, mute, options and the status line. */
import type { GameRules } from '../engine/rules.ts';
import { SPEEDS, type Speed } from '../render/animator.ts';

/** What the controls ask the app to do. */
export interface UiActions {
  /** Switch to game `id` (a new deal). */
  pickGame(id: string): void;
  /** A new random deal of the same game. */
  newDeal(): void;
  /** Take back the last step. */
  undo(): void;
  /** Play the undone step again. */
  redo(): void;
  /** Mute or unmute. */
  toggleMute(): void;
  /** Set the animation speed. */
  setSpeed(s: Speed): void;
  /** Mirror the table or not. */
  setLeftHanded(on: boolean): void;
}

/** Handles to the controls the app updates. */
export interface Ui {
  /** The toolbar element (its height is kept off the table). */
  bar: HTMLElement;
  /** Shows the game, the undo/redo availability and the status text. */
  update(s: { game: string; canUndo: boolean; canRedo: boolean; status: string; muted: boolean; speed: Speed; leftHanded: boolean }): void;
  /** Shows a one-line message (an empty string hides it). */
  message(text: string): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...kids);
  return e;
}

const SPEED_NAMES: Record<Speed, string> = { off: 'Off', slow: 'Slow', normal: 'Normal', fast: 'Fast' };

/** Builds the controls into `root`. */
export function buildUi(root: HTMLElement, games: readonly GameRules[], act: UiActions): Ui {
  const picker = el('select', { id: 'game-picker', title: 'Game' });
  for (const g of games) picker.append(el('option', { value: g.id, textContent: g.names.en }));
  picker.addEventListener('change', () => act.pickGame(picker.value));
  const pickLabel = el('label', { className: 'sr-only', htmlFor: 'game-picker', textContent: 'Game' });
  const button = (text: string, name: string, fn: () => void, key = ''): HTMLButtonElement => {
    const b = el('button', { type: 'button', textContent: text, title: key ? `${name} (${key})` : name });
    b.setAttribute('aria-label', name);
    b.addEventListener('click', fn);
    return b;
  };
  const newBtn = button('New', 'New deal', act.newDeal);
  const undoBtn = button('Undo', 'Undo', act.undo, 'Ctrl+Z');
  const redoBtn = button('Redo', 'Redo', act.redo, 'Ctrl+Y');
  const muteBtn = button('Mute', 'Mute', act.toggleMute);
  const speed = el('select', { id: 'speed' });
  for (const s of SPEEDS) speed.append(el('option', { value: s, textContent: SPEED_NAMES[s] }));
  speed.addEventListener('change', () => act.setSpeed(speed.value as Speed));
  const left = el('input', { type: 'checkbox', id: 'left-handed' });
  left.addEventListener('change', () => act.setLeftHanded(left.checked));
  const options = el(
    'details',
    { className: 'options' },
    el('summary', { textContent: '⚙' }),
    el('div', { className: 'panel' }, el('label', { htmlFor: 'speed', textContent: 'Animation ' }), speed, el('label', {}, left, ' Left-handed')),
  );
  options.querySelector('summary')!.setAttribute('aria-label', 'Options');
  const status = el('output', { id: 'status' });
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const msg = el('p', { id: 'message', hidden: true });
  msg.setAttribute('role', 'alert');
  const bar = el('header', { id: 'toolbar' }, el('nav', { className: 'row' }, pickLabel, picker, newBtn, undoBtn, redoBtn, muteBtn, options, status), msg);
  bar.setAttribute('aria-label', 'Game controls');
  root.append(bar);
  return {
    bar,
    update(s) {
      picker.value = s.game;
      undoBtn.disabled = !s.canUndo;
      redoBtn.disabled = !s.canRedo;
      status.value = s.status;
      muteBtn.setAttribute('aria-pressed', String(s.muted));
      speed.value = s.speed;
      left.checked = s.leftHanded;
    },
    message(text) {
      msg.textContent = text;
      msg.hidden = text === '';
    },
  };
}
