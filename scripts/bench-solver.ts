/**
 * npm run bench:solver — solver figures per game, on one core, over a fixed set of deals.
 *
 *   npx tsx scripts/bench-solver.ts [--deals 200] [--nodes 100000] [--hint-nodes 200000]
 *     [--jobs-deals 100] [--jobs-nodes 300000] [GAME ...]
 *
 * For each game, in a process of its own (this script again with --one-game, as `prove` gives each
 * worker thread one game; --one-game with several games measures them in one process instead),
 * deals 1…N at the stated budget, after untimed warm-up deals (N+1 on, for 1 s):
 * positions per second (wall and CPU time), the share decided (won or proven lost), won %, median
 * and p95 time to decide, and the median and p95 time of a hint from mid-game positions (20 and 40
 * moves into the stored winning lines of assets/winnable). The baseline, measured in the same run
 * on the same deals, is the engine alone: legal-move generation, make and unmake without search
 * (positions per second of a perft), so the ratio shows what the search adds per position. Bars
 * (issue 16): at least 1,000,000 positions/s and 0.33x perft in every game. Also: table bytes per
 * stored position (at the largest search), the share of hints decided within 150 ms, and
 * `prove --jobs 1` against `--jobs 2` on the same deals in the same run (bar: 1.8x), with
 * --jobs-deals deals per game at --jobs-nodes positions each (0 skips it; --deals 0 runs only
 * this); the time to the first line shows what starting the worker threads costs. Its baseline,
 * in the same run: two copies of the `--jobs 1` run at once, each on its own thread with all the
 * deals, so nothing is shared or waited for; the work both got through, as a multiple of one copy
 * alone (one job's wall over each copy's, added up), is what two jobs can gain on this machine
 * at most (2 on two equal idle cores), and the speedup over it is prove's own efficiency.
 *
 * Other modes (each runs alone):
 *   --shares 0.4/0,0/0.4,0.7/0/0.2 [--deals 200] [--from 1] [--nodes 1000000] [GAME ...]   the
 *     solver's budget shares (best-first/probes, after the exhaustive search's first tenth, and
 *     optionally /relaxed, the share of the game's relaxedLost, else the solver's default) compared
 *     on the same deals in one run, through `prove --jobs 2`: decided and won % per share, to set
 *     each game's searchShares by measurement.
 *   --hint-positions [--count 50] [--seed 20260101] [--hint-nodes 1500000] [GAME ...]   the
 *     mid-game positions bench-hint.mjs builds (its generator, here in Node), each solved at the
 *     full hint budget: per game the p50/p90/p95 positions and ms needed to decide (unknown counts
 *     as never) and the share decided within 150 ms, 250 ms and 2 s, and within 80,000 positions,
 *     so the hint's quick and full budgets can be set from measurements; and the same positions
 *     solved at the quick budget alone (--quick-nodes 80000): decided % and p95 ms. The share
 *     decided within 250 ms of CPU time beside the wall-clock shares (on a machine shared with
 *     other work, wall time counts the waits too); --list prints each position's outcome, the part
 *     of the solver that decided it, positions and times (to see which ones miss). The full solves step as the page's worker does (20,000
 *     positions a step, reading its messages between steps): per position the longest stretch
 *     without a break (the constructor or a step), its p50, p95 and max, which bound how long a
 *     cancel waits, against the median step's ms in the same run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { percentile, type ProveOptions, prove } from '../cli/prove.ts';
import { openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/catalog.ts';
import { WORKER_SLICE } from '../src/solver/protocol.ts';
import { type DecidedBy, Solver, type SolveResult } from '../src/solver/search.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';
import { dealOrder, HINT_SEED, hintPositions } from './hint-positions.ts';

const args = process.argv.slice(2);
/** The options that take a value, and those that stand alone; anything else is refused. */
const VALUE_FLAGS = ['deals', 'nodes', 'hint-nodes', 'jobs-deals', 'jobs-nodes', 'shares', 'from', 'count', 'seed', 'quick-nodes'];
const BOOLEAN_FLAGS = ['hint-positions', 'list', 'one-game'];
/** Stops with one line on standard error and exit code 2 (bad input is never run as something else). */
const refuse = (why: string): never => {
  console.error(`bench-solver: ${why}`);
  process.exit(2);
};
/** The games named on the command line (none: every game); checked below. */
const only: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (!a.startsWith('--')) {
    if (!GAMES.some((g) => g.id === a)) refuse(`unknown game "${a}"; the games are ${GAMES.map((g) => g.id).join(', ')}`);
    only.push(a);
  } else if (VALUE_FLAGS.includes(a.slice(2))) {
    if (i + 1 >= args.length || args[i + 1]!.startsWith('--')) refuse(`${a} needs a value`);
    i++;
  } else if (!BOOLEAN_FLAGS.includes(a.slice(2))) refuse(`unknown option ${a}`);
}
const flag = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  return Number.isFinite(v) && v >= 0 ? v : refuse(`--${name} takes a number of 0 or more, not "${args[i + 1]}"`);
};
const deals = flag('deals', 200);
const nodes = flag('nodes', 100_000);
const hintNodes = flag('hint-nodes', 200_000);
const jobsDeals = flag('jobs-deals', 100);
const jobsNodes = flag('jobs-nodes', 300_000);
const sharesArg = args.includes('--shares') ? args[args.indexOf('--shares') + 1]! : null;
const hintPositionsWanted = args.includes('--hint-positions');
const listWanted = args.includes('--list');
/** Internal: measure the named game(s) here, one row each, and nothing else (see the runner below). */
const oneGame = args.includes('--one-game');

/**
 * Solves `s` within `maxNodes`, timed with performance.now (a search of a few ms is too short for
 * Date.now) and in CPU time (which a machine shared with other work disturbs less), with the
 * table's size at the end. The solver steps `slice` positions at a time: with WORKER_SLICE, as the
 * page's worker does, which reads its messages (a cancel) between steps. `longestMs` is the longest
 * stretch without a break: the constructor or one step; each step's ms goes into `steps`.
 */
function timedSolve(
  rules: GameRules,
  s: State,
  maxNodes: number,
  slice = 1_000_000,
  steps: number[] = [],
): SolveResult & { exactMs: number; cpuMs: number; longestMs: number; bytes: number; stored: number; by: DecidedBy | null } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const solver = new Solver(rules, s, { maxNodes });
  let longestMs = performance.now() - t0;
  for (;;) {
    const t = performance.now();
    const o = solver.step(slice);
    const ms = performance.now() - t;
    steps.push(ms);
    longestMs = Math.max(longestMs, ms);
    if (o !== null) break;
  }
  const r = solver.result();
  const c = process.cpuUsage(c0);
  const exactMs = performance.now() - t0;
  return { ...r, exactMs, cpuMs: (c.user + c.system) / 1000, longestMs, ...solver.exhaustive.finalTable, by: solver.decidedBy };
}

/**
 * Perft-style engine throughput: positions per second (wall and CPU time) of plain move generation +
 * make/unmake, over `budgetMs`. Iterative deepening until the budget is spent, with no depth cap:
 * a deal whose tree is small is walked deeper, and a tree walked to its end is walked again. With
 * a cap at depth 7, as before, Aces and Kings' and Royal Marriage's openings reach only 28 to 3,206
 * positions and Aces Up's a few thousand, so most deals were timed over a fraction of a millisecond:
 * Royal Marriage's baseline read 1.4 to 5.2 million in three runs, and Aces and Kings' search read
 * faster than its engine (1.09x). The clock is read every 1,024 positions, not at each one.
 */
function perftRate(rules: GameRules, s: State, budgetMs: number): { wall: number; cpu: number } {
  const work = cloneState(s);
  let count = 0;
  let stop = false;
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
      if ((count & 1023) === 0 && performance.now() - started > budgetMs) stop = true;
      if (stop) return;
    }
  };
  for (let d = 1; !stop && performance.now() - started < budgetMs; d++) walk(d);
  const c = process.cpuUsage(c0);
  return { wall: count / ((performance.now() - started) / 1000), cpu: count / ((c.user + c.system) / 1e6) };
}

const round = (x: number) => Math.round(x);

const ratio = (x: number) => Math.round(x * 100) / 100;
if (sharesArg) {
  await sharesMode(sharesArg);
  process.exit(0);
}
if (hintPositionsWanted) {
  hintPositionsMode();
  process.exit(0);
}
/** The speed table's row of one game: its search, its engine's perft baseline and its hints, in this process. */
function measureGame(rules: GameRules): Record<string, string | number> {
  let totalNodes = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  let won = 0;
  let lost = 0;
  const decideMs: number[] = [];
  let perft = 0;
  let perftCpu = 0;
  let largest = { bytes: 0, stored: 0 };
  // The baseline first, on the first 10 deals, so that it does not run between timed searches;
  // after a pass over the same deals untimed, as the search gets its warm-up below: a game's first
  // pass runs before V8 has optimised its moves and make (with the baseline's old depth cap,
  // Aces and Kings' first pass read 1.4 million positions a second, its next three 6.8-7.6
  // million; Aces Up's 5.2, then 11-13.5).
  for (let n = 1; n <= Math.min(10, deals); n++) perftRate(rules, openingState(rules, n), 100);
  for (let n = 1; n <= Math.min(10, deals); n++) {
    const p = perftRate(rules, openingState(rules, n), 100);
    perft += p.wall / Math.min(10, deals);
    perftCpu += p.cpu / Math.min(10, deals);
  }
  // Warm-up, untimed: the game's own code is compiled and optimised before the first timed deal
  // (as it is before the perft baseline), so short searches do not pay for that.
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
    // 25 stored deals in the hint positions' order (dealOrder), which a refreshed list keeps.
    for (const entry of dealOrder(rules.id, HINT_SEED, list.deals).slice(0, 25)) {
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
  return {
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
  };
}
if (!oneGame) {
  console.log(`bench:solver — ${deals} deals per game (1…${deals}), ${nodes} positions per deal, hints at ${hintNodes}; ${cpus()[0]?.model ?? '?'}, Node ${process.version}, one core; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}
const rows: Record<string, string | number>[] = [];
const games = GAMES.filter((rules) => !only.length || only.includes(rules.id));
// The speed table measures the search: a game's exact decider (Royal Marriage) would answer in its
// place with one position, so it is set aside here (the decided shares below are the search's too).
const searched = (rules: GameRules): GameRules => {
  const { decide: _d, ...rest } = rules;
  return rest;
};
// Each game is measured in a process of its own, as `prove` runs one game per worker thread, so
// that neither its search nor its perft baseline runs on code V8 has compiled for the games before
// it. Measured in one process one after another (--one-game with several games), the later games
// read differently, and not in one direction: the same code the same hour on an idle machine
// (6 December 2026), one process against a process each, positions a second (perft): King Albert
// 2,775,481 (18.6 million) against 2,779,100 (21.2 million); Streets and Alleys 4,979,194 (19.3
// million) against 5,635,959 (23.7 million); Aces and Kings 3,250,052 (18.9 million) against
// 3,227,527 (19.7 million).
if (deals > 0) {
  for (const rules of games) {
    if (oneGame || games.length === 1) {
      rows.push(measureGame(searched(rules)));
      console.log(JSON.stringify(rows[rows.length - 1]));
      continue;
    }
    const passed: string[] = [];
    for (const name of ['deals', 'nodes', 'hint-nodes']) {
      const i = args.indexOf(`--${name}`);
      if (i >= 0) passed.push(args[i]!, args[i + 1]!);
    }
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one-game', '--jobs-deals', '0', ...passed, rules.id], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = child.stdout.split('\n').find((l) => l.startsWith('{"game":'));
    if (child.status !== 0 || !line) refuse(`${rules.id}: the measuring process failed (${child.status}): ${child.stderr.trim().split('\n').slice(-3).join(' / ')}`);
    rows.push(JSON.parse(line!) as Record<string, string | number>);
    console.log(line);
  }
}
if (rows.length) console.table(rows);

// prove --jobs 1 against --jobs 2: the same deals, the same budget, in this run; wall time includes starting the workers.
if (jobsDeals > 0) {
  const jobRows: Record<string, string | number>[] = [];
  let wall1 = 0;
  let wall2 = 0;
  // The two copies' gain over all games, each game's weighted by its one-job time.
  let capacityWork = 0;
  for (const rules of games) {
    const walls: number[] = [];
    const firsts: number[] = [];
    const dealMs: number[] = [];
    for (const jobs of [1, 2]) {
      const t0 = performance.now();
      let first = 0;
      const lines = await prove({ game: rules.id, from: 1, count: jobsDeals, nodes: jobsNodes, jobs }, () => {
        first ||= performance.now() - t0;
      });
      walls.push(performance.now() - t0);
      firsts.push(first);
      dealMs.push(lines.reduce((a, l) => a + l.ms, 0));
    }
    // The baseline: two copies of the one-job run at once. Each copy's wall is its own, so the
    // work done per unit of time, over one copy alone, is walls[0] / a + walls[0] / b.
    const copies = await Promise.all(
      [0, 1].map(async () => {
        const t0 = performance.now();
        await prove({ game: rules.id, from: 1, count: jobsDeals, nodes: jobsNodes, jobs: 1 }, () => {});
        return performance.now() - t0;
      }),
    );
    const capacity = walls[0]! / copies[0]! + walls[0]! / copies[1]!;
    wall1 += walls[0]!;
    wall2 += walls[1]!;
    capacityWork += capacity * walls[0]!;
    jobRows.push({
      game: rules.id,
      deals: jobsDeals,
      'jobs 1 ms': round(walls[0]!),
      'jobs 2 ms': round(walls[1]!),
      speedup: ratio(walls[0]! / walls[1]!),
      'two copies ms': `${round(copies[0]!)} / ${round(copies[1]!)}`,
      'two copies x': ratio(capacity),
      'speedup / two copies': ratio(walls[0]! / walls[1]! / capacity),
      'first line ms (1 / 2 jobs)': `${round(firsts[0]!)} / ${round(firsts[1]!)}`,
      // The deals' own times added up: equal when two threads run as fast as one (any excess is
      // the cores' contention, this run's or other work's on the machine), so the speedup's
      // shortfall splits into that and the fixed costs (start, last deal).
      'sum of deal ms (1 / 2 jobs)': `${round(dealMs[0]!)} / ${round(dealMs[1]!)}`,
    });
    console.log(JSON.stringify(jobRows[jobRows.length - 1]));
  }
  const allCapacity = capacityWork / wall1;
  jobRows.push({
    game: 'all',
    deals: jobsDeals * games.length,
    'jobs 1 ms': round(wall1),
    'jobs 2 ms': round(wall2),
    speedup: ratio(wall1 / wall2),
    'two copies ms': '',
    'two copies x': ratio(allCapacity),
    'speedup / two copies': ratio(wall1 / wall2 / allCapacity),
    'first line ms (1 / 2 jobs)': '',
    'sum of deal ms (1 / 2 jobs)': '',
  });
  console.log(
    `prove --jobs 2 against --jobs 1 at ${jobsNodes} positions a deal (bar 1.8x), against two copies of the one-job run at once (the most two jobs can gain here), ${cpus().length} cores, load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}:`,
  );
  console.table(jobRows);
}

/** --shares: the same deals under each share setting, through prove --jobs 2. */
async function sharesMode(spec: string): Promise<void> {
  const settings = spec.split(',').map((x) => {
    const [b, p, r] = x.split('/').map(Number);
    const shares: NonNullable<ProveOptions['shares']> = { bestFirst: b!, probes: p!, ...(r === undefined ? {} : { relaxed: r }) };
    return shares;
  });
  const count = flag('deals', 200);
  const from = flag('from', 1);
  const budget = flag('nodes', 1_000_000);
  const out: Record<string, string | number>[] = [];
  for (const rules of GAMES.filter((g) => !only.length || only.includes(g.id))) {
    for (const shares of settings) {
      const t0 = performance.now();
      const lines = await prove({ game: rules.id, from, count, nodes: budget, jobs: 2, shares }, () => {});
      const won = lines.filter((l) => l.result === 'won').length;
      const lost = lines.filter((l) => l.result === 'lost').length;
      out.push({ game: rules.id, 'best-first/probes(/relaxed)': `${shares.bestFirst}/${shares.probes}${shares.relaxed === undefined ? '' : `/${shares.relaxed}`}`, deals: `${from}…${from + count - 1}`, 'decided %': ratio((100 * (won + lost)) / count), 'won %': ratio((100 * won) / count), 'wall s': ratio((performance.now() - t0) / 1000) });
      console.log(JSON.stringify(out[out.length - 1]));
    }
  }
  console.log(`shares at ${budget} positions a deal, deals ${from}…${from + count - 1}, prove --jobs 2:`);
  console.table(out);
}

/** --hint-positions: positions and ms to decide each mid-game position at the full hint budget. */
function hintPositionsMode(): void {
  const count = flag('count', 50);
  const seed = flag('seed', HINT_SEED);
  const budget = flag('hint-nodes', 1_500_000);
  const quickNodes = flag('quick-nodes', 80_000);
  const out: Record<string, string | number>[] = [];
  console.log(`hint positions: ${count} per game (bench-hint.mjs's generator, seed ${seed}), each solved at ${budget} positions on one core; ${cpus()[0]?.model ?? '?'}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const rules of GAMES.filter((g) => !only.length || only.includes(g.id))) {
    const states = hintPositions(rules, count, seed).map((p) => p.state);
    // Warm-up, untimed, on other positions of the same game.
    for (const s of states.slice(0, 5)) timedSolve(rules, s, 20_000);
    const nodesTo: number[] = [];
    const msTo: number[] = [];
    const cpuTo: number[] = [];
    let won = 0;
    let lost = 0;
    let quickDecided = 0;
    const quickMs: number[] = [];
    // Per position, the longest stretch the worker would run without reading a message.
    const longest: number[] = [];
    // Every step's ms: their median is the baseline, a step of the slice with nothing run long.
    const steps: number[] = [];
    for (const s of states) {
      // The quick search on its own budget (its phases scale with the budget, so this is not the
      // same as "decided within quickNodes" of the full search).
      const q = timedSolve(rules, s, quickNodes);
      quickMs.push(q.exactMs);
      if (q.result !== 'unknown') quickDecided++;
      const r = timedSolve(rules, s, budget, WORKER_SLICE, steps);
      longest.push(r.longestMs);
      const decided = r.result !== 'unknown';
      if (r.result === 'won') won++;
      if (r.result === 'lost') lost++;
      nodesTo.push(decided ? r.nodes : Number.POSITIVE_INFINITY);
      msTo.push(decided ? r.exactMs : Number.POSITIVE_INFINITY);
      cpuTo.push(decided ? r.cpuMs : Number.POSITIVE_INFINITY);
      if (listWanted) console.log(`${rules.id} #${cpuTo.length - 1}: ${r.result}${r.by ? ` by ${r.by}` : ''} at ${r.nodes} positions, ${round(r.exactMs)} ms (${round(r.cpuMs)} ms CPU)`);
    }
    nodesTo.sort((a, b) => a - b);
    msTo.sort((a, b) => a - b);
    quickMs.sort((a, b) => a - b);
    longest.sort((a, b) => a - b);
    steps.sort((a, b) => a - b);
    const n = states.length;
    const show = (x: number) => (Number.isFinite(x) ? round(x) : 'undecided');
    const within = (xs: number[], lim: number) => ratio((100 * xs.filter((x) => x <= lim).length) / n);
    out.push({
      game: rules.id,
      positions: n,
      'won/lost/unknown': `${won}/${lost}/${n - won - lost}`,
      'p50 nodes': show(percentile(nodesTo, 0.5)),
      'p90 nodes': show(percentile(nodesTo, 0.9)),
      'p95 nodes': show(percentile(nodesTo, 0.95)),
      'p50 ms': show(percentile(msTo, 0.5)),
      'p90 ms': show(percentile(msTo, 0.9)),
      'p95 ms': show(percentile(msTo, 0.95)),
      '≤80k nodes %': within(nodesTo, 80_000),
      '≤150 ms %': within(msTo, 150),
      '≤250 ms %': within(msTo, 250),
      '≤2 s %': within(msTo, 2000),
      '≤250 ms CPU %': within(cpuTo, 250),
      'decided %': ratio((100 * (won + lost)) / n),
      [`quick ${quickNodes / 1000}k: decided %`]: ratio((100 * quickDecided) / n),
      [`quick ${quickNodes / 1000}k: p95 ms`]: round(percentile(quickMs, 0.95)),
      'step p50 ms (baseline)': round(percentile(steps, 0.5)),
      'longest step p50 ms': round(percentile(longest, 0.5)),
      'longest step p95 ms': round(percentile(longest, 0.95)),
      'longest step max ms': round(longest[n - 1]!),
    });
    console.log(JSON.stringify(out[out.length - 1]));
  }
  console.table(out);
}
