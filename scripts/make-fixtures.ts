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
import { openingState } from '../src/engine/play.ts';
import { cloneState, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/catalog.ts';
import { solve } from '../src/solver/search.ts';
import { plainRules } from '../tests/solver/plain.ts';
import { playout } from '../tests/solver/util.ts';

interface Fixture {
  name: string;
  expect: 'won' | 'lost';
  position: Position;
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
