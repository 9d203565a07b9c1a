/** Shared helpers of the solver tests. */
import { expect } from 'vitest';
import { applyMoves, parsePosition, status } from '../../src/games/catalog.ts';
import type { MoveJson, Position } from '../../src/engine/notation.ts';
import { formatMove } from '../../src/engine/notation.ts';
import { cloneState, type GameRules, moveFrom, moveTo, type State } from '../../src/engine/rules.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { solve } from '../../src/solver/search.ts';
import { xorshift } from '../../src/solver/xorshift.ts';
import { smallPosition } from '../engine/helpers.ts';

/** Replays a line given in the notation through the public engine API; returns the final status. */
export function replayJson(position: Position, moves: readonly MoveJson[]): { won: boolean } {
  let p = position;
  for (const m of moves) p = applyMoves(p, [m]);
  return status(p);
}

/** Expects `line` to play from `state` by legal moves to a win (`label` names the position in a failure). */
export function expectWinningLine(rules: GameRules, state: State, line: readonly number[], label: string): void {
  const t = cloneState(state);
  for (const m of line) {
    expect(rules.isLegal(t, m), label).toBe(true);
    rules.make(t, m);
  }
  expect(rules.isWon(t), label).toBe(true);
}

/** A phase of the solver that looks for wins (a beam, rollouts): stepped a slice at a time. */
interface SteppedPhase {
  step(slice: number, maxNodes: number): 'won' | 'lost' | 'unknown' | null;
  readonly bytes: number;
}

/** Steps `phase` `slice` positions at a time to its outcome within `maxNodes`; its peak bytes too. */
export function runPhase<P extends SteppedPhase>(phase: P, maxNodes: number, slice = 4096): { phase: P; outcome: 'won' | 'lost' | 'unknown'; peak: number } {
  let peak = phase.bytes;
  let o = phase.step(slice, maxNodes);
  while (o === null) {
    peak = Math.max(peak, phase.bytes);
    o = phase.step(slice, maxNodes);
  }
  return { phase, outcome: o, peak };
}

/** Formats an engine line from `state` into the notation. */
export function lineJson(rules: GameRules, state: State, line: readonly number[]): MoveJson[] {
  const s = cloneState(state);
  return line.map((m) => {
    const j = formatMove(rules, s, m);
    rules.make(s, m);
    return j;
  });
}

/** A small deterministic generator (xorshift32). */
export const rng = xorshift;

/**
 * A random playout of up to `plies` moves from deal `n`, taking an offered foundation move with
 * probability `prefer`. `visit`, when given, sees each position before its move (with the ply and
 * the playout's generator, whose draws it may share) and stops the playout by returning true.
 */
export function playout(
  rules: GameRules,
  n: number,
  plies: number,
  seed: number,
  prefer = 0.8,
  visit?: (s: State, ply: number, rnd: () => number) => boolean | undefined,
): State {
  const s = openingState(rules, n);
  const rnd = rng(seed);
  for (let k = 0; k < plies; k++) {
    if (visit?.(s, k, rnd)) break;
    const auto = rules.autoMoves(s, 'all');
    const list = auto.length && rnd() < prefer ? auto : legalList(rules, s);
    if (!list.length) break;
    rules.make(s, list[Math.floor(rnd() * list.length)]!);
  }
  return s;
}

/**
 * Positions a game's provenLost calls lost, for a check against plain search: random plays of
 * deals base + 1, base + 2, … (up to `deals` of them), each up to `plies` moves, a move among the
 * automatic ones with probability `auto` when there are some (else among the legal ones; with
 * `auto` 0 no draw is spent on it), each stopped at the first position called lost, until `enough`
 * of those are decided by plain search (`plain`, within 200,000 positions). Returns how many were
 * called lost and what plain search said of each decided one, with where it was found. `calls`
 * stands for provenLost when another proof of loss is checked (asked with the ply it is at).
 */
export function provenLostSamples(
  rules: GameRules,
  plain: GameRules,
  o: { base: number; deals: number; plies: number; enough: number; seed: (k: number) => number; auto: number; calls?: (s: State, ply: number) => boolean },
): { flagged: number; decided: { result: string; where: string }[] } {
  const calls = o.calls ?? ((s: State) => rules.provenLost!(s));
  let flagged = 0;
  const decided: { result: string; where: string }[] = [];
  for (let k = 1; k <= o.deals && decided.length < o.enough; k++) {
    const s = playout(rules, o.base + k, 0, 0);
    const rnd = rng(o.seed(k));
    for (let ply = 0; ply < o.plies; ply++) {
      if (calls(s, ply)) {
        flagged++;
        const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
        if (p.result !== 'unknown') decided.push({ result: p.result, where: `deal ${o.base + k} ply ${ply}` });
        break;
      }
      const auto = o.auto > 0 ? rules.autoMoves(s, 'all') : [];
      const list = auto.length && rnd() < o.auto ? auto : legalList(rules, s);
      if (!list.length) break;
      rules.make(s, list[Math.floor(rnd() * list.length)]!);
    }
  }
  return { flagged, decided };
}

/**
 * Points along winning lines, each nudged by a few random legal moves (positions near a win, won
 * and lost): of deals base + 1, … base + `tries`, those `solver` wins within `nodes`, until `lines`
 * of them; on each line, the position after each fraction in `fracs` of its moves, then `nudges(n)`
 * random legal moves drawn with rng(seed(n)). Calls `visit` on each point as it is made, so what it
 * solves keeps its place among the line searches.
 */
export function nudgedLinePoints(
  rules: GameRules,
  solver: GameRules,
  o: { base: number; tries: number; lines: number; nodes: number; fracs: readonly number[]; seed: (n: number) => number; nudges: (n: number) => number },
  visit: (s: State, where: string) => void,
): void {
  let lines = 0;
  for (let n = 1; n <= o.tries && lines < o.lines; n++) {
    const start = playout(rules, o.base + n, 0, 0);
    const r = solve(solver, start, { maxNodes: o.nodes });
    if (r.result !== 'won') continue;
    lines++;
    const rnd = rng(o.seed(n));
    for (const frac of o.fracs) {
      const s = cloneState(start);
      for (const m of r.moves.slice(0, Math.floor(r.moves.length * frac))) rules.make(s, m);
      for (let j = 0; j < o.nudges(n); j++) {
        const l = legalList(rules, s);
        if (l.length) rules.make(s, l[Math.floor(rnd() * l.length)]!);
      }
      visit(s, `deal ${o.base + n} at ${frac}`);
    }
  }
}

/**
 * Aces and Kings: `s` after `n` random legal moves, mostly (9 in 10) ones that put a reserve or waste
 * card on the tableau (piles 0-3 to 4-7), which often lose.
 */
export function nudgeOntoTableau(rules: GameRules, s: State, n: number, rnd: () => number): void {
  for (let j = 0; j < n; j++) {
    const l = legalList(rules, s);
    const filling = l.filter((m) => moveFrom(m) < 4 && moveTo(m) >= 4 && moveTo(m) < 8);
    const from = filling.length && rnd() < 0.9 ? filling : l;
    if (from.length) rules.make(s, from[Math.floor(rnd() * from.length)]!);
  }
}

/**
 * Aces and Kings: the stock-empty near-win positions of smallPosition for seeds 1 … `seeds` (6 +
 * seed % `spread` cards left), each as it is and after a few random moves (nudgeOntoTableau), which
 * often fill the tableau and lose; a nudged position that is won is left out.
 */
export function nudgedNearWins(rules: GameRules, seeds: number, spread: number): State[] {
  const out: State[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const s = parsePosition(smallPosition('aces-and-kings', seed, 6 + (seed % spread))).state;
    if (s.piles[0]!.length) continue;
    out.push(cloneState(s));
    nudgeOntoTableau(rules, s, 2 + (seed % 7), rng(seed));
    if (!rules.isWon(s)) out.push(s);
  }
  return out;
}
