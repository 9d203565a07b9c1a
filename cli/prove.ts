/** `solitaire prove`: solves a run of deals on worker threads and prints one line per deal, then a summary. */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isGameId } from '../src/games/catalog.ts';
import { type ProveLine, type ProveTask, proveDeal } from './proveWorker.ts';

/** The worker's code, bundled once per process (see workerFile), and whether it is plain JavaScript. */
let bundled: Promise<{ url: URL; plain: boolean }> | null = null;

/**
 * The worker thread's entry: proveWorker.ts and what it imports, bundled by esbuild (which tsx
 * brings) into one plain JavaScript file in the temporary directory, named by its content, once per
 * process. Each worker then starts as plain Node, without tsx's loader compiling the TypeScript
 * again in every thread (about 0.2 s a worker). Without esbuild, the tsx entry (worker.mjs).
 */
function workerFile(): Promise<{ url: URL; plain: boolean }> {
  bundled ??= (async () => {
    try {
      const { build } = await import('esbuild');
      const out = await build({
        entryPoints: [fileURLToPath(new URL('./proveWorker.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        logLevel: 'silent',
      });
      const code = out.outputFiles[0]!.text;
      const file = join(tmpdir(), `solitaire-prove-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
      if (!existsSync(file)) writeFileSync(file, code);
      return { url: new URL(`file://${file}`), plain: true };
    } catch {
      return { url: new URL('./worker.mjs', import.meta.url), plain: false };
    }
  })();
  return bundled;
}

/** Which deals a prove run takes: the range from … from+count-1, or a list. */
export type ProveDeals =
  | {
      /** First deal number. */
      from: number;
      /** How many deals. */
      count: number;
      deals?: never;
    }
  | {
      /** The deals, in this order (the study's second pass over its unknown deals). */
      deals: readonly number[];
      from?: never;
      count?: never;
    };

/** Options of a prove run. */
export type ProveOptions = ProveDeals & {
  /** Game id. */
  game: string;
  /** Position budget per deal. */
  nodes: number;
  /** The game's option bits (State.flags), if any: Royal Marriage's rank pairs. */
  flags?: number;
  /** Time budget per deal in ms, if any. */
  ms?: number;
  /** Worker threads. */
  jobs: number;
  /** Memory cap of each search's table in MB, if not the default (64). */
  memoryMB?: number;
  /** For benchmarks: the solver's shares instead of the game's (ProveTask.shares). */
  shares?: ProveTask['shares'];
};

/** The p-th percentile (0..1) of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Summary figures of a set of results. */
export function summarise(lines: readonly ProveLine[], wallMs: number, jobs: number) {
  const n = lines.length || 1;
  const pct = (r: string) => Math.round((1000 * lines.filter((l) => l.result === r).length) / n) / 10;
  const times = lines.map((l) => l.ms).sort((a, b) => a - b);
  const nodes = lines.reduce((a, l) => a + l.nodes, 0);
  const cpuMs = lines.reduce((a, l) => a + l.ms, 0);
  return {
    summary: true,
    deals: lines.length,
    wonPct: pct('won'),
    lostPct: pct('lost'),
    unknownPct: pct('unknown'),
    positionsPerSecond: Math.round(nodes / Math.max(cpuMs / 1000, 1e-3)),
    positionsPerSecondAllJobs: Math.round(nodes / Math.max(wallMs / 1000, 1e-3)),
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    jobs,
    wallMs: Math.round(wallMs),
  };
}

/** The task of deal `deal` of a prove run. */
function taskOf(opts: ProveOptions, deal: number): ProveTask {
  const task: ProveTask = { game: opts.game, deal, nodes: opts.nodes };
  if (opts.flags) task.flags = opts.flags;
  if (opts.ms !== undefined) task.ms = opts.ms;
  if (opts.memoryMB !== undefined) task.memoryMB = opts.memoryMB;
  if (opts.shares !== undefined) task.shares = opts.shares;
  return task;
}

/**
 * Runs the deals on `jobs` worker threads; calls `emit` for each line in the order of the deals. A game
 * registered in this process only (registerGame: a test's toy game) is unknown to the worker
 * threads, which load the catalog afresh, so its deals run here, one after another.
 */
export async function prove(opts: ProveOptions, emit: (line: ProveLine) => void): Promise<ProveLine[]> {
  const deals = opts.deals ?? Array.from({ length: opts.count }, (_, i) => opts.from + i);
  if (!isGameId(opts.game)) {
    const lines: ProveLine[] = [];
    for (const deal of deals) {
      const line = proveDeal(taskOf(opts, deal));
      lines.push(line);
      emit(line);
    }
    return lines;
  }
  if (!deals.length) return [];
  const jobs = Math.max(1, Math.min(opts.jobs || availableParallelism(), deals.length));
  const results = new Map<number, ProveLine>();
  let nextTask = 0;
  let nextEmit = 0;
  const end = deals.length;
  const workers: Worker[] = [];
  const entry = await workerFile();
  // V8 compiles hot functions again in background threads of its own. With a worker on every
  // core those threads take turns with the searches, and each deal runs longer; with cores to
  // spare they run beside them. So the workers of a run with a job per core compile on their own
  // thread. The flag is read when each worker's isolate starts (its compile dispatcher is made then
  // or never), so it is set here, before the workers start, for this run's workers only.
  // Measured with `npx tsx scripts/bench-solver.ts --deals 0` (100 deals a game at 300,000
  // positions, runs alternated on the same machine): --jobs 2 against --jobs 1 read 1.67, 1.74
  // and 1.73 x without this, 1.82, 1.78, 1.79 and 1.79 x with it; --jobs 1 keeps its background
  // compiles (without them King Albert's 100 deals took 5 % longer).
  setFlagsFromString(jobs >= availableParallelism() ? '--no-concurrent-recompilation' : '--concurrent-recompilation');
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const feed = (w: Worker) => {
      if (nextTask >= end) {
        if (--running === 0) resolve();
        return;
      }
      w.postMessage(taskOf(opts, deals[nextTask++]!));
    };
    for (let j = 0; j < jobs; j++) {
      // The plain bundle needs none of the parent's Node options: under `tsx` they would load its
      // loader into every worker again (about 60 ms a worker on this machine).
      const w = entry.plain ? new Worker(entry.url, { execArgv: [] }) : new Worker(entry.url);
      workers.push(w);
      running++;
      w.on('message', (line: ProveLine) => {
        results.set(line.deal, line);
        while (nextEmit < end && results.has(deals[nextEmit]!)) emit(results.get(deals[nextEmit++]!)!);
        feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
  await Promise.all(workers.map((w) => w.terminate()));
  return deals.map((d) => results.get(d)!);
}
