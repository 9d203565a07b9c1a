/** The statistics dialog: figures per game and overall, the win-rate chart, the daily calendar, export and import. */
import { findGame, type GameId, GAMES, isGameId } from '../../games/catalog.ts';
import { exportStats, importStats, monthCalendar, type Stats, summarize } from '../../persist/stats.ts';
import { figures, showDialog } from './dialogs.ts';
import type { StringKey, Strings } from './strings.ts';
import { el } from './ui.ts';
import { utcDate } from './deals.ts';
import { winChart } from './winChart.ts';

/** What the dialog may change. */
export interface StatsActions {
  /** Replaces the statistics with imported ones (the app keeps a copy of the old ones). */
  replace(stats: Stats): void;
}

/** The figures table of `game` (null: all games). */
export function statsFigures(t: Strings, stats: Stats, game: GameId | null): HTMLTableElement {
  const s = summarize(stats, game);
  const none = t.t('none');
  const rows: [string, string][] = [
    [t.t('played'), String(s.played)],
    [t.t('won'), String(s.won)],
    [t.t('winRate'), `${s.winPct}%`],
    [t.t('streak'), String(s.streak)],
    [t.t('bestStreak'), String(s.bestStreak)],
  ];
  if (game !== null) {
    rows.push([t.t('bestTime'), s.bestTimeMs === null ? none : t.time(s.bestTimeMs)], [t.t('fewestMoves'), s.fewestMoves === null ? none : String(s.fewestMoves)]);
  }
  rows.push([t.t('hintsUsed'), String(s.hints)]);
  if (game !== null && findGame(game).tally) {
    rows.push([t.t('discardedAvg'), s.discardedAvg === null ? none : s.discardedAvg.toFixed(1)], [t.t('discardedBest'), s.discardedBest === null ? none : String(s.discardedBest)]);
  }
  const table = figures(rows);
  table.id = 'stats-figures';
  return table;
}

const RESULT_KEY: Record<string, StringKey> = { won: 'calendarWon', lost: 'calendarLost', played: 'calendarPlayed' };

function calendar(t: Strings, stats: Stats, game: GameId, year: number, month: number, move: (delta: number) => void): HTMLElement {
  const days = monthCalendar(stats, game, year, month);
  const grid = el('ol', { className: 'calendar' });
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  grid.style.setProperty('--first', String(((first + 6) % 7) + 1));
  // Weekday headers, Monday first (1 January 2024 was a Monday), in the player's language.
  const weekday = new Intl.DateTimeFormat(t.lang, { weekday: 'short', timeZone: 'UTC' });
  const head = el('div', { className: 'weekdays' });
  head.setAttribute('aria-hidden', 'true');
  for (let k = 0; k < 7; k++) head.append(el('span', { textContent: weekday.format(new Date(Date.UTC(2024, 0, 1 + k))) }));
  const today = utcDate();
  for (const d of days) {
    const day = Number(d.date.slice(8));
    const word = t.t(d.result ? RESULT_KEY[d.result]! : 'calendarNone');
    const isToday = d.date === today;
    const label = isToday ? `${day} (${t.t('calendarToday')}): ${word}` : `${day}: ${word}`;
    const li = el('li', { textContent: String(day), className: `${d.result ?? 'none'}${isToday ? ' today' : ''}`, title: `${d.date}: ${word}` });
    li.setAttribute('aria-label', label);
    if (isToday) li.setAttribute('aria-current', 'date');
    grid.append(li);
  }
  const prev = el('button', { type: 'button', textContent: '‹', className: 'small' });
  prev.setAttribute('aria-label', t.t('previousMonth'));
  prev.addEventListener('click', () => move(-1));
  const next = el('button', { type: 'button', textContent: '›', className: 'small' });
  next.setAttribute('aria-label', t.t('nextMonth'));
  next.addEventListener('click', () => move(1));
  return el('section', { className: 'daily', id: 'stats-calendar' }, el('h3', {}, prev, ` ${t.t('calendarTitle', { month: t.month(year, month) })} `, next), head, grid);
}

/** Opens the statistics of `game` (the game picker inside switches to other games or all). */
export function statsDialog(t: Strings, initial: Stats, game: GameId, act: StatsActions): void {
  let stats = initial;
  let shown: GameId | 'all' = game;
  const now = new Date();
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth() + 1;
  const pick = el('select', { id: 'stats-game' });
  for (const g of GAMES) pick.append(el('option', { value: g.id, textContent: g.names[t.lang] }));
  pick.append(el('option', { value: 'all', textContent: t.t('statsAll') }));
  pick.value = shown;
  const pickLabel = el('label', { htmlFor: pick.id, className: 'sr-only', textContent: t.t('game') });
  const content = el('div', { id: 'stats-content' });
  const note = el('p', { id: 'stats-note', hidden: true });
  note.setAttribute('role', 'alert');
  const draw = (): void => {
    const g = shown === 'all' ? null : shown;
    const kids: Node[] = [statsFigures(t, stats, g)];
    if (g) {
      const sum = summarize(stats, g);
      // A started game counts as played at once but is charted only when it ends: say so rather than "no games".
      kids.push(winChart(sum.recent, { title: t.t('chartTitle'), empty: t.t(sum.played > 0 ? 'chartInProgress' : 'chartEmpty') }));
      kids.push(
        calendar(t, stats, g, year, month, (delta) => {
          month += delta;
          if (month < 1) [year, month] = [year - 1, 12];
          if (month > 12) [year, month] = [year + 1, 1];
          draw();
        }),
      );
    }
    content.replaceChildren(...kids);
  };
  pick.addEventListener('change', () => {
    shown = isGameId(pick.value) ? pick.value : 'all';
    draw();
  });
  const file = el('input', { type: 'file', accept: 'application/json,.json', id: 'stats-import-file', hidden: true });
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    file.value = '';
    if (!f) return;
    const say = (text: string, bad: boolean): void => {
      note.textContent = text;
      note.className = bad ? 'error' : 'ok';
      note.hidden = false;
    };
    if (f.size > 1 << 20) {
      say(t.t('importTooLarge'), true);
      return;
    }
    void f.text().then((text) => {
      const r = importStats(text);
      if (!r.value) {
        say(t.t(r.problem === 'version' ? 'importNewer' : 'importBad'), true);
        return;
      }
      stats = r.value;
      act.replace(stats);
      say(t.t('importDone'), false);
      draw();
    });
  });
  draw();
  showDialog(
    'stats-dialog',
    t.t('statsTitle'),
    [pickLabel, pick, content, note, file],
    [
      {
        label: t.t('exportStats'),
        id: 'stats-export',
        action: () => {
          const url = URL.createObjectURL(new Blob([exportStats(stats)], { type: 'application/json' }));
          const a = el('a', { href: url, download: `solitaire-statistics-${now.toISOString().slice(0, 10)}.json` });
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          return false;
        },
      },
      {
        label: t.t('importStats'),
        id: 'stats-import',
        action: () => {
          file.click();
          return false;
        },
      },
      { label: t.t('close'), primary: true, id: 'stats-close' },
    ],
  );
}
