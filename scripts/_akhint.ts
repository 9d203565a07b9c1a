import { findGame } from '../src/games/catalog.ts';
import { solve } from '../src/solver/search.ts';
import { hintPositions } from './hint-positions.ts';
const rules = findGame(process.argv[2] ?? 'aces-and-kings')!;
const ps = hintPositions(rules, 50, 20260101);
const tally: Record<string, number> = {};
ps.forEach((p, i) => {
  const r = solve(rules, p.state, { maxNodes: 1_500_000 });
  let big = '';
  if (r.result === 'unknown') { const r2 = solve(rules, p.state, { maxNodes: 10_000_000 }); big = `${r2.result} ${r2.nodes}`; }
  const k = r.result === 'unknown' ? `unknown->${big.split(' ')[0]}` : r.result;
  tally[k] = (tally[k] ?? 0) + 1;
  const stock = p.state.piles[0]!.length;
  console.log(i, p.deal, p.k, 'stock', stock, r.result, r.nodes, big);
});
console.log(tally);
