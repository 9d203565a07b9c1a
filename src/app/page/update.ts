/**
 * The service worker (offline play) and the "Reload to update" prompt. A new version waits until
 * the player chooses to reload; the game in progress is saved after every move, so the reload
 * resumes it.
 *
 * The registration is written here rather than taken from workbox-window (2.3 KB gzip for what
 * is a dozen lines): sw.js is vite-plugin-pwa's generateSW worker in 'prompt' mode, which waits
 * until it is sent `{ type: 'SKIP_WAITING' }`.
 */
import type { Strings } from './strings.ts';
import { el } from './ui.ts';

/** Registers the service worker; `strings` gives the prompt's words when one is needed. */
export function registerUpdates(strings: () => Strings, save: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const start = (): void => {
    sw.register('./sw.js', { scope: './' }).then(
      (reg) => {
        // A waiting worker is an update only when this page is already served by an older one
        // (the very first install has no controller and needs no prompt).
        const offer = (): void => {
          if (reg.waiting && sw.controller) showPrompt(reg.waiting, strings, save);
        };
        offer();
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed') offer();
          });
        });
      },
      // No offline play (a private window, a file: URL); the game itself is unaffected.
      (e: unknown) => console.warn('service worker not registered:', e),
    );
  };
  // Like workbox-window: register after the page has loaded, so it does not compete with the deal.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function showPrompt(waiting: ServiceWorker, strings: () => Strings, save: () => void): void {
  if (document.getElementById('update-prompt')) return;
  const t = strings();
  const reload = el('button', { type: 'button', textContent: t.t('updateReload'), id: 'update-reload' });
  const later = el('button', { type: 'button', textContent: t.t('updateLater') });
  const bar = el('aside', { id: 'update-prompt' }, el('span', { textContent: t.t('updateReady') }), reload, later);
  bar.setAttribute('role', 'status');
  reload.addEventListener('click', () => {
    save();
    // The new worker takes over, then the page reloads into it (once).
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
  later.addEventListener('click', () => bar.remove());
  document.body.append(bar);
}
