/**
 * How the solver does on the toy game's deals, like `solitaire prove` (whose worker threads cannot
 * see a game registered in this process): `npx tsx tests/toy/figures.ts [FROM] [COUNT] [NODES]`.
 * Prints one line per deal, then a summary line.
 */
import { openingState } from '../../src/engine/play.ts';
import { solve } from '../../src/solver/search.ts';
import { registerToy } from './toyGame.ts';

const [from = 1, count = 50, nodes = 1_000_000] = process.argv.slice(2).map(Number);
const rules = registerToy();
const tally = { won: 0, lost: 0, unknown: 0 };
let totalNodes = 0;
const started = performance.now();
for (let n = from; n < from + count; n++) {
  const r = solve(rules, openingState(rules, n), { maxNodes: nodes });
  tally[r.result]++;
  totalNodes += r.nodes;
  console.log(JSON.stringify({ deal: n, result: r.result, nodes: r.nodes, ms: r.ms, ...(r.result === 'won' ? { length: r.moves.length } : {}) }));
}
console.log(JSON.stringify({ game: rules.id, from, count, nodesPerDeal: nodes, ...tally, nodes: totalNodes, ms: Math.round(performance.now() - started) }));
