/**
 * The `solitaire` command (shared/notation.md): a thin shell over the engine. Prints one JSON value
 * on standard output; errors print one line on standard error and exit 1 (a move the rules forbid)
 * or 2 (bad input).
 */
import { readFileSync } from 'node:fs';
import { BadInput, IllegalMove } from '../src/engine/errors.ts';
import { rulesFor } from '../src/engine/notation.ts';
import { applyMoves, deal, legalMoves, parseDealNumber, status } from '../src/engine/play.ts';

const USAGE = 'usage: solitaire deal GAME NUMBER [--OPTION] | legal FILE | apply FILE MOVE... | status FILE | solve FILE | prove GAME --from N --count K';

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

/** Runs one command line; returns the JSON value to print. */
function run(args: string[]): unknown {
  const [verb, ...rest] = args;
  switch (verb) {
    case 'deal': {
      const [game, number, ...flags] = rest;
      const rules = rulesFor(game);
      if (number === undefined) throw new BadInput(`missing deal NUMBER; ${USAGE}`);
      const options = flags.map((f) => {
        const name = rules.options.find((o) => `--${o.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}` === f);
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
    case 'solve':
    case 'prove':
      throw new BadInput(`${verb}: not yet; the solver comes with its own issue`);
    default:
      throw new BadInput(verb === undefined ? USAGE : `unknown verb ${JSON.stringify(verb)}; ${USAGE}`);
  }
}

try {
  process.stdout.write(`${JSON.stringify(run(process.argv.slice(2)))}\n`);
} catch (e) {
  const code = e instanceof IllegalMove ? 1 : e instanceof BadInput ? 2 : 3;
  const message = e instanceof BadInput || e instanceof IllegalMove ? e.message : `internal error: ${String(e)}`;
  process.stderr.write(`solitaire: ${message.replace(/\s+/g, ' ')}\n`);
  process.exitCode = code;
}
