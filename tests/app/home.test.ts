// @vitest-environment happy-dom
/** The home screen: a tile per game, named in the player's language, with the record from the statistics. */
import { afterEach, describe, expect, it } from 'vitest';
import { buildHome } from '../../src/app/page/home.ts';
import { Strings } from '../../src/app/page/strings.ts';
import { type GameId, GAMES } from '../../src/games/catalog.ts';
import { emptyStats, recordLoss, recordStart, recordWin, type Stats } from '../../src/persist/stats.ts';

/** Statistics of `won` wins out of `played` started games of `game`. */
function played(s: Stats, game: GameId, won: number, total: number): Stats {
  for (let i = 0; i < total; i++) {
    s = recordStart(s, game, i, null);
    s = i < won ? recordWin(s, game, { timeMs: 60_000, moves: 80, daily: null }) : recordLoss(s, game, { daily: null });
  }
  return s;
}

const STATS = played(played(emptyStats(), 'aces-up', 3, 7), 'king-albert', 0, 2);
const RECORDS = {
  en: { 'aces-up': 'Won 3 of 7', 'king-albert': 'Won 0 of 2', none: 'Not played yet' },
  ru: { 'aces-up': 'Выиграно 3 из 7', 'king-albert': 'Выиграно 0 из 2', none: 'Ещё не играли' },
} as const;

afterEach(() => {
  document.body.replaceChildren();
});

describe('home screen', () => {
  for (const lang of ['en', 'ru'] as const) {
    it(`shows six tiles named and recorded in ${lang}`, () => {
      const picked: GameId[] = [];
      const home = buildHome(document.body, new Strings(lang), GAMES, STATS, { australian: true }, (id) => picked.push(id));
      expect(home.el.parentElement).toBe(document.body);
      const heading = home.el.querySelector('h1')!;
      expect(home.el.getAttribute('aria-labelledby')).toBe(heading.id);
      const tiles = [...home.el.querySelectorAll('button.tile')] as HTMLButtonElement[];
      expect(tiles).toHaveLength(6);
      tiles.forEach((tile, i) => {
        const g = GAMES[i]!;
        expect(tile.dataset.game).toBe(g.id);
        // The button is named by its text (the sketch is hidden): the game's name, the record, and Resume when saved, spaced.
        const rec = RECORDS[lang];
        const resume = g.id === 'australian' ? ` ${new Strings(lang).t('homeResume')}` : '';
        expect(tile.querySelector('.name')!.textContent).toBe(g.names[lang]);
        const text = [...tile.childNodes].filter((n) => !(n instanceof SVGElement)).map((n) => n.textContent).join('');
        expect(tile.querySelector('svg.sketch')!.getAttribute('aria-hidden')).toBe('true');
        expect(text).toBe(`${g.names[lang]} ${g.id in rec ? rec[g.id as keyof typeof rec] : rec.none}${resume}`);
        expect(tile.hasAttribute('aria-label') || tile.hasAttribute('aria-labelledby')).toBe(false);
        expect(tile.querySelector('svg.sketch')).not.toBeNull();
        tile.click();
      });
      expect(picked).toEqual(GAMES.map((g) => g.id));
      home.destroy();
      expect(document.getElementById('home')).toBeNull();
    });
  }

  it('marks exactly the games with a saved game to resume', () => {
    const home = buildHome(document.body, new Strings('en'), GAMES, emptyStats(), { 'royal-marriage': true, 'aces-up': false }, () => {});
    const marked = [...home.el.querySelectorAll('.resume')].map((r) => r.closest('button')!.dataset.game);
    expect(marked).toEqual(['royal-marriage']);
    expect(home.el.querySelector('.resume')!.textContent).toBe('Resume');
  });
});
