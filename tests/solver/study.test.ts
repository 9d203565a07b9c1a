/** The win-rate study's arithmetic and bookkeeping (scripts/study-results.ts): the Wilson interval, unknowns counted both ways, and resuming. */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { againTodo, type DealResult, figures, gameFile, loadResults, mergeAgain, missingDeals, ResultsWriter, renderPage, resultsPath, sourceFingerprint, type StudyKey, stoppedShort, wilson } from '../../scripts/study-results.ts';

const Z = 1.959963984540054;

describe('wilson', () => {
  it('matches the closed forms at the ends and a worked value in the middle', () => {
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(0, 10)[1]).toBeCloseTo((Z * Z) / (10 + Z * Z), 12);
    expect(wilson(10, 10)[0]).toBeCloseTo(10 / (10 + Z * Z), 12);
    expect(wilson(10, 10)[1]).toBe(1);
    // 5 of 10: centre 0.5, half-width 1.96·sqrt(0.025 + 0.0096)/1.3841 = 0.2634.
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('is symmetric, holds the observed rate and narrows as deals grow', () => {
    for (const [k, n] of [
      [1, 7],
      [30, 200],
      [114, 1000],
      [11_400, 100_000],
    ] as const) {
      const [lo, hi] = wilson(k, n);
      const [lo2, hi2] = wilson(n - k, n);
      expect(lo).toBeCloseTo(1 - hi2, 12);
      expect(hi).toBeCloseTo(1 - lo2, 12);
      expect(lo).toBeLessThan(k / n);
      expect(hi).toBeGreaterThan(k / n);
      const [wlo, whi] = wilson(10 * k, 10 * n);
      expect(whi - wlo).toBeLessThan(hi - lo);
    }
  });
});

describe('figures', () => {
  const r = (deal: number, result: DealResult['result'], nodes = 10, ms = deal): DealResult => ({ deal, result, nodes, ms });

  it('counts unknown deals as lost for the low end and as won for the high end', () => {
    const list = [r(1, 'won'), r(2, 'won'), r(3, 'won'), r(4, 'lost'), r(5, 'lost'), r(6, 'lost'), r(7, 'lost'), r(8, 'lost'), r(9, 'unknown', 1000), r(10, 'unknown', 1000)];
    const f = figures(list);
    expect([f.deals, f.won, f.lost, f.unknown]).toEqual([10, 3, 5, 2]);
    expect([f.rateLow, f.rateHigh]).toEqual([0.3, 0.5]);
    expect(f.ciLow).toBe(wilson(3, 10)[0]);
    expect(f.ciHigh).toBe(wilson(5, 10)[1]);
    expect(f.meanMs).toBe(5.5);
    expect(f.p95Ms).toBe(10);
    expect(f.meanNodes).toBe((8 * 10 + 2 * 1000) / 10);
    expect([f.first, f.last]).toEqual([1, 10]);
  });

  it('gives a plain Wilson interval when every deal is decided', () => {
    const f = figures([r(1, 'won'), r(2, 'lost'), r(3, 'lost'), r(4, 'lost')]);
    expect([f.rateLow, f.rateHigh]).toEqual([0.25, 0.25]);
    expect([f.ciLow, f.ciHigh]).toEqual(wilson(1, 4));
  });
});

describe('mergeAgain', () => {
  const r = (deal: number, result: DealResult['result'], nodes = 10): DealResult => ({ deal, result, nodes, ms: 1 });

  it("replaces only the first pass's unknown deals, by their second-pass verdict where there is one", () => {
    const first = new Map([r(1, 'won'), r(2, 'unknown'), r(3, 'lost'), r(4, 'unknown'), r(5, 'unknown')].map((x) => [x.deal, x]));
    // Deal 1 run again (it should not be) must not change; deal 5 has no second-pass result yet.
    const again = new Map([r(1, 'lost', 99), r(2, 'lost', 500), r(4, 'won', 700)].map((x) => [x.deal, x]));
    const merged = mergeAgain(first, again);
    expect(merged.map((x) => [x.deal, x.result, x.nodes])).toEqual([
      [1, 'won', 10],
      [2, 'lost', 500],
      [3, 'lost', 10],
      [4, 'won', 700],
      [5, 'unknown', 10],
    ]);
    const f = figures(merged);
    expect([f.won, f.lost, f.unknown]).toEqual([2, 2, 1]);
    expect([f.ciLow, f.ciHigh]).toEqual([wilson(2, 5)[0], wilson(3, 5)[1]]);
  });
});

describe('a second pass under a time limit', () => {
  const r = (deal: number, result: DealResult['result'], nodes: number, ms: number): DealResult => ({ deal, result, nodes, ms });
  const BUDGET = 1000;
  // Deal 2 won, 3 lost, 4 used its whole budget: all final. Deal 5 stopped short after 30 s, deal 6 after 90 s.
  const done = new Map([r(2, 'won', 400, 5), r(3, 'lost', 900, 8), r(4, 'unknown', BUDGET, 50_000), r(5, 'unknown', 300, 30_000), r(6, 'unknown', 700, 90_000)].map((x) => [x.deal, x]));

  it('tells a deal stopped by the clock from one that used its positions', () => {
    expect([...done.values()].filter((x) => stoppedShort(x, BUDGET)).map((x) => x.deal)).toEqual([5, 6]);
  });

  it('runs the missing deals, and those stopped short when this run allows them longer', () => {
    const unknown = [7, 6, 5, 4, 3, 2, 1];
    expect(againTodo(unknown, done, BUDGET, null)).toEqual([1, 5, 6, 7]);
    expect(againTodo(unknown, done, BUDGET, 60_000)).toEqual([1, 5, 7]);
    expect(againTodo(unknown, done, BUDGET, 30_000)).toEqual([1, 7]);
  });

  it('says on the page how many deals the time limit stopped', () => {
    const key: StudyKey = { game: 'aces-up', options: [], nodes: 10, fingerprint: 'f' };
    const first = [r(1, 'won', 5, 1), r(2, 'unknown', 10, 1), r(3, 'unknown', 10, 1)];
    const again = [r(2, 'lost', 600, 9), r(3, 'unknown', 300, 9)];
    const page = (stopped: number) =>
      renderPage([{ name: 'Aces Up', file: 'f', key, figures: figures(first), again: { file: 'g', key: { ...key, nodes: BUDGET }, figures: figures(again), merged: figures(first), stopped } }], {
        date: '2026-12-05',
        cores: 2,
        cpu: 'x',
        nodes: 10,
      });
    expect(page(1)).toContain('| 1 | 1 (1 at the time limit) |');
    expect(page(1)).toContain('**At the time limit**');
    expect(page(0)).not.toContain('time limit)');
    expect(page(0)).not.toContain('**At the time limit**');
  });
});

describe('resuming', () => {
  const key: StudyKey = { game: 'royal-marriage', options: ['rankPairs'], nodes: 1000, fingerprint: 'abc' };
  const fresh = () => mkdtempSync(join(tmpdir(), 'study-'));
  const res = (deal: number): DealResult => ({ deal, result: deal % 2 ? 'won' : 'lost', nodes: 1, ms: 0 });

  it('names a file by game, variant and budget', () => {
    expect(resultsPath('d', key)).toBe(join('d', 'royal-marriage+rank-pairs.1000.jsonl'));
    expect(resultsPath('d', { ...key, options: [] })).toBe(join('d', 'royal-marriage.1000.jsonl'));
  });

  it('keeps what was written, and runs only the missing deals', () => {
    const path = join(fresh(), 'study', 'rm.jsonl');
    const none = loadResults(path, key);
    expect(none.results.size).toBe(0);
    expect(none.rewrite).toBe(true);
    expect(missingDeals(none.results, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    const w = new ResultsWriter(path, key, none);
    for (const d of [1, 2, 3]) w.append(res(d));
    w.close();
    const some = loadResults(path, key);
    expect([...some.results.keys()]).toEqual([1, 2, 3]);
    expect(some.results.get(2)).toEqual(res(2));
    expect(some.rewrite).toBe(false);
    expect(missingDeals(some.results, 1, 6)).toEqual([4, 5, 6]);
    expect(missingDeals(new Set([1, 2, 4, 7]), 1, 8)).toEqual([3, 5, 6, 8]);
    expect(missingDeals(some.results, 1, 3)).toEqual([]);
    // Appending more after a reload continues the same file.
    const w2 = new ResultsWriter(path, key, some);
    w2.append(res(4));
    w2.close();
    expect([...loadResults(path, key).results.keys()]).toEqual([1, 2, 3, 4]);
  });

  it('drops a torn last line (a run killed mid-write) and writes the file clean again', () => {
    const path = join(fresh(), 'rm.jsonl');
    const w = new ResultsWriter(path, key, loadResults(path, key));
    for (const d of [1, 2]) w.append(res(d));
    w.close();
    appendFileSync(path, '[3,"wo');
    const torn = loadResults(path, key);
    expect([...torn.results.keys()]).toEqual([1, 2]);
    expect(torn.rewrite).toBe(true);
    const w2 = new ResultsWriter(path, key, torn);
    w2.append(res(3));
    w2.close();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines) JSON.parse(l);
    expect(loadResults(path, key).rewrite).toBe(false);
  });

  it('starts afresh when the sources, the budget or the variant changed', () => {
    const path = join(fresh(), 'rm.jsonl');
    const w = new ResultsWriter(path, key, loadResults(path, key));
    for (const d of [1, 2, 3]) w.append(res(d));
    w.close();
    for (const other of [{ ...key, fingerprint: 'abd' }, { ...key, nodes: 2000 }, { ...key, options: [] }, { ...key, memoryMB: 1200 }]) {
      const stale = loadResults(path, other);
      expect(stale.results.size).toBe(0);
      expect(stale.dropped).toMatch(/made under/);
      expect(stale.rewrite).toBe(true);
    }
    const changed = { ...key, fingerprint: 'abd' };
    const w2 = new ResultsWriter(path, changed, loadResults(path, changed));
    w2.append(res(1));
    w2.close();
    expect([...loadResults(path, changed).results.keys()]).toEqual([1]);
    expect(loadResults(path, key).results.size).toBe(0);
    writeFileSync(path, 'not json\n[1,"won",1,0]\n');
    expect(loadResults(path, key).dropped).toMatch(/unreadable/);
  });

  it("fingerprints the engine, the solver, the shared game files and the game's own file, not other games", () => {
    const root = fresh();
    const put = (f: string, text: string) => {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), text);
    };
    for (const f of ['src/engine/rules.ts', 'src/solver/search.ts', 'src/games/common.ts', 'src/games/define.ts', 'src/games/topCard.ts', 'src/games/royalMarriage.ts', 'src/games/acesUp.ts', 'cli/proveWorker.ts']) put(f, f);
    expect(gameFile('streets-and-alleys')).toBe('src/games/streetsAndAlleys.ts');
    const before = sourceFingerprint(root, 'royal-marriage');
    expect(sourceFingerprint(root, 'royal-marriage')).toBe(before);
    put('src/games/acesUp.ts', 'changed');
    expect(sourceFingerprint(root, 'royal-marriage')).toBe(before);
    expect(sourceFingerprint(root, 'aces-up')).not.toBe(before);
    for (const f of ['src/games/royalMarriage.ts', 'src/solver/search.ts', 'src/engine/rules.ts', 'src/solver/bestFirst.ts', 'src/games/define.ts', 'src/games/topCard.ts']) {
      const was = sourceFingerprint(root, 'royal-marriage');
      put(f, 'edited');
      expect(sourceFingerprint(root, 'royal-marriage'), f).not.toBe(was);
    }
  });
});
