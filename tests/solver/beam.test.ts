/**
 * The beam phase (src/solver/beam.ts): a win it reports replays to a win by legal moves, it never
 * answers lost, it stays under its memory cap, and within the solver it wins Aces and Kings deals
 * that the solver without it leaves unknown.
 */
import { describe, expect, it } from 'vitest';
import { attachHashes } from '../../src/engine/hash.ts';
import { formatPosition } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';
import { Beam } from '../../src/solver/beam.ts';
import { positionHash } from '../../src/solver/phase.ts';
import { solve } from '../../src/solver/search.ts';
import { expectWinningLine, lineJson, playout, replayJson, runPhase } from './util.ts';

const AK = GAMES.find((g) => g.id === 'aces-and-kings')!;

/** Runs a beam from `s` to its outcome within `maxNodes`, a slice at a time; its peak bytes too. */
function runBeam(rules: GameRules, s: State, maxNodes: number, maxBytes = 64 << 20, slice = 4096) {
  const { phase, outcome, peak } = runPhase(new Beam(rules, s, maxBytes), maxNodes, slice);
  return { beam: phase, outcome, peak };
}

describe('beam phase', () => {
  it('is given a share only by games that name its layers', () => {
    for (const rules of GAMES) if (rules.searchShares?.beam) expect(rules.beamLayer, rules.id).toBeDefined();
    expect(GAMES.filter((r) => r.searchShares?.beam).map((r) => r.id)).toEqual(['aces-and-kings']);
  });

  it('Aces and Kings: every win replays by legal moves, and it never answers lost', () => {
    let won = 0;
    for (let k = 1; k <= 16; k++) {
      const s = k <= 8 ? openingState(AK, k) : playout(AK, 900 + k, 10 * k, k);
      AK.forget?.();
      const { beam, outcome } = runBeam(AK, s, 150_000);
      expect(outcome, `position ${k}`).not.toBe('lost');
      expect(beam.visited).toBeLessThanOrEqual(150_000 + 5_000);
      if (outcome !== 'won') continue;
      won++;
      expectWinningLine(AK, s, beam.winningLine, `position ${k}`);
    }
    expect(won).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('sets each position it expands with the pile hashes and the position hash a fresh hash gives', () => {
    // The beam restores a packed position by changing only the cards each pile does not share with
    // the position before, and keeps each position's hash from the move that reached it; the game
    // sees each position first in provenLost, and its hash comes into hashAfter, where this checks
    // them.
    let checked = 0;
    let hashes = 0;
    let wrong = 0;
    const fresh = new Int32Array(2);
    const checking: GameRules = {
      ...AK,
      provenLost(s, entered) {
        const copy = cloneState(s);
        attachHashes(copy, AK.hashByRank);
        checked++;
        if (!copy.hash!.h.every((x, i) => x === s.hash!.h[i])) wrong++;
        return AK.provenLost!(s, entered);
      },
      hashAfter(s, m, out) {
        positionHash(AK, s, fresh);
        hashes++;
        if (fresh[0] !== out[0] || fresh[1] !== out[1]) wrong++;
        return AK.hashAfter!(s, m, out);
      },
    };
    for (const s of [openingState(AK, 3), playout(AK, 931, 30, 7)]) {
      AK.forget?.();
      runBeam(checking, s, 60_000);
    }
    expect(checked).toBeGreaterThan(1_000);
    expect(hashes).toBeGreaterThan(10_000);
    expect(wrong).toBe(0);
  }, 60_000);

  it('does the same whatever slices it is stepped in', () => {
    // A step may end between two members of a root's closure; the next one goes on from there.
    for (const deal of [3, 40]) {
      const run = (slice: number) => {
        AK.forget?.();
        const { beam, outcome } = runBeam(AK, openingState(AK, deal), 300_000, 64 << 20, slice);
        return { o: outcome, visited: beam.visited, line: beam.winningLine.join(' ') };
      };
      const whole = run(1_000_000);
      expect(run(97), `deal ${deal}`).toEqual(whole);
      expect(run(4096), `deal ${deal}`).toEqual(whole);
    }
  }, 120_000);

  it('answers unknown rather than grow past its memory cap', () => {
    // Deal 2: not won by a beam within a million positions (7 December 2026).
    const cap = 1 << 20;
    AK.forget?.();
    const { beam, outcome, peak } = runBeam(AK, openingState(AK, 2), 50_000_000, cap);
    expect(outcome).toBe('unknown');
    expect(beam.visited).toBeLessThan(50_000_000);
    expect(peak).toBeLessThanOrEqual(cap);
  }, 120_000);
});

describe('Aces and Kings deals the beam phase wins', () => {
  // Openings the solver left unknown at 1,000,000 positions before the beam phase (best-first 0.7,
  // probes 0.1) and wins with it (7 December 2026: deal 40 after 160,068 positions, 175 after
  // 136,083).
  it.each([40, 175])('deal %i: won within 1,000,000 positions, the line replays in the notation', (deal) => {
    const s = openingState(AK, deal);
    AK.forget?.();
    const r = solve(AK, s, { maxNodes: 1_000_000 });
    expect(r.result).toBe('won');
    expect(replayJson(formatPosition(AK, s), lineJson(AK, s, r.moves)).won).toBe(true);
    AK.forget?.();
    const without = solve({ ...AK, searchShares: { bestFirst: 0.7, probes: 0.1 } }, s, { maxNodes: 1_000_000 });
    expect(without.result).toBe('unknown');
  }, 60_000);
});
