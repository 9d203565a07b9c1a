/**
 * Aces and Kings' endgame solver (the solver's provenLost and forcedMove once the stock is out),
 * checked against plain exhaustive search (tests/solver/plain.ts) on stock-empty positions small
 * enough for it: random near-win positions, points late along stored winning lines and points just
 * after their stock ran out, nudged by random legal moves so that both outcomes occur. The endgame
 * solver keeps one memo across all of them, as it does across a search.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { endgameStats, limitEndgame } from '../../src/games/acesAndKings.ts';
import { findGame } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { entryLine, type WinnableList } from '../../src/solver/winnable.ts';
import { plainRules } from './plain.ts';
import { nudgedNearWins, nudgeOntoTableau, rng } from './util.ts';
import winnable from '../../assets/winnable/aces-and-kings.json' with { type: 'json' };

const rules = findGame('aces-and-kings')!;
/** The endgame solver's reach: cards in the reserves and waste (ENDGAME_CARDS in acesAndKings.ts). */
const REACH = 30;
const plain = plainRules(rules);

/** Stock-empty positions: random near-win ones, and late points of stored wins nudged by random moves. */
function endgames(): State[] {
  const out = nudgedNearWins(rules, 120, 14);
  const deals = (winnable as WinnableList).deals.slice(0, 12);
  deals.forEach((entry, i) => {
    const line = entryLine(rules, entry);
    const rnd = rng(i + 1);
    for (const left of [6, 10, 14, 18, 24]) {
      const s = openingState(rules, entry.deal);
      for (const m of line.slice(0, line.length - left)) rules.make(s, m);
      nudgeOntoTableau(rules, s, (i + left) % 6, rnd);
      if (s.piles[0]!.length === 0 && !rules.isWon(s)) out.push(s);
    }
  });
  // Just after the stock runs out (up to the endgame solver's 30 cards in the reserves and waste, and
  // more): larger endgames, many of them lost once nudged.
  deals.concat((winnable as WinnableList).deals.slice(12, 24)).forEach((entry, i) => {
    const line = entryLine(rules, entry);
    const rnd = rng(1000 + i);
    const s0 = openingState(rules, entry.deal);
    let dealt = 0;
    while (s0.piles[0]!.length) rules.make(s0, line[dealt++]!);
    for (const extra of [0, 4, 8, 12]) {
      const s = openingState(rules, entry.deal);
      for (const m of line.slice(0, dealt + extra)) rules.make(s, m);
      nudgeOntoTableau(rules, s, 1 + ((i + extra) % 4), rnd);
      if (!rules.isWon(s)) out.push(s);
    }
  });
  return out;
}

/** The forced moves from won position `s` to the win: each one there, no position twice. */
function forcedLine(s: State): number {
  const t = cloneState(s);
  const seen = new Set<string>();
  while (!rules.isWon(t)) {
    const key = JSON.stringify(t.piles);
    expect(seen.has(key), `a forced move came back to ${key}`).toBe(false);
    seen.add(key);
    const m = rules.forcedMove!(t);
    expect(m, `no forced move in won ${key}`).toBeGreaterThanOrEqual(0);
    rules.make(t, m);
  }
  return seen.size;
}

describe('Aces and Kings: the stock-empty endgame solver', () => {
  it('proves lost exactly the positions plain search proves lost, and its forced move keeps a win', () => {
    let compared = 0;
    const seen = { won: 0, lost: 0, forced: 0, provenLost: 0 };
    for (const s of endgames()) {
      const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
      if (p.result === 'unknown') continue;
      // Within the endgame solver's reach (ENDGAME_CARDS in the reserves and waste) it decides.
      const inReach = s.piles[1]!.length + s.piles[2]!.length + s.piles[3]!.length <= REACH;
      const lost = rules.provenLost!(cloneState(s));
      expect(lost, JSON.stringify(s.piles)).toBe(inReach && p.result === 'lost');
      if (lost) seen.provenLost++;
      const forced = rules.forcedMove!(cloneState(s));
      if (p.result === 'won' && inReach) {
        // Every position of a won endgame in reach gets a forced move, and it keeps the win.
        expect(forced).toBeGreaterThanOrEqual(0);
        const after = cloneState(s);
        rules.make(after, forced);
        const a = rules.isWon(after) ? 'won' : solve(plain, after, { maxNodes: 400_000 }).result;
        if (a !== 'unknown') {
          expect(a, JSON.stringify(s.piles)).toBe('won');
          seen.forced++;
        }
        // And the forced moves from there lead to the win without a circle (the search follows
        // them as the only child, so a circle would leave a won position searched as lost).
        forcedLine(s);
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
    expect(compared).toBeGreaterThan(200);
    expect(seen.won).toBeGreaterThan(150);
    expect(seen.lost).toBeGreaterThan(20);
    expect(seen.provenLost).toBeGreaterThan(15);
    expect(seen.forced).toBeGreaterThan(150);
  }, 240_000);

  it('plays no forced move once a solve has given up, and the search stays exact without them', () => {
    const SMALL = 400;
    const all = endgames().filter((s) => s.piles[1]!.length + s.piles[2]!.length + s.piles[3]!.length <= REACH);
    try {
      // A won endgame whose walk fits the small budget: it gets a forced move when nothing gave up.
      let won: State | undefined;
      for (const s of all) {
        limitEndgame(SMALL);
        if (rules.forcedMove!(cloneState(s)) >= 0) {
          won = s;
          break;
        }
      }
      expect(won, 'a won endgame within the small budget').toBeDefined();
      // A position whose walk does not fit: the solve gives up.
      limitEndgame(SMALL);
      const aborted = endgameStats.aborted;
      const big = all.find((s) => {
        rules.provenLost!(cloneState(s));
        return endgameStats.aborted > aborted;
      });
      expect(big, 'an endgame past the small budget').toBeDefined();
      // From then on no forced move, though the won position's walk fits and is memoised.
      expect(rules.forcedMove!(cloneState(won!))).toBe(-1);
      // And the search, without forced moves, agrees with plain search on these endgames.
      let compared = 0;
      for (const s of all.slice(0, 60)) {
        const p = solve(plain, cloneState(s), { maxNodes: 100_000 });
        if (p.result === 'unknown') continue;
        expect(solve(rules, cloneState(s), { maxNodes: 100_000 }).result, JSON.stringify(s.piles)).toBe(p.result);
        compared++;
      }
      expect(compared).toBeGreaterThan(30);
    } finally {
      limitEndgame(1_000_000);
    }
  }, 240_000);
});
