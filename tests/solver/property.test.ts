/**
 * For random mid-game positions, a solver "won" comes with a line that is legal move by move and
 * wins. Positions are drawn around each game's solvable fixtures (a random prefix of a winning
 * line, then a few random legal moves), so that both outcomes occur.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePosition, GAMES } from '../../src/games/catalog.ts';
import { formatPosition, type Position } from '../../src/engine/notation.ts';
import { legalList } from '../../src/engine/play.ts';
import { cloneState } from '../../src/engine/rules.ts';
import { solve } from '../../src/solver/search.ts';
import { lineJson, replayJson, rng } from './util.ts';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as Record<string, { name: string; position: Position }[]>;

describe.each(GAMES.map((g) => [g.id, g] as const))('%s', (id, rules) => {
  it('every won line replays legally to a win', () => {
    const sources = (fixtures[id] ?? []).filter((f) => f.name.endsWith('Won')).map((f) => parsePosition(f.position).state);
    const lines = sources.map((s) => solve(rules, s, { maxNodes: 1_000_000 }).moves);
    let wins = 0;
    fc.assert(
      fc.property(fc.nat(sources.length - 1), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(3), fc.nat(), (which, frac, detour, seed) => {
        const s = cloneState(sources[which]!);
        const line = lines[which]!;
        for (const m of line.slice(0, Math.floor(line.length * frac))) rules.make(s, m);
        const rnd = rng(seed + 1);
        for (let j = 0; j < detour; j++) {
          const l = legalList(rules, s);
          if (l.length) rules.make(s, l[Math.floor(rnd() * l.length)]!);
        }
        const position = formatPosition(rules, s);
        const r = solve(rules, s, { maxNodes: 50_000 });
        if (r.result !== 'won') return;
        wins++;
        expect(replayJson(position, lineJson(rules, s, r.moves)).won).toBe(true);
      }),
      { numRuns: 30, seed: 20261202 },
    );
    expect(wins).toBeGreaterThan(0);
  });
});
