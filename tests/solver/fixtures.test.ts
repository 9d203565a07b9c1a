/** Fixture quartets per game: simple and complex, solvable and unsolvable. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePosition, GAMES } from '../../src/games/catalog.ts';
import type { Position } from '../../src/engine/notation.ts';
import { solve } from '../../src/solver/search.ts';
import { solvePosition } from '../../src/solver/run.ts';
import { plainRules } from './plain.ts';
import { replayJson } from './util.ts';

interface Fixture {
  name: string;
  expect: 'won' | 'lost';
  position: Position;
}
const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as Record<string, Fixture[]>;

describe.each(GAMES.map((g) => [g.id]))('%s fixtures', (game) => {
  const list = fixtures[game] ?? [];

  it('has a simple solvable and a simple unsolvable fixture', () => {
    expect(list.map((f) => f.name)).toEqual(expect.arrayContaining(['simpleWon', 'simpleLost']));
  });

  it.each(list.map((f) => [f.name, f] as const))('%s: the solver finds the expected outcome', (_name, f) => {
    const r = solvePosition(f.position, { maxNodes: 1_000_000 });
    expect(r.result).toBe(f.expect);
    if (r.result === 'won') expect(replayJson(f.position, r.moves).won).toBe(true);
  });

  it.each(list.filter((f) => f.name.startsWith('simple')).map((f) => [f.name, f] as const))(
    '%s: plain exhaustive search without any pruning agrees',
    (_name, f) => {
      const { rules, state } = parsePosition(f.position);
      expect(solve(plainRules(rules), state, { maxNodes: 2_000_000 }).result).toBe(f.expect);
    },
  );
});
