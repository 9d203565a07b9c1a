/**
 * Aces and Kings' endgame solver (the solver's provenLost and forcedMove once the stock is out),
 * checked against plain exhaustive search (tests/solver/plain.ts) on stock-empty positions small
 * enough for it: random near-win positions and points late along stored winning lines, nudged by
 * random legal moves so that both outcomes occur.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, moveFrom, moveTo, type State } from '../../src/engine/rules.ts';
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { entryLine, type WinnableList } from '../../src/solver/winnable.ts';
import { smallPosition } from '../engine/helpers.ts';
import { plainRules } from './plain.ts';
import { rng } from './util.ts';
import winnable from '../../assets/winnable/aces-and-kings.json' with { type: 'json' };

const rules = findGame('aces-and-kings')!;
const plain = plainRules(rules);

/** `s` after `n` random legal moves, mostly ones that put a reserve or waste card on the tableau (they often lose). */
function nudge(s: State, n: number, rnd: () => number): void {
  for (let j = 0; j < n; j++) {
    const l = legalList(rules, s);
    const filling = l.filter((m) => moveFrom(m) < 4 && moveTo(m) >= 4 && moveTo(m) < 8);
    const from = filling.length && rnd() < 0.9 ? filling : l;
    if (from.length) rules.make(s, from[Math.floor(rnd() * from.length)]!);
  }
}

/** Stock-empty positions: random near-win ones, and late points of stored wins nudged by random moves. */
function endgames(): State[] {
  const out: State[] = [];
  for (let seed = 1; seed <= 120; seed++) {
    const s = parsePosition(smallPosition('aces-and-kings', seed, 6 + (seed % 14))).state;
    if (s.piles[0]!.length) continue;
    out.push(cloneState(s));
    // The same position after a few random moves, which often fill the tableau and lose.
    nudge(s, 2 + (seed % 7), rng(seed));
    if (!rules.isWon(s)) out.push(s);
  }
  const deals = (winnable as WinnableList).deals.slice(0, 12);
  deals.forEach((entry, i) => {
    const line = entryLine(rules, entry);
    const rnd = rng(i + 1);
    for (const left of [6, 10, 14, 18, 24]) {
      const s = openingState(rules, entry.deal);
      for (const m of line.slice(0, line.length - left)) rules.make(s, m);
      nudge(s, (i + left) % 6, rnd);
      if (s.piles[0]!.length === 0 && !rules.isWon(s)) out.push(s);
    }
  });
  return out;
}

describe('Aces and Kings: the stock-empty endgame solver', () => {
  it('proves lost exactly the positions plain search proves lost, and its forced move keeps a win', () => {
    let compared = 0;
    const seen = { won: 0, lost: 0, forced: 0 };
    for (const s of endgames()) {
      const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
      if (p.result === 'unknown') continue;
      const lost = rules.provenLost!(cloneState(s));
      expect(lost, JSON.stringify(s.piles)).toBe(p.result === 'lost');
      const forced = rules.forcedMove!(cloneState(s));
      if (p.result === 'won') {
        // Every position of a small won endgame gets a forced move, and it keeps the win.
        expect(forced).toBeGreaterThanOrEqual(0);
        const after = cloneState(s);
        rules.make(after, forced);
        const a = rules.isWon(after) ? 'won' : solve(plain, after, { maxNodes: 400_000 }).result;
        if (a !== 'unknown') {
          expect(a, JSON.stringify(s.piles)).toBe('won');
          seen.forced++;
        }
      } else expect(forced).toBe(-1);
      // The solver agrees, and its winning line replays to a win.
      const r = solve(rules, cloneState(s), { maxNodes: 200_000 });
      expect(r.result).toBe(p.result);
      if (r.result === 'won') {
        const t = cloneState(s);
        for (const m of r.moves) {
          expect(legalList(rules, t)).toContain(m);
          rules.make(t, m);
        }
        expect(rules.isWon(t)).toBe(true);
      }
      compared++;
      seen[p.result]++;
    }
    console.log(`endgames compared ${compared}: ${JSON.stringify(seen)}`);
    expect(compared).toBeGreaterThan(20);
    expect(seen.won).toBeGreaterThan(5);
    expect(seen.lost).toBeGreaterThan(5);
    expect(seen.forced).toBeGreaterThan(5);
    console.log(`endgames compared ${compared}: ${JSON.stringify(seen)}`);
  }, 240_000);
});
