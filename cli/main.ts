/**
 * The `solitaire` command (shared/notation.md): a thin shell over the engine. Prints one JSON value
 * on standard output; errors print one line on standard error and exit 1 (a move the rules forbid)
 * or 2 (bad input). `runCli` runs one command line without side effects at import, so tests can
 * call it in-process (a registered test game included); bin/solitaire.mjs calls it for the real
 * command.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BadInput, IllegalMove } from '../src/engine/errors.ts';
import { applyMoves, deal, legalMoves, optionFlags, rulesFor, status } from '../src/games/catalog.ts';
import type { GameRules } from '../src/engine/rules.ts';
import { parseDealNumber } from '../src/engine/play.ts';
import { MAX_DEAL } from '../src/engine/rng.ts';
import { solvePosition } from '../src/solver/run.ts';
import type { Budget } from '../src/solver/search.ts';
import { prove, summarise } from './prove.ts';

const USAGE = 'usage: solitaire deal GAME NUMBER [--OPTION] | legal FILE | apply FILE MOVE... | status FILE | solve FILE [--nodes N] [--seconds S] [--memory MB] | prove GAME --from N --count K [--nodes N] [--jobs J] [--seconds S] [--memory MB] [--OPTION]';

function readJson(file: string | undefined): unknown {
  if (file === undefined) throw new BadInput(`missing FILE; ${USAGE}`);
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new BadInput(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return parseJson(text, file === '-' ? 'standard input' : file);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BadInput(`${where} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Reads `--name value` flags whose values are whole numbers (seconds and memory may be fractional). */
function readFlags(flags: string[], names: string[]): Record<string, number | undefined> {
  const out: Record<string, number | undefined> = {};
  for (let i = 0; i < flags.length; i += 2) {
    const name = flags[i]!.replace(/^--/, '');
    const value = flags[i + 1];
    if (!flags[i]!.startsWith('--') || !names.includes(name)) throw new BadInput(`unknown option ${JSON.stringify(flags[i])}; expected ${names.map((n) => `--${n}`).join(', ')}`);
    const num = Number(value);
    const ok = value !== undefined && /^\d+(\.\d+)?$/.test(value) && (name === 'seconds' || name === 'memory' || Number.isSafeInteger(num)) && (name === 'from' || num > 0);
    if (!ok) throw new BadInput(`--${name} needs a ${name === 'from' ? 'whole number' : 'positive number'}, not ${JSON.stringify(value ?? '')}`);
    out[name] = num;
  }
  return out;
}

/** The option of `rules` that a command-line switch names (`--rank-pairs` is `rankPairs`), if any. */
function optionNamed(rules: GameRules, arg: string): string | undefined {
  return rules.options.find((o) => `--${o.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}` === arg);
}

/** Runs `prove`, printing one line per deal; returns the summary (printed last). */
async function proveVerb(game: string, opts: Record<string, number | undefined>, options: string[], flags: number, io: CliIo): Promise<unknown> {
  const started = performance.now();
  const jobs = opts.jobs ?? availableParallelism();
  const lines = await prove(
    {
      game,
      from: opts.from!,
      count: opts.count!,
      nodes: opts.nodes ?? 1_000_000,
      jobs,
      ...(flags ? { flags } : {}),
      ...(opts.seconds === undefined ? {} : { ms: opts.seconds * 1000 }),
      ...(opts.memory === undefined ? {} : { memoryMB: opts.memory }),
    },
    (line) => io.out(`${JSON.stringify(line)}\n`),
  );
  return { game, ...(options.length ? { options } : {}), nodesPerDeal: opts.nodes ?? 1_000_000, ...summarise(lines, performance.now() - started, jobs) };
}

/** Runs one command line; returns the JSON value to print. */
async function run(args: string[], io: CliIo): Promise<unknown> {
  const [verb, ...rest] = args;
  switch (verb) {
    case 'deal': {
      const [game, number, ...flags] = rest;
      const rules = rulesFor(game);
      if (number === undefined) throw new BadInput(`missing deal NUMBER; ${USAGE}`);
      const options = flags.map((f) => {
        const name = optionNamed(rules, f);
        if (!name) throw new BadInput(`unknown option ${JSON.stringify(f)} for ${rules.id}`);
        return name;
      });
      return deal(rules.id, parseDealNumber(number), options);
    }
    case 'legal':
      return legalMoves(readJson(rest[0]));
    case 'apply': {
      const [file, ...moves] = rest;
      return applyMoves(
        readJson(file),
        moves.map((m, i) => parseJson(m, `move ${i + 1}`)),
      );
    }
    case 'status':
      return status(readJson(rest[0]));
    case 'solve': {
      const [file, ...flags] = rest;
      const opts = readFlags(flags, ['nodes', 'seconds', 'memory']);
      const budget: Budget = { maxNodes: opts.nodes ?? 1_000_000 };
      if (opts.seconds !== undefined) budget.maxMs = opts.seconds * 1000;
      if (opts.memory !== undefined) budget.maxMB = opts.memory;
      return solvePosition(readJson(file), budget);
    }
    case 'prove': {
      const [game, ...args] = rest;
      const rules = rulesFor(game);
      // The game's options are switches without a value (`--rank-pairs`); the rest are numbers.
      const options = args.filter((a) => optionNamed(rules, a) !== undefined).map((a) => optionNamed(rules, a)!);
      const flags = optionFlags(rules, options);
      const opts = readFlags(
        args.filter((a) => optionNamed(rules, a) === undefined),
        ['from', 'count', 'nodes', 'jobs', 'seconds', 'memory'],
      );
      if (opts.from === undefined || opts.count === undefined) throw new BadInput(`prove needs --from N and --count K; ${USAGE}`);
      if (opts.from + opts.count - 1 > MAX_DEAL) throw new BadInput(`deals run up to ${MAX_DEAL}`);
      return proveVerb(rules.id, opts, options, flags, io);
    }
    default:
      throw new BadInput(verb === undefined ? USAGE : `unknown verb ${JSON.stringify(verb)}; ${USAGE}`);
  }
}

/** Where the command writes: standard output and standard error for the real command. */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
}

/** Runs one command line (the arguments after `solitaire`), writing through `io`; returns the exit status. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    io.out(`${JSON.stringify(await run([...argv], io))}\n`);
    return 0;
  } catch (e) {
    const code = e instanceof IllegalMove ? 1 : e instanceof BadInput ? 2 : 3;
    const message = e instanceof BadInput || e instanceof IllegalMove ? e.message : `internal error: ${String(e)}`;
    io.err(`solitaire: ${message.replace(/\s+/g, ' ')}\n`);
    return code;
  }
}
