/**
 * The table layout, by property: every game at the four screen shapes the issue names and at random
 * sizes, over positions from random playouts and over crowded piles. No card leaves the screen,
 * cards of different piles never overlap, a fanned card always shows its index strip, the cards
 * stay big enough to read, and the left-handed table is the exact mirror.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { cloneState, GAME_IDS, type GameRules, type State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/registry.ts';
import { layoutTable, type PileRef, type Rect, type TableLayout } from '../../src/render/layout.ts';
import { xorshift } from '../../src/solver/xorshift.ts';
import { SCREEN_LIST } from '../screens.ts';

/** The toolbar's height at each size (it wraps to two lines on a phone). */
const TOP = { phone: 100, 'tablet-landscape': 64, 'tablet-portrait': 64, desktop: 64 } as const;

const refsOf = (rules: GameRules): PileRef[] => rules.piles.map((p) => ({ id: p.id, kind: p.kind, index: p.index }));

/** Positions along one random playout of `rules` from deal `n` (every `every`-th position). */
function playout(rules: GameRules, n: number, seed: number, every = 5): State[] {
  const rnd = xorshift(seed);
  const s = openingState(rules, n);
  const out: State[] = [cloneState(s)];
  for (let k = 0; k < 200; k++) {
    const moves = legalList(rules, s);
    if (!moves.length) break;
    rules.make(s, moves[Math.floor(rnd() * moves.length)]!);
    if (k % every === 0) out.push(cloneState(s));
  }
  out.push(cloneState(s));
  return out;
}

const cardRect = (l: TableLayout, p: number, i: number): Rect => ({ ...l.piles[p]!.cards[i]!, width: l.cardWidth, height: l.cardHeight });
const overlap = (a: Rect, b: Rect): number => Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Everything wrong with `l` for a screen of `width`×`height` with `top` px of toolbar. */
function problems(rules: GameRules, l: TableLayout, sizes: number[], width: number, height: number, top: number): string[] {
  const out: string[] = [];
  const eps = 0.5;
  l.piles.forEach((pile, p) => {
    const id = rules.piles[p]!.id;
    if (pile.cards.length !== sizes[p]) out.push(`${id}: ${pile.cards.length} places for ${sizes[p]} cards`);
    const rects = [pile.base, ...pile.cards.map((_, i) => cardRect(l, p, i))];
    for (const r of rects) {
      if (r.x < -eps || r.y < top - eps || r.x + r.width > width + eps || r.y + r.height > height + eps) {
        out.push(`${id}: ${JSON.stringify(r)} is off the ${width}x${height} screen (top ${top})`);
        break;
      }
    }
  });
  // Cards of different piles never cover each other (King Albert's phone reserve is one fanned row by design).
  const fannedReserve = rules.id === 'king-albert' && width / (height - top) < 0.6;
  for (let p = 0; p < l.piles.length; p++) {
    for (let q = p + 1; q < l.piles.length; q++) {
      if (fannedReserve && rules.piles[p]!.kind === 'reserve' && rules.piles[q]!.kind === 'reserve') continue;
      const a = l.piles[p]!;
      const b = l.piles[q]!;
      const ra = a.cards.length ? a.cards.map((_, i) => cardRect(l, p, i)) : [a.base];
      const rb = b.cards.length ? b.cards.map((_, i) => cardRect(l, q, i)) : [b.base];
      if (ra.some((x) => rb.some((y) => overlap(x, y) > 1))) out.push(`${a.id} and ${b.id} overlap`);
    }
  }
  return out;
}

describe('layout at the four screen sizes', () => {
  for (const game of GAME_IDS) {
    const rules = findGame(game)!;
    for (const { name, ...size } of SCREEN_LIST) {
      it(`${game}, ${name}: every card on screen, no piles overlapping, over random playouts`, () => {
        let positions = 0;
        for (let n = 1; n <= 6; n++) {
          for (const s of playout(rules, n, n * 7919)) {
            const sizes = s.piles.map((q) => q.length);
            const l = layoutTable(game, refsOf(rules), sizes, size.width, size.height, { top: TOP[name] });
            const bad = problems(rules, l, sizes, size.width, size.height, TOP[name]);
            expect(bad, `deal ${n}, pile sizes ${sizes.join(',')}`).toEqual([]);
            positions++;
          }
        }
        expect(positions).toBeGreaterThan(30);
      });
    }
  }
});

describe('layout, cards stay readable', () => {
  it('the opening deal on a phone: cards at least 48 px wide in every game', () => {
    const widths = Object.fromEntries(
      GAME_IDS.map((game) => {
        const rules = findGame(game)!;
        const s = openingState(rules, 1);
        return [game, Math.round(layoutTable(game, refsOf(rules), s.piles, 390, 844, { top: TOP.phone }).cardWidth)];
      }),
    );
    for (const w of Object.values(widths)) expect(w).toBeGreaterThanOrEqual(48);
  });
});

/** The most cards each kind of pile can hold in a reachable position (deck size caps the total). */
const CAP: Record<string, Record<string, number>> = {
  'aces-up': { tableau: 13, stock: 48, discard: 48 },
  australian: { tableau: 28, stock: 24, waste: 24, foundation: 13 },
  'aces-and-kings': { reserve: 13, tableau: 1, stock: 73, waste: 73, up: 13, down: 13 },
  'king-albert': { tableau: 19, reserve: 1, foundation: 13 },
  'streets-and-alleys': { tableau: 19, foundation: 13 },
  'royal-marriage': { stock: 50, row: 52, discard: 50 },
};
const DECK: Record<string, number> = { 'aces-and-kings': 104 };

describe('layout under crowding, at any screen size', () => {
  for (const game of GAME_IDS) {
    const rules = findGame(game)!;
    it(`${game}: crowded piles at random sizes stay on screen and apart`, () => {
      const sizesArb = fc.array(fc.nat({ max: 1000 }), { minLength: rules.piles.length, maxLength: rules.piles.length });
      fc.assert(
        fc.property(sizesArb, fc.integer({ min: 320, max: 2560 }), fc.integer({ min: 480, max: 1600 }), fc.boolean(), (raw, width, height, left) => {
          // Fill piles in random order up to their caps, within the deck.
          let room = DECK[game] ?? 52;
          const sizes = raw.map((r, p) => {
            const n = Math.min(r % (CAP[game]![rules.piles[p]!.kind]! + 1), room);
            room -= n;
            return n;
          });
          const top = width < 600 ? 100 : 64;
          const l = layoutTable(game, refsOf(rules), sizes, width, height, { top, leftHanded: left });
          expect(problems(rules, l, sizes, width, height, top)).toEqual([]);
        }),
        { numRuns: 300, seed: 20261203 },
      );
    });
  }
});

describe('layout, fans and the mirror', () => {
  it("King Albert's reserve lies in a row below the columns at every size", () => {
    const rules = findGame('king-albert')!;
    for (const s of playout(rules, 5, 17)) {
      for (const { name, ...size } of SCREEN_LIST) {
        const l = layoutTable('king-albert', refsOf(rules), s.piles, size.width, size.height, { top: TOP[name] });
        const kind = (k: string) => l.piles.filter((_, p) => rules.piles[p]!.kind === k);
        const lowestColumnEnd = Math.max(...kind('tableau').map((p) => p.rect.y + p.rect.height));
        const reserveTops = kind('reserve').map((p) => p.base.y);
        expect(new Set(reserveTops).size, `${name}: one row`).toBe(1);
        expect(reserveTops[0]!, name).toBeGreaterThanOrEqual(lowestColumnEnd);
      }
    }
  });

  it('at the four sizes, a fanned card shows a strip of at least 9 px even with every pile at its fullest', () => {
    let fans = 0;
    for (const game of GAME_IDS) {
      const rules = findGame(game)!;
      for (const { name, ...size } of SCREEN_LIST) {
        for (let p = 0; p < rules.piles.length; p++) {
          // One pile at its fullest, the others at six cards (or their cap).
          const sizes = rules.piles.map((q, i) => Math.min(CAP[game]![q.kind]!, i === p ? 99 : 6));
          const pile = layoutTable(game, refsOf(rules), sizes, size.width, size.height, { top: TOP[name] }).piles[p]!;
          for (let i = 1; i < pile.cards.length; i++) {
            const step = Math.max(Math.abs(pile.cards[i]!.x - pile.cards[i - 1]!.x), Math.abs(pile.cards[i]!.y - pile.cards[i - 1]!.y));
            if (step === 0) continue; // a squared pile (stock, foundation): only its top card shows
            fans++;
            expect(step, `${game} ${name} ${pile.id} card ${i} of ${pile.cards.length}`).toBeGreaterThanOrEqual(9);
          }
        }
      }
    }
    expect(fans).toBeGreaterThan(500);
  });

  it('the left-handed table is the mirror of the right-handed one (Royal Marriage keeps its reading order)', () => {
    for (const game of GAME_IDS) {
      const rules = findGame(game)!;
      const s = playout(rules, 3, 99).at(-1)!;
      for (const size of SCREEN_LIST) {
        const right = layoutTable(game, refsOf(rules), s.piles, size.width, size.height, { top: 64 });
        const left = layoutTable(game, refsOf(rules), s.piles, size.width, size.height, { top: 64, leftHanded: true });
        expect(left.cardWidth).toBe(right.cardWidth);
        right.piles.forEach((pile, p) => {
          pile.cards.forEach((c, i) => {
            const m = left.piles[p]!.cards[i]!;
            expect(m.y).toBeCloseTo(c.y, 6);
            expect(m.x).toBeCloseTo(game === 'royal-marriage' && pile.id === 'row' ? c.x : size.width - c.x - right.cardWidth, 6);
          });
        });
      }
    }
  });
});
