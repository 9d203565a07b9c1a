import { openingState } from '../src/engine/play.ts';
import { findGame } from '../src/games/catalog.ts';
import { progressLessDisorder } from '../src/games/common.ts';
import { solve } from '../src/solver/search.ts';
import { hintPositions } from './hint-positions.ts';
const base = findGame('streets-and-alleys')!;
const ps = hintPositions(base, 50, 20260101).map((p) => p.state);
for (const spec of process.argv.slice(2)) {
  const [w, c] = spec.split('/').map(Number) as [number, number];
  const rules = { ...base, bestFirstScore: (s: any, d: number) => progressLessDisorder(s, 0, 8, 8, w) - c * d };
  const needs = ps.map((s) => { const r = solve(rules, s, { maxNodes: 1_500_000 }); return r.result === 'unknown' ? Infinity : r.nodes; }).sort((a, b) => a - b);
  const within = (n: number) => needs.filter((x) => x <= n).length;
  let dec = 0, won = 0, nodes = 0;
  for (let d = 1; d <= 200; d++) { const r = solve(rules, openingState(rules, d), { maxNodes: 1_000_000 }); if (r.result !== 'unknown') dec++; if (r.result === 'won') won++; nodes += r.nodes; }
  console.log(`${w}/${c}: hints ≤300k ${within(300_000)} ≤450k ${within(450_000)} ≤600k ${within(600_000)} decided ${within(1_500_000)} | deals decided ${dec} won ${won} nodes ${nodes}`);
}
