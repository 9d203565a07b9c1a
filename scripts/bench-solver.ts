/**
 * npm run bench:solver — solver figures per game, on one core, over a fixed set of deals.
 *
 *   npx tsx scripts/bench-solver.ts [--deals 200] [--nodes 100000] [--hint-nodes 200000] [GAME ...]
 *
 * For each game, deals 1…N at the stated budget: positions per second, the share decided (won or
 * proven lost), won %, median and p95 time to decide, and the median and p95 time of a hint from
 * mid-game positions (20 and 40 moves into the stored winning lines of assets/winnable). The
 * baseline, measured in the same run on the same deals, is the engine alone: legal-move generation,
 * make and unmake without search (positions per second of a perft), so the ratio shows what the
 * search adds per position.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { percentile } from '../cli/prove.ts';
import { openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/registry.ts';
import { solve } from '../src/solver/search.ts';
import { entryLine, type WinnableList } from '../src/solver/winnable.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const deals = flag('deals', 200);
const nodes = flag('nodes', 100_000);
const hintNodes = flag('hint-nodes', 200_000);
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));

/** Perft-style engine throughput: positions per second of plain move generation + make/unmake. */
function perftRate(rules: GameRules, s: State, budgetMs: number): number {
  const work = cloneState(s);
  let count = 0;
  const started = performance.now();
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
  return count / ((performance.now() - started) / 1000);
}

const round = (x: number) => Math.round(x);
console.log(`bench:solver — ${deals} deals per game (1…${deals}), ${nodes} positions per deal, hints at ${hintNodes}; ${cpus()[0]?.model ?? '?'}, Node ${process.version}, one core`);
const rows: Record<string, string | number>[] = [];
for (const rules of GAMES) {
  if (only.length && !only.includes(rules.id)) continue;
  let totalNodes = 0;
  let totalMs = 0;
  let won = 0;
  let lost = 0;
  const decideMs: number[] = [];
  let perft = 0;
  for (let n = 1; n <= deals; n++) {
    const s = openingState(rules, n);
    const r = solve(rules, s, { maxNodes: nodes });
    totalNodes += r.nodes;
    totalMs += r.ms;
    if (r.result !== 'unknown') decideMs.push(r.ms);
    if (r.result === 'won') won++;
    if (r.result === 'lost') lost++;
    if (n <= 10) perft += perftRate(rules, s, 100) / 10;
  }
  decideMs.sort((a, b) => a - b);
  const hintMs: number[] = [];
  const file = `assets/winnable/${rules.id}.json`;
  if (existsSync(file)) {
    const list = JSON.parse(readFileSync(file, 'utf8')) as WinnableList;
    for (const entry of list.deals.slice(0, 25)) {
      const line = entryLine(rules, entry);
      for (const at of [20, 40]) {
        if (line.length <= at) continue;
        const s = openingState(rules, entry.deal);
        for (const m of line.slice(0, at)) rules.make(s, m);
        const t0 = performance.now();
        solve(rules, s, { maxNodes: hintNodes });
        hintMs.push(performance.now() - t0);
      }
    }
  }
  hintMs.sort((a, b) => a - b);
  const rate = totalNodes / Math.max(totalMs / 1000, 1e-3);
  rows.push({
    game: rules.id,
    'positions/s': round(rate),
    'engine perft/s (baseline)': round(perft),
    'search/perft': Math.round((rate / perft) * 100) / 100,
    'decided %': Math.round(((won + lost) / deals) * 1000) / 10,
    'won %': Math.round((won / deals) * 1000) / 10,
    'median ms to decide': percentile(decideMs, 0.5),
    'p95 ms to decide': percentile(decideMs, 0.95),
    'hint median ms': hintMs.length ? round(percentile(hintMs, 0.5)) : 'no list',
    'hint p95 ms': hintMs.length ? round(percentile(hintMs, 0.95)) : 'no list',
    hints: hintMs.length,
  });
  console.log(JSON.stringify(rows[rows.length - 1]));
}
console.table(rows);
