/** `solitaire prove`: solves a run of deals on worker threads and prints one line per deal, then a summary. */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ProveLine, ProveTask } from './proveWorker.ts';

/** Options of a prove run. */
export interface ProveOptions {
  /** Game id. */
  game: string;
  /** First deal number. */
  from: number;
  /** How many deals. */
  count: number;
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
}

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

/** Runs the deals on `jobs` worker threads; calls `emit` for each line in deal order. */
export async function prove(opts: ProveOptions, emit: (line: ProveLine) => void): Promise<ProveLine[]> {
  const jobs = Math.max(1, Math.min(opts.jobs || availableParallelism(), opts.count));
  const results = new Map<number, ProveLine>();
  let nextTask = opts.from;
  let nextEmit = opts.from;
  const end = opts.from + opts.count;
  const workers: Worker[] = [];
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const feed = (w: Worker) => {
      if (nextTask >= end) {
        if (--running === 0) resolve();
        return;
      }
      const task: ProveTask = { game: opts.game, deal: nextTask++, nodes: opts.nodes };
      if (opts.flags) task.flags = opts.flags;
      if (opts.ms !== undefined) task.ms = opts.ms;
      if (opts.memoryMB !== undefined) task.memoryMB = opts.memoryMB;
      w.postMessage(task);
    };
    for (let j = 0; j < jobs; j++) {
      const w = new Worker(new URL('./worker.mjs', import.meta.url));
      workers.push(w);
      running++;
      w.on('message', (line: ProveLine) => {
        results.set(line.deal, line);
        while (results.has(nextEmit)) emit(results.get(nextEmit++)!);
        feed(w);
      });
      w.on('error', reject);
      feed(w);
    }
  });
  await Promise.all(workers.map((w) => w.terminate()));
  return [...results.values()].sort((a, b) => a.deal - b.deal);
}
