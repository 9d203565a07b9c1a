/**
 * npm run study — the win-rate study: `solitaire prove` over the openings of deals 1…N of every
 * game (and Royal Marriage's same-rank variant) on every core, written up in docs/winrates.md.
 *
 *   npm run study -- [--games ID,…] [--count N] [--nodes N] [--jobs J] [--again N] [--again-seconds S]
 *
 * --games: game ids (royal-marriage takes both variants; royal-marriage+rank-pairs only the
 * variant); default all. --count: deals per game; default 1,000, or 100,000 where the game decides
 * exactly without search (Royal Marriage). --nodes: positions per deal, default 1,000,000.
 * --jobs: worker threads, default every core. --again: then run each deal left unknown once more
 * with N positions (and a memory cap of N × 20 bytes, againMemoryMB), a second pass whose verdicts
 * the page counts in; the page shows the second pass at N, or at DEFAULT_AGAIN when not given,
 * wherever its file holds results under the present sources. --again-seconds: a time limit per deal
 * of the second pass (a deal past it stays unknown short of its positions, and the page counts it
 * as at the time limit); a later run with a longer limit, or none, runs those deals again
 * (againTodo).
 *
 * Resumable: each deal's result is appended to docs/study/GAME[+VARIANT].NODES.jsonl as soon as
 * it is known, under a key with a fingerprint of the engine, solver and game sources
 * (study-results.ts). A run does only the deals missing from those files, so an interrupted run
 * goes on where it stopped, and a changed solver or game runs its deals again. The files stay on
 * the machine that ran the study (git ignores them: Royal Marriage's alone are 3.6 MB, rewritten
 * whenever a source changes); the page is written from every file that is current, and any deal's
 * verdict can be checked again with `solitaire prove`.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProveOptions, prove } from '../cli/prove.ts';
import type { ProveLine } from '../cli/proveWorker.ts';
import type { GameRules } from '../src/engine/rules.ts';
import { GAMES, optionFlags } from '../src/games/catalog.ts';
import { againTodo, type DealResult, figures, type Loaded, loadResults, mergeAgain, missingDeals, ResultsWriter, type Row, renderPage, resultsPath, type StudyKey, sourceFingerprint, stoppedShort } from './study-results.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIR = join(ROOT, 'docs/study');
const PAGE = join(ROOT, 'docs/winrates.md');

/** Display words for a game option. */
const OPTION_NAMES: Record<string, string> = { rankPairs: 'same rank pairs too' };

/** One line of the study: a game with some of its options on. */
interface Entry {
  /** `royal-marriage` or `royal-marriage+rank-pairs`. */
  id: string;
  rules: GameRules;
  options: string[];
  name: string;
}

/** The second pass's budget the page shows when --again is not given. */
const DEFAULT_AGAIN = 60_000_000;

/** The memory cap of a second-pass search with `nodes` positions: 20 bytes a position (the tables take 11-20), at least prove's 64 MB. */
const againMemoryMB = (nodes: number): number => Math.max(64, Math.ceil((nodes * 20) / 2 ** 20));

const kebab = (o: string): string => o.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`);

/** Every game as the project reads it, then each game with each of its options on. */
const ENTRIES: Entry[] = GAMES.flatMap((rules) => [
  { id: rules.id, rules, options: [], name: rules.names.en },
  ...rules.options.map((o) => ({ id: `${rules.id}+${kebab(o)}`, rules, options: [o], name: `${rules.names.en}, ${OPTION_NAMES[o] ?? o}` })),
]);

function parseArgs(args: string[]): { games: string[] | null; count: number | null; nodes: number; jobs: number; again: number; againSeconds: number | null } {
  const out = { games: null as string[] | null, count: null as number | null, nodes: 1_000_000, jobs: availableParallelism(), again: 0, againSeconds: null as number | null };
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--games') {
      out.games = value.split(',');
      for (const g of out.games) if (!ENTRIES.some((e) => e.id === g)) throw new Error(`unknown game ${g}; expected one of ${ENTRIES.map((e) => e.id).join(', ')}`);
      continue;
    }
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} needs a positive whole number, not ${value}`);
    if (name === '--count') out.count = n;
    else if (name === '--nodes') out.nodes = n;
    else if (name === '--jobs') out.jobs = n;
    else if (name === '--again') out.again = n;
    else if (name === '--again-seconds') out.againSeconds = n;
    else throw new Error(`unknown option ${name}; expected --games, --count, --nodes, --jobs, --again, --again-seconds`);
  }
  if (out.again && out.again <= out.nodes) throw new Error(`--again needs more positions than --nodes (${out.nodes}), not ${out.again}`);
  if (out.againSeconds !== null && !out.again) throw new Error('--again-seconds limits the second pass, so it needs --again');
  return out;
}

/** The key of an entry's results at `nodes` positions (with a memory cap for the second pass). */
function keyOf(e: Entry, nodes: number, memoryMB?: number): StudyKey {
  const key: StudyKey = { game: e.rules.id, options: e.options, nodes, fingerprint: sourceFingerprint(ROOT, e.rules.id) };
  if (memoryMB !== undefined) key.memoryMB = memoryMB;
  return key;
}

/** The key of an entry's second pass at `nodes` positions. */
const againKeyOf = (e: Entry, nodes: number): StudyKey => keyOf(e, nodes, againMemoryMB(nodes));

/** The first pass's results of `e` at `nodes` positions, deals 1…count. */
function firstPass(e: Entry, count: number, nodes: number): Map<number, DealResult> {
  const key = keyOf(e, nodes);
  const all = loadResults(resultsPath(DIR, key), key).results;
  return new Map([...all].filter(([deal]) => deal <= count));
}

/** The results file of `e` under `key` and what it holds (saying on stderr why, when it starts afresh). */
function openResults(e: Entry, key: StudyKey): { path: string; loaded: Loaded } {
  const path = resultsPath(DIR, key);
  const loaded = loadResults(path, key);
  if (loaded.dropped) process.stderr.write(`${e.id}: ${relative(ROOT, path)} starts afresh: ${loaded.dropped}\n`);
  return { path, loaded };
}

/**
 * Proves `deals` of `e` (with the game's option bits and `budget`), appending each deal's result to
 * the file at `path` as it comes and passing it to `each`; the file is closed even when `prove` fails.
 */
async function proveInto(
  e: Entry,
  path: string,
  key: StudyKey,
  loaded: Loaded,
  deals: number[],
  budget: Pick<ProveOptions, 'nodes' | 'jobs' | 'memoryMB' | 'ms'>,
  each: (line: ProveLine) => void,
): Promise<void> {
  const writer = new ResultsWriter(path, key, loaded);
  const flags = optionFlags(e.rules, e.options);
  try {
    await prove({ game: e.rules.id, deals, ...budget, ...(flags ? { flags } : {}) }, (line) => {
      writer.append({ deal: line.deal, result: line.result, nodes: line.nodes, ms: line.ms });
      each(line);
    });
  } finally {
    writer.close();
  }
}

/**
 * Runs the deals the first pass at `nodes` left unknown once more with `again` positions, within
 * `limitMs` each if not null: those its file lacks, and those an earlier run stopped at a shorter
 * time limit (againTodo).
 */
async function runAgain(e: Entry, count: number, nodes: number, again: number, limitMs: number | null, jobs: number): Promise<void> {
  const key = againKeyOf(e, again);
  const { path, loaded } = openResults(e, key);
  const unknown = [...firstPass(e, count, nodes).values()].filter((r) => r.result === 'unknown').map((r) => r.deal);
  const todo = againTodo(unknown, loaded.results, again, limitMs);
  process.stderr.write(`${e.id}: ${unknown.length} deals unknown at ${nodes}; ${unknown.length - todo.length} already run again at ${again}, ${todo.length} to run\n`);
  if (!todo.length && !loaded.rewrite) return;
  await proveInto(e, path, key, loaded, todo, { nodes: again, memoryMB: key.memoryMB!, jobs, ...(limitMs === null ? {} : { ms: limitMs }) }, (line) =>
    process.stderr.write(`${e.id} deal ${line.deal} at ${again}: ${line.result} (${line.nodes} positions, ${line.ms} ms)\n`),
  );
}

/** Runs the deals 1…count of `e` that its results file lacks, appending each result as it comes. */
async function runEntry(e: Entry, count: number, nodes: number, jobs: number): Promise<void> {
  const key = keyOf(e, nodes);
  const { path, loaded } = openResults(e, key);
  const todo = missingDeals(loaded.results, 1, count);
  process.stderr.write(`${e.id}: ${count - todo.length} of ${count} deals already done, ${todo.length} to run\n`);
  if (!todo.length && !loaded.rewrite) return;
  let done = 0;
  let said = Date.now();
  await proveInto(e, path, key, loaded, todo, { nodes, jobs }, () => {
    done++;
    if (Date.now() - said > 10_000) {
      said = Date.now();
      process.stderr.write(`${e.id}: ${done} of ${todo.length}\n`);
    }
  });
}

let opts: ReturnType<typeof parseArgs>;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`study: ${(e as Error).message}\n`);
  process.exit(2);
}
const chosen = ENTRIES.filter((e) => !opts.games || opts.games.includes(e.id) || opts.games.includes(e.rules.id));
const countOf = (e: Entry): number => opts.count ?? (e.rules.decide ? 100_000 : 1_000);
for (const e of chosen) await runEntry(e, countOf(e), opts.nodes, opts.jobs);
if (opts.again) for (const e of chosen) if (!e.rules.decide) await runAgain(e, countOf(e), opts.nodes, opts.again, opts.againSeconds === null ? null : opts.againSeconds * 1000, opts.jobs);

// The page covers every entry whose file is current at this budget, whether run now or before.
const rows: Row[] = ENTRIES.map((e) => {
  const key = keyOf(e, opts.nodes);
  const path = resultsPath(DIR, key);
  const { results } = loadResults(path, key);
  const list = [...results.values()].sort((a, b) => a.deal - b.deal);
  const row: Row = { name: e.name, file: relative(ROOT, path), key, figures: list.length ? figures(list) : null };
  const againKey = againKeyOf(e, opts.again || DEFAULT_AGAIN);
  const againPath = resultsPath(DIR, againKey);
  const rerun = new Map([...loadResults(againPath, againKey).results].filter(([deal]) => results.get(deal)?.result === 'unknown'));
  if (rerun.size) {
    const list = [...rerun.values()];
    const stopped = list.filter((x) => stoppedShort(x, againKey.nodes)).length;
    row.again = { file: relative(ROOT, againPath), key: againKey, figures: figures(list), merged: figures(mergeAgain(results, rerun)), stopped };
  }
  return row;
});
const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
writeFileSync(PAGE, renderPage(rows, { date: new Date().toISOString().slice(0, 10), cores: availableParallelism(), cpu, nodes: opts.nodes }));
process.stderr.write(`wrote ${relative(ROOT, PAGE)}\n`);
