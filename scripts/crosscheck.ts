/**
 * npm run crosscheck — the solver against plain exhaustive search, at scale.
 *
 *   npm run crosscheck -- [--games ID,…] [--deals N] [--seconds S] [--plain N] [--nodes N] [--memory MB]
 *
 * The unit test tests/solver/crosscheck.test.ts compares the two on a few dozen positions per game;
 * this runs the same comparison on tens of thousands, for after a change to a pruning, dominance or
 * reduction rule (a solver's `lost` is a proof, and plain search is what it is checked against).
 * For each game: random playouts of deals 100001, 100002, … (three a deal: an offered foundation
 * move taken with probability 0.9, 0.5 and 0), each walked back from its last position. Every
 * position that plain search (tests/solver/plain.ts: the rules with every piece of search
 * knowledge taken away) decides within --plain positions (default 150,000) is solved again by the
 * full solver within --nodes (default 1,000,000), stepped as the page's worker steps it (WORKER_SLICE
 * positions at a time), under the memory cap --memory (default the solver's own), and the two
 * verdicts must agree. A small --nodes or --memory checks the paths of a search cut short (a proof
 * of loss stopped within its share, a table or memo that fills up). The walk back
 * stops at the third position plain search leaves undecided. A game stops after --deals deals
 * (default 400) or --seconds (default 240), whichever comes first.
 *
 * Prints a line per game (positions compared, won, lost, left undecided by either search) and every
 * disagreement with its deal, playout and ply; exits with 1 if there was one, and with 2 on bad
 * input.
 */
import { parseArgs } from 'node:util';
import { legalList, openingState } from '../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES } from '../src/games/catalog.ts';
import { WORKER_SLICE } from '../src/solver/protocol.ts';
import { type SolveResult, Solver, solve } from '../src/solver/search.ts';
import { xorshift } from '../src/solver/xorshift.ts';
import { plainRules } from '../tests/solver/plain.ts';

/** Stops with one line on standard error and exit code 2. */
function refuse(why: string): never {
  console.error(`crosscheck: ${why}`);
  process.exit(2);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { games: { type: 'string' }, deals: { type: 'string' }, seconds: { type: 'string' }, plain: { type: 'string' }, nodes: { type: 'string' }, memory: { type: 'string' } },
  }));
} catch (e) {
  refuse((e as Error).message);
}
/** The whole number given for `name` (1 or more), or `dflt`. */
function count(name: string, dflt: number): number {
  const v = values[name];
  if (v === undefined) return dflt;
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : refuse(`--${name} takes a whole number of 1 or more, not "${v}"`);
}
const deals = count('deals', 400);
const seconds = count('seconds', 240);
const plainNodes = count('plain', 150_000);
const nodes = count('nodes', 1_000_000);
const memoryMB = values.memory === undefined ? undefined : count('memory', 1);
const games: GameRules[] = (values.games ?? GAMES.map((g) => g.id).join(','))
  .split(',')
  .map((id) => GAMES.find((g) => g.id === id) ?? refuse(`unknown game "${id}"; the games are ${GAMES.map((g) => g.id).join(', ')}`));

/** The positions of one random playout of `deal`, from the opening to its end. */
function playoutPath(rules: GameRules, deal: number, prefer: number, seed: number): State[] {
  const rnd = xorshift(seed);
  const s = openingState(rules, deal);
  const path: State[] = [];
  for (let k = 0; k < 600; k++) {
    path.push(cloneState(s));
    if (rules.isWon(s)) break;
    const auto = rules.autoMoves(s, 'all');
    const list = auto.length && rnd() < prefer ? auto : legalList(rules, s);
    if (!list.length) break;
    rules.make(s, list[Math.floor(rnd() * list.length)]!);
  }
  return path;
}

/** The full solver's verdict, stepped as the page's worker steps it (src/solver/worker.ts). */
function solveAsWorker(rules: GameRules, state: State): SolveResult {
  const solver = new Solver(rules, state, memoryMB === undefined ? { maxNodes: nodes } : { maxNodes: nodes, maxMB: memoryMB });
  while (solver.step(WORKER_SLICE) === null);
  return solver.result();
}

let disagreements = 0;
for (const rules of games) {
  const plain = plainRules(rules);
  const started = Date.now();
  const tally = { compared: 0, won: 0, lost: 0, plainUndecided: 0, solverUndecided: 0, disagreements: 0 };
  let n = 1;
  for (; n <= deals && Date.now() - started < seconds * 1000; n++) {
    const deal = 100_000 + n;
    for (const prefer of [0.9, 0.5, 0]) {
      const path = playoutPath(rules, deal, prefer, n * 7919 + Math.round(prefer * 10));
      let misses = 0;
      for (let ply = path.length - 1; ply >= 0 && misses < 3; ply--) {
        const p = solve(plain, cloneState(path[ply]!), { maxNodes: plainNodes });
        if (p.result === 'unknown') {
          misses++;
          tally.plainUndecided++;
          continue;
        }
        const f = solveAsWorker(rules, cloneState(path[ply]!));
        if (f.result === 'unknown') {
          tally.solverUndecided++;
          continue;
        }
        tally.compared++;
        if (f.result === p.result) tally[p.result]++;
        else {
          tally.disagreements++;
          console.log(`${rules.id}: DISAGREE at deal ${deal}, playout preferring foundation moves ${prefer}, ply ${ply}: solver ${f.result}, plain search ${p.result}`);
        }
      }
    }
  }
  disagreements += tally.disagreements;
  console.log(
    `${rules.id}: ${tally.compared} positions compared (${tally.won} won, ${tally.lost} lost), ${tally.disagreements} disagreements; undecided by plain search ${tally.plainUndecided}, by the solver ${tally.solverUndecided}; deals 100001–${100_000 + n - 1}, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (!tally.compared) console.log(`${rules.id}: nothing compared: plain search decided no position within ${plainNodes} positions`);
}
if (disagreements) process.exitCode = 1;
