import { openingState } from '../src/engine/play.ts';
import { findGame } from '../src/games/catalog.ts';
import { solve } from '../src/solver/search.ts';
const game = findGame(process.argv[2]!)!;
const from = Number(process.argv[3] ?? 1), count = Number(process.argv[4] ?? 30), nodes = Number(process.argv[5] ?? 300000);
let n = 0; const t = Date.now();
for (let d = from; d < from + count; d++) { const r = solve(game, openingState(game, d), { maxNodes: nodes }); n += r.nodes; }
console.log(process.argv[2], n, 'positions', Date.now() - t, 'ms', Math.round(n / ((Date.now() - t) / 1000)), '/s');
