/**
 * The real `solitaire` command (node bin/solitaire.mjs) for deal, legal, apply and status in all six
 * games, and its answers to bad input: exit 2 for input that is not a valid position, move, game
 * or number, exit 1 for a move the rules forbid, each with one line on standard error naming the
 * problem and nothing on standard output. Every process is started once, up front, a few at a time
 * (each costs about half a second of start-up), and the tests read their results.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMoves, deal, legalMoves, status, GAME_IDS } from '../../src/games/catalog.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Call {
  args: string[];
  input?: string;
}

function run({ args, input }: Call): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/solitaire.mjs', ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Runs every call, `width` at a time; results in call order. */
async function runAll(calls: Call[], width: number): Promise<Result[]> {
  const out: Result[] = new Array(calls.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const i = next++;
      out[i] = await run(calls[i]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

const json = (v: unknown): string => JSON.stringify(v);

// The calls, by name.
const calls = new Map<string, Call>();
const results = new Map<string, Result>();
const call = (name: string, args: string[], input?: unknown): void => {
  calls.set(name, input === undefined ? { args } : { args, input: typeof input === 'string' ? input : json(input) });
};

/** Two moves of each game from deal 1: the first legal move, then the first after it. */
const twoMoves = new Map<string, unknown[]>();
for (const game of GAME_IDS) {
  const p = deal(game, 1);
  const m1 = legalMoves(p)[0]!;
  const m2 = legalMoves(applyMoves(p, [m1]))[0]!;
  twoMoves.set(game, [m1, m2]);
  call(`deal ${game}`, ['deal', game, '1']);
  call(`legal ${game}`, ['legal', '-'], p);
  call(`apply ${game}`, ['apply', '-', json(m1), json(m2)], p);
  call(`status ${game}`, ['status', '-'], p);
}
call('deal rank pairs', ['deal', 'royal-marriage', '1', '--rank-pairs']);

const base = deal('aces-up', 1) as unknown as { stock: string[]; tableau: string[][]; discard: string[] };
const afterDiscard = applyMoves(base, [{ type: 'discard', from: 'tableau:1', card: '5C' }]);
call('malformed json', ['legal', '-'], '{"game":"aces-up","stock":[');
call('unknown card', ['legal', '-'], { ...base, tableau: [['XX'], ...base.tableau.slice(1)] });
call('duplicated card', ['legal', '-'], { ...base, tableau: [['KH', '5C'], ...base.tableau.slice(1)] });
call('missing card', ['status', '-'], { ...base, tableau: [[], ...base.tableau.slice(1)] });
call('wrong pile count', ['legal', '-'], { ...base, tableau: base.tableau.slice(0, 3) });
call('unknown game', ['deal', 'klondike', '1']);
call('unknown pile', ['apply', '-', json({ type: 'move', from: 'tableau:4', to: 'tableau:0', card: 'KH' })], base);
call('malformed move', ['apply', '-', '{"type":"deal"'], base);
call('move from an empty pile', ['apply', '-', json({ type: 'move', from: 'tableau:1', to: 'tableau:0', card: '5C' })], afterDiscard);
call('illegal move', ['apply', '-', json({ type: 'discard', from: 'tableau:0', card: 'KH' })], base);
for (const n of ['-1', '1e99', 'abc', '4294967296']) call(`deal number ${n}`, ['deal', 'aces-up', n]);

beforeAll(async () => {
  const names = [...calls.keys()];
  const out = await runAll([...calls.values()], 3);
  for (const [i, n] of names.entries()) results.set(n, out[i]!);
}, 120_000);

const result = (name: string): Result => {
  const r = results.get(name);
  if (!r) throw new Error(`no call ${name}`);
  return r;
};

/** Asserts a clean success with one JSON value on one line, and returns it. */
function ok(name: string): unknown {
  const r = result(name);
  expect({ name, code: r.code, stderr: r.stderr }).toEqual({ name, code: 0, stderr: '' });
  expect(r.stdout.endsWith('\n')).toBe(true);
  expect(r.stdout.trimEnd().includes('\n')).toBe(false);
  return JSON.parse(r.stdout);
}

/** Asserts a failure: the exit code, nothing on standard output, one line on standard error matching `pattern`. */
function fails(name: string, code: 1 | 2, pattern: RegExp): void {
  const r = result(name);
  expect({ name, code: r.code, stdout: r.stdout }).toEqual({ name, code, stdout: '' });
  expect(r.stderr.endsWith('\n')).toBe(true);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^solitaire: /);
  expect(lines[0]).toMatch(pattern);
}

describe('cli: the four verbs in all six games', () => {
  for (const game of GAME_IDS) {
    it(`${game}: deal, legal, apply and status agree with the engine`, () => {
      const p = deal(game, 1);
      expect(ok(`deal ${game}`)).toEqual(p);
      expect(ok(`legal ${game}`)).toEqual(legalMoves(p));
      expect(ok(`apply ${game}`)).toEqual(applyMoves(p, twoMoves.get(game)!));
      const st = ok(`status ${game}`) as Record<string, unknown>;
      expect(st).toEqual(JSON.parse(JSON.stringify(status(p))));
      expect(st.won).toBe(false);
      expect(st.legalMoves).toBe(legalMoves(p).length);
    });
  }

  it('deals the rank-pairs variant of Royal Marriage', () => {
    expect(ok('deal rank pairs')).toEqual(deal('royal-marriage', 1, ['rankPairs']));
  });
});

describe('cli: bad input exits 2, a forbidden move exits 1', () => {
  it('malformed JSON', () => fails('malformed json', 2, /not valid JSON/));
  it('unknown card', () => fails('unknown card', 2, /unknown card "XX"/));
  it('duplicated card', () => fails('duplicated card', 2, /5C appears 2 times/));
  it('missing card', () => fails('missing card', 2, /KH is missing/));
  it('wrong pile count', () => fails('wrong pile count', 2, /"tableau" must hold 4 piles, not 3/));
  it('unknown game', () => {
    fails('unknown game', 2, /unknown game "klondike"/);
  });
  it('unknown pile', () => fails('unknown pile', 2, /unknown pile "tableau:4"/));
  it('malformed move', () => fails('malformed move', 2, /move 1 is not valid JSON/));
  it('a move from an empty pile', () => fails('move from an empty pile', 1, /tableau:1 is empty/));
  it('an illegal move', () => {
    fails('illegal move', 1, /do not allow/);
  });
  for (const n of ['-1', '1e99', 'abc', '4294967296']) {
    it(`deal number ${n}`, () => fails(`deal number ${n}`, 2, new RegExp(`deal numbers are whole numbers from 0 to 4294967295, not "${n}"`)));
  }
});
