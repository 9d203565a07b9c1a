import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { winRatePoints } from '../../src/app/page/winChart.ts';
import { GAME_IDS, type GameId } from '../../src/games/catalog.ts';
import {
  emptyStats,
  exportStats,
  IMPORT_MAX_BYTES,
  importStats,
  monthCalendar,
  RECENT_MAX,
  recordHint,
  recordLoss,
  recordStart,
  recordWin,
  STATS_KIND,
  type Stats,
  summarize,
} from '../../src/persist/stats.ts';
import { MemoryKeyValue, Store } from '../../src/persist/store.ts';
import { parse } from '../../src/persist/check.ts';

const AU: GameId = 'aces-up';
const KA: GameId = 'king-albert';
const DAY = '2024-02-29';

const valid = (s: Stats): boolean => parse(STATS_KIND.schema, s) !== null;

/** Starts and finishes one game. */
function play(s: Stats, game: GameId, won: boolean, o: { timeMs?: number; moves?: number; discarded?: number; daily?: string } = {}): Stats {
  const daily = o.daily ?? null;
  const started = recordStart(s, game, 7, daily);
  const extra = o.discarded === undefined ? {} : { discarded: o.discarded };
  return won
    ? recordWin(started, game, { timeMs: o.timeMs ?? 1000, moves: o.moves ?? 50, daily, ...extra })
    : recordLoss(started, game, { daily, ...extra });
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null) {
    for (const k of Object.keys(x)) deepFreeze((x as Record<string, unknown>)[k]);
    Object.freeze(x);
  }
  return x;
}

describe('updates', () => {
  it('counts a game as played from its start', () => {
    const s = recordStart(emptyStats(), KA, 3, null);
    expect(summarize(s, KA)).toMatchObject({ played: 1, won: 0, winPct: 0, streak: 0 });
    expect(s.daily).toEqual({});
    expect(valid(s)).toBe(true);
  });

  it('counts wins, streaks and bests', () => {
    let s = emptyStats();
    s = play(s, KA, true, { timeMs: 5000, moves: 90 });
    s = play(s, KA, true, { timeMs: 3000, moves: 120 });
    s = play(s, KA, true, { timeMs: 4000, moves: 80 });
    s = play(s, KA, false);
    s = play(s, KA, true, { timeMs: 9000, moves: 99 });
    expect(summarize(s, KA)).toEqual({
      played: 5,
      won: 4,
      winPct: 80,
      streak: 1,
      bestStreak: 3,
      bestTimeMs: 3000,
      fewestMoves: 80,
      hints: 0,
      discardedAvg: null,
      discardedBest: null,
      recent: [true, true, true, false, true],
    });
    expect(valid(s)).toBe(true);
  });

  it('rounds the win percentage', () => {
    let s = play(play(play(emptyStats(), KA, true), KA, false), KA, false);
    expect(summarize(s, KA).winPct).toBe(33);
    s = play(s, KA, true);
    s = recordStart(s, KA, 1, null);
    expect(summarize(s, KA).winPct).toBe(40);
  });

  it('counts hints', () => {
    const s = recordHint(recordHint(emptyStats(), AU), AU);
    expect(summarize(s, AU).hints).toBe(2);
    expect(valid(s)).toBe(true);
  });

  it(`keeps the last ${RECENT_MAX} results, newest last`, () => {
    let s = emptyStats();
    for (let i = 0; i < 60; i++) s = play(s, KA, i % 3 === 0);
    const g = s.games[KA]!;
    expect(g.recent).toHaveLength(RECENT_MAX);
    expect(g.recent).toEqual(Array.from({ length: 60 }, (_, i) => i % 3 === 0).slice(-RECENT_MAX));
    expect(g.finished).toBe(60);
    expect(valid(s)).toBe(true);
  });

  it('averages and bests the Aces Up discards, clamped to 48', () => {
    let s = emptyStats();
    s = play(s, AU, true, { discarded: 48 });
    s = play(s, AU, false, { discarded: 30 });
    s = play(s, AU, false, { discarded: 12 });
    expect(summarize(s, AU)).toMatchObject({ discardedAvg: 30, discardedBest: 48 });
    s = play(s, AU, false, { discarded: 99 });
    expect(s.games[AU]).toMatchObject({ discardedTotal: 138, discardedBest: 48, finished: 4 });
    expect(valid(s)).toBe(true);
  });

  it('has no discard figures before a finished game or outside Aces Up', () => {
    expect(summarize(recordStart(emptyStats(), AU, 1, null), AU)).toMatchObject({ discardedAvg: null, discardedBest: null });
    expect(summarize(play(emptyStats(), KA, false, { discarded: 5 }), KA)).toMatchObject({ discardedAvg: null, discardedBest: null });
  });

  it('cleans bad numbers so the record stays valid', () => {
    let s = recordStart(emptyStats(), AU, -5, DAY);
    s = recordWin(s, AU, { timeMs: Number.NaN, moves: 12.6, discarded: -3, daily: DAY });
    expect(s.games[AU]).toMatchObject({ bestTimeMs: 0, fewestMoves: 13, discardedBest: 0, discardedTotal: 0 });
    expect(s.daily[DAY]?.[AU]).toEqual({ deal: 0, result: 'won', timeMs: 0, moves: 13 });
    expect(valid(s)).toBe(true);
  });

  it('keeps finished ≤ played when a finish has no recorded start', () => {
    const s = recordLoss(recordWin(emptyStats(), KA, { timeMs: 1, moves: 1, daily: null }), KA, { daily: null });
    expect(s.games[KA]).toMatchObject({ played: 2, finished: 2, won: 1 });
    expect(valid(s)).toBe(true);
  });

  it('sums overall figures, with the longest streaks of any game', () => {
    let s = emptyStats();
    s = play(play(s, KA, true), KA, true);
    s = play(play(s, AU, true, { discarded: 48 }), AU, false, { discarded: 20 });
    s = recordHint(recordStart(s, 'australian', 1, null), 'australian');
    expect(summarize(s, null)).toEqual({
      played: 5,
      won: 3,
      winPct: 60,
      streak: 2,
      bestStreak: 2,
      bestTimeMs: null,
      fewestMoves: null,
      hints: 1,
      discardedAvg: null,
      discardedBest: null,
      recent: [],
    });
    expect(summarize(emptyStats(), null)).toMatchObject({ played: 0, winPct: 0 });
  });

  it('never changes the stats it is given', () => {
    let s = play(play(emptyStats(), AU, true, { daily: DAY, discarded: 40 }), KA, false, { daily: DAY });
    const before = structuredClone(s);
    deepFreeze(s);
    recordStart(s, AU, 1, DAY);
    recordStart(s, 'royal-marriage', 1, '2024-03-01');
    recordWin(s, AU, { timeMs: 1, moves: 1, discarded: 48, daily: DAY });
    recordLoss(s, KA, { discarded: 2, daily: DAY });
    recordHint(s, KA);
    summarize(s, AU).recent.push(false);
    expect(s).toEqual(before);
    s = recordHint(s, KA);
    expect(s.games[KA]?.hints).toBe(1);
  });
});

describe('daily calendar', () => {
  it('records a start, a win, and never downgrades the win', () => {
    let s = recordStart(emptyStats(), AU, 77, DAY);
    expect(s.daily[DAY]?.[AU]).toEqual({ deal: 77, result: 'played' });
    s = recordWin(s, AU, { timeMs: 6000, moves: 60, daily: DAY });
    expect(s.daily[DAY]?.[AU]).toEqual({ deal: 77, result: 'won', timeMs: 6000, moves: 60 });
    s = recordStart(s, AU, 77, DAY);
    expect(s.daily[DAY]?.[AU]?.result).toBe('won');
    s = recordLoss(s, AU, { daily: DAY });
    expect(s.daily[DAY]?.[AU]).toEqual({ deal: 77, result: 'won', timeMs: 6000, moves: 60 });
    // A slower win keeps the faster; a faster one replaces it.
    s = recordWin(recordStart(s, AU, 77, DAY), AU, { timeMs: 9000, moves: 40, daily: DAY });
    expect(s.daily[DAY]?.[AU]).toMatchObject({ timeMs: 6000, moves: 60 });
    s = recordWin(recordStart(s, AU, 77, DAY), AU, { timeMs: 5000, moves: 70, daily: DAY });
    expect(s.daily[DAY]?.[AU]).toMatchObject({ timeMs: 5000, moves: 70 });
    expect(valid(s)).toBe(true);
  });

  it('turns played into lost, and lost into won', () => {
    let s = play(emptyStats(), KA, false, { daily: DAY });
    expect(s.daily[DAY]?.[KA]).toEqual({ deal: 7, result: 'lost' });
    s = recordStart(s, KA, 7, DAY);
    expect(s.daily[DAY]?.[KA]?.result).toBe('lost');
    s = recordWin(s, KA, { timeMs: 10, moves: 20, daily: DAY });
    expect(s.daily[DAY]?.[KA]).toEqual({ deal: 7, result: 'won', timeMs: 10, moves: 20 });
  });

  it('keeps games apart on one date and ignores a bad date', () => {
    let s = play(play(emptyStats(), KA, true, { daily: DAY }), AU, false, { daily: DAY });
    expect(Object.keys(s.daily[DAY]!).sort()).toEqual([AU, KA]);
    s = recordStart(s, AU, 1, '2024-02-30');
    s = recordStart(s, AU, 1, 'yesterday');
    expect(Object.keys(s.daily)).toEqual([DAY]);
    expect(valid(s)).toBe(true);
  });

  it('lists the days of a month', () => {
    const s = play(play(emptyStats(), KA, true, { daily: DAY }), KA, false, { daily: '2024-02-01' });
    const feb = monthCalendar(recordStart(s, KA, 1, '2024-02-10'), KA, 2024, 2);
    expect(feb).toHaveLength(29);
    expect(feb[0]).toEqual({ date: '2024-02-01', result: 'lost' });
    expect(feb[9]).toEqual({ date: '2024-02-10', result: 'played' });
    expect(feb[28]).toEqual({ date: DAY, result: 'won' });
    expect(feb.filter((d) => d.result === null)).toHaveLength(26);
    expect(monthCalendar(s, AU, 2024, 2).every((d) => d.result === null)).toBe(true);
    expect(monthCalendar(s, KA, 2023, 2)).toHaveLength(28);
    expect(monthCalendar(s, KA, 1900, 2)).toHaveLength(28);
    expect(monthCalendar(s, KA, 2000, 2)).toHaveLength(29);
    expect(monthCalendar(s, KA, 2024, 12).at(-1)?.date).toBe('2024-12-31');
    expect(monthCalendar(s, KA, 2024, 13)).toEqual([]);
    expect(monthCalendar(s, KA, 2024, 0)).toEqual([]);
  });
});

/** A random history of starts, wins, losses and hints. */
const historyArb = fc
  .array(
    fc.record({
      op: fc.constantFrom('start', 'win', 'loss', 'hint'),
      game: fc.constantFrom(...GAME_IDS),
      deal: fc.nat({ max: 0xffffffff }),
      daily: fc.option(fc.constantFrom('2024-01-01', '2024-02-29', '2025-12-31'), { nil: null }),
      timeMs: fc.nat({ max: 10_000_000 }),
      moves: fc.nat({ max: 1000 }),
      discarded: fc.option(fc.nat({ max: 48 }), { nil: undefined }),
    }),
    { maxLength: 80 },
  )
  .map((ops) =>
    ops.reduce((s, o) => {
      const extra = o.discarded === undefined ? {} : { discarded: o.discarded };
      switch (o.op) {
        case 'start':
          return recordStart(s, o.game, o.deal, o.daily);
        case 'win':
          return recordWin(s, o.game, { timeMs: o.timeMs, moves: o.moves, daily: o.daily, ...extra });
        case 'loss':
          return recordLoss(s, o.game, { daily: o.daily, ...extra });
        default:
          return recordHint(s, o.game);
      }
    }, emptyStats()),
  );

/** An exported file's data, loosely typed for mutation. */
type Data = { games: Record<string, object>; daily: Record<string, Record<string, object>> };

describe('STATS_KIND', () => {
  it('round-trips through the store', () => {
    const s = play(play(emptyStats(), AU, true, { daily: DAY, discarded: 48 }), KA, false);
    const store = new Store(new MemoryKeyValue());
    expect(store.write(STATS_KIND, s)).toBeNull();
    expect(store.read(STATS_KIND)).toEqual({ value: s, problem: null });
    expect(store.raw(STATS_KIND.key)?.startsWith('{"v":1,"data":')).toBe(true);
  });

  it('export then import is the identity', () => {
    const s = play(play(emptyStats(), AU, true, { daily: DAY, discarded: 48 }), KA, false, { daily: '2024-03-01' });
    expect(importStats(exportStats(s))).toEqual({ value: s, problem: null });
    expect(importStats(exportStats(emptyStats()))).toEqual({ value: emptyStats(), problem: null });
  });

  it('every history of updates is valid and survives export and import', () => {
    fc.assert(
      fc.property(historyArb, (s) => {
        expect(valid(s)).toBe(true);
        expect(importStats(exportStats(s))).toEqual({ value: s, problem: null });
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it.each<[string, (d: Data) => void]>([
    ['on the data', (d) => Object.assign(d, { extra: 1 })],
    ['on a game record', (d) => Object.assign(d.games[AU]!, { extra: 1 })],
    ['on a daily result', (d) => Object.assign(d.daily[DAY]![AU]!, { note: 'x' })],
    ['as an unknown game', (d) => Object.assign(d.games, { spider: d.games[AU] })],
    ['as an unknown game of a day', (d) => Object.assign(d.daily[DAY]!, { spider: d.daily[DAY]![AU] })],
    ['as a __proto__ game', (d) => Object.defineProperty(d.games, '__proto__', { value: {}, enumerable: true })],
    ['as a date that does not exist', (d) => Object.assign(d.daily, { '2023-02-29': {} })],
    ['as a date in another format', (d) => Object.assign(d.daily, { '29.02.2024': {} })],
  ])('rejects an unknown field %s', (_, mutate) => {
    const env = JSON.parse(exportStats(play(emptyStats(), AU, true, { daily: DAY }))) as { data: Data };
    mutate(env.data);
    expect(importStats(JSON.stringify(env))).toEqual({ value: null, problem: 'corrupt' });
  });

  it.each([
    ['won > played', { won: 3 }],
    ['finished > played', { finished: 3, played: 2 }],
    ['streak > bestStreak', { streak: 2 }],
    ['bestStreak > won', { bestStreak: 2, streak: 2 }],
    ['discardedBest > 48', { discardedBest: 49, discardedTotal: 49 }],
    ['discardedBest > discardedTotal', { discardedBest: 40, discardedTotal: 30 }],
    ['a best time before any win', { won: 0, streak: 0, bestStreak: 0 }],
    ['more recent results than finished games', { recent: [true, false, true] }],
    ['more recent wins than wins', { recent: [true, true] }],
    ['51 recent results', { recent: Array(51).fill(false), finished: 60, played: 60 }],
    ['a fractional count', { hints: 1.5 }],
    ['hints over 1e9', { hints: 1e9 + 1 }],
    ['a negative count', { hints: -1 }],
  ])('rejects a game record with %s', (_, patch) => {
    const s = play(play(emptyStats(), AU, true, { discarded: 40 }), AU, false, { discarded: 10 });
    const env = JSON.parse(exportStats(s)) as { data: { games: Record<string, object> } };
    Object.assign(env.data.games[AU]!, patch);
    expect(importStats(JSON.stringify(env))).toEqual({ value: null, problem: 'corrupt' });
  });

  it('rejects a daily result with time but no win', () => {
    const text = exportStats(play(emptyStats(), AU, false, { daily: DAY })).replace('"result": "lost"', '"result": "lost", "timeMs": 5');
    expect(importStats(text)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('rejects a file over 1 MB before parsing it', () => {
    const text = exportStats(emptyStats());
    expect(importStats(text + ' '.repeat(IMPORT_MAX_BYTES - text.length)).problem).toBeNull();
    expect(importStats(text + ' '.repeat(IMPORT_MAX_BYTES - text.length + 1))).toEqual({ value: null, problem: 'corrupt' });
    // Counted in UTF-8 bytes: 400 000 three-byte characters are over.
    expect(importStats(`${text}"${'€'.repeat(400_000)}"`)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('reads a newer file as a version problem', () => {
    expect(importStats(exportStats(emptyStats()).replace('"v": 1', '"v": 2'))).toEqual({ value: null, problem: 'version' });
  });
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Paths to every node below the root, with the node. */
function nodes(x: Json, path: Path = []): [Path, Json][] {
  const out: [Path, Json][] = [];
  if (x !== null && typeof x === 'object') {
    for (const [k, child] of Object.entries(x)) {
      const p = [...path, Array.isArray(x) ? Number(k) : k];
      out.push([p, child], ...nodes(child, p));
    }
  }
  return out;
}

function parentOf(root: Json, path: Path): Record<string | number, Json> {
  let node = root as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  return node;
}

const pick = <T>(list: T[], i: number): T | undefined => list[i % Math.max(1, list.length)];

/** A mutation of an exported file: its kind, a pick among candidate nodes, and its parameters. */
type Mutation = { kind: string; at: number; value?: Json; cut?: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('json'), at: fc.nat(), value: fc.jsonValue() as fc.Arbitrary<Json> }),
  fc.record({ kind: fc.constant('delete'), at: fc.nat() }),
  fc.record({ kind: fc.constant('negative'), at: fc.nat(), value: fc.integer({ min: -1e12, max: -1 }) }),
  fc.record({ kind: fc.constant('retype'), at: fc.nat(), value: fc.jsonValue() as fc.Arbitrary<Json> }),
  fc.record({ kind: fc.constant('unknownGame'), at: fc.nat(), value: fc.constantFrom('spider', 'klondike', 'Aces-Up', '') }),
  fc.record({ kind: fc.constant('unknownField'), at: fc.nat(), value: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('hugeString'), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate'), at: fc.nat(), cut: fc.nat() }),
  fc.record({ kind: fc.constant('wonOverPlayed'), at: fc.nat() }),
  fc.record({ kind: fc.constant('version'), at: fc.nat(), value: fc.oneof(fc.integer({ min: -5, max: 10 }), fc.double(), fc.string()) as fc.Arbitrary<Json> }),
);

const typeOf = (x: Json): string => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);

/** The mutated text, and whether the mutation can never give a valid file. */
function mutate(s: Stats, m: Mutation): { text: string; surely: boolean } {
  const text = exportStats(s);
  const root = JSON.parse(text) as Json;
  const all = nodes(root);
  const objects = all.filter(([p, n]) => p.length >= 1 && typeOf(n) === 'object');
  const set = (path: Path, value: Json): void => {
    parentOf(root, path)[path.at(-1)!] = value;
  };
  const out = (surely: boolean) => ({ text: JSON.stringify(root), surely });
  switch (m.kind) {
    case 'json':
      return { text: JSON.stringify(m.value), surely: false };
    case 'delete': {
      const [p] = pick(all, m.at)!;
      const parent = parentOf(root, p);
      if (Array.isArray(parent)) parent.splice(p.at(-1) as number, 1);
      else delete parent[p.at(-1)!];
      return out(false);
    }
    case 'negative': {
      const [p] = pick(
        all.filter(([, n]) => typeof n === 'number'),
        m.at,
      )!;
      set(p, m.value!);
      return out(true);
    }
    case 'retype': {
      const target = pick(all, m.at)!;
      // Null may become a number (a best time) and still be the right type.
      const surely = typeOf(m.value!) !== typeOf(target[1]) && !(target[1] === null && typeof m.value === 'number');
      set(target[0], m.value!);
      return out(surely);
    }
    case 'unknownGame': {
      const data = (root as { data: { games: Record<string, Json> } }).data;
      data.games[m.value as string] = pick(Object.values(data.games), m.at) ?? {};
      return out(true);
    }
    case 'unknownField': {
      // Not on the envelope: its extra fields are allowed.
      const [, obj] = pick(objects, m.at)!;
      (obj as Record<string, Json>)[`x-${m.value as string}`] = 1;
      return out(true);
    }
    case 'hugeString': {
      set(pick(all, m.at)![0], 'x'.repeat(IMPORT_MAX_BYTES + 10));
      return out(true);
    }
    case 'truncate':
      return { text: text.slice(0, (m.cut ?? 0) % text.length), surely: true };
    case 'wonOverPlayed': {
      const games = (root as { data: { games: Record<string, { played: number; won: number }> } }).data.games;
      const g = pick(Object.values(games), m.at) ?? { ...structuredClone(emptyRecord), played: 0, won: 0 };
      g.won = g.played + 1;
      games[AU] ??= g;
      return out(true);
    }
    default: {
      set(['v'], m.value!);
      return out(m.value !== 1);
    }
  }
}

const emptyRecord = recordStart(emptyStats(), AU, 0, null).games[AU]!;

describe('importStats on malformed files', () => {
  it('never throws, and gives a problem or a valid value', () => {
    let rejected = 0;
    fc.assert(
      fc.property(historyArb, mutationArb, (s, m) => {
        const { text, surely } = mutate(s, m);
        let r: ReturnType<typeof importStats> | undefined;
        expect(() => {
          r = importStats(text);
        }).not.toThrow();
        if (r!.value === null) {
          rejected++;
          expect(['corrupt', 'version']).toContain(r!.problem);
        } else {
          expect(surely).toBe(false);
          expect(r!.problem).toBeNull();
          expect(valid(r!.value)).toBe(true);
        }
      }),
      { seed: 42, numRuns: 100 },
    );
    // Most mutations break the file.
    expect(rejected).toBeGreaterThan(70);
  });
});

describe('winRatePoints', () => {
  it('is empty for no games', () => {
    expect(winRatePoints([])).toEqual([]);
  });

  it('averages over the games so far until the window is full', () => {
    expect(winRatePoints([true, false, false, true], 10)).toEqual([100, 50, (1 / 3) * 100, 50]);
  });

  it('rolls over the last `window` games', () => {
    expect(winRatePoints([true, true, false, false, false], 2)).toEqual([100, 100, 50, 0, 0]);
    const many = Array.from({ length: 30 }, (_, i) => i >= 20);
    const pts = winRatePoints(many);
    expect(pts).toHaveLength(30);
    expect(pts[19]).toBe(0);
    expect(pts[24]).toBe(50);
    expect(pts[29]).toBe(100);
  });

  it('treats a window below 1 as 1', () => {
    expect(winRatePoints([true, false], 0)).toEqual([100, 0]);
  });
});
