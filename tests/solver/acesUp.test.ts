/**
 * Aces Up's loss bound (settledLost: the settled stretch, src/games/acesUp.ts) checked against plain
 * exhaustive search (plain.ts), which knows nothing of it: every sampled position the bound calls
 * lost must be lost by plain search, and no position plain search wins may be called lost. The
 * positions come from random playouts and from deviations off winning lines (near wins), with a few
 * deals still to come, so that the bound's reasoning about future deals is exercised; both outcomes
 * occur among them. provenLost, which the search asks, skips the bound at some positions: it may
 * call lost only what settledLost, the endgame search or the last deals' rule (lastDealsLost, tested
 * in acesUpLastDeal.test.ts) calls lost.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, DISCARD, moveType, type State } from '../../src/engine/rules.ts';
import { endgameLost, lastDealsLost, settledLost, stockAceIndices } from '../../src/games/acesUp.ts';
import { cardOf } from '../../src/engine/cards.ts';
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { Solver, solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { missing } from '../engine/helpers.ts';
import { playout, rng } from './util.ts';

const rules = findGame('aces-up')!;
const plain = plainRules(rules);

/** Tally of the positions checked. */
interface Tally {
  /** The bound said lost and plain search agreed. */
  flaggedLost: number;
  /** The bound was silent and plain search found a win. */
  silentWon: number;
  /** The bound was silent and plain search proved a loss. */
  silentLost: number;
  /** Of flaggedLost, positions with two deals still to come. */
  flaggedEarly: number;
  /** Of flaggedLost, positions called lost only by the order within phases (settledLost without it is silent). */
  byOrder?: number;
}

/** Checks one position: plain search decides it, and the bound may call it lost only when it is. */
function check(s: State, where: string, tally: Tally, budget: number): void {
  const flagged = settledLost(s);
  const r = solve(plain, cloneState(s), { maxNodes: budget });
  if (r.result === 'unknown') return;
  if (flagged) {
    expect(r.result, `${where}: called lost, plain search says ${r.result}`).toBe('lost');
    tally.flaggedLost++;
    if (s.piles[0]!.length >= 8) tally.flaggedEarly++;
    if (!settledLost(s, false)) tally.byOrder = (tally.byOrder ?? 0) + 1;
  } else if (r.result === 'won') tally.silentWon++;
  else tally.silentLost++;
}

describe('Aces Up: settledLost, the settled-stretch bound', () => {
  it('random playouts: every position it calls lost is lost by plain search', () => {
    const tally: Tally = { flaggedLost: 0, silentWon: 0, silentLost: 0, flaggedEarly: 0 };
    for (let k = 1; k <= 400 && tally.flaggedLost < 300; k++) {
      playout(rules, 7000 + k, 300, k * 17 + 3, 0.7, (s, ply, rnd) => {
        // Check positions with at most two deals to come (plain search is slow beyond), the bound
        // often silent while the stock holds cards.
        if (s.piles[0]!.length <= 8 && rnd() < 0.3) check(s, `deal ${7000 + k} ply ${ply}`, tally, 60_000);
        return false;
      });
    }
    expect(tally.flaggedLost).toBeGreaterThan(200);
    expect(tally.flaggedEarly).toBeGreaterThan(20);
    expect(tally.silentLost).toBeGreaterThan(0);
    // The order within phases (ground) decides a few of them, and plain search agrees.
    expect(tally.byOrder).toBeGreaterThan(0);
  }, 240_000);

  it('near wins: off winning lines it calls only lost positions lost, and never a position on the line', () => {
    const tally: Tally = { flaggedLost: 0, silentWon: 0, silentLost: 0, flaggedEarly: 0 };
    let onLine = 0;
    for (let deal = 1; deal <= 40 && (tally.flaggedLost < 30 || tally.silentWon < 20); deal++) {
      const start = openingState(rules, deal);
      const won = solve(rules, start, { maxNodes: 100_000 });
      if (won.result !== 'won') continue;
      const s = cloneState(start);
      const rnd = rng(deal * 7 + 1);
      for (const m of won.moves) {
        expect(settledLost(s), `deal ${deal}: a position on a winning line`).toBe(false);
        onLine++;
        const stock = s.piles[0]!.length;
        if (stock <= 12 && rnd() < 0.5) {
          // Deviate a few random moves, then check.
          const d = cloneState(s);
          const steps = 1 + Math.floor(rnd() * 6);
          for (let i = 0; i < steps; i++) {
            const list = legalList(rules, d);
            if (!list.length) break;
            rules.make(d, list[Math.floor(rnd() * list.length)]!);
          }
          if (d.piles[0]!.length <= 8) check(d, `deal ${deal} off the line`, tally, 60_000);
        }
        rules.make(s, m);
      }
    }
    expect(onLine).toBeGreaterThan(200);
    expect(tally.flaggedLost).toBeGreaterThan(20);
    expect(tally.silentWon).toBeGreaterThan(15);
  }, 240_000);

  it('positions that only the order within phases calls lost, met in searches: lost by plain search', () => {
    // Positions the search meets are where the order within phases (ground) matters most; those
    // it alone calls lost, with at most two deals to come, are each solved by plain search.
    const found: State[] = [];
    const asked = { ...rules };
    asked.provenLost = (s) => {
      const r = rules.provenLost!(s);
      if (r && s.piles[0]!.length <= 8 && found.length < 400 && !settledLost(s, false)) found.push(cloneState(s));
      return r;
    };
    for (let deal = 1; deal <= 20 && found.length < 400; deal++) solve(asked, openingState(rules, deal), { maxNodes: 30_000 });
    let checked = 0;
    for (let i = 0; i < found.length && checked < 40; i += 7) {
      const r = solve(plain, cloneState(found[i]!), { maxNodes: 100_000 });
      if (r.result === 'unknown') continue;
      expect(r.result, `position ${i}: called lost by the order within phases`).toBe('lost');
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  }, 240_000);

  it('winning lines found without the bound: it calls no position on them lost', () => {
    // The lines come from a search that never asks the bound, so they do not lean towards the
    // positions it leaves open. Loosened so that in ground a card discarded in an earlier phase does
    // not count as gone (only the discards derived in the phase uncover), the bound calls positions
    // on 5 of the 23 lines of deals 1-60 lost and this test fails; the rule as written, none.
    const { provenLost: _l, ...blind } = rules;
    let wins = 0;
    let onLine = 0;
    let byOrderOpen = 0;
    for (let deal = 1; deal <= 120; deal++) {
      const start = openingState(rules, deal);
      const r = solve(blind, start, { maxNodes: 100_000 });
      if (r.result !== 'won') continue;
      wins++;
      const s = cloneState(start);
      for (const m of r.moves) {
        expect(settledLost(s), `deal ${deal}: a position on a winning line, stock ${s.piles[0]!.length}`).toBe(false);
        if (s.piles[0]!.length >= 8) byOrderOpen++;
        onLine++;
        rules.make(s, m);
      }
    }
    expect(wins).toBeGreaterThan(40);
    expect(onLine).toBeGreaterThan(3000);
    expect(byOrderOpen).toBeGreaterThan(1000);
  }, 240_000);

  it('a deal still to come puts the fourth ace where it loses: called lost, and plain search agrees', () => {
    // AS lies on 9S 9H in tableau:3 and the next deal puts AC on it; AH and AD sit at the bottom
    // of tableau:0 and tableau:1, no pile can be emptied before that deal (no discard, no empty
    // pile), so after it three piles hold the four aces and the one holding two has a card under them.
    const tableau = [
      ['AH', 'TH', '4H', '6H', '2H', 'KH'],
      ['AD', 'QD', '2C', '4S', 'JC', 'KS'],
      ['KC', '6S', 'TC', '7C'],
      ['9S', '9H', 'AS', 'JD', '9D', '5D'],
    ];
    // Bottom to top: the next deal gives JH to tableau:0, 3H, 3S, then AC to tableau:3.
    const stock = ['AC', '3S', '3H', 'JH'];
    const p = parsePosition({ game: 'aces-up', stock, tableau, discard: missing({ stock, tableau }) });
    expect(settledLost(p.state)).toBe(true);
    // With one deal left the search does not ask the bound (LAST_DEAL_STOCK in acesUp.ts): provenLost
    // leaves the position to the search, which proves it lost on its own.
    expect(rules.provenLost!(p.state)).toBe(false);
    expect(solve(rules, cloneState(p.state), { maxNodes: 200_000 }).result).toBe('lost');
    expect(solve(plain, cloneState(p.state), { maxNodes: 200_000 }).result).toBe('lost');
    // With a deal more to come (four clubs, after the same next deal), the search asks it.
    const longer = ['3C', '4C', '5C', '6C', ...stock];
    const q = parsePosition({ game: 'aces-up', stock: longer, tableau, discard: missing({ stock: longer, tableau }) });
    expect(settledLost(q.state)).toBe(true);
    expect(rules.provenLost!(q.state)).toBe(true);
  });
});

describe('Aces Up: the aces in the stock, as settledLost reads them', () => {
  it('follows the stock as deals and undos change its length and as its cards change in place', () => {
    // Twelve clubs two to king with the ace of hearts at 3 and the ace of spades at 10 (two aces
    // on the table); the same array throughout, as the search keeps it.
    const stock = Array.from({ length: 12 }, (_, i) => cardOf(3, 2 + i));
    stock[3] = cardOf(1, 1);
    stock[10] = cardOf(0, 1);
    expect(stockAceIndices(stock, 2)).toEqual([3, 10]);
    // Dealt down to eight cards: the ace at 10 is on the table now.
    const top = stock.splice(8);
    expect(stockAceIndices(stock, 3)).toEqual([3]);
    // The same array, its cards changed in place: the ace now at 5.
    stock[3] = cardOf(3, 13);
    stock[5] = cardOf(1, 1);
    expect(stockAceIndices(stock, 3)).toEqual([5]);
    // Undone back to twelve: the ace at 10 is in the stock again.
    stock.push(...top);
    expect(stockAceIndices(stock, 2)).toEqual([5, 10]);
    // Every ace on the table: none in the stock.
    expect(stockAceIndices(stock.filter((c) => c % 13 !== 0), 4)).toEqual([]);
  });
});

describe('Aces Up: endgameLost, the endgame once the stock is empty', () => {
  it('agrees with plain search on positions just after the last deal and later, won and lost', () => {
    // Positions from random playouts, from winning lines and off them, and made up, once the stock is
    // empty. Loosened so that it never moves an ace into an empty pile, it calls won positions lost
    // (the first: made-up endgame 11) and this fails.
    const seen = { won: 0, lost: 0, givenUp: 0 };
    const checkOne = (s: State, where: string): void => {
      const r = endgameLost(s);
      if (r === null) {
        seen.givenUp++;
        return;
      }
      const p = solve(plain, cloneState(s), { maxNodes: 200_000 });
      if (p.result === 'unknown') return;
      expect(r, `${where}: endgame says ${r ? 'lost' : 'won'}, plain search ${p.result}`).toBe(p.result === 'lost');
      seen[p.result]++;
    };
    for (let k = 1; k <= 300; k++) {
      playout(rules, 9000 + k, 400, k * 13 + 5, 0.9, (s, ply, rnd) => {
        if (s.piles[0]!.length === 0 && rnd() < 0.5) checkOne(s, `deal ${9000 + k} ply ${ply}`);
        return false;
      });
    }
    // Near wins: the positions after the last deal on winning lines, and a few random moves off them.
    for (let deal = 1; deal <= 60; deal++) {
      const start = openingState(rules, deal);
      const won = solve(rules, start, { maxNodes: 100_000 });
      if (won.result !== 'won') continue;
      const s = cloneState(start);
      const rnd = rng(deal * 5 + 2);
      for (const m of won.moves) {
        rules.make(s, m);
        if (s.piles[0]!.length) continue;
        checkOne(s, `deal ${deal} on the line`);
        const d = cloneState(s);
        for (let i = 0; i < 3; i++) {
          const list = legalList(rules, d);
          if (!list.length) break;
          rules.make(d, list[Math.floor(rnd() * list.length)]!);
        }
        checkOne(d, `deal ${deal} off the line`);
      }
    }
    // Made-up endgames: the four aces and 6 to 14 other cards dealt at random onto the four piles,
    // so that aces often lie on other cards and must move.
    for (let k = 1; k <= 400; k++) {
      const rnd = rng(k * 29 + 11);
      const others = Array.from({ length: 52 }, (_, c) => c).filter((c) => c % 13 !== 0);
      for (let i = others.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [others[i], others[j]] = [others[j]!, others[i]!];
      }
      const cards = [0, 13, 26, 39, ...others.slice(0, 6 + Math.floor(rnd() * 9))];
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [cards[i], cards[j]] = [cards[j]!, cards[i]!];
      }
      const piles: number[][] = [[], [], [], []];
      for (const c of cards) piles[Math.floor(rnd() * 4)]!.push(c);
      const discard = Array.from({ length: 52 }, (_, c) => c).filter((c) => !cards.includes(c));
      checkOne({ piles: [[], ...piles, discard], flags: 0 }, `made-up endgame ${k}`);
    }
    expect(seen.won).toBeGreaterThan(100);
    expect(seen.lost).toBeGreaterThan(100);
    expect(seen.givenUp).toBeLessThan((seen.won + seen.lost) / 20);
  }, 240_000);
});

describe('Aces Up: provenLost, the bound as the search asks it', () => {
  it('in searches it calls lost only what the last deals, settledLost or the endgame call lost, and skips few of those', () => {
    const asked = { ...rules };
    let lost = 0;
    let skipped = 0;
    let lastDeal = 0;
    asked.provenLost = (s, entered) => {
      const last = lastDealsLost(s);
      const exact = last || (endgameLost(s) ?? settledLost(s));
      const r = rules.provenLost!(s, entered);
      if (r) expect(exact).toBe(true);
      if (s.piles[0]!.length === 4) {
        // One deal left: only the last deals' rule is asked (LAST_DEAL_STOCK), and after a discard
        // that leaves every pile covered, nothing.
        const afterDiscard = entered !== undefined && entered >= 0 && moveType(entered) === DISCARD && s.piles.slice(1, 5).every((p) => p.length > 0);
        expect(r).toBe(last && !afterDiscard);
        lastDeal++;
        return r;
      }
      if (exact) lost++;
      if (exact && !r) skipped++;
      return r;
    };
    for (let deal = 1; deal <= 4; deal++) {
      const solver = new Solver(asked, openingState(rules, deal), { maxNodes: 50_000 });
      while (solver.step(1_000_000) === null);
    }
    expect(lost).toBeGreaterThan(1000);
    expect(skipped).toBeLessThan(lost / 10);
    expect(lastDeal).toBeGreaterThan(100);
  }, 60_000);
});
