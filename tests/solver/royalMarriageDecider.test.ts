/**
 * Royal Marriage's exact decider (royalMarriage.ts, decideRow) against search: plain exhaustive
 * search (no knowledge at all) on thousands of short random rows and on mid-game positions of real
 * deals, both variants; the general search (every reduction, no decider) wherever it decides; and
 * every `won` line replayed move by move, each checked legal.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/engine/cards.ts';
import { parseCard } from '../../src/engine/cards.ts';
import { formatPosition } from '../../src/engine/notation.ts';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, DEAL, type GameRules, moveType, type State } from '../../src/engine/rules.ts';
import { decideRow, KING, QUEEN, RANK_PAIRS, royalMarriage } from '../../src/games/royalMarriage.ts';
import { solve } from '../../src/solver/search.ts';
import { plainRules } from './plain.ts';
import { lineJson, replayJson, rng } from './util.ts';

const plain = plainRules(royalMarriage);
const { decide: _d, ...rest } = royalMarriage;
/** The general search's rules: every reduction the game offers, but no decider. */
const general: GameRules = rest;

/** Plays `line` from `s` in the engine, each move checked against the legal list; true when it ends won. */
function replayWins(s: State, line: readonly number[]): boolean {
  const t = cloneState(s);
  for (const m of line) {
    if (!legalList(royalMarriage, t).includes(m)) return false;
    royalMarriage.make(t, m);
  }
  return royalMarriage.isWon(t);
}

/** A position with this row (left to right) and this stock (in dealing order, so reversed into the pile). */
function position(row: Card[], stockInOrder: Card[], flags: number): State {
  return { piles: [stockInOrder.slice().reverse(), row, []], flags };
}

const codes = (text: string): Card[] => text.split(' ').map((c) => parseCard(c)!);

/**
 * A random short sequence of distinct cards split into row and stock. Cards come from a few
 * ranks of every suit now and then, so that both pairings are common and both outcomes occur; the
 * ends are the queen and king of hearts in most rows, any cards in the others.
 */
function randomPosition(rnd: () => number): State {
  const n = 2 + Math.floor(rnd() * 11);
  const ranks = rnd() < 0.5 ? 13 : 3 + Math.floor(rnd() * 4);
  const pool: Card[] = [];
  for (let suit = 0; suit < 4; suit++) for (let r = 1; r <= ranks; r++) pool.push(suit * 13 + r - 1);
  const royal = rnd() < 0.7;
  const take = (): Card => pool.splice(Math.floor(rnd() * pool.length), 1)[0]!;
  const seq: Card[] = [];
  if (royal) {
    for (const c of [QUEEN, KING]) if (pool.includes(c)) pool.splice(pool.indexOf(c), 1);
    seq.push(QUEEN);
    while (seq.length < n - 1 && pool.length) seq.push(take());
    seq.push(KING);
  } else {
    while (seq.length < n && pool.length) seq.push(take());
  }
  const inRow = 2 + Math.floor(rnd() * (seq.length - 1));
  return position(seq.slice(0, inRow), seq.slice(inRow), rnd() < 0.5 ? RANK_PAIRS : 0);
}

/** A random playout of a real deal that discards when it can (mostly) until few cards are left. */
function midGame(deal: number, flags: number, left: number, seed: number): State {
  const s = openingState(royalMarriage, deal, flags);
  const rnd = rng(seed);
  while (s.piles[0]!.length + s.piles[1]!.length > left) {
    const moves = legalList(royalMarriage, s);
    const discards = moves.filter((m) => moveType(m) !== DEAL);
    const pick = discards.length && rnd() < 0.85 ? discards : moves;
    if (!pick.length) break;
    royalMarriage.make(s, pick[Math.floor(rnd() * pick.length)]!);
  }
  return s;
}

describe('royal marriage decider', () => {
  it('decides hand-made rows as the rules say', () => {
    const cases: [string, string, number, 'won' | 'lost'][] = [
      ['QH KH', '', 0, 'won'],
      ['QH 5S', 'KH', 0, 'won'],
      ['QH 2C 3C KH', '', 0, 'won'], // only a two-card discard between QH and KH
      ['QH 2C 3C 4C KH', '', 0, 'won'], // 3C first (framed by 2C and 4C), then two cards
      ['QH 2C 3D 4S KH', '', 0, 'lost'], // nothing pairs within reach
      ['QH 2C', '3D 4S KH', 0, 'lost'],
      ['QH 2C 2D 4S', 'KH', 0, 'lost'],
      ['QH 2C 3D 2S', 'KH', RANK_PAIRS, 'won'], // 2C and 2S frame 3D; then QH 2C 2S KH
      ['QH 2C 3D 2S', 'KH', 0, 'lost'],
      ['QH 4S 5H 4C 6C', 'KH', 0, 'won'], // QH 5H frame 4S, 5H KH frame 4C 6C, then QH KH frame 5H
    ];
    for (const [row, stock, flags, want] of cases) {
      const s = position(codes(row), stock ? codes(stock) : [], flags);
      const p = solve(plain, s, { maxNodes: 1_000_000 });
      expect(p.result, `${row} | ${stock}`).toBe(want);
      const v = decideRow(s);
      expect(v.result, `${row} | ${stock}`).toBe(want);
      if (v.result === 'won') expect(replayWins(s, v.line), `${row} | ${stock}`).toBe(true);
    }
  });

  it('agrees with plain exhaustive search on thousands of short random rows, both variants', () => {
    const rnd = rng(20261204);
    const seen = { won: 0, lost: 0, rankPairs: 0 };
    for (let k = 0; k < 4000; k++) {
      const s = randomPosition(rnd);
      const p = solve(plain, cloneState(s), { maxNodes: 2_000_000 });
      expect(p.result).not.toBe('unknown');
      const v = decideRow(s);
      const where = `row ${k}: ${JSON.stringify(s)}`;
      expect(v.result, where).toBe(p.result);
      if (v.result === 'won') expect(replayWins(s, v.line), where).toBe(true);
      else expect(v.line).toEqual([]);
      seen[v.result]++;
      if (s.flags) seen.rankPairs++;
    }
    expect(seen.won).toBeGreaterThan(800);
    expect(seen.lost).toBeGreaterThan(800);
    expect(seen.rankPairs).toBeGreaterThan(1500);
  }, 120_000);

  it('agrees with plain exhaustive search on mid-game positions of real deals, both variants', () => {
    const seen = { won: 0, lost: 0 };
    let compared = 0;
    for (let k = 1; k <= 240; k++) {
      const flags = k % 2 ? 0 : RANK_PAIRS;
      const s = midGame(k, flags, 11 + (k % 6), k * 31);
      const p = solve(plain, cloneState(s), { maxNodes: 300_000 });
      if (p.result === 'unknown') continue;
      const v = decideRow(s);
      expect(v.result, `deal ${k}`).toBe(p.result);
      if (v.result === 'won') expect(replayWins(s, v.line), `deal ${k}`).toBe(true);
      seen[v.result]++;
      compared++;
    }
    expect(compared).toBeGreaterThan(150);
    expect(seen.won).toBeGreaterThan(20);
    expect(seen.lost).toBeGreaterThan(20);
  }, 120_000);

  it('agrees with the general search (no decider) wherever that decides, and through the solver', () => {
    const seen = { won: 0, lost: 0 };
    for (let k = 1; k <= 120; k++) {
      const flags = k % 2 ? RANK_PAIRS : 0;
      // Openings and mid-game positions with more cards left than plain search could take.
      const s = k <= 40 ? openingState(royalMarriage, k, flags) : midGame(k, flags, 18 + (k % 10), k);
      const g = solve(general, cloneState(s), { maxNodes: 100_000 });
      const d = solve(royalMarriage, cloneState(s), { maxNodes: 100_000 });
      expect(d.result, `deal ${k}`).not.toBe('unknown');
      expect(d.nodes).toBe(1);
      if (d.result === 'won') expect(replayWins(s, d.moves), `deal ${k}`).toBe(true);
      if (g.result === 'unknown') continue;
      expect(d.result, `deal ${k}`).toBe(g.result);
      seen[g.result]++;
    }
    expect(seen.won).toBeGreaterThan(5);
    expect(seen.lost).toBeGreaterThan(5);
  }, 120_000);

  it("gives winning lines that replay to a win through the notation, from deals' openings", () => {
    let won = 0;
    for (let n = 1; n <= 200; n++) {
      for (const flags of [0, RANK_PAIRS]) {
        const s = openingState(royalMarriage, n, flags);
        const v = decideRow(s);
        if (v.result !== 'won') continue;
        won++;
        expect(replayJson(formatPosition(royalMarriage, s), lineJson(royalMarriage, s, v.line)).won, `deal ${n}`).toBe(true);
      }
    }
    expect(won).toBeGreaterThan(20);
  });
});
