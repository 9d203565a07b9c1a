/**
 * The reference the solver is checked against: the same rules with every piece of search
 * knowledge taken away (no decider, no relaxed proof of loss, no skipped moves, no forced or safe moves, no partial-order reduction, no ordering hints, no best-first phase, and
 * an exact key instead of the canonical one). Exhaustive search over it is slow but plainly right.
 * A game's moreMoves stays: those are moves a player may make, not knowledge.
 */
import { addPile } from '../../src/engine/hash.ts';
import type { GameRules } from '../../src/engine/rules.ts';

/** `rules` with the solver's knowledge removed. */
export function plainRules(rules: GameRules): GameRules {
  const { forcedMove: _f, por: _p, evaluate: _e, evaluateAfter: _a, hashAfter: _h, hashByRank: _r, decide: _d, searchShares: _s, bestFirstScore: _b, provenLost: _l, relaxedLost: _x, skipAfter: _k, ...rest } = rules;
  return {
    ...rest,
    autoMoves: () => [],
    key: (s) => s.piles.map((p) => String.fromCharCode.apply(null, p)).join('\u00ff'),
    hash: (s, out) => {
      for (let p = 0; p < s.piles.length; p++) addPile(s, p, p, out);
    },
    moveScore: () => 0,
  };
}
