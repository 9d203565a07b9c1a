/**
 * Finds the solver's fixture quartet for every game and writes tests/solver/fixtures.json:
 * a simple solvable and a simple unsolvable position (near the end, small enough for the plain
 * exhaustive search of tests/solver/plain.ts to confirm), and a complex solvable and a complex
 * unsolvable one (a whole deal or a large mid-game position, decided by the solver).
 *
 *   npx tsx scripts/make-fixtures.ts [GAME ...]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { formatPosition, type Position } from '../src/engine/notation.ts';
import { legalList, openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/registry.ts';
import { solve } from '../src/solver/search.ts';
import { plainRules } from '../tests/solver/plain.ts';

interface Fixture {
  name: string;
  expect: 'won' | 'lost';
  position: Position;
}

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** A random playout of `plies` moves from deal n, preferring foundation moves. */
function playout(rules: GameRules, n: number, plies: number, seed: number): State {
  const s = openingState(rules, n);
  const rnd = rng(seed);
  for (let k = 0; k < plies; k++) {
    const auto = rules.autoMoves(s, 'all');
    const list = auto.length && rnd() < 0.8 ? auto : legalList(rules, s);
    if (!list.length) break;
    rules.make(s, list[Math.floor(rnd() * list.length)]!);
  }
  return s;
}

const file = 'tests/solver/fixtures.json';
const only = process.argv.slice(2);
const out: Record<string, Fixture[]> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
for (const rules of GAMES) {
  if (only.length && !only.includes(rules.id)) continue;
  const plain = plainRules(rules);
  const found: Partial<Record<string, Fixture>> = {};
  const put = (name: string, expect: 'won' | 'lost', s: State) => {
    if (!found[name]) found[name] = { name, expect, position: formatPosition(rules, s) };
  };
  // Complex: whole deals first.
  for (let n = 1; n <= 60 && (!found.complexWon || !found.complexLost); n++) {
    const r = solve(rules, openingState(rules, n), { maxNodes: 100_000 });
    if (r.result === 'won') put('complexWon', 'won', openingState(rules, n));
    if (r.result === 'lost' && r.nodes > 1000) put('complexLost', 'lost', openingState(rules, n));
  }
  // Simple and (if still missing) complex: positions from random playouts.
  const deadline = Date.now() + 120_000;
  for (let k = 1; k <= 3000 && Object.keys(found).length < 4 && Date.now() < deadline; k++) {
    const s = playout(rules, k, 40 + (k % 9) * 25, k * 31);
    const r = solve(rules, cloneState(s), { maxNodes: 100_000 });
    if (r.result === 'unknown' || rules.isWon(s)) continue;
    const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
    if (p.result === r.result && p.nodes > 20) put(r.result === 'won' ? 'simpleWon' : 'simpleLost', r.result, s);
    else if (p.result === 'unknown' && r.nodes > 2000) put(r.result === 'won' ? 'complexWon' : 'complexLost', r.result, s);
  }
  out[rules.id] = ['simpleWon', 'simpleLost', 'complexWon', 'complexLost'].flatMap((name) => (found[name] ? [found[name]!] : []));
  console.log(rules.id, out[rules.id]!.map((f) => f.name).join(' '));
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
}
