import { afterEach, describe, expect, it, vi } from 'vitest';
import { dailyPick, utcDate, winnablePick } from '../../src/app/page/deals.ts';
import { winnableDeals } from '../../src/app/assist/winnableLists.ts';
import { GAME_IDS } from '../../src/games/catalog.ts';
import { readFileSync } from 'node:fs';

const listOf = (game: string): number[] => (JSON.parse(readFileSync(`assets/winnable/${game}.json`, 'utf8')) as { deals: { deal: number }[] }).deals.map((d) => d.deal);

describe('the daily deal', () => {
  it('depends on the UTC date alone: every time of one UTC day gives the same date', () => {
    const noon = Date.UTC(2026, 11, 2, 12);
    expect(utcDate(Date.UTC(2026, 11, 2, 0, 0, 0))).toBe('2026-12-02');
    expect(utcDate(Date.UTC(2026, 11, 2, 23, 59, 59, 999))).toBe('2026-12-02');
    expect(utcDate(noon)).toBe('2026-12-02');
    expect(utcDate(Date.UTC(2026, 11, 3))).toBe('2026-12-03');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is an entry of the winnable list picked by a hash of the game and the date', async () => {
    // The page fetches each list from the URL the build gives it; here the URL names the file.
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(readFileSync(`.${new URL(url, 'http://x').pathname}`));
    });
    for (const game of GAME_IDS) {
      const list = await winnableDeals(game);
      expect(list).toEqual(listOf(game));
      const pick = dailyPick(game, '2026-12-02', list);
      expect(list).toContain(pick);
      expect(dailyPick(game, '2026-12-02', [...list])).toBe(pick);
      expect(dailyPick(game, '2026-12-02', [...list].reverse()), 'whatever the order of the list').toBe(pick);
    }
    expect(asked).toHaveLength(GAME_IDS.length);
  });

  it('a list that cannot be fetched or read counts as none, and the next request tries again', async () => {
    vi.resetModules();
    const { winnableDeals: fresh } = await import('../../src/app/assist/winnableLists.ts');
    let answer: () => Response = () => new Response('not json');
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return answer();
    });
    expect(await fresh('aces-up')).toEqual([]);
    expect(calls, 'one retry at once').toBe(2);
    answer = () => new Response('{"deals":[{"deal":"x"}]}');
    expect(await fresh('aces-up')).toEqual([]);
    answer = () => new Response('', { status: 404 });
    expect(await fresh('aces-up')).toEqual([]);
    answer = () => new Response(readFileSync('assets/winnable/aces-up.json'));
    expect(await fresh('aces-up')).toEqual(listOf('aces-up'));
  });

  it('keeps the deal of each date when an update brings a longer or shorter list, unless an added deal is picked', () => {
    const list = listOf('aces-and-kings');
    // A refresh that adds a tenth more deals (numbers past the list's), and one that drops a tenth.
    const top = Math.max(...list);
    const added = Array.from({ length: Math.ceil(list.length / 10) }, (_, k) => top + 1 + 7 * k);
    const longer = [...list, ...added];
    const dropped = new Set(list.filter((_, k) => k % 10 === 3));
    const shorter = list.filter((d) => !dropped.has(d));
    let changed = 0;
    const dates = Array.from({ length: 365 }, (_, d) => utcDate(Date.UTC(2026, 0, 1 + d)));
    for (const date of dates) {
      const before = dailyPick('aces-and-kings', date, list);
      const after = dailyPick('aces-and-kings', date, longer);
      if (after !== before) {
        changed++;
        expect(added, `${date}: a changed deal is one of those added`).toContain(after);
      }
      if (!dropped.has(before)) expect(dailyPick('aces-and-kings', date, shorter), `${date}: dropping other deals keeps it`).toBe(before);
    }
    // About an eleventh of the dates (the added share of the longer list); by index it was nearly all.
    expect(changed).toBeGreaterThan(365 / 11 / 3);
    expect(changed).toBeLessThan((365 / 11) * 3);
  });

  it('picks every deal of a list about equally often', () => {
    const list = [5, 17, 230, 231, 232, 1000, 1001, 40000, 4294967295, 0];
    const times = new Map<number, number>();
    const days = 5000;
    for (let d = 0; d < days; d++) {
      const pick = dailyPick('streets-and-alleys', utcDate(Date.UTC(2000, 0, 1 + d)), list);
      times.set(pick, (times.get(pick) ?? 0) + 1);
    }
    // 500 expected each; a fair pick stays within 4 standard deviations (about 85).
    for (const deal of list) expect(times.get(deal) ?? 0, `deal ${deal}`).toBeGreaterThan(500 - 85);
    for (const deal of list) expect(times.get(deal) ?? 0, `deal ${deal}`).toBeLessThan(500 + 85);
  });

  it('changes from day to day and from game to game', () => {
    const list = listOf('aces-up');
    const days = new Set(Array.from({ length: 30 }, (_, d) => dailyPick('aces-up', utcDate(Date.UTC(2026, 0, 1 + d)), list)));
    expect(days.size).toBeGreaterThan(20);
    const games = new Set(GAME_IDS.map((g) => dailyPick(g, '2026-12-02', Array.from({ length: 1000 }, (_, k) => k))));
    expect(games.size).toBeGreaterThan(3);
  });

  it('refuses an empty list instead of inventing a deal', () => {
    expect(() => dailyPick('aces-up', '2026-12-02', [])).toThrow();
    expect(() => winnablePick([])).toThrow();
  });

  it('winnable picks come from the list', () => {
    const list = listOf('king-albert');
    for (let k = 0; k < 50; k++) expect(list).toContain(winnablePick(list));
  });

  it('a winnable pick is never the deal on the table while the list holds another', () => {
    const two = [387, 912];
    const picks = new Set<number>();
    for (let k = 0; k < 200; k++) picks.add(winnablePick(two, 387));
    expect([...picks]).toEqual([912]);
    // A list of that deal alone still gives it (there is nothing else to deal).
    expect(winnablePick([387], 387)).toBe(387);
  });
});
