/**
 * Regenerates the winnable-deal lists in assets/winnable/: for each game, deals from 1 upward are
 * solved on worker threads until `--count` are proven won. Each entry keeps its winning line
 * (compact, see src/solver/lineCodec.ts) and a difficulty grade from the solver's effort and from
 * how narrow the line is (the share of legal moves along it that do not keep the deal winnable).
 *
 *   npx tsx scripts/make-winnable.ts [GAME ...] [--count 500] [--nodes 200000] [--jobs 2] [--resume]
 *
 * --resume keeps a game's stored list and goes on from the deal after the last one it tried (with
 * the same budget per deal, which must match the stored one), so a list can grow in several runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GAMES } from '../src/games/catalog.ts';
import type { WinnableEntry } from '../src/solver/winnable.ts';

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
const games = args.filter((a, i) => !a.startsWith('--') && (!args[i - 1]?.startsWith('--') || args[i - 1] === '--resume'));

type Raw = Omit<WinnableEntry, 'grade'> | { deal: number; lost: true };

/** Grades and writes the list found so far. */
function write(game: string, found: Omit<WinnableEntry, 'grade'>[], tried: number): WinnableEntry[] {
  // One entry per deal (a resumed run may try again a deal that an interrupted one had found).
  const list = [...new Map(found.map((e) => [e.deal, e])).values()].sort((a, b) => a.deal - b.deal).slice(0, count);
  // Grade 1 (easy) … 5 (hard): the mean of the effort and narrowness percentiles, cut in fifths.
  const rank = (vals: number[]) => {
    const sorted = [...vals].sort((a, b) => a - b);
    return vals.map((v) => sorted.indexOf(v) / Math.max(1, sorted.length - 1));
  };
  const effort = rank(list.map((e) => Math.log(e.nodes + 1)));
  const narrow = rank(list.map((e) => e.narrow));
  const entries: WinnableEntry[] = list.map((e, i) => ({ ...e, grade: Math.min(5, 1 + Math.floor(((effort[i]! + narrow[i]!) / 2) * 5)) }));
  mkdirSync('assets/winnable', { recursive: true });
  writeFileSync(`assets/winnable/${game}.json`, `${JSON.stringify({ game, nodesPerDeal: nodes, tried, deals: entries })}\n`);
  return entries;
}

async function generate(game: string): Promise<void> {
  const started = Date.now();
  const found: Omit<WinnableEntry, 'grade'>[] = [];
  let next = 1;
  let tried = 0;
  const file = `assets/winnable/${game}.json`;
  if (resume && existsSync(file)) {
    const old = JSON.parse(readFileSync(file, 'utf8')) as { nodesPerDeal: number; tried: number; deals: WinnableEntry[] };
    if (old.nodesPerDeal !== nodes) throw new Error(`${file} was made with --nodes ${old.nodesPerDeal}; resume with the same budget`);
    for (const { grade: _grade, ...e } of old.deals) found.push(e);
    tried = old.tried;
    next = old.tried + 1;
    console.log(`${game}: resuming with ${found.length} winnable of ${tried} tried, from deal ${next}`);
  }
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const feed = (w: Worker) => {
      if (found.length >= count || next > maxDeal) {
        if (--running === 0) resolve();
        return;
      }
      w.postMessage({ game, deal: next++, nodes });
    };
    for (let j = 0; j < jobs; j++) {
      const w = new Worker(new URL('./winnable-worker.mjs', import.meta.url));
      running++;
      w.on('message', (r: Raw | null) => {
        tried++;
        if (r && !('lost' in r)) {
          found.push(r);
          // Save as it goes, so a long run that is stopped still leaves its proven deals.
          if (found.length % 20 === 0) write(game, found, tried);
        }
        feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
  const entries = write(game, found, tried);
  console.log(`${game}: ${entries.length} winnable of ${tried} deals tried, ${Math.round((Date.now() - started) / 1000)} s`);
}

for (const g of GAMES) if (!games.length || games.includes(g.id)) await generate(g.id);
process.exit(0);
