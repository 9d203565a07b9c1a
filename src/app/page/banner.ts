/**
 * The banner: a non-modal panel over the table for the end of a game that is not a win (no more
 * moves, a dead end, a proven loss). The table stays playable under it; one banner at a time.
 */
import { el } from './ui.ts';

/** A banner button. */
export interface BannerButton {
  /** Its text. */
  label: string;
  /** Its element id. */
  id: string;
  /** What it does (the banner closes first). */
  action: () => void;
  /** The main choice. */
  primary?: boolean;
  /** Starts hidden (shown later with `show`). */
  hidden?: boolean;
}

/** A banner on screen. */
export interface Banner {
  /** The banner element. */
  el: HTMLElement;
  /** Replaces its text. */
  say(text: string): void;
  /** Shows or hides the button with id `id`. */
  show(id: string, on: boolean): void;
  /** Removes it (calls its onClose once). */
  close(): void;
}

let current: Banner | null = null;

/** Shows a banner with `title`, `text` and `buttons` (and a × named `closeLabel`), replacing any other; `onClose` runs once when it goes. */
export function showBanner(id: string, title: string, text: string, buttons: BannerButton[], closeLabel: string, onClose?: () => void): Banner {
  closeBanner();
  const body = el('p', { className: 'banner-text', textContent: text });
  const heading = el('strong', { className: 'banner-title', textContent: title });
  const row = el('div', { className: 'banner-buttons' });
  const box = el('section', { id, className: 'banner' }, heading, body, row);
  box.setAttribute('role', 'status');
  box.setAttribute('aria-label', title);
  let open = true;
  const banner: Banner = {
    el: box,
    say(t) {
      body.textContent = t;
    },
    show(bid, on) {
      const b = box.querySelector<HTMLButtonElement>(`#${bid}`);
      if (b) b.hidden = !on;
    },
    close() {
      if (!open) return;
      open = false;
      box.remove();
      if (current === banner) current = null;
      onClose?.();
    },
  };
  for (const b of buttons) {
    const button = el('button', { type: 'button', id: b.id, textContent: b.label, hidden: b.hidden === true, className: b.primary ? 'primary' : '' });
    button.addEventListener('click', () => {
      banner.close();
      b.action();
    });
    row.append(button);
  }
  const x = el('button', { type: 'button', id: `${id}-close`, className: 'banner-close', textContent: '×', title: closeLabel });
  x.setAttribute('aria-label', closeLabel);
  x.addEventListener('click', () => banner.close());
  box.append(x);
  document.body.append(box);
  current = banner;
  return banner;
}

/** Closes the banner on screen, if any. */
export function closeBanner(): void {
  current?.close();
}

/** The banner on screen, or null. */
export function bannerShown(): Banner | null {
  return current;
}
