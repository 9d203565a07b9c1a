/**
 * shortenLine on winning lines with a detour put in: a move out of a position on the line and a
 * move straight back to it. The shortened line must replay legally to the same won end and cut the
 * detour (so it is no longer than the line without it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPosition, type Position } from '../../src/engine/notation.ts';
import { legalList } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { GAMES, parsePosition } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { shortenLine } from '../../src/solver/shorten.ts';
import { lineJson, replayJson } from './util.ts';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as Record<string, { name: string; position: Position }[]>;

const samePiles = (a: State, b: State): boolean => a.piles.every((p, i) => p.length === b.piles[i]!.length && p.every((c, k) => c === b.piles[i]![k]));

/** The first index i of `line` from `s` with two legal moves out of position i and back to it, and the two moves. */
function findLoop(rules: GameRules, s0: State, line: readonly number[]): { at: number; loop: [number, number] } | null {
  const s = cloneState(s0);
  for (let at = 0; at < line.length; at++) {
    const here = cloneState(s);
    for (const m of legalList(rules, s)) {
      rules.make(s, m);
      for (const back of legalList(rules, s)) {
        rules.make(s, back);
        const home = samePiles(s, here);
        rules.unmake(s, back);
        if (home) {
          rules.unmake(s, m);
          return { at, loop: [m, back] };
        }
      }
      rules.unmake(s, m);
    }
    rules.make(s, line[at]!);
  }
  return null;
}

describe.each(GAMES.map((g) => [g.id, g] as const))('%s', (id, rules) => {
  it('cuts a detour out of a winning line, which still wins', () => {
    let tried = 0;
    for (const fixture of (fixtures[id] ?? []).filter((f) => f.name.endsWith('Won'))) {
      const s = parsePosition(fixture.position).state;
      const line = solve(rules, s, { maxNodes: 1_000_000 }).moves;
      const found = findLoop(rules, s, line);
      if (!found) continue;
      tried++;
      const long = [...line.slice(0, found.at), ...found.loop, ...line.slice(found.at)];
      const short = shortenLine(rules, cloneState(s), long);
      expect(short.length).toBeLessThanOrEqual(line.length);
      expect(replayJson(formatPosition(rules, s), lineJson(rules, s, short)).won).toBe(true);
    }
    // In Royal Marriage no move is undone by another (a deal stays dealt, a discard discarded).
    if (id !== 'royal-marriage') expect(tried).toBeGreaterThan(0);
  });
});
