/** The solve and prove verbs of the command line. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prove } from '../../cli/prove.ts';
import { proveDeal } from '../../cli/proveWorker.ts';
import { openingState } from '../../src/engine/play.ts';
import { applyMoves, deal, findGame, status } from '../../src/games/catalog.ts';
import { entryLine } from '../../src/solver/winnable.ts';
import { storedEntries } from '../engine/helpers.ts';
import { lineJson, replayJson } from './util.ts';

const run = (...args: string[]) => spawnSync(process.execPath, ['bin/solitaire.mjs', ...args], { encoding: 'utf8', cwd: process.cwd() });
const dir = mkdtempSync(join(tmpdir(), 'solve-'));

describe('solve', () => {
  it('prints a winning line that replays to a win, or a proven outcome', () => {
    const file = join(dir, 'ka.json');
    const position = deal('king-albert', 5);
    writeFileSync(file, JSON.stringify(position));
    const r = run('solve', file, '--nodes', '300000');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { result: string; moves: never[]; nodes: number; ms: number };
    expect(Object.keys(out)).toEqual(['result', 'moves', 'nodes', 'ms']);
    expect(out.result).toBe('won');
    expect(replayJson(position, out.moves).won).toBe(true);
  });

  it('answers won, with no moves, for a position already won (Streets and Alleys once answered lost)', () => {
    const file = join(dir, 'sa-won.json');
    const rules = findGame('streets-and-alleys');
    const entry = storedEntries(rules.id)[0]!;
    const won = applyMoves(deal(rules.id, entry.deal), lineJson(rules, openingState(rules, entry.deal), entryLine(rules, entry)));
    expect(status(won).won).toBe(true);
    writeFileSync(file, JSON.stringify(won));
    const r = run('solve', file);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ result: 'won', moves: [] });
  });

  it('reports unknown when the budget runs out, and refuses bad options with exit 2', () => {
    // Aces and Kings: no line is 50 moves long, and no decider answers without search.
    const file = join(dir, 'ak.json');
    writeFileSync(file, JSON.stringify(deal('aces-and-kings', 1)));
    const r = run('solve', file, '--nodes', '50');
    expect(JSON.parse(r.stdout)).toMatchObject({ result: 'unknown', moves: [], nodes: 50 });
    for (const bad of [['--nodes', '-5'], ['--nodes', 'x'], ['--frobnicate', '1']]) {
      const b = run('solve', file, ...bad);
      expect(b.status).toBe(2);
      expect(b.stdout).toBe('');
      expect(b.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('prove', () => {
  it('prints one line per deal in order, then a summary', () => {
    const r = run('prove', 'aces-up', '--from', '1', '--count', '6', '--nodes', '20000', '--jobs', '2');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(7);
    expect(lines.slice(0, 6).map((l) => l.deal)).toEqual([1, 2, 3, 4, 5, 6]);
    const summary = lines[6];
    expect(summary.summary).toBe(true);
    const won = lines.slice(0, 6).filter((l) => l.result === 'won').length;
    expect(summary.wonPct).toBeCloseTo((100 * won) / 6, 0);
    expect(summary.wonPct + summary.lostPct + summary.unknownPct).toBeCloseTo(100, 0);
    for (const k of ['positionsPerSecond', 'medianMs', 'p95Ms']) expect(typeof summary[k]).toBe('number');
  });

  it('gives the same outcome and positions per deal with one job per core and with one job, run after run in one process', async () => {
    // A run with a job per core starts its workers without V8's background compiles, one with
    // fewer starts them with (a process-wide flag set before each run's workers start): taking
    // turns between the two in one process changes no answer.
    const opts = { game: 'king-albert', from: 1, count: 4, nodes: 30_000 };
    const runs = [];
    for (const jobs of [2, 1, 2, 1]) {
      const lines = await prove({ ...opts, jobs }, () => {});
      runs.push(lines.map((l) => [l.deal, l.result, l.nodes]));
    }
    expect(runs[0]).toHaveLength(4);
    for (const r of runs.slice(1)) expect(r).toEqual(runs[0]);
  });

  it("gives a deal the same positions whatever deals its thread proved before (Aces and Kings' endgame memo is forgotten between deals)", () => {
    // Deal 112 after deal 111 in one thread took 219 positions against 215 alone, while the memo
    // carried over from deal to deal: with several jobs, which deals a thread meets first depends
    // on timing, so the counts moved from run to run.
    const rules = findGame('aces-and-kings')!;
    rules.forget!();
    proveDeal({ game: 'aces-and-kings', deal: 111, nodes: 1_000_000 });
    const after = proveDeal({ game: 'aces-and-kings', deal: 112, nodes: 1_000_000 });
    rules.forget!();
    const alone = proveDeal({ game: 'aces-and-kings', deal: 112, nodes: 1_000_000 });
    expect(alone.result).toBe('won');
    expect(after).toEqual({ ...alone, ms: after.ms });
  });

  it('runs a list of scattered deals (the study\'s second pass) with the answers a range gives them, in the list\'s order', async () => {
    const opts = { game: 'king-albert', nodes: 30_000 };
    const range = await prove({ ...opts, from: 1, count: 6, jobs: 2 }, () => {});
    const emitted: number[] = [];
    const list = await prove({ ...opts, deals: [5, 2, 6], jobs: 2 }, (l) => emitted.push(l.deal));
    expect(emitted).toEqual([5, 2, 6]);
    expect(list.map((l) => [l.deal, l.result, l.nodes])).toEqual([5, 2, 6].map((d) => [d, range[d - 1]!.result, range[d - 1]!.nodes]));
    expect(await prove({ ...opts, deals: [], jobs: 2 }, () => {})).toEqual([]);
  });

  it('answers unknown under --memory too small for the search, and refuses a bad --memory', () => {
    // Deal 35 needs about 131,000 positions to win, far past what 0.25 MB holds.
    const args = ['prove', 'aces-up', '--from', '35', '--count', '1', '--nodes', '200000', '--jobs', '1'];
    const free = JSON.parse(run(...args).stdout.split('\n')[0]!);
    expect(free.result).toBe('won');
    const capped = JSON.parse(run(...args, '--memory', '0.25').stdout.split('\n')[0]!);
    expect(capped.result).toBe('unknown');
    expect(capped.nodes).toBeLessThan(free.nodes);
    const bad = run(...args, '--memory', '0');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
  });

  it("takes a game's option as a switch (--rank-pairs), deciding each deal under that variant", () => {
    const lines = (...extra: string[]) =>
      run('prove', 'royal-marriage', '--from', '1', '--count', '8', '--jobs', '1', ...extra)
        .stdout.trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    const suits = lines();
    const ranks = lines('--rank-pairs');
    expect(ranks[8]).toMatchObject({ options: ['rankPairs'], unknownPct: 0 });
    expect(suits[8].options).toBeUndefined();
    // More cards pair in the variant: it wins every deal the suit rules win, and more.
    for (let k = 0; k < 8; k++) if (suits[k].result === 'won') expect(ranks[k].result).toBe('won');
    expect(ranks.filter((l) => l.result === 'won').length).toBeGreaterThan(suits.filter((l) => l.result === 'won').length);
    expect(run('prove', 'aces-up', '--from', '1', '--count', '1', '--rank-pairs').status).toBe(2);
  });

  it('refuses an unknown game with exit 2', () => {
    const r = run('prove', 'spider', '--from', '1', '--count', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown game/);
  });
});

describe('a reader that stops early', () => {
  it('prove piped into `head -1` ends quietly with status 0, not on an unhandled EPIPE', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" bin/solitaire.mjs prove royal-marriage --from 1 --count 2000 --nodes 1000 --jobs 1 | head -1; exit "\${PIPESTATUS[0]}"`], { encoding: 'utf8', cwd: process.cwd() });
    expect(JSON.parse(r.stdout)).toMatchObject({ deal: 1 });
    expect(r.stderr).not.toContain('EPIPE');
    expect(r.status).toBe(0);
  });
});
