/**
 * The table layout, by property: every game at the four screen shapes the issue names and at random
 * sizes, over positions from random playouts and over crowded piles. No card leaves the screen,
 * cards of different piles never overlap, a fanned card always shows its index strip, the cards
 * stay big enough to read, and the left-handed table is the exact mirror.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalList, openingState } from '../../src/engine/play.ts';
import { GAME_IDS, findGame } from '../../src/games/catalog.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { INDEX_DEPTH, INDEX_WIDTH } from '../../src/render/cardIndex.ts';
import { layoutTable, type PileRef, type Rect, type TableLayout } from '../../src/render/layout.ts';
import { xorshift } from '../../src/solver/xorshift.ts';
import { SCREEN_LIST } from '../screens.ts';

/** The toolbar's height at each size (it wraps to two lines on a phone). */
const TOP = { phone: 100, 'tablet-landscape': 64, 'tablet-portrait': 64, desktop: 64 } as const;

const refsOf = (rules: GameRules): PileRef[] => rules.piles.map((p) => ({ id: p.id, kind: p.kind, role: p.role, index: p.index, field: p.field }));

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

/** A label's box: its text is at most 0.7 em per letter wide and 1.3 em high. */
const labelRect = (x: { text: string; x: number; y: number; size: number; centre?: boolean }): Rect => {
  const width = x.text.length * x.size * 0.7;
  return { x: x.centre ? x.x - width / 2 : x.x, y: x.y, width, height: x.size * 1.3 };
};

/** Everything wrong with `l` for a screen of `width`×`height` with `top` px of toolbar and `bottom` px of bar below. */
function problems(rules: GameRules, l: TableLayout, sizes: number[], width: number, height: number, top: number, bottom = 0): string[] {
  const out: string[] = [];
  const eps = 0.5;
  const off = (r: Rect): boolean => r.x < -eps || r.y < top - eps || r.x + r.width > width + eps || r.y + r.height > height - bottom + eps;
  l.piles.forEach((pile, p) => {
    const id = rules.piles[p]!.id;
    if (pile.cards.length !== sizes[p]) out.push(`${id}: ${pile.cards.length} places for ${sizes[p]} cards`);
    const rects = [pile.base, ...pile.cards.map((_, i) => cardRect(l, p, i))];
    for (const r of rects) {
      if (off(r)) {
        out.push(`${id}: ${JSON.stringify(r)} is off the ${width}x${height} screen (top ${top}, bottom ${bottom})`);
        break;
      }
    }
  });
  for (const label of l.labels) {
    const r = labelRect(label);
    if (off(r)) out.push(`label ${label.text} at ${label.x},${label.y} is off the screen (top ${top}, bottom ${bottom})`);
    // No card or empty slot lies over a label.
    l.piles.forEach((pile, p) => {
      const rects = [pile.base, ...pile.cards.map((_, i) => cardRect(l, p, i))];
      if (rects.some((q) => overlap(q, r) > 1)) out.push(`label ${label.text} lies under ${pile.id}`);
    });
  }
  // Cards of different piles never cover each other.
  for (let p = 0; p < l.piles.length; p++) {
    for (let q = p + 1; q < l.piles.length; q++) {
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

/** The phone with the toolbar at the bottom, and the desktop with it at the top. */
const BARS = [
  { name: 'phone, bar below', width: 390, height: 844, top: 0, bottom: 64 },
  { name: 'phone, bar above', width: 390, height: 844, top: 100, bottom: 0 },
  { name: 'desktop, bar above', width: 1440, height: 900, top: 48, bottom: 0 },
  { name: 'tablet, bars both', width: 768, height: 1024, top: 48, bottom: 64 },
] as const;

describe('layout, the toolbar at the top or the bottom', () => {
  for (const game of GAME_IDS) {
    const rules = findGame(game)!;
    it(`${game}: nothing drawn under the top or bottom bar, over random playouts`, () => {
      for (const bar of BARS) {
        for (let n = 1; n <= 4; n++) {
          for (const s of playout(rules, n, n * 104729)) {
            const sizes = s.piles.map((q) => q.length);
            for (const leftHanded of [false, true]) {
              const l = layoutTable(game, refsOf(rules), sizes, bar.width, bar.height, { top: bar.top, bottom: bar.bottom, leftHanded, words: { up: 'Up', down: 'Down', waste: 'Waste', discard: 'Discard' } });
              expect(problems(rules, l, sizes, bar.width, bar.height, bar.top, bar.bottom), `${bar.name}, deal ${n}, ${sizes.join(',')}`).toEqual([]);
            }
          }
        }
      }
    });
    it(`${game}: crowded piles at random sizes with random bars stay between them`, () => {
      fc.assert(
        fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: rules.piles.length, maxLength: rules.piles.length }), fc.integer({ min: 320, max: 2560 }), fc.integer({ min: 560, max: 1600 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 80 }), (raw, width, height, top, bottom) => {
          let room = DECK[game] ?? 52;
          const sizes = raw.map((r, p) => {
            const k = Math.min(r % (CAP[game]![rules.piles[p]!.kind]! + 1), room);
            room -= k;
            return k;
          });
          const l = layoutTable(game, refsOf(rules), sizes, width, height, { top, bottom });
          expect(problems(rules, l, sizes, width, height, top, bottom)).toEqual([]);
        }),
        { numRuns: 150, seed: 20261204 },
      );
    });
  }
});

/** The two index boxes of a card at (x, y) of width `w` (top-left and bottom-right), in px. */
function indexBoxes(x: number, y: number, w: number, h: number): Rect[] {
  const bw = (INDEX_WIDTH / 100) * w;
  const bh = (INDEX_DEPTH / 140) * h;
  return [
    { x, y, width: bw, height: bh },
    { x: x + w - bw, y: y + h - bh, width: bw, height: bh },
  ];
}

/** Covered cards of `l` none of whose index boxes is wholly in view (cards of the same pile above it may cover it). */
function hiddenIndices(rules: GameRules, l: TableLayout): string[] {
  const out: string[] = [];
  l.piles.forEach((pile, p) => {
    pile.cards.forEach((c, i) => {
      if (i === pile.cards.length - 1) return;
      const above = pile.cards.slice(i + 1).map((_, k) => cardRect(l, p, i + 1 + k));
      // A squared pile shows only its top card.
      if (above.some((r) => Math.abs(r.x - c.x) < 0.01 && Math.abs(r.y - c.y) < 0.01)) return;
      const boxes = indexBoxes(c.x, c.y, l.cardWidth, l.cardHeight);
      if (!boxes.some((b) => above.every((r) => overlap(b, r) < 0.01))) out.push(`${rules.piles[p]!.id} card ${i} of ${pile.cards.length}`);
    });
  });
  return out;
}

describe('Streets and Alleys, readable rows on both sides', () => {
  const rules = findGame('streets-and-alleys')!;
  const sizes = [...SCREEN_LIST.map(({ name, ...s }) => ({ name, ...s, top: TOP[name], bottom: 0 })), ...BARS];
  it('every covered card shows a whole index, left and right rows, over random playouts', () => {
    let seen = 0;
    for (const size of sizes) {
      for (let n = 1; n <= 6; n++) {
        for (const s of playout(rules, n, n * 31, 3)) {
          for (const leftHanded of [false, true]) {
            const l = layoutTable('streets-and-alleys', refsOf(rules), s.piles, size.width, size.height, { top: size.top, bottom: size.bottom, leftHanded });
            expect(hiddenIndices(rules, l), `${size.name} deal ${n} ${leftHanded ? 'left-handed' : ''}`).toEqual([]);
            seen++;
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(200);
  });

  it('rows of up to 19 cards, phone and desktop: every index whole, cards at least 40 px wide', () => {
    for (const size of sizes) {
      for (let long = 1; long <= 19; long++) {
        for (let p = 0; p < 8; p++) {
          // One row long, the others as dealt, the rest on the foundations.
          const counts = rules.piles.map((q, i) => (q.kind === 'tableau' ? (i === p ? long : i < 4 ? 7 : 6) : 0));
          const l = layoutTable('streets-and-alleys', refsOf(rules), counts, size.width, size.height, { top: size.top, bottom: size.bottom });
          expect(hiddenIndices(rules, l), `${size.name} row ${p} of ${long}`).toEqual([]);
          expect(problems(rules, l, counts, size.width, size.height, size.top, size.bottom)).toEqual([]);
          expect(l.cardWidth).toBeGreaterThanOrEqual(40);
        }
      }
    }
  });
});

describe('King Albert and Aces and Kings on a phone', () => {
  it('King Albert: the second tier starts right below the first tier longest column, and no card covers another pile', () => {
    const rules = findGame('king-albert')!;
    const kind = (l: TableLayout, k: string) => l.piles.filter((_, p) => rules.piles[p]!.kind === k);
    for (const bar of BARS.slice(0, 2)) {
      for (let n = 1; n <= 5; n++) {
        for (const s of playout(rules, n, n * 13)) {
          const sizes = s.piles.map((q) => q.length);
          const l = layoutTable('king-albert', refsOf(rules), sizes, bar.width, bar.height, { top: bar.top, bottom: bar.bottom });
          const cols = kind(l, 'tableau');
          const tier1End = Math.max(...cols.slice(0, 5).map((p) => (p.cards.at(-1)?.y ?? p.base.y) + l.cardHeight));
          const tier2Top = Math.min(...cols.slice(5).map((p) => p.base.y));
          expect(tier2Top - tier1End, `${bar.name} deal ${n}: band between the tiers`).toBeLessThanOrEqual(0.25 * l.cardWidth);
          expect(tier2Top - tier1End).toBeGreaterThan(0);
          expect(problems(rules, l, sizes, bar.width, bar.height, bar.top, bar.bottom), `${bar.name} deal ${n}`).toEqual([]);
        }
      }
    }
  });

  it('Aces and Kings: the reserve fans end at least 12 px above the bottom edge or bar and show every covered index', () => {
    const rules = findGame('aces-and-kings')!;
    for (const bar of BARS.slice(0, 2)) {
      for (let k = 0; k <= 13; k++) {
        const sizes = rules.piles.map((q) => (q.kind === 'reserve' ? k : q.kind === 'tableau' ? 1 : q.kind === 'stock' ? 40 : 0));
        const l = layoutTable('aces-and-kings', refsOf(rules), sizes, bar.width, bar.height, { top: bar.top, bottom: bar.bottom });
        l.piles.forEach((pile, p) => {
          if (rules.piles[p]!.kind !== 'reserve') return;
          const end = Math.max(pile.base.y, ...pile.cards.map((c) => c.y)) + l.cardHeight;
          expect(bar.height - bar.bottom - end, `${bar.name} ${pile.id} of ${k}`).toBeGreaterThanOrEqual(12);
        });
        expect(hiddenIndices(rules, l), `${bar.name}, reserves of ${k}`).toEqual([]);
      }
    }
  });
});

describe('the felt explains the table', () => {
  const RANK = 'A23456789TJQK';
  it("an empty foundation's mark is the rank the engine puts there first, in every game", () => {
    let marked = 0;
    for (const game of GAME_IDS) {
      const rules = findGame(game)!;
      const l = layoutTable(game, refsOf(rules), openingState(rules, 1).piles, 1440, 900, { top: 48 });
      const firsts = new Map<number, Set<string>>();
      for (let n = 1; n <= 30; n++) {
        for (const s of playout(rules, n, n * 7, 1)) {
          s.piles.forEach((pile, p) => {
            if (!pile.length || rules.piles[p]!.kind === 'tableau') return;
            const set = firsts.get(p) ?? new Set<string>();
            set.add(RANK[(pile[0]! % 13)]!);
            firsts.set(p, set);
          });
        }
      }
      l.piles.forEach((pile, p) => {
        const seen = [...(firsts.get(p) ?? [])];
        const why = `${game} ${pile.id} starts with ${seen.join(',')}`;
        // A pile that always starts from one rank, and is not dealt to, shows that rank; others show nothing.
        const dealt = openingState(rules, 1).piles[p]!.length > 0 || ['stock', 'waste', 'discard', 'row', 'reserve'].includes(rules.piles[p]!.kind);
        if (!dealt && seen.length === 1) {
          expect(pile.mark, why).toBe(seen[0]);
          marked++;
        } else if (pile.mark !== undefined) expect(dealt || seen.length > 1, why).toBe(false);
      });
    }
    expect(marked).toBeGreaterThan(12);
  });

  it('the waste and the discard pile are labelled below their slot, mirrored for the left hand, never under a card', () => {
    const words = { up: 'Up', down: 'Down', waste: 'Waste', discard: 'Discard' };
    for (const game of GAME_IDS) {
      const rules = findGame(game)!;
      const named = rules.piles.filter((p) => p.kind === 'waste' || p.kind === 'discard');
      for (const size of [...SCREEN_LIST.map(({ name, ...s }) => ({ name, ...s, top: TOP[name], bottom: 0 })), ...BARS]) {
        for (const s of playout(rules, 2, 5)) {
          for (const leftHanded of [false, true]) {
            const l = layoutTable(game, refsOf(rules), s.piles, size.width, size.height, { top: size.top, bottom: size.bottom, leftHanded, words });
            for (const p of named) {
              const pile = l.piles[rules.piles.indexOf(p)]!;
              const label = l.labels.find((x) => x.text === (p.kind === 'waste' ? 'Waste' : 'Discard'));
              expect(label, `${game} ${size.name}: ${p.id} labelled`).toBeDefined();
              expect(label!.x).toBeCloseTo(pile.base.x + l.cardWidth / 2, 6);
              expect(label!.y).toBeGreaterThanOrEqual(pile.base.y + l.cardHeight);
              expect(label!.y).toBeLessThan(pile.base.y + l.cardHeight + l.cardWidth * 0.2);
            }
            expect(problems(rules, l, s.piles.map((q) => q.length), size.width, size.height, size.top, size.bottom), `${game} ${size.name}`).toEqual([]);
          }
        }
      }
    }
  });
});

describe('the layout record', () => {
  it('has no silent default: a game without a layout is an error, not another game\'s table', () => {
    const rules = findGame('royal-marriage')!;
    expect(() => layoutTable('no-such-game', refsOf(rules), openingState(rules, 1).piles, 800, 600)).toThrow(/no layout for the game no-such-game/);
  });
});
