/**
 * Which part of the solver decided a position (Solver.decidedBy, solveBy, and the "by" of
 * `solitaire prove`'s lines): each part named on a deal it decides, none for an undecided one, and
 * the `solve` verb's output left as the notation gives it.
 */
import { describe, expect, it } from 'vitest';
import { proveDeal } from '../../cli/proveWorker.ts';
import { openingState } from '../../src/engine/play.ts';
import type { GameRules } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { type DecidedBy, Solver, solveBy } from '../../src/solver/search.ts';
import { expectWinningLine } from './util.ts';

const game = (id: string): GameRules => GAMES.find((g) => g.id === id)!;

/** Solves a deal's opening within `nodes`; its result and the part that decided it. */
function decide(id: string, deal: number, nodes: number) {
  const rules = game(id);
  rules.forget?.();
  const s = openingState(rules, deal);
  const { result, by } = solveBy(rules, s, { maxNodes: nodes });
  if (result.result === 'won') expectWinningLine(rules, s, result.moves, `${id} deal ${deal}`);
  return { result: result.result, by };
}

describe('the part of the solver that decided a position', () => {
  // Each case found with `npx solitaire prove GAME --from 1 --count 60 --nodes N --jobs 2`
  // (7 December 2026), whose lines name the part; the deal numbers pin one case of each.
  const cases: [string, number, number, 'won' | 'lost', DecidedBy][] = [
    ['royal-marriage', 1, 100_000, 'lost', 'decider'],
    ['king-albert', 2, 100_000, 'lost', 'relaxed'],
    ['aces-up', 2, 100_000, 'lost', 'exhaustive'],
    ['aces-up', 4, 100_000, 'won', 'exhaustive'],
    ['aces-up', 1, 100_000, 'won', 'probes'],
    ['streets-and-alleys', 9, 100_000, 'won', 'best-first'],
    ['aces-and-kings', 8, 100_000, 'won', 'rollouts'],
    ['aces-and-kings', 40, 1_000_000, 'won', 'beam'],
  ];
  for (const [id, deal, nodes, result, by] of cases) {
    it(`${id} deal ${deal} at ${nodes} positions: ${result} by ${by}`, () => {
      expect(decide(id, deal, nodes)).toEqual({ result, by });
    }, 60_000);
  }

  it('names none while the position is undecided, before the first step and when the budget runs out', () => {
    const rules = game('aces-up');
    const solver = new Solver(rules, openingState(rules, 3), { maxNodes: 2_000 });
    expect(solver.decidedBy).toBeNull();
    while (solver.step(500) === null);
    expect(solver.result().result).toBe('unknown');
    expect(solver.decidedBy).toBeNull();
  });

  it("prove's line carries it for a decided deal only", () => {
    const won = proveDeal({ game: 'aces-up', deal: 1, nodes: 100_000 });
    expect(won).toMatchObject({ result: 'won', by: 'probes' });
    const open = proveDeal({ game: 'aces-up', deal: 3, nodes: 2_000 });
    expect(open.result).toBe('unknown');
    expect(open).not.toHaveProperty('by');
  });
});
