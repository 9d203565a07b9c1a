/**
 * Regenerates the winnable-deal lists in assets/winnable/: for each game, deals from 1 upward are
 * solved on worker threads until `--count` are proven won. Each entry keeps its winning line
 * (compact, see src/solver/lineCodec.ts) and a difficulty grade from the solver's effort and from
 * how narrow the line is (the share of legal moves along it that do not keep the deal winnable).
 *
 *   npx tsx scripts/make-winnable.ts [GAME ...] [--count 500] [--nodes 200000] [--jobs 2] [--resume | --refresh]
 *
 * --resume keeps a game's stored list and goes on from the deal after the last one it tried (with
 * the same budget per deal, which must match the stored one), so a list can grow in several runs.
 *
 * --refresh brings a stored list up to date with a stronger solver without disturbing it: every
 * stored entry stays as it is (deal, line, grade), and the deals it tried and left out are solved
 * again at the stored budget; those now proven winnable join the list. Their grade is placed in
 * the stored list's distribution rather than re-ranking it, so no stored deal changes grade. Their
 * effort counts as the stored budget (the solver that made the list could not win them within it,
 * which makes them the hardest by that measure); their narrowness is measured as usual.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GAMES } from '../src/games/catalog.ts';
import type { WinnableEntry, WinnableList } from '../src/solver/winnable.ts';
import { gradeOf, percentile, refreshed } from './winnable-grades.ts';

const args = process.argv.slice(2);
const flag = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const count = flag('count', 500);
const nodes = flag('nodes', 200_000);
const jobs = flag('jobs', availableParallelism());
const maxDeal = flag('max-deal', 200_000);
const resume = args.includes('--resume');
const refresh = args.includes('--refresh');
const switches = ['--resume', '--refresh'];
const games = args.filter((a, i) => !a.startsWith('--') && (!args[i - 1]?.startsWith('--') || switches.includes(args[i - 1]!)));
if (resume && refresh) throw new Error('--resume and --refresh do not go together');

type Raw = Omit<WinnableEntry, 'grade'> | { deal: number; lost: true };

/** Saves a game's list. */
function save(game: string, tried: number, entries: WinnableEntry[]): void {
  mkdirSync('assets/winnable', { recursive: true });
  writeFileSync(`assets/winnable/${game}.json`, `${JSON.stringify({ game, nodesPerDeal: nodes, tried, deals: entries })}\n`);
}

/** Grades and writes the list found so far. */
function write(game: string, found: Omit<WinnableEntry, 'grade'>[], tried: number): WinnableEntry[] {
  // One entry per deal (a resumed run may try again a deal that an interrupted one had found).
  const list = [...new Map(found.map((e) => [e.deal, e])).values()].sort((a, b) => a.deal - b.deal).slice(0, count);
  const efforts = list.map((e) => Math.log(e.nodes + 1)).sort((a, b) => a - b);
  const narrows = list.map((e) => e.narrow).sort((a, b) => a - b);
  const entries: WinnableEntry[] = list.map((e) => ({ ...e, grade: gradeOf(percentile(efforts, Math.log(e.nodes + 1)), percentile(narrows, e.narrow)) }));
  save(game, tried, entries);
  return entries;
}

/** A game's stored list, which `--resume` or `--refresh` goes on with at the same budget per deal. */
function readStored(game: string, how: string): WinnableList {
  const file = `assets/winnable/${game}.json`;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as WinnableList;
  if (stored.nodesPerDeal !== nodes) throw new Error(`${file} was made with --nodes ${stored.nodesPerDeal}; ${how} with the same budget`);
  return stored;
}

/** Solves the deals `next` hands out (null: no more) on worker threads at the budget; `done` gets each answer. */
function solveAll(game: string, next: () => number | null, done: (r: Raw | null) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let running = 0;
    const feed = (w: Worker) => {
      const deal = next();
      if (deal === null) {
        void w.terminate();
        if (--running === 0) resolve();
        return;
      }
      w.postMessage({ game, deal, nodes });
    };
    for (let j = 0; j < jobs; j++) {
      const w = new Worker(new URL('./winnable-worker.mjs', import.meta.url));
      running++;
      w.on('message', (r: Raw | null) => {
        done(r);
        feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
}

/** --refresh: solves again the deals a stored list tried and left out; see the header. */
async function refreshList(game: string): Promise<void> {
  const started = Date.now();
  const stored = readStored(game, 'refresh');
  const listed = new Set(stored.deals.map((e) => e.deal));
  const left: number[] = [];
  for (let d = stored.tried; d >= 1; d--) if (!listed.has(d)) left.push(d);
  const asked = left.length;
  const added: Omit<WinnableEntry, 'grade'>[] = [];
  await solveAll(game, () => left.pop() ?? null, (r) => {
    if (r && !('lost' in r)) added.push(r);
  });
  const entries = refreshed(stored, added);
  save(game, stored.tried, entries);
  console.log(`${game}: ${added.length} of ${asked} deals left out are now proven winnable; ${entries.length} in the list (${stored.deals.length} before), ${Math.round((Date.now() - started) / 1000)} s`);
}

async function generate(game: string): Promise<void> {
  const started = Date.now();
  const found: Omit<WinnableEntry, 'grade'>[] = [];
  let next = 1;
  let tried = 0;
  if (resume && existsSync(`assets/winnable/${game}.json`)) {
    const old = readStored(game, 'resume');
    for (const { grade: _grade, ...e } of old.deals) found.push(e);
    tried = old.tried;
    next = old.tried + 1;
    console.log(`${game}: resuming with ${found.length} winnable of ${tried} tried, from deal ${next}`);
  }
  await solveAll(
    game,
    () => (found.length >= count || next > maxDeal ? null : next++),
    (r) => {
      tried++;
      if (r && !('lost' in r)) {
        found.push(r);
        // Save as it goes, so a long run that is stopped still leaves its proven deals.
        if (found.length % 20 === 0) write(game, found, tried);
      }
    },
  );
  const entries = write(game, found, tried);
  console.log(`${game}: ${entries.length} winnable of ${tried} deals tried, ${Math.round((Date.now() - started) / 1000)} s`);
}

for (const g of GAMES) if (!games.length || games.includes(g.id)) await (refresh ? refreshList(g.id) : generate(g.id));
process.exit(0);
