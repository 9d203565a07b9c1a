/**
 * Aces Up's last-deal rule (lastDealLost, src/games/acesUp.ts): when the stock's last four cards
 * share no suit and are not the four aces, the game is lost. Checked against plain exhaustive
 * search (plain.ts), which knows nothing of it, on made-up positions one or two deals from the end
 * (small enough for plain search, won and lost alike) and on positions from random play, and
 * against winning lines: no position on one is called lost. Loosened to call lost also when the
 * last four cards hold one pair of a suit (and no more), it calls made-up positions lost that plain
 * search wins, and positions on winning lines of deals 1-120, and these tests fail.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, type State } from '../../src/engine/rules.ts';
import { lastDealLost } from '../../src/games/acesUp.ts';
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

describe('Aces Up: lastDealLost, the last deal leaves no move', () => {
  it('made-up positions one or two deals from the end: called lost only where plain search finds no win', () => {
    // The four aces and 8 to 15 other cards: some on the four piles, the last four or eight in the
    // stock, so that plain search settles each, and both outcomes occur with and without a pair.
    const seen = { calledLost: 0, wonOnePair: 0, won: 0, lost: 0 };
    for (let k = 1; k <= 1500; k++) {
      const rnd = rng(k * 31 + 7);
      const others = Array.from({ length: 52 }, (_, c) => c).filter((c) => c % 13 !== 0);
      for (let i = others.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [others[i], others[j]] = [others[j]!, others[i]!];
      }
      const deals = rnd() < 0.7 ? 1 : 2;
      const cards = [0, 13, 26, 39, ...others.slice(0, 4 * deals + 4 + Math.floor(rnd() * 4))];
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [cards[i], cards[j]] = [cards[j]!, cards[i]!];
      }
      const stock = cards.slice(0, 4 * deals);
      const piles: number[][] = [[], [], [], []];
      for (const c of cards.slice(4 * deals)) piles[Math.floor(rnd() * 4)]!.push(c);
      const discard = Array.from({ length: 52 }, (_, c) => c).filter((c) => !cards.includes(c));
      const s: State = { piles: [stock, ...piles, discard], flags: 0 };
      const called = lastDealLost(s);
      const r = solve(plain, cloneState(s), { maxNodes: 200_000 });
      if (r.result === 'unknown') continue;
      if (called) {
        expect(r.result, `made-up position ${k}: called lost, plain search says ${r.result}`).toBe('lost');
        seen.calledLost++;
      }
      seen[r.result]++;
      if (r.result === 'won' && pairs(s) === 1) seen.wonOnePair++;
    }
    expect(seen.calledLost).toBeGreaterThan(100);
    expect(seen.won).toBeGreaterThan(50);
    // What a rule loosened to one pair would call lost.
    expect(seen.wonOnePair).toBeGreaterThan(5);
  }, 120_000);

  it('random play from deals it calls lost: plain search finds no win once two deals or fewer are left', () => {
    let checked = 0;
    let deals = 0;
    for (let n = 1; n <= 600 && checked < 150; n++) {
      const s = openingState(rules, n);
      if (!lastDealLost(s)) continue;
      deals++;
      const rnd = rng(n * 11 + 1);
      for (let ply = 0; ply < 300; ply++) {
        const left = s.piles[0]!.length;
        if ((left === 4 || left === 8) && rnd() < 0.3) {
          expect(lastDealLost(s)).toBe(true);
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
    expect(deals).toBeGreaterThan(20);
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
        expect(lastDealLost(s), `deal ${deal}: a position on a winning line`).toBe(false);
        rules.make(s, m);
      }
    }
    expect(wins).toBeGreaterThan(40);
    // Deals won though their last four cards hold only one pair: a rule loosened to one pair fails here.
    expect(onePair).toBeGreaterThan(5);
  }, 240_000);
});
