/**
 * King Albert's proof of loss by the blind game (relaxedLost, blindLost in src/games/kingAlbert.ts)
 * against plain exhaustive search (tests/solver/plain.ts): it never calls lost a position on a
 * winning line, and every position it calls lost (where the cheaper provenLost does not) is lost
 * by plain search. And the proof the solver's share for it was set by: deal 4's opening.
 */
import { describe, expect, it } from 'vitest';
import { openingState } from '../../src/engine/play.ts';
import { parseState } from '../../src/engine/notation.ts';
import { cloneState, type GameRules, type RelaxedKit, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { relaxedKit, runProof, Solver, solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { playout, provenLostSamples } from './util.ts';

const rules = findGame('king-albert')!;
const plain = plainRules(rules);
/** bench-hint's King Albert position #27 of its sample (seed 20260101), in the notation. */
const HINT_27 = {
  game: 'king-albert',
  tableau: [
    ['9S'],
    ['4C'],
    ['TH', '8C', 'TC', '9D'],
    ['2S', 'JD', 'KD', '5S'],
    ['QS', 'KH', '7S', 'KC', 'JH'],
    ['4D', '5C', '2D', '3H', 'JC'],
    ['8H', '6C', 'TS', '6H', '3C', 'JS', 'TD'],
    ['AD', '7D', '2H', '3D', '5D', 'KS', 'QD'],
    ['8D', '2C', '9C', '5H', 'AH', '4H', 'AC', 'QC', '9H', '8S', '7H', '6S'],
  ],
  reserve: [null, 'QH', '3S', '4S', null, '6D', '7C'],
  foundations: [['AS'], [], [], []],
};

/** bench-hint's generator's King Albert position #11 of seed 8, in the notation. */
const SEED_8_11 = {
  game: 'king-albert',
  tableau: [
    [],
    ['2C'],
    ['AC', '9D', 'QD', 'JC'],
    ['2S', '8D', '8S', '4D', '3C'],
    ['QH', '5C', 'AS', '6C', '4S'],
    ['KC', '8H', 'JH', '7S', '7C', '6H'],
    ['6S', 'KH', '3S', '4H', 'QC', '9S', 'TS', '9H', '8C', '7H'],
    ['5S', 'TH', '3D', '5H', '3H', 'KD', 'QS', 'JD', 'TC'],
    ['JS', '7D', 'TD', '2H', '4C', '6D'],
  ],
  reserve: ['9C', null, null, 'KS', '5D', null, null],
  foundations: [['AH'], ['AD', '2D'], [], []],
};

/** Losses the blind game's searches proved, by the kit's method: best-first (seek) or depth-first (search). */
const provedBy = { seek: 0, search: 0 };
/** relaxedKit, counting in provedBy which method proved each loss. */
function countingKit(): RelaxedKit {
  const kit = relaxedKit(undefined);
  const counted =
    (method: 'seek' | 'search'): RelaxedKit['search'] =>
    function* (r, s, n) {
      const o = yield* kit[method](r, s, n);
      if (o.outcome === 'lost') provedBy[method]++;
      return o;
    };
  return { seen: kit.seen, search: counted('search'), seek: counted('seek') };
}
const blindLost = (s: State): boolean => runProof(rules.relaxedLost!(cloneState(s), 20_000, countingKit())).lost;

describe('King Albert: relaxedLost (the blind game)', () => {
  it('never calls lost a position on a winning line', () => {
    let lines = 0;
    let checked = 0;
    for (let n = 1; n <= 80 && lines < 25; n++) {
      const s = playout(rules, 7500 + n, 0, 0);
      const r = solve(rules, s, { maxNodes: 100_000 });
      if (r.result !== 'won') continue;
      lines++;
      r.moves.forEach((m, k) => {
        if (k % 4 === 0) {
          expect(blindLost(s), `deal ${7500 + n} after ${k} moves`).toBe(false);
          checked++;
        }
        rules.make(s, m);
      });
    }
    expect(lines).toBe(25);
    expect(checked).toBeGreaterThan(500);
  }, 240_000);

  it('every position it calls lost is lost by plain search, and it calls some that provenLost does not', () => {
    // Every fifth position, when provenLost does not call it lost already; those whose loss the
    // best-first seek proved (its queue ran empty) are kept to be checked on their own below.
    const bySeek: State[] = [];
    const calls = (s: State, ply: number): boolean => {
      if (ply % 5 !== 0 || rules.provenLost!(s)) return false;
      const before = provedBy.seek;
      if (!blindLost(s)) return false;
      if (provedBy.seek > before) bySeek.push(cloneState(s));
      return true;
    };
    const { flagged, decided } = provenLostSamples(rules, plain, { base: 8000, deals: 300, plies: 200, enough: 12, seed: (k) => k * 31 + 7, auto: 0.5, calls });
    for (const p of decided) expect(p.result, p.where).toBe('lost');
    expect(flagged).toBeGreaterThan(5);
    expect(decided.length).toBeGreaterThan(5);
    expect(provedBy.search).toBeGreaterThan(0);
    expect(bySeek.length).toBeGreaterThan(2);
    for (const s of bySeek) expect(solve(plain, s, { maxNodes: 200_000 }).result).toBe('lost');
  }, 240_000);

  it('looks for a limit best-first before a search that would reach it late gets the whole budget', () => {
    // bench-hint's King Albert position #27 (deal 246 after 12 moves), won: depth-first search at
    // limits 12,6,1,6 spent the solver's whole share for relaxedLost (945,000 of 1.5M) on it, and
    // best-first finds a limit within 1,000 positions.
    const parsed = parseState(rules, HINT_27);
    const share = Math.floor(1_500_000 * rules.searchShares!.relaxed!);
    const r = runProof(rules.relaxedLost!(parsed.state, share, relaxedKit(undefined)));
    expect(r.lost).toBe(false);
    expect(r.nodes).toBeLessThan(share / 4);
    expect(solve(rules, parsed.state, { maxNodes: 1_500_000 }).result).toBe('won');
  }, 60_000);

  it('the solver looks for a win beside the proof, so a proof that fails does not hold up an easy win', () => {
    // Seed 8's #11 is won: the proof fails only after its whole share (945,000 of 1.5M) and best-
    // first alone wins in 27,379 positions; with best-first after the proof, 975,000 or more.
    const parsed = parseState(rules, SEED_8_11);
    const share = Math.floor(1_500_000 * rules.searchShares!.relaxed!);
    expect(runProof(rules.relaxedLost!(cloneState(parsed.state), share, relaxedKit(undefined))).nodes).toBe(share);
    const r = solve(rules, parsed.state, { maxNodes: 1_500_000 });
    expect(r.result).toBe('won');
    expect(r.nodes).toBeLessThan(share / 2);
  }, 60_000);

  it('a proof whose searches are stopped by what runs beside them never says lost, and one not stopped is the same proof', () => {
    const share = Math.floor(1_000_000 * rules.searchShares!.relaxed!);
    const alone = runProof(rules.relaxedLost!(openingState(rules, 4), share, relaxedKit(undefined)));
    let calls = 0;
    const beside = runProof(rules.relaxedLost!(
      openingState(rules, 4),
      share,
      relaxedKit(undefined, Number.POSITIVE_INFINITY, () => {
        calls++;
        return false;
      }),
    ));
    expect(alone.lost).toBe(true);
    expect(beside).toEqual(alone);
    expect(calls).toBeGreaterThan(100);
    const stopped = runProof(rules.relaxedLost!(openingState(rules, 4), share, relaxedKit(undefined, Number.POSITIVE_INFINITY, () => true)));
    expect(stopped.lost).toBe(false);
    expect(stopped.nodes).toBeLessThan(alone.nodes);
  }, 60_000);

  it("proves deal 4's opening lost within its share of the solver's 1M (the figure searchShares sets relaxed by)", () => {
    // 625,202 positions with step 5: limits 6,1,6,6 stop at clubs, then 6,1,6,11 is lost.
    const share = Math.floor(1_000_000 * rules.searchShares!.relaxed!);
    const r = runProof(rules.relaxedLost!(openingState(rules, 4), share, relaxedKit(undefined)));
    expect(r.lost).toBe(true);
    expect(r.nodes).toBeLessThanOrEqual(share);
  }, 60_000);
});

describe('King Albert: the solver runs the proof a slice at a time', () => {
  /** Steps `solver` to its outcome, 20,000 positions a step as the page's worker does, and returns the positions each step ran. */
  const stepAll = (solver: Solver): number[] => {
    const runs: number[] = [];
    let before = solver.result().nodes;
    for (;;) {
      const o = solver.step(20_000);
      const now = solver.result().nodes;
      runs.push(now - before);
      before = now;
      if (o) return runs;
    }
  };

  it("deal 4's proof (625,202 positions) comes in steps no longer than the slice asked for, with the same answer", () => {
    // Before, the proof ran whole in the Solver's constructor: the worker took no message (a
    // cancel) until it ended.
    const whole = solve(rules, openingState(rules, 4), { maxNodes: 1_000_000 });
    expect(whole.result).toBe('lost');
    const solver = new Solver(rules, openingState(rules, 4), { maxNodes: 1_000_000 });
    expect(solver.result().nodes).toBe(0);
    const runs = stepAll(solver);
    // Each step runs its slice, and at most one slice of the proof's search (4,096) and the
    // best-first phase's catch-up beside it (a quarter of that) past it.
    expect(Math.max(...runs)).toBeLessThanOrEqual(20_000 + 4096 + 1024 + 1);
    expect(runs.length).toBeGreaterThan(25);
    expect(solver.result()).toMatchObject({ result: 'lost', nodes: whole.nodes });
  }, 60_000);

  it('a proof cancelled between slices leaves the solve unknown, and the next proof runs as if it had not been', () => {
    const whole = solve(rules, openingState(rules, 4), { maxNodes: 1_000_000 });
    const solver = new Solver(rules, openingState(rules, 4), { maxNodes: 1_000_000 });
    for (let i = 0; i < 5; i++) expect(solver.step(20_000)).toBeNull();
    solver.cancel();
    expect(solver.step(20_000)).toBe('unknown');
    expect(solver.result().result).toBe('unknown');
    expect(solve(rules, openingState(rules, 4), { maxNodes: 1_000_000 })).toMatchObject({ result: 'lost', nodes: whole.nodes });
  }, 60_000);

  it("two solves stepped in turn: the one stepped later stops the other's proof (which goes on without it), and both answer soundly", () => {
    // The proofs keep the blind game in the game's scratch between slices, so only one may be
    // under way. Seed 8's #11 is won; deal 4's opening is lost. Each solve's rules log how its
    // proof ends: 'done' when it returned, 'end' when it ended at all.
    const tracked = (log: string[]): GameRules => ({
      ...rules,
      *relaxedLost(s, maxNodes, kit) {
        try {
          const r = yield* rules.relaxedLost!(s, maxNodes, kit);
          log.push('done');
          return r;
        } finally {
          log.push('end');
        }
      },
    });
    const wonLog: string[] = [];
    const lostLog: string[] = [];
    const won = new Solver(tracked(wonLog), parseState(rules, SEED_8_11).state, { maxNodes: 1_500_000 });
    const lost = new Solver(tracked(lostLog), openingState(rules, 4), { maxNodes: 1_000_000 });
    expect(won.step(20_000)).toBeNull();
    expect(wonLog).toEqual([]);
    expect(lost.step(20_000)).toBeNull();
    expect(wonLog).toEqual(['end']);
    let a: string | null = null;
    let b: string | null = null;
    while (a === null || b === null) {
      a ??= won.step(20_000);
      b ??= lost.step(20_000);
    }
    expect(a).toBe('won');
    expect(b).toBe('lost');
    expect(lostLog).toEqual(['done', 'end']);
    // The lost deal's proof was the one left running: the same proof as alone.
    expect(lost.result().nodes).toBe(solve(rules, openingState(rules, 4), { maxNodes: 1_000_000 }).nodes);
  }, 120_000);
});
