/**
 * The win-rate study's data (scripts/study.ts): per-deal results kept in one JSONL file per game,
 * variant and budget, so that a run resumes where it stopped; the 95 % Wilson interval; and the
 * figures and the page docs/winrates.md made from them.
 *
 * A results file starts with a header line, the key: game, options, budget and a fingerprint of
 * the sources that decide a verdict (engine, solver, the game's file, the prove worker). Each
 * further line is one deal: [deal, result, positions, ms]. A file whose key differs from the
 * present one (sources changed) is stale: its results are dropped and the deals run again.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { percentile } from '../cli/prove.ts';

/** A verdict. */
export type Outcome = 'won' | 'lost' | 'unknown';

/** What a results file is for: its results count only under the same key. */
export interface StudyKey {
  /** Game id. */
  game: string;
  /** The game's options switched on (Royal Marriage's `rankPairs`), in the game's order. */
  options: string[];
  /** Position budget per deal. */
  nodes: number;
  /** Memory cap of each search in MB, when not prove's default (the second pass's larger searches). */
  memoryMB?: number;
  /** Fingerprint of the sources that decide a verdict (sourceFingerprint). */
  fingerprint: string;
}

/** One deal's result. */
export interface DealResult {
  /** Deal number. */
  deal: number;
  /** Won, proven lost, or unknown within the budget. */
  result: Outcome;
  /** Positions the solver visited. */
  nodes: number;
  /** Milliseconds the solver took. */
  ms: number;
}

const OUTCOMES: readonly string[] = ['won', 'lost', 'unknown'];

/** The same key (options in order). */
function sameKey(a: StudyKey, b: StudyKey): boolean {
  return a.game === b.game && a.nodes === b.nodes && a.memoryMB === b.memoryMB && a.fingerprint === b.fingerprint && a.options.join() === b.options.join();
}

/** The results file of `key` in `dir`: `GAME[+option…].NODES.jsonl` (the fingerprint lives in the header). */
export function resultsPath(dir: string, key: Omit<StudyKey, 'fingerprint'>): string {
  const variant = key.options.map((o) => `+${o.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`).join('');
  return join(dir, `${key.game}${variant}.${key.nodes}.jsonl`);
}

/** What a results file holds for `key`. */
export interface Loaded {
  /** The results kept, by deal. */
  results: Map<number, DealResult>;
  /** Why nothing was kept, when the file exists but its results do not count (stale key, unreadable header). */
  dropped?: string;
  /** True when the file must be written afresh before appending (missing, stale, or a torn last line). */
  rewrite: boolean;
}

/** Reads the results of `key` from `path`. A torn last line (a run killed mid-write) is left out. */
export function loadResults(path: string, key: StudyKey): Loaded {
  const results = new Map<number, DealResult>();
  if (!existsSync(path)) return { results, rewrite: true };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  let header: StudyKey | null = null;
  try {
    header = JSON.parse(lines[0]!) as StudyKey;
  } catch {
    return { results, dropped: 'its header is unreadable', rewrite: true };
  }
  if (!header || !Array.isArray(header.options) || !sameKey(header, key)) {
    return { results, dropped: `it was made under ${JSON.stringify(header)}, not ${JSON.stringify(key)}`, rewrite: true };
  }
  let torn = !text.endsWith('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      torn = true;
      continue;
    }
    if (!Array.isArray(r) || r.length !== 4 || !Number.isSafeInteger(r[0]) || !OUTCOMES.includes(r[1]) || typeof r[2] !== 'number' || typeof r[3] !== 'number') {
      torn = true;
      continue;
    }
    results.set(r[0], { deal: r[0], result: r[1] as Outcome, nodes: r[2], ms: r[3] });
  }
  return { results, rewrite: torn };
}

/** One result as a line of a results file. */
const lineOf = (r: DealResult): string => `${JSON.stringify([r.deal, r.result, r.nodes, r.ms])}\n`;

/** Appends results to a results file, one line each, written at once (so a killed run keeps them). */
export class ResultsWriter {
  private readonly fd: number;

  /** Opens `path` for `key`, first writing it afresh (header and `loaded`'s results) when `loaded.rewrite`. */
  constructor(path: string, key: StudyKey, loaded: Loaded) {
    mkdirSync(dirname(path), { recursive: true });
    if (loaded.rewrite) {
      const kept = [...loaded.results.values()].sort((a, b) => a.deal - b.deal);
      writeFileSync(path, `${JSON.stringify(key)}\n${kept.map(lineOf).join('')}`);
    }
    this.fd = openSync(path, 'a');
  }

  /** Appends one deal's result. */
  append(r: DealResult): void {
    writeSync(this.fd, lineOf(r));
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.fd);
  }
}

/** The deals from…from+count-1 not in `done`, in order. */
export function missingDeals(done: { has(deal: number): boolean }, from: number, count: number): number[] {
  const out: number[] = [];
  for (let d = from; d < from + count; d++) if (!done.has(d)) out.push(d);
  return out;
}

/** The game's source file: `royal-marriage` is src/games/royalMarriage.ts. */
export const gameFile = (game: string): string => `src/games/${game.replace(/-([a-z])/g, (_m, ch: string) => ch.toUpperCase())}.ts`;

/** The files under src/games that games share (an edit there may change any game's verdicts). */
const SHARED_GAME_FILES = ['src/games/common.ts', 'src/games/define.ts', 'src/games/topCard.ts'];

/**
 * A fingerprint of every source a verdict depends on, under `root`: src/engine, src/solver, the
 * shared game helpers (common.ts, define.ts, topCard.ts), the game's own file and the prove worker. Any edit there (a comment too)
 * makes earlier results stale; an edit to another game's file does not.
 */
export function sourceFingerprint(root: string, game: string): string {
  const ts = (dir: string) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`);
  const files = [...ts('src/engine'), ...ts('src/solver'), ...SHARED_GAME_FILES, gameFile(game), 'cli/proveWorker.ts'].sort();
  const h = createHash('sha256');
  for (const f of files) h.update(`${f}\0${readFileSync(join(root, f), 'utf8')}\0`);
  return h.digest('hex').slice(0, 16);
}

/** The two-sided 95 % normal quantile. */
const Z95 = 1.959963984540054;

/** The Wilson score interval [low, high] for `k` successes in `n` trials (95 % unless `z` says otherwise). */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 and k = n the ends are exactly 0 and 1; rounding would miss them by an ulp.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** The figures of one game (and variant) over its results. */
export interface Figures {
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  /** Win rate if every unknown deal were lost, and if every one were won. */
  rateLow: number;
  rateHigh: number;
  /** The 95 % Wilson interval counting unknowns both ways: the low end as if all were lost, the high end as if all were won. */
  ciLow: number;
  ciHigh: number;
  /** Mean and 95th-percentile milliseconds per deal. */
  meanMs: number;
  p95Ms: number;
  /** Mean positions per deal. */
  meanNodes: number;
  /** Lowest and highest deal number. */
  first: number;
  last: number;
}

/** The figures of a set of results. */
export function figures(results: readonly DealResult[]): Figures {
  const n = results.length;
  const count = (o: Outcome) => results.filter((r) => r.result === o).length;
  const won = count('won');
  const lost = count('lost');
  const unknown = n - won - lost;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const deals = results.map((r) => r.deal);
  return {
    deals: n,
    won,
    lost,
    unknown,
    rateLow: n ? won / n : 0,
    rateHigh: n ? (won + unknown) / n : 0,
    ciLow: wilson(won, n)[0],
    ciHigh: wilson(won + unknown, n)[1],
    meanMs: n ? times.reduce((a, b) => a + b, 0) / n : 0,
    p95Ms: percentile(times, 0.95),
    meanNodes: n ? results.reduce((a, r) => a + r.nodes, 0) / n : 0,
    first: n ? Math.min(...deals) : 0,
    last: n ? Math.max(...deals) : 0,
  };
}

/**
 * The results of a first pass with each deal it left unknown replaced by its result in `again`
 * (the same deal run with a larger budget), where there is one; in deal order.
 */
export function mergeAgain(first: ReadonlyMap<number, DealResult>, again: ReadonlyMap<number, DealResult>): DealResult[] {
  return [...first.values()].map((r) => (r.result === 'unknown' ? (again.get(r.deal) ?? r) : r)).sort((a, b) => a.deal - b.deal);
}

/**
 * True when `r` stopped short of its position budget `nodes` without a verdict: a second pass under
 * a time limit (study --again-seconds) ran out of time first.
 */
export const stoppedShort = (r: DealResult, nodes: number): boolean => r.result === 'unknown' && r.nodes < nodes;

/**
 * The deals of `unknown` (left unknown by the first pass) that a second pass at `nodes` positions
 * under a time limit of `limitMs` (null: none) is to run, in order: those without a result in
 * `done`, and those whose result stopped short (stoppedShort) when this run allows them more
 * time than that result took.
 */
export function againTodo(unknown: readonly number[], done: ReadonlyMap<number, DealResult>, nodes: number, limitMs: number | null): number[] {
  return unknown
    .filter((d) => {
      const r = done.get(d);
      return !r || (stoppedShort(r, nodes) && (limitMs === null || limitMs > r.ms));
    })
    .sort((a, b) => a - b);
}

/** A rate as a percentage with `digits` decimals. */
const pct = (x: number, digits = 1): string => `${(100 * x).toFixed(digits)} %`;
/** A whole number with thousands separators. */
const num = (x: number): string => Math.round(x).toLocaleString('en-US');

/** One row of the page. */
export interface Row {
  /** The game's display name, with the variant. */
  name: string;
  /** The results file, relative to the repository. */
  file: string;
  key: StudyKey;
  /** Null when the file holds no results under the present sources. */
  figures: Figures | null;
  /**
   * The second pass, when its file holds results: the first pass's unknown deals run again with
   * more positions (key.nodes, key.memoryMB), its own figures, and the figures of the whole
   * first pass with those results in (mergeAgain).
   */
  again?: { file: string; key: StudyKey; figures: Figures; merged: Figures; stopped: number };
}

/** The page docs/winrates.md. */
export function renderPage(rows: readonly Row[], meta: { date: string; cores: number; cpu: string; nodes: number }): string {
  const out: string[] = [];
  out.push('# Win rates');
  out.push('');
  out.push(
    `How often the opening of a deal can be won, as this project reads each game's rules, measured by \`npm run study\`: ` +
      `\`solitaire prove\` over deals 1, 2, 3, … with ${num(meta.nodes)} positions per deal. ` +
      `Written ${meta.date} on a machine with ${meta.cores} cores (${meta.cpu}).`,
  );
  out.push('');
  out.push('| Game | Deals | Won | Lost | Unknown | Win rate | 95 % interval | Mean time | p95 time | Mean positions |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const f = r.figures;
    if (!f) {
      out.push(`| ${r.name} | not run under the present sources | | | | | | | | |`);
      continue;
    }
    const rate = f.unknown ? `${pct(f.rateLow)} – ${pct(f.rateHigh)}` : pct(f.rateLow);
    const ms = (x: number) => (x < 10 ? `${x.toFixed(2)} ms` : `${num(x)} ms`);
    out.push(
      `| ${r.name} | ${num(f.deals)} (${num(f.first)}–${num(f.last)}) | ${num(f.won)} | ${num(f.lost)} | ${num(f.unknown)} | ${rate} | ${pct(f.ciLow)} – ${pct(f.ciHigh)} | ${ms(f.meanMs)} | ${ms(f.p95Ms)} | ${num(f.meanNodes)} |`,
    );
  }
  const again = rows.filter((r) => r.again && r.figures);
  if (again.length) {
    out.push('');
    out.push('## The unknown deals, run again with more positions');
    out.push('');
    out.push(
      `\`npm run study -- --again N\` runs each deal the table above left unknown once more, with N positions and a memory cap to match (N × 20 bytes), and counts its verdict in. ` +
        'The win rates below are those of the same deals with these verdicts in.',
    );
    out.push('');
    out.push('| Game | Run again | Positions | Memory | Won | Lost | Still unknown | Mean time | Won in all | Lost in all | Win rate | 95 % interval |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of again) {
      const { key, figures: g, merged: m, stopped } = r.again!;
      const still = stopped ? `${num(g.unknown)} (${num(stopped)} at the time limit)` : num(g.unknown);
      const rate = m.unknown ? `${pct(m.rateLow)} – ${pct(m.rateHigh)}` : pct(m.rateLow);
      out.push(
        `| ${r.name} | ${num(g.deals)} of ${num(r.figures!.unknown)} | ${num(key.nodes)} | ${num(key.memoryMB ?? 64)} MB | ${num(g.won)} | ${num(g.lost)} | ${still} | ${num(g.meanMs)} ms | ${num(m.won)} | ${num(m.lost)} | ${rate} | ${pct(m.ciLow)} – ${pct(m.ciHigh)} |`,
      );
    }
  }
  out.push('');
  out.push('How to read it:');
  out.push('');
  out.push('- **Won**: the solver found a winning line. **Lost**: proven, no line wins. **Unknown**: the budget ran out first.');
  if (again.some((r) => r.again!.stopped)) {
    out.push(
      '- **At the time limit**: a deal run again under `--again-seconds S` that ran out of time before its positions; a later run with a longer limit, or none, runs it again.',
    );
  }
  out.push(
    '- **Win rate** is won ÷ deals; with unknown deals it is a range, from counting every unknown deal as lost to counting every one as won. ' +
      'The **95 % interval** is the Wilson score interval counted both ways: its low end is that of won ÷ deals (every unknown lost), its high end that of (won + unknown) ÷ deals (every unknown won).',
  );
  out.push(
    '- Royal Marriage is decided exactly without search (`decideRow` in src/games/royalMarriage.ts), so a deal counts one position. Its same-rank variant lets cards of one rank pair as well as cards of one suit.',
  );
  out.push(
    "- Times are the solver's own, in whole milliseconds, per deal on one worker thread, on a machine that may have been busy with other work; results gathered in earlier, resumed runs keep the times measured then.",
  );
  out.push('');
  out.push('Per-deal results stay on the machine that ran the study (git ignores docs/study/), one file per game, variant and budget (first line: the key, with a fingerprint of the engine, solver and game sources); any deal can be checked again with `solitaire prove`:');
  out.push('');
  for (const r of rows) {
    out.push(`- ${r.name}: \`${r.file}\` (${r.figures ? `sources ${r.key.fingerprint}` : 'none yet under the present sources'})`);
    if (r.again) out.push(`  - run again: \`${r.again.file}\``);
  }
  out.push('');
  out.push('`npm run study -- [--games ID,…] [--count N] [--nodes N] [--jobs J] [--again N] [--again-seconds S]` runs the deals missing from those files and writes this page again.');
  out.push('');
  return out.join('\n');
}
