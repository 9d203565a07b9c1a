/**
 * The home screen: one tile per game with a sketch of its table, its name, the player's record in
 * it and a "Resume" mark when a saved game waits. It knows no rules; a tap reports the game.
 */
import type { Game, GameId } from '../../games/catalog.ts';
import type { Stats } from '../../persist/stats.ts';
import { sketch } from './sketch.ts';
import type { Strings } from './strings.ts';
import { el } from './ui.ts';

/** The home screen's handle. */
export interface Home {
  /** The screen's element (already in `root`). */
  el: HTMLElement;
  /** Removes the screen. */
  destroy(): void;
}

/** The player's record in a game, in words: "Won 3 of 7", or "Not played yet". */
export function recordText(t: Strings, stats: Stats, game: GameId): string {
  const g = stats.games[game];
  return g?.played ? t.t('homeRecord', { won: g.won.toLocaleString(t.lang), played: g.played.toLocaleString(t.lang) }) : t.t('homeNotPlayed');
}

/** Builds the home screen into `root`: a heading and a tile (a button) per game; a tap calls `onPick`. */
export function buildHome(root: HTMLElement, t: Strings, games: readonly Game[], stats: Stats, saved: Partial<Record<GameId, boolean>>, onPick: (id: GameId) => void): Home {
  const list = el('ul', { className: 'tiles' });
  for (const g of games) {
    const name = el('span', { className: 'name', textContent: g.names[t.lang] });
    const record = el('span', { className: 'record', textContent: recordText(t, stats, g.id) });
    // Named by what it shows (name, record, Resume); the spaces keep the words apart in that name.
    const tile = el('button', { type: 'button', id: `home-${g.id}`, className: 'tile' }, sketch(g), name, ' ', record);
    tile.dataset.game = g.id;
    if (saved[g.id]) tile.append(' ', el('span', { className: 'resume', textContent: t.t('homeResume') }));
    tile.addEventListener('click', () => onPick(g.id));
    list.append(el('li', {}, tile));
  }
  const heading = el('h1', { id: 'home-title', textContent: t.t('appTitle') });
  const screen = el('section', { id: 'home', className: 'home' }, heading, el('p', { className: 'lead', textContent: t.t('homeLead') }), list);
  screen.setAttribute('aria-labelledby', heading.id);
  root.append(screen);
  return { el: screen, destroy: () => screen.remove() };
}
