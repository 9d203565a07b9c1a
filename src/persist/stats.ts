/**
 * Statistics per game and the daily calendar: the record, its schema, and pure updates that
 * return a new Stats. The updates clamp what they are given, so whatever they produce passes the
 * schema (a record the schema rejects would be lost on the next read).
 *
 * DOM-free.
 */
import { arr, bool, int, nullable, obj, opt, pick, rec, refine, type Schema, str } from './check.ts';
import { findGame, GAME_IDS, type GameId, GAMES } from '../games/catalog.ts';
import { decodeText, type ReadResult, type RecordKind } from './store.ts';

/** How many finished games `recent` keeps. */
export const RECENT_MAX = 50;
/** The most one game can add to its tally (Aces Up: cards discarded), over every game that keeps one. */
export const DISCARD_MAX = Math.max(0, ...GAMES.map((g) => g.tally?.max ?? 0));
/** The largest exported text `importStats` accepts, in UTF-8 bytes. */
export const IMPORT_MAX_BYTES = 1 << 20;

/** Counters saturate here (and the schema rejects more). */
const COUNT_MAX = 1e9;
/** The largest deal number (MAX_DEAL in engine/rng.ts). */
const DEAL_MAX = 0xffffffff;
/** About a century of days: the most daily dates kept. */
const DAILY_MAX = 36_600;

/** One game's record. */
export interface GameStats {
  /** Games started (a game counts from its first move). */
  played: number;
  /** Games won. */
  won: number;
  /** Games won or lost (abandoned counts as lost). */
  finished: number;
  /** Current run of consecutive wins. */
  streak: number;
  /** Longest run of consecutive wins. */
  bestStreak: number;
  /** Fastest win in milliseconds, or null before the first win. */
  bestTimeMs: number | null;
  /** Fewest moves in a win, or null before the first win. */
  fewestMoves: number | null;
  /** Hints used. */
  hints: number;
  /** Results of the last finished games (true = won), newest last, at most RECENT_MAX. */
  recent: boolean[];
  /** Cards discarded over all finished games (Aces Up only). */
  discardedTotal: number;
  /** Most cards discarded in one game, or null (Aces Up only). */
  discardedBest: number | null;
}

/** How a daily deal went. */
export type DailyOutcome = 'played' | 'won' | 'lost';

/** One game's daily deal on one date. */
export interface DailyResult {
  /** The deal number. */
  deal: number;
  /** The outcome so far. */
  result: DailyOutcome;
  /** Time of the win in milliseconds (won only). */
  timeMs?: number;
  /** Moves of the win (won only). */
  moves?: number;
}

/** The daily calendar: date `YYYY-MM-DD` → game → result. */
export type DailyCalendar = Record<string, Partial<Record<GameId, DailyResult>>>;

/** All statistics. */
export interface Stats {
  /** Records by game; a game never played has none. */
  games: Partial<Record<GameId, GameStats>>;
  /** The daily calendar. */
  daily: DailyCalendar;
}

/** A win as `recordWin` takes it. */
export interface WinInfo {
  /** Time taken in milliseconds. */
  timeMs: number;
  /** Moves made. */
  moves: number;
  /** Cards discarded (Aces Up). */
  discarded?: number;
  /** The daily deal's date, or null for a normal game. */
  daily: string | null;
}

/** A loss as `recordLoss` takes it. */
export interface LossInfo {
  /** Cards discarded (Aces Up). */
  discarded?: number;
  /** The daily deal's date, or null for a normal game. */
  daily: string | null;
}

/** Figures for the statistics dialog. */
export interface Summary {
  /** Games started. */
  played: number;
  /** Games won. */
  won: number;
  /** Wins per game started, 0..100, rounded; 0 when none played. */
  winPct: number;
  /** Current win streak (overall: the longest current streak of any game). */
  streak: number;
  /** Best win streak (overall: the best of any game). */
  bestStreak: number;
  /** Fastest win in ms (null overall). */
  bestTimeMs: number | null;
  /** Fewest moves in a win (null overall). */
  fewestMoves: number | null;
  /** Hints used. */
  hints: number;
  /** Mean cards discarded per finished game (Aces Up only, else null). */
  discardedAvg: number | null;
  /** Most cards discarded in one game (Aces Up only, else null). */
  discardedBest: number | null;
  /** Results of the last finished games, newest last ([] overall). */
  recent: boolean[];
}

/** One day of `monthCalendar`. */
export interface CalendarDay {
  /** The date, `YYYY-MM-DD`. */
  date: string;
  /** The daily deal's outcome that day, or null when not played. */
  result: DailyOutcome | null;
}

/** Empty statistics. */
export function emptyStats(): Stats {
  return { games: {}, daily: {} };
}

/** A record for a game never played. */
function emptyGame(): GameStats {
  return {
    played: 0,
    won: 0,
    finished: 0,
    streak: 0,
    bestStreak: 0,
    bestTimeMs: null,
    fewestMoves: null,
    hints: 0,
    recent: [],
    discardedTotal: 0,
    discardedBest: null,
  };
}

/** `n` as a whole number in 0..max (NaN gives 0). */
function clampInt(n: number, max: number): number {
  return Number.isNaN(n) ? 0 : Math.min(max, Math.max(0, Math.round(n)));
}

const inc = (n: number): number => Math.min(COUNT_MAX, n + 1);
const minOrNull = (a: number | null, b: number): number => (a === null ? b : Math.min(a, b));

/** `s` with game `game`'s record replaced by `f` of it. */
function withGame(s: Stats, game: GameId, f: (g: GameStats) => GameStats): Stats {
  return { ...s, games: { ...s.games, [game]: f(s.games[game] ?? emptyGame()) } };
}

/** `s` with the daily entry of `date` and `game` replaced by `f` of it (undefined, or a bad date: unchanged). */
function withDaily(s: Stats, date: string | null, game: GameId, f: (d: DailyResult | undefined) => DailyResult | undefined): Stats {
  if (date === null || !isDate(date)) return s;
  const day = s.daily[date] ?? {};
  const next = f(day[game]);
  if (next === undefined) return s;
  return { ...s, daily: { ...s.daily, [date]: { ...day, [game]: next } } };
}

/** A finished game: counters, recent results and discards (wins and losses alike). */
function finish(g: GameStats, won: boolean, discarded: number | undefined): GameStats {
  const finished = inc(g.finished);
  const out: GameStats = {
    ...g,
    finished,
    // A finish without a recorded start still counts as played, so finished ≤ played holds.
    played: Math.max(g.played, finished),
    recent: [...g.recent, won].slice(-RECENT_MAX),
  };
  if (discarded !== undefined) {
    const d = clampInt(discarded, DISCARD_MAX);
    out.discardedTotal = Math.min(g.discardedTotal + d, DISCARD_MAX * finished);
    out.discardedBest = Math.max(g.discardedBest ?? 0, d);
  }
  return out;
}

/** A game's first move: played + 1, and the daily entry 'played' unless it already has a result. */
export function recordStart(s: Stats, game: GameId, deal: number, daily: string | null): Stats {
  const next = withGame(s, game, (g) => ({ ...g, played: inc(g.played) }));
  return withDaily(next, daily, game, (d) => (d ? undefined : { deal: clampInt(deal, DEAL_MAX), result: 'played' }));
}

/** A win: counts, streaks, bests, recent results, discards, and the daily entry 'won'. */
export function recordWin(s: Stats, game: GameId, info: WinInfo): Stats {
  const timeMs = clampInt(info.timeMs, Number.MAX_SAFE_INTEGER);
  const moves = clampInt(info.moves, COUNT_MAX);
  const next = withGame(s, game, (g) => {
    const f = finish(g, true, info.discarded);
    const won = inc(g.won);
    const streak = Math.min(won, g.streak + 1);
    return {
      ...f,
      won,
      streak,
      bestStreak: Math.max(g.bestStreak, streak),
      bestTimeMs: minOrNull(g.bestTimeMs, timeMs),
      fewestMoves: minOrNull(g.fewestMoves, moves),
    };
  });
  // Only the entry recordStart made is updated; a second win keeps the faster one.
  return withDaily(next, info.daily, game, (d) => {
    if (!d) return undefined;
    if (d.result === 'won' && d.timeMs !== undefined && d.timeMs <= timeMs) return undefined;
    return { deal: d.deal, result: 'won', timeMs, moves };
  });
}

/** A game lost or abandoned after its start: the streak ends; the daily entry 'played' becomes 'lost'. */
export function recordLoss(s: Stats, game: GameId, info: LossInfo): Stats {
  const next = withGame(s, game, (g) => ({ ...finish(g, false, info.discarded), streak: 0 }));
  return withDaily(next, info.daily, game, (d) => (d?.result === 'played' ? { deal: d.deal, result: 'lost' } : undefined));
}

/** A hint used. */
export function recordHint(s: Stats, game: GameId): Stats {
  return withGame(s, game, (g) => ({ ...g, hints: inc(g.hints) }));
}

const pct = (won: number, played: number): number => (played === 0 ? 0 : Math.round((won / played) * 100));

/** The figures for one game, or overall when `game` is null (sums; streaks are the max over games). */
export function summarize(s: Stats, game: GameId | null): Summary {
  if (game !== null) {
    const g = s.games[game] ?? emptyGame();
    const tallied = findGame(game).tally !== undefined;
    return {
      played: g.played,
      won: g.won,
      winPct: pct(g.won, g.played),
      streak: g.streak,
      bestStreak: g.bestStreak,
      bestTimeMs: g.bestTimeMs,
      fewestMoves: g.fewestMoves,
      hints: g.hints,
      discardedAvg: tallied && g.finished > 0 ? g.discardedTotal / g.finished : null,
      discardedBest: tallied ? g.discardedBest : null,
      recent: [...g.recent],
    };
  }
  const sum: Summary = {
    played: 0,
    won: 0,
    winPct: 0,
    streak: 0,
    bestStreak: 0,
    bestTimeMs: null,
    fewestMoves: null,
    hints: 0,
    discardedAvg: null,
    discardedBest: null,
    recent: [],
  };
  for (const id of GAME_IDS) {
    const g = s.games[id];
    if (!g) continue;
    sum.played += g.played;
    sum.won += g.won;
    sum.hints += g.hints;
    // Streaks do not add across games: overall shows the longest of any one game.
    sum.streak = Math.max(sum.streak, g.streak);
    sum.bestStreak = Math.max(sum.bestStreak, g.bestStreak);
  }
  sum.winPct = pct(sum.won, sum.played);
  return sum;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The days of `month` (1–12) of `year` with the daily outcome of `game` on each ([] for a bad month). */
export function monthCalendar(s: Stats, game: GameId, year: number, month: number): CalendarDay[] {
  if (!Number.isInteger(year) || year < 0 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) return [];
  const out: CalendarDay[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d++) {
    const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(d, 2)}`;
    out.push({ date, result: s.daily[date]?.[game]?.result ?? null });
  }
  return out;
}

/** Days in `month` (1–12) of `year` (proleptic Gregorian). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True when `s` is a real calendar date written `YYYY-MM-DD`. */
function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const count = (max: number): Schema<number> => int(0, max);

const GameStatsSchema: Schema<GameStats> = refine(
  obj({
    played: count(COUNT_MAX),
    won: count(COUNT_MAX),
    finished: count(COUNT_MAX),
    streak: count(COUNT_MAX),
    bestStreak: count(COUNT_MAX),
    bestTimeMs: nullable(count(Number.MAX_SAFE_INTEGER)),
    fewestMoves: nullable(count(COUNT_MAX)),
    hints: count(COUNT_MAX),
    recent: arr(bool, 0, RECENT_MAX),
    discardedTotal: count(DISCARD_MAX * COUNT_MAX),
    discardedBest: nullable(count(DISCARD_MAX)),
  }),
  (g) =>
    // won ≤ finished ≤ played; streak ≤ bestStreak ≤ won; bests iff won; recent within the counts; discards within the counts.
    g.won <= g.finished &&
    g.finished <= g.played &&
    g.streak <= g.bestStreak &&
    g.bestStreak <= g.won &&
    (g.won === 0) === (g.bestTimeMs === null) &&
    (g.won === 0) === (g.fewestMoves === null) &&
    g.recent.length <= g.finished &&
    g.recent.filter((r) => r).length <= g.won &&
    g.discardedTotal <= DISCARD_MAX * g.finished &&
    (g.discardedBest === null ? g.discardedTotal === 0 : g.discardedBest <= g.discardedTotal),
);

const DailyResultSchema: Schema<DailyResult> = refine(
  obj({
    deal: count(DEAL_MAX),
    result: pick(['played', 'won', 'lost'] as const),
    timeMs: opt(count(Number.MAX_SAFE_INTEGER)),
    moves: opt(count(COUNT_MAX)),
  }),
  // Time and moves only for a win.
  (d) => d.result === 'won' || (d.timeMs === undefined && d.moves === undefined),
);

const GameKey = pick(GAME_IDS);

const DayKey = refine(str(10), isDate);

// Records take only known keys (a `__proto__` key included: it is an own key of parsed JSON, and no game or date).
const StatsSchema = obj({
  games: rec(GameKey, GameStatsSchema),
  daily: rec(DayKey, rec(GameKey, DailyResultSchema), DAILY_MAX),
}) as Schema<Stats>;

/** The statistics record: key 'solitaire.stats', version 1. */
export const STATS_KIND: RecordKind<Stats> = {
  key: 'solitaire.stats',
  version: 1,
  schema: StatsSchema,
};

/** The statistics as an export file's text (the storage envelope, indented). */
export function exportStats(s: Stats): string {
  return JSON.stringify({ v: STATS_KIND.version, data: s }, null, 2);
}

/** UTF-8 length of `text`, stopping once past `max`. */
function utf8Bytes(text: string, max: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= max; i++) {
    const c = text.charCodeAt(i);
    // A surrogate half counts 2: a pair is 4 bytes.
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
  }
  return n;
}

/** Reads an export file's text; never throws; texts over IMPORT_MAX_BYTES are 'corrupt'. */
export function importStats(text: string): ReadResult<Stats> {
  if (text.length > IMPORT_MAX_BYTES || utf8Bytes(text, IMPORT_MAX_BYTES) > IMPORT_MAX_BYTES) {
    return { value: null, problem: 'corrupt' };
  }
  try {
    return decodeText(STATS_KIND, text);
  } catch {
    return { value: null, problem: 'corrupt' };
  }
}
