/**
 * The service worker (offline play) and the "Reload to update" prompt. A new version waits until
 * the player chooses to reload; the game in progress is saved after every move, so the reload
 * resumes it.
 */
import { registerSW } from 'virtual:pwa-register';
import type { Strings } from './strings.ts';
import { el } from './ui.ts';

/** Registers the service worker; `strings` gives the prompt's words when one is needed. */
export function registerUpdates(strings: () => Strings, save: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      if (document.getElementById('update-prompt')) return;
      const t = strings();
      const reload = el('button', { type: 'button', textContent: t.t('updateReload'), id: 'update-reload' });
      const later = el('button', { type: 'button', textContent: t.t('updateLater') });
      const bar = el('aside', { id: 'update-prompt' }, el('span', { textContent: t.t('updateReady') }), reload, later);
      bar.setAttribute('role', 'status');
      reload.addEventListener('click', () => {
        save();
        void update(true);
      });
      later.addEventListener('click', () => bar.remove());
      document.body.append(bar);
    },
  });
}
