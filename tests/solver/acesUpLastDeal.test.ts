/**
 * Aces Up's last-deals rule (lastDealsLost, src/games/acesUp.ts): a search over the cards of the
 * stock's last k deals alone, the piles' cards under them unknown, proves the game lost when no line
 * uncovers those and none can end in a win (k = 1: the last four cards share no suit and are not the
 * four aces). Checked against plain exhaustive search (plain.ts), which knows nothing of it, on
 * made-up positions one to three deals from the end (small enough for plain search, won and lost
 * alike, built so that the rule often holds with k = 2 and 3), on positions from random play of
 * deals it calls lost, and against winning lines found without it: no position on one is called
 * lost. Loosened by hand so that a line uncovering a pile's unknown cards counts as lost (skipped)
 * rather than as a way out, it calls positions lost that plain search wins (made-up position 2, deal
 * 5 in random play, deal 1's winning line) and the first three tests fail.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { lastDealsFirst, lastDealsLost } from '../../src/games/acesUp.ts';
import { findGame } from '../../src/games/catalog.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { rng } from './util.ts';

const rules = findGame('aces-up')!;
const plain = plainRules(rules);

/** How many suits the stock's last four cards (its bottom four) hold more than once: 0 means four suits. */
function pairs(s: State): number {
  const last = s.piles[0]!.slice(0, 4).map((c) => Math.floor(c / 13));
  return last.length - new Set(last).size;
}

/** Shuffles `a` in place with `rnd`. */
function shuffle<T>(a: T[], rnd: () => number): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * A made-up position `deals` deals from the end: the four aces and some other cards, `4 × deals` of
 * them in the stock and the rest on the four piles. With `spread`, every deal but the last gives
 * four suits (the rule needs that to hold with k ≥ 2: any discard among them would uncover a pile).
 */
function madeUp(rnd: () => number, deals: number, spread: boolean): State {
  const others = shuffle(
    Array.from({ length: 52 }, (_, c) => c).filter((c) => c % 13 !== 0),
    rnd,
  );
  const cards = shuffle([0, 13, 26, 39, ...others.slice(0, 4 * deals + 3 + Math.floor(rnd() * 4))], rnd);
  let stock = cards.slice(0, 4 * deals);
  if (spread) {
    // Each earlier deal's four cards, one per suit where the cards allow (else as they come).
    const rest = stock.slice(4);
    const blocks: number[] = [];
    for (let j = 0; j < deals - 1; j++) {
      for (let suit = 0; suit < 4; suit++) {
        const i = rest.findIndex((c) => Math.floor(c / 13) === suit && !blocks.includes(c));
        if (i >= 0 && blocks.length < 4 * (j + 1)) blocks.push(rest[i]!);
      }
      for (const c of rest) if (blocks.length < 4 * (j + 1) && !blocks.includes(c)) blocks.push(c);
    }
    stock = [...stock.slice(0, 4), ...blocks];
  }
  const piles: number[][] = [[], [], [], []];
  for (const c of cards.slice(4 * deals)) piles[Math.floor(rnd() * 4)]!.push(c);
  const discard = Array.from({ length: 52 }, (_, c) => c).filter((c) => !cards.includes(c));
  return { piles: [stock, ...piles, discard], flags: 0 };
}

describe('Aces Up: lastDealsLost, the last deals leave no way out', () => {
  it('made-up positions one to three deals from the end: called lost only where plain search finds no win', () => {
    const seen = { calledLost: 0, byTwo: 0, byThree: 0, won: 0, lost: 0, wonOnePair: 0 };
    for (let k = 1; k <= 3000; k++) {
      const rnd = rng(k * 31 + 7);
      const deals = k % 20 < 5 ? 1 : k % 20 < 12 ? 2 : 3;
      const s = madeUp(rnd, deals, rnd() < 0.8);
      const called = lastDealsLost(s);
      const r = solve(plain, cloneState(s), { maxNodes: 200_000 });
      if (r.result === 'unknown') continue;
      if (called) {
        expect(r.result, `made-up position ${k}: called lost, plain search says ${r.result}`).toBe('lost');
        seen.calledLost++;
        const first = lastDealsFirst(s.piles[0]!);
        if (first === 2) seen.byTwo++;
        if (first === 3) seen.byThree++;
      }
      seen[r.result]++;
      if (r.result === 'won' && pairs(s) === 1) seen.wonOnePair++;
    }
    expect(seen.calledLost).toBeGreaterThan(200);
    expect(seen.byTwo).toBeGreaterThan(20);
    expect(seen.byThree).toBeGreaterThan(5);
    expect(seen.won).toBeGreaterThan(50);
    // What a rule loosened to one pair would call lost.
    expect(seen.wonOnePair).toBeGreaterThan(5);
  }, 180_000);

  it('random play from deals it calls lost: plain search finds no win once two deals or fewer are left', () => {
    let checked = 0;
    let deals = 0;
    for (let n = 1; n <= 600 && checked < 150; n++) {
      const s = openingState(rules, n);
      if (!lastDealsLost(s)) continue;
      deals++;
      const rnd = rng(n * 11 + 1);
      for (let ply = 0; ply < 300; ply++) {
        const left = s.piles[0]!.length;
        if ((left === 4 || left === 8) && rnd() < 0.3 && lastDealsLost(s)) {
          const r = solve(plain, cloneState(s), { maxNodes: 100_000 });
          if (r.result !== 'unknown') {
            expect(r.result, `deal ${n} ply ${ply}`).toBe('lost');
            checked++;
          }
        }
        const auto = rules.autoMoves(s, 'all');
        const list = auto.length && rnd() < 0.8 ? auto : legalList(rules, s);
        if (!list.length) break;
        rules.make(s, list[Math.floor(rnd() * list.length)]!);
      }
    }
    expect(deals).toBeGreaterThan(40);
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it('winning lines found without it: it calls no position on them lost', () => {
    const { provenLost: _l, ...blind } = rules;
    let wins = 0;
    let onePair = 0;
    for (let deal = 1; deal <= 120; deal++) {
      const start = openingState(rules, deal);
      const r = solve(blind, start, { maxNodes: 100_000 });
      if (r.result !== 'won') continue;
      wins++;
      if (pairs(start) === 1) onePair++;
      const s = cloneState(start);
      for (const m of r.moves) {
        expect(lastDealsLost(s), `deal ${deal}: a position on a winning line`).toBe(false);
        rules.make(s, m);
      }
    }
    expect(wins).toBeGreaterThan(40);
    // Deals won though their last four cards hold only one pair: a rule loosened to one pair fails here.
    expect(onePair).toBeGreaterThan(5);
  }, 240_000);

  it('answers "lost" from its cache only for the same stock cards', () => {
    // One stock pile, its cards changed in place: a kept "lost" is not given for other cards.
    const s = openingState(rules, 7);
    expect(lastDealsLost(s)).toBe(true);
    const stock = s.piles[0]!;
    // Swap one of the last four cards with a card of the bottom card's suit from higher up: now a pair.
    const suit = Math.floor(stock[0]! / 13);
    const i = stock.findIndex((c, j) => j >= 8 && Math.floor(c / 13) === suit);
    [stock[1], stock[i]] = [stock[i]!, stock[1]!];
    expect(lastDealsFirst(stock)).toBe(0);
    expect(lastDealsLost(s)).toBe(false);
    // A fresh pile with deal 7's cards is answered afresh.
    expect(lastDealsLost(openingState(rules, 7))).toBe(true);
  });
});
