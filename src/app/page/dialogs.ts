/**
 * Modal dialogs (native <dialog> with showModal: focus is trapped, Esc closes): one at a time.
 * Each builder gets its strings and callbacks; none of them knows a rule of any game.
 */
import { MAX_DEAL } from '../../engine/rng.ts';
import { type GameId, findGame } from '../../games/catalog.ts';
import { parseDealNumber } from '../../engine/play.ts';
import { AUTO_COLLECT_CHOICES, BACK_CHOICES, LANGUAGES, type Settings, SPEED_CHOICES } from '../../persist/settings.ts';
import { rulesBook } from './rulesPages.ts';
import { sketch } from './sketch.ts';
import type { StringKey, Strings } from './strings.ts';
import { el } from './ui.ts';

/** A dialog button. */
export interface DialogButton {
  /** Its text. */
  label: string;
  /** What it does; returning false keeps the dialog open. */
  action?: () => unknown;
  /** The default button (focused first). */
  primary?: boolean;
  /** An id for tests and styling. */
  id?: string;
}

let current: HTMLDialogElement | null = null;

/** Closes the open dialog, if any. */
export function closeDialog(): void {
  const d = current;
  current = null;
  if (d?.open) d.close();
  d?.remove();
}

/** True while a dialog is open. */
export function dialogOpen(): boolean {
  return current !== null;
}

/** Opens a modal dialog with a title, a body and buttons. */
export function showDialog(id: string, title: string, body: (Node | string)[], buttons: DialogButton[], onClose?: () => void): HTMLDialogElement {
  closeDialog();
  const heading = el('h2', { id: `${id}-title`, textContent: title });
  const row = el('div', { className: 'buttons' });
  const d = el('dialog', { id, className: 'dialog' }, heading, el('div', { className: 'body' }, ...body), row);
  d.setAttribute('aria-labelledby', heading.id);
  let primary: HTMLButtonElement | null = null;
  for (const b of buttons) {
    const btn = el('button', { type: 'button', textContent: b.label });
    if (b.id) btn.id = b.id;
    if (b.primary) {
      btn.className = 'primary';
      primary = btn;
    }
    btn.addEventListener('click', () => {
      if (b.action?.() === false) return;
      if (current === d) closeDialog();
    });
    row.append(btn);
  }
  d.addEventListener('close', () => {
    if (current === d) current = null;
    d.remove();
    onClose?.();
  });
  document.body.append(d);
  current = d;
  d.showModal();
  primary?.focus();
  return d;
}

/** A table of labelled figures, one row each. */
export function figures(rows: [string, string][]): HTMLTableElement {
  const table = el('table', { className: 'figures' });
  for (const [k, v] of rows) table.append(el('tr', {}, el('th', { scope: 'row', textContent: k }), el('td', { textContent: v })));
  return table;
}


/** The deal-number dialog: a validated field; `open` gets the number. */
export function dealNumberDialog(t: Strings, open: (deal: number) => void): void {
  const input = el('input', { id: 'deal-number', type: 'text', inputMode: 'numeric', autocomplete: 'off', maxLength: 40, spellcheck: false });
  const help = el('p', { id: 'deal-number-help', textContent: t.t('dealNumberHelp', { max: MAX_DEAL }) });
  input.setAttribute('aria-describedby', help.id);
  const error = el('p', { id: 'deal-number-error', className: 'error', hidden: true });
  error.setAttribute('role', 'alert');
  const label = el('label', { htmlFor: input.id, textContent: t.t('dealNumberField') });
  const submit = (): boolean => {
    const text = input.value.trim();
    let n: number;
    try {
      if (text === '') throw new Error('empty');
      n = parseDealNumber(text);
    } catch {
      error.textContent = text === '' ? t.t('dealNumberEmpty') : t.t('dealNumberBad', { max: MAX_DEAL, text: text.length > 24 ? `${text.slice(0, 24)}…` : text });
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return false;
    }
    closeDialog();
    open(n);
    return true;
  };
  const form = el('form', {}, label, input, help, error);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  showDialog('deal-number-dialog', t.t('dealNumberTitle'), [form], [{ label: t.t('cancel') }, { label: t.t('open'), primary: true, id: 'deal-number-open', action: submit }]);
  input.focus();
}

/** Asks before a game in progress is left; `leave(dontAsk)` runs when the player agrees. */
export function confirmAbandonDialog(t: Strings, leave: (dontAskAgain: boolean) => void): void {
  const box = el('input', { type: 'checkbox', id: 'dont-ask' });
  showDialog(
    'confirm-dialog',
    t.t('abandonTitle'),
    [el('p', { textContent: t.t('abandonText') }), el('label', {}, box, ` ${t.t('dontAskAgain')}`)],
    [
      { label: t.t('abandonNo'), primary: true, id: 'confirm-no' },
      { label: t.t('abandonYes'), id: 'confirm-yes', action: () => leave(box.checked) },
    ],
  );
}

/** The rules page of `game`, in the player's language (loaded on first use; a message when it cannot be). */
export async function rulesDialog(t: Strings, game: GameId): Promise<void> {
  const book = await rulesBook(game);
  if (!book) {
    const name = findGame(game)?.names[t.lang] ?? game;
    showDialog('rules-dialog', t.t('rulesTitle', { game: name }), [el('p', { textContent: t.t('rulesUnavailable') })], [{ label: t.t('close'), primary: true }]);
    return;
  }
  const page = book[t.lang];
  const rules = findGame(game);
  const body: Node[] = rules ? [el('figure', { className: 'diagram' }, sketch(rules, { width: 400, height: 260, words: { up: t.t('feltUp'), down: t.t('feltDown') } }), el('figcaption', { textContent: t.t('rulesDiagram') }))] : [];
  for (const s of page.sections) {
    body.push(el('h3', { textContent: s.heading }));
    for (const p of s.paragraphs) body.push(el('p', { textContent: p }));
  }
  const d = showDialog('rules-dialog', t.t('rulesTitle', { game: page.title }), [el('div', { className: 'rules' }, ...body)], [{ label: t.t('close'), primary: true }]);
  // Open at the top: the focus goes to the title, not to Close at the end of a long page.
  const title = d.querySelector('h2');
  title?.setAttribute('tabindex', '-1');
  title?.focus();
  d.scrollTop = 0;
}

function choice<T extends string>(id: string, label: string, values: readonly T[], names: (v: T) => string, value: T, set: (v: T) => void): HTMLElement {
  const select = el('select', { id });
  for (const v of values) select.append(el('option', { value: v, textContent: names(v) }));
  select.value = value;
  select.addEventListener('change', () => set(select.value as T));
  return el('div', { className: 'setting' }, el('label', { htmlFor: id, textContent: label }), select);
}

function toggle(id: string, label: string, value: boolean, set: (v: boolean) => void, help = ''): HTMLElement {
  const box = el('input', { type: 'checkbox', id, checked: value });
  box.addEventListener('change', () => set(box.checked));
  const row = el('div', { className: 'setting' }, el('label', { htmlFor: id, textContent: label }), box);
  if (help) {
    const h = el('small', { id: `${id}-help`, textContent: help });
    box.setAttribute('aria-describedby', h.id);
    row.append(h);
  }
  return row;
}

const AUTO_NAMES: Record<Settings['autoCollect'], StringKey> = { off: 'autoOff', safe: 'autoSafe', all: 'autoAll', solver: 'autoSolver' };
const SPEED_NAMES: Record<Settings['speed'], StringKey> = { off: 'speedOff', slow: 'speedSlow', normal: 'speedNormal', fast: 'speedFast' };
const BACK_NAMES: Record<Settings['cardBack'], StringKey> = { blue: 'backBlue', red: 'backRed' };
const LANGUAGE_NAMES: Record<Settings['language'], string> = { en: 'English', ru: 'Русский' };

/** The settings panel: every change is applied and remembered at once through `change`. */
export function settingsDialog(t: Strings, s: Settings, change: (patch: Partial<Settings>) => void): void {
  const body = el(
    'div',
    { className: 'settings' },
    toggle('set-tap', t.t('tapToMove'), s.tapToMove, (v) => change({ tapToMove: v }), t.t('tapToMoveHelp')),
    choice('set-auto', t.t('autoCollect'), AUTO_COLLECT_CHOICES, (v) => t.t(AUTO_NAMES[v]), s.autoCollect, (v) => change({ autoCollect: v })),
    choice('set-speed', t.t('speed'), SPEED_CHOICES, (v) => t.t(SPEED_NAMES[v]), s.speed, (v) => change({ speed: v })),
    toggle('set-sound', t.t('sound'), s.sound, (v) => change({ sound: v })),
    choice('set-back', t.t('cardBack'), BACK_CHOICES, (v) => t.t(BACK_NAMES[v]), s.cardBack, (v) => change({ cardBack: v })),
    toggle('set-four', t.t('fourColour'), s.fourColour, (v) => change({ fourColour: v })),
    toggle('set-left', t.t('leftHanded'), s.leftHanded, (v) => change({ leftHanded: v })),
    toggle('set-confirm', t.t('confirmAbandon'), s.confirmAbandon, (v) => change({ confirmAbandon: v })),
    toggle('set-clock', t.t('showClock'), s.showClock, (v) => change({ showClock: v })),
    toggle('set-moves', t.t('showMoves'), s.showMoves, (v) => change({ showMoves: v })),
    toggle('set-verdict', t.t('showVerdict'), s.showVerdict, (v) => change({ showVerdict: v })),
    toggle('set-crossroads', t.t('warnCrossroads'), s.warnCrossroads, (v) => change({ warnCrossroads: v }), t.t('warnCrossroadsHelp')),
    choice('set-language', t.t('language'), LANGUAGES, (v) => LANGUAGE_NAMES[v], s.language, (v) => change({ language: v })),
  );
  showDialog('settings-dialog', t.t('settingsTitle'), [body], [{ label: t.t('close'), primary: true, id: 'settings-close' }]);
}

/** The list of keys. */
export function keysDialog(t: Strings): void {
  const keys: StringKey[] = ['keyArrows', 'keyEnter', 'keyDeal', 'keyHint', 'keyUndo', 'keyNew', 'keyEsc', 'keyHelp'];
  showDialog('keys-dialog', t.t('keysTitle'), [el('ul', { className: 'keys' }, ...keys.map((k) => el('li', { textContent: t.t(k) })))], [{ label: t.t('close'), primary: true }]);
}
