/**
 * npm run bench:solver — solver figures per game, on one core, over a fixed set of deals.
 *
 *   npx tsx scripts/bench-solver.ts [--deals 200] [--nodes 100000] [--hint-nodes 200000]
 *     [--jobs-deals 100] [--jobs-nodes 300000] [GAME ...]
 *
 * For each game, deals 1…N at the stated budget, after untimed warm-up deals (N+1 on, for 1 s):
 * positions per second (wall and CPU time), the share decided (won or proven lost), won %, median
 * and p95 time to decide, and the median and p95 time of a hint from mid-game positions (20 and 40
 * moves into the stored winning lines of assets/winnable). The baseline, measured in the same run
 * on the same deals, is the engine alone: legal-move generation, make and unmake without search
 * (positions per second of a perft), so the ratio shows what the search adds per position. Bars
 * (issue 16): at least 1,000,000 positions/s and 0.33x perft in every game. Also: table bytes per
 * stored position (at the largest search), the share of hints decided within 150 ms, and
 * `prove --jobs 1` against `--jobs 2` on the same deals in the same run (bar: 1.8x), with
 * --jobs-deals deals per game at --jobs-nodes positions each (0 skips it; --deals 0 runs only
 * this); the time to the first line shows what starting the worker threads (tsx included) costs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { percentile, prove } from '../cli/prove.ts';
import { openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/catalog.ts';
import { Solver, type SolveResult } from '../src/solver/search.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const deals = flag('deals', 200);
const nodes = flag('nodes', 100_000);
const hintNodes = flag('hint-nodes', 200_000);
const jobsDeals = flag('jobs-deals', 100);
const jobsNodes = flag('jobs-nodes', 300_000);
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));

/**
 * Solves within `maxNodes`, timed with performance.now (a search of a few ms is too short for
 * Date.now) and in CPU time (which a machine shared with other work disturbs less), with the
 * table's size at the end.
 */
function timedSolve(rules: GameRules, s: State, maxNodes: number): SolveResult & { exactMs: number; cpuMs: number; bytes: number; stored: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const solver = new Solver(rules, s, { maxNodes });
  while (solver.step(1_000_000) === null);
  const r = solver.result();
  const c = process.cpuUsage(c0);
  const exactMs = performance.now() - t0;
  return { ...r, exactMs, cpuMs: (c.user + c.system) / 1000, ...solver.exhaustive.finalTable };
}

/** Perft-style engine throughput: positions per second (wall and CPU time) of plain move generation + make/unmake. */
function perftRate(rules: GameRules, s: State, budgetMs: number): { wall: number; cpu: number } {
  const work = cloneState(s);
  let count = 0;
  const started = performance.now();
  const c0 = process.cpuUsage();
  const walk = (depth: number): void => {
    const list: number[] = [];
    rules.moves(work, list);
    for (const m of list) {
      rules.make(work, m);
      count++;
      if (depth > 1) walk(depth - 1);
      rules.unmake(work, m);
      if (performance.now() - started > budgetMs) return;
    }
  };
  for (let d = 1; d < 8 && performance.now() - started < budgetMs; d++) walk(d);
  const c = process.cpuUsage(c0);
  return { wall: count / ((performance.now() - started) / 1000), cpu: count / ((c.user + c.system) / 1e6) };
}

const round = (x: number) => Math.round(x);
const ratio = (x: number) => Math.round(x * 100) / 100;
console.log(`bench:solver — ${deals} deals per game (1…${deals}), ${nodes} positions per deal, hints at ${hintNodes}; ${cpus()[0]?.model ?? '?'}, Node ${process.version}, one core; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const rows: Record<string, string | number>[] = [];
const games = GAMES.filter((rules) => !only.length || only.includes(rules.id));
for (const rules of deals > 0 ? games : []) {
  let totalNodes = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  let won = 0;
  let lost = 0;
  const decideMs: number[] = [];
  let perft = 0;
  let perftCpu = 0;
  let largest = { bytes: 0, stored: 0 };
  // The baseline first, on the first 10 deals, so that it does not run between timed searches.
  for (let n = 1; n <= Math.min(10, deals); n++) {
    const p = perftRate(rules, openingState(rules, n), 100);
    perft += p.wall / Math.min(10, deals);
    perftCpu += p.cpu / Math.min(10, deals);
  }
  // Warm-up, untimed: the game's own code is compiled and optimised before the first timed deal
  // (as the perft baseline is, by its own 1 s of runs), so short searches do not pay for that.
  const warmUntil = performance.now() + 1000;
  for (let n = deals + 1; n <= deals + 10 || performance.now() < warmUntil; n++) timedSolve(rules, openingState(rules, n), nodes);
  for (let n = 1; n <= deals; n++) {
    const s = openingState(rules, n);
    const r = timedSolve(rules, s, nodes);
    totalNodes += r.nodes;
    totalMs += r.exactMs;
    totalCpuMs += r.cpuMs;
    if (r.stored > largest.stored) largest = { bytes: r.bytes, stored: r.stored };
    if (r.result !== 'unknown') decideMs.push(r.exactMs);
    if (r.result === 'won') won++;
    if (r.result === 'lost') lost++;
  }
  decideMs.sort((a, b) => a - b);
  const hintMs: number[] = [];
  let hintDecided = 0;
  let hintQuick = 0;
  const file = `assets/winnable/${rules.id}.json`;
  if (existsSync(file)) {
    const list = JSON.parse(readFileSync(file, 'utf8')) as WinnableList;
    for (const entry of list.deals.slice(0, 25)) {
      const line = entryLine(rules, entry);
      for (const at of [20, 40]) {
        if (line.length <= at) continue;
        const s = openingState(rules, entry.deal);
        for (const m of line.slice(0, at)) rules.make(s, m);
        const r = timedSolve(rules, s, hintNodes);
        hintMs.push(r.exactMs);
        if (r.result !== 'unknown') {
          hintDecided++;
          if (r.exactMs <= 150) hintQuick++;
        }
      }
    }
  }
  hintMs.sort((a, b) => a - b);
  const rate = totalNodes / Math.max(totalMs / 1000, 1e-3);
  rows.push({
    game: rules.id,
    'positions/s': round(rate),
    'bar 1M': rate >= 1_000_000 ? 'met' : 'short',
    'engine perft/s (baseline)': round(perft),
    'search/perft': ratio(rate / perft),
    'bar 0.33': rate / perft >= 0.33 ? 'met' : 'short',
    'positions/CPU-s': round(totalNodes / Math.max(totalCpuMs / 1000, 1e-3)),
    'perft/CPU-s': round(perftCpu),
    'search/perft CPU': ratio(totalNodes / Math.max(totalCpuMs / 1000, 1e-3) / perftCpu),
    'decided %': Math.round(((won + lost) / deals) * 1000) / 10,
    'won %': Math.round((won / deals) * 1000) / 10,
    'median ms to decide': ratio(percentile(decideMs, 0.5)),
    'p95 ms to decide': ratio(percentile(decideMs, 0.95)),
    'bytes/position': largest.stored ? ratio(largest.bytes / largest.stored) : 0,
    'hint median ms': hintMs.length ? round(percentile(hintMs, 0.5)) : 'no list',
    'hint p95 ms': hintMs.length ? round(percentile(hintMs, 0.95)) : 'no list',
    'hints decided %': hintMs.length ? Math.round((hintDecided / hintMs.length) * 1000) / 10 : 0,
    'hints decided ≤150 ms %': hintMs.length ? Math.round((hintQuick / hintMs.length) * 1000) / 10 : 0,
    hints: hintMs.length,
  });
  console.log(JSON.stringify(rows[rows.length - 1]));
}
if (rows.length) console.table(rows);

// prove --jobs 1 against --jobs 2: the same deals, the same budget, in this run; wall time includes starting the workers.
if (jobsDeals > 0) {
  const jobRows: Record<string, string | number>[] = [];
  let wall1 = 0;
  let wall2 = 0;
  for (const rules of games) {
    const walls: number[] = [];
    const firsts: number[] = [];
    for (const jobs of [1, 2]) {
      const t0 = performance.now();
      let first = 0;
      await prove({ game: rules.id, from: 1, count: jobsDeals, nodes: jobsNodes, jobs }, () => {
        first ||= performance.now() - t0;
      });
      walls.push(performance.now() - t0);
      firsts.push(first);
    }
    wall1 += walls[0]!;
    wall2 += walls[1]!;
    jobRows.push({
      game: rules.id,
      deals: jobsDeals,
      'jobs 1 ms': round(walls[0]!),
      'jobs 2 ms': round(walls[1]!),
      speedup: ratio(walls[0]! / walls[1]!),
      'first line ms (1 / 2 jobs)': `${round(firsts[0]!)} / ${round(firsts[1]!)}`,
    });
    console.log(JSON.stringify(jobRows[jobRows.length - 1]));
  }
  jobRows.push({ game: 'all', deals: jobsDeals * games.length, 'jobs 1 ms': round(wall1), 'jobs 2 ms': round(wall2), speedup: ratio(wall1 / wall2), 'first line ms (1 / 2 jobs)': '' });
  console.log(`prove --jobs 2 against --jobs 1 at ${jobsNodes} positions a deal (bar 1.8x), ${cpus().length} cores, load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}:`);
  console.table(jobRows);
}
