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
 * of loss stopped within its share, a table or memo that fills up). The walk back stops at the
 * third position plain search leaves undecided. Then the same comparison on random valid positions
 * with the piles in any order (tests/engine/helpers.ts smallPosition; not Royal Marriage, whose
 * decider its own test checks): positions a player can give the command line, which play need not
 * reach. That part found Australian's unsound forced move (7 December 2026). Each part of a game
 * stops after --deals deals (50 times as many seeds) or --seconds (default 150), whichever comes
 * first.
 *
 * Prints a line per game and part (positions compared, won, lost, left undecided by either search)
 * and every disagreement with where it is; exits with 1 if there was one, and with 2 on bad
 * input.
 */
import { parseArgs } from 'node:util';
import { cloneState, type GameRules, type State } from '../src/engine/rules.ts';
import { GAMES, parsePosition } from '../src/games/catalog.ts';
import { WORKER_SLICE } from '../src/solver/protocol.ts';
import { type SolveResult, Solver, solve } from '../src/solver/search.ts';
import { smallPosition } from '../tests/engine/helpers.ts';
import { plainRules } from '../tests/solver/plain.ts';
import { playout } from '../tests/solver/util.ts';

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
const seconds = count('seconds', 150);
const plainNodes = count('plain', 150_000);
const nodes = count('nodes', 1_000_000);
const memoryMB = values.memory === undefined ? undefined : count('memory', 1);
const games: GameRules[] = (values.games ?? GAMES.map((g) => g.id).join(','))
  .split(',')
  .map((id) => GAMES.find((g) => g.id === id) ?? refuse(`unknown game "${id}"; the games are ${GAMES.map((g) => g.id).join(', ')}`));

/** The positions of one random playout of `deal` (tests/solver/util.ts playout), from the opening to its end. */
function playoutPath(rules: GameRules, deal: number, prefer: number, seed: number): State[] {
  const path: State[] = [];
  playout(rules, deal, 600, seed, prefer, (s) => {
    path.push(cloneState(s));
    return rules.isWon(s);
  });
  return path;
}

/** The full solver's verdict, stepped as the page's worker steps it (src/solver/worker.ts). */
function solveAsWorker(rules: GameRules, state: State): SolveResult {
  const solver = new Solver(rules, state, memoryMB === undefined ? { maxNodes: nodes } : { maxNodes: nodes, maxMB: memoryMB });
  while (solver.step(WORKER_SLICE) === null);
  return solver.result();
}

/** What one game's comparisons came to. */
interface Tally {
  compared: number;
  won: number;
  lost: number;
  plainUndecided: number;
  solverUndecided: number;
  disagreements: number;
}

/** Compares the two searches on `state`; returns false when plain search leaves it undecided. */
function compare(rules: GameRules, plain: GameRules, state: State, tally: Tally, where: string): boolean {
  const p = solve(plain, cloneState(state), { maxNodes: plainNodes });
  if (p.result === 'unknown') {
    tally.plainUndecided++;
    return false;
  }
  const f = solveAsWorker(rules, cloneState(state));
  if (f.result === 'unknown') tally.solverUndecided++;
  else if (f.result === p.result) {
    tally.compared++;
    tally[p.result]++;
  } else {
    tally.compared++;
    tally.disagreements++;
    console.log(`${rules.id}: DISAGREE at ${where}: solver ${f.result}, plain search ${p.result}`);
  }
  return true;
}

/** The line that reports a tally. */
function report(rules: GameRules, what: string, tally: Tally, started: number): void {
  console.log(
    `${rules.id}, ${what}: ${tally.compared} positions compared (${tally.won} won, ${tally.lost} lost), ${tally.disagreements} disagreements; undecided by plain search ${tally.plainUndecided}, by the solver ${tally.solverUndecided}; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (!tally.compared) console.log(`${rules.id}, ${what}: nothing compared: plain search decided no position within ${plainNodes} positions`);
}

const fresh = (): Tally => ({ compared: 0, won: 0, lost: 0, plainUndecided: 0, solverUndecided: 0, disagreements: 0 });
let disagreements = 0;
for (const rules of games) {
  const plain = plainRules(rules);
  // Positions along random playouts, walked back from their end.
  let started = Date.now();
  let tally = fresh();
  let n = 1;
  for (; n <= deals && Date.now() - started < seconds * 1000; n++) {
    const deal = 100_000 + n;
    for (const prefer of [0.9, 0.5, 0]) {
      const path = playoutPath(rules, deal, prefer, n * 7919 + Math.round(prefer * 10));
      let misses = 0;
      for (let ply = path.length - 1; ply >= 0 && misses < 3; ply--) {
        if (!compare(rules, plain, path[ply]!, tally, `deal ${deal}, playout preferring foundation moves ${prefer}, ply ${ply}`)) misses++;
      }
    }
  }
  disagreements += tally.disagreements;
  report(rules, `playouts of deals 100001–${100_000 + n - 1}`, tally, started);
  // Random valid positions (tests/engine/helpers.ts smallPosition: piles in any order, not only
  // those play reaches, as a position given to the command line may be), 2 to 30 cards in play.
  if (rules.id === 'royal-marriage') continue;
  started = Date.now();
  tally = fresh();
  let seed = 1;
  for (; seed <= 50 * deals && Date.now() - started < seconds * 1000; seed++) {
    const left = 2 + (seed % 29);
    compare(rules, plain, parsePosition(smallPosition(rules.id, seed, left)).state, tally, `smallPosition('${rules.id}', ${seed}, ${left})`);
  }
  disagreements += tally.disagreements;
  report(rules, `random valid positions, seeds 1–${seed - 1}`, tally, started);
}
if (disagreements) process.exitCode = 1;
