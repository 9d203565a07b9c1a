/**
 * Aces Up: why the solver's forced discards stop at the safe rule while the stock has cards
 * (src/games/acesUp.ts, discards). A top card that may be discarded now can still be needed later
 * as the higher card of its suit, after the next deal has covered it and play has uncovered it
 * again, even when only one deal is left. So "discard everything once one deal is left" (or any
 * wider forcing that ignores the lower cards still to come) is not a dominance move: here it turns
 * a won position into a lost one, and plain exhaustive search (plain.ts) shows the win.
 *
 * The position (one deal left: 5D onto tableau:0, 2C, 4H, then JH onto tableau:3):
 *   tableau:0 AH JC · tableau:1 AD 3C · tableau:2 AS KH · tableau:3 AC 9C
 * 3C and 9C may both go now (JC is higher). Discarding both and dealing leaves 5D on JC, 2C on AD,
 * KH on AS and AC alone: JH takes 4H, KH takes JH, and nothing more moves. Keeping 9C instead, it
 * takes the 2C the deal brings once JH and 4H are gone, AD then takes 5D, JC takes 9C, AC takes JC,
 * AH takes KH: won.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, DISCARD, moveType } from '../../src/engine/rules.ts';
import { formatPosition } from '../../src/engine/notation.ts';
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { missing } from '../engine/helpers.ts';
import { plainRules } from './plain.ts';
import { lineJson, replayJson } from './util.ts';

const rules = findGame('aces-up')!;
const plain = plainRules(rules);

const tableau = [
  ['AH', 'JC'],
  ['AD', '3C'],
  ['AS', 'KH'],
  ['AC', '9C'],
];
// Bottom to top: the deal gives 5D to tableau:0, 2C to tableau:1, 4H to tableau:2, JH to tableau:3.
const stock = ['JH', '4H', '2C', '5D'];
const position = parsePosition({ game: 'aces-up', stock, tableau, discard: missing({ stock, tableau }) }).state;

describe('Aces Up: a discard allowed now can cost the win, even one deal from the end', () => {
  it('plain search and the solver both win it, and the solver forces no discard here', () => {
    expect(solve(plain, cloneState(position), { maxNodes: 100_000 }).result).toBe('won');
    const r = solve(rules, cloneState(position), { maxNodes: 100_000 });
    expect(r.result).toBe('won');
    expect(replayJson(formatPosition(rules, position), lineJson(rules, position, r.moves)).won).toBe(true);
    // 3C and 9C may go, but 2C is still to come: neither is safe.
    expect(rules.forcedMove!(cloneState(position))).toBe(-1);
  });

  it('a solver that forced every discard with one deal left would call it lost', () => {
    // The loosened rule this file guards against: with it the solver's "lost" would be wrong.
    const loose = { ...rules };
    loose.forcedMove = (s) => {
      const safe = rules.forcedMove!(s);
      if (safe >= 0 || s.piles[0]!.length > 4) return safe;
      const list: number[] = [];
      rules.moves(s, list);
      return list.find((m) => moveType(m) === DISCARD) ?? -1;
    };
    expect(solve(loose, cloneState(position), { maxNodes: 100_000 }).result).toBe('lost');
  });
});
