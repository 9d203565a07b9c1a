/**
 * Pointer input's refusals name the card: a tap on a card with nowhere to go reports that pile and
 * index to the host (which shakes it), on a stand-in host and canvas.
 */
import { describe, expect, it } from 'vitest';
import { formatMove } from '../../src/engine/notation.ts';
import { legalList, openingState, targetsOf } from '../../src/engine/play.ts';
import type { State } from '../../src/engine/rules.ts';
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { Keys } from '../../src/input/keys.ts';
import { carried, type InputHost, type Movable, PointerInput, sideBySide } from '../../src/input/pointer.ts';
import { layoutTable } from '../../src/render/layout.ts';
import { royalRow, splitRow } from './royalRow.ts';

/** Listeners are kept by nobody: the test calls `tap` directly. */
const quiet = { addEventListener() {}, removeEventListener() {} };

describe('a refused tap', () => {
  it('names the tapped card to the host, in every game, for every card with no legal target', () => {
    (globalThis as Record<string, unknown>).window ??= quiet;
    let refusals = 0;
    for (const game of ['king-albert', 'streets-and-alleys', 'australian'] as const) {
      const rules = findGame(game)!;
      const s: State = openingState(rules, 3);
      const refused: [number, number][] = [];
      const host: InputHost = {
        rules,
        state: () => s,
        layout: () => layoutTable(game, rules.piles, s.piles, 1440, 900),
        flush() {},
        play: () => false,
        undo() {},
        lastStep: () => null,
        spritesFrom: () => [],
        slideBack() {},
        highlight() {},
        refuse: (pile, index) => refused.push([pile, index]),
        tapToMove: () => true,
      };
      const input = new PointerInput({ ...quiet } as unknown as HTMLCanvasElement, host, new Keys({ addEventListener() {} }));
      expect(legalList(rules, s).length).toBeGreaterThan(0);
      s.piles.forEach((pile, p) => {
        pile.forEach((_, i) => {
          const before = refused.length;
          input.tap(p, i);
          const stuck = targetsOf(rules, s, p, i).length === 0;
          // A card with no target is named; one whose move this host refuses is named too (a tap on
          // the stock deals, which takes its top card).
          expect(refused.length, `${game} ${p}:${i}`).toBe(before + 1);
          const stock = rules.piles[p]!.kind === 'stock' && !stuck;
          expect(refused.at(-1), `${game} ${p}:${i}`).toEqual([p, stock ? pile.length - 1 : i]);
          refusals++;
        });
      });
      input.destroy();
    }
    expect(refusals).toBeGreaterThan(100);
  });
});

describe('a drag in a row (Royal Marriage)', () => {
  /** A stand-in canvas that keeps its listeners, so the test can send it pointer events. */
  function canvas() {
    const on = new Map<string, (e: unknown) => void>();
    return {
      el: {
        addEventListener: (type: string, f: (e: unknown) => void) => on.set(type, f),
        removeEventListener() {},
        getBoundingClientRect: () => ({ left: 0, top: 0 }),
        setPointerCapture() {},
        hasPointerCapture: () => false,
        releasePointerCapture() {},
      } as unknown as HTMLCanvasElement,
      send: (type: string, x: number, y: number) => on.get(type)!({ pointerId: 1, button: 0, pointerType: 'mouse', clientX: x, clientY: y, preventDefault() {} }),
    };
  }

  const { rules, position } = royalRow();

  it('carries only the cards its first move takes: the pair for 2H, 5H alone, the card alone when it has no move; never the rest of the row', () => {
    const { state } = parsePosition(position);
    const r = rules.piles.findIndex((p) => p.role === 'row');
    const first = (i: number) => formatMove(rules, state, targetsOf(rules, state, r, i)[0]!);
    expect(first(1)).toEqual({ type: 'discard', from: 'row', cards: ['5H'] });
    expect(first(2)).toEqual({ type: 'discard', from: 'row', cards: ['5H', '2H'] });
    expect(carried(rules, state, r, 1)).toEqual({ first: 1, count: 1 });
    expect(carried(rules, state, r, 2)).toEqual({ first: 1, count: 2 });
    expect(carried(rules, state, r, 4)).toEqual({ first: 4, count: 1 });
    expect(carried(rules, state, r, 0)).toEqual({ first: 0, count: 1 });
    // Piles where cards lie on one another carry the card and all above it, as before.
    const ka = findGame('king-albert')!;
    expect(carried(ka, openingState(ka, 3), 0, 0)).toEqual({ first: 0, count: undefined });
  });

  it('through pointer events: the drag lifts those cards, a drop on the discard plays their move, a refused drop slides back and shakes just them', () => {
    (globalThis as Record<string, unknown>).window ??= quiet;
    const { state, layout, row: r, discard: d, played, host: common } = royalRow();
    const centre = (c: { x: number; y: number }) => ({ x: c.x + layout.cardWidth / 2, y: c.y + layout.cardHeight / 2 });
    const lifted: [number, number, number | undefined][] = [];
    const back: [number, number, number | undefined][] = [];
    const refused: [number, number, number | undefined][] = [];
    const host: InputHost = {
      ...common,
      undo() {},
      lastStep: () => null,
      spritesFrom: (p, i, n) => {
        lifted.push([p, i, n]);
        // Sprites stand at their cards' centres.
        return Array.from({ length: n ?? state.piles[p]!.length - i }, (_, k) => ({ ...centre(layout.piles[p]!.cards[i + k]!), zIndex: 0 }));
      },
      slideBack: (p, i, n) => back.push([p, i, n]),
      highlight() {},
      refuse: (p, i, n) => refused.push([p, i, n]),
      tapToMove: () => true,
    };
    const c = canvas();
    const input = new PointerInput(c.el, host, new Keys({ addEventListener() {} }));
    const drop = centre(layout.piles[d]!.rect);
    /** Presses the centre of the row's card `index` and lets go on the discard's centre, as a player would. */
    const drag = (index: number): void => {
      const a = centre(layout.piles[r]!.cards[index]!);
      c.send('pointerdown', a.x, a.y);
      c.send('pointermove', drop.x, drop.y);
      c.send('pointerup', drop.x, drop.y);
    };
    drag(2);
    expect(lifted.at(-1)).toEqual([r, 1, 2]);
    expect(played).toHaveLength(1);
    expect(formatMove(rules, state, played[0]!)).toEqual({ type: 'discard', from: 'row', cards: ['5H', '2H'] });
    expect(back).toEqual([]);
    drag(4);
    expect(lifted.at(-1)).toEqual([r, 4, 1]);
    expect(played).toHaveLength(1);
    expect(back.at(-1)).toEqual([r, 4, 1]);
    expect(refused.at(-1)).toEqual([r, 4, 1]);
    input.destroy();
  });

  it('carries a pair split by a line break of the row side by side, on the line of the card under the pointer (through pointer events)', () => {
    (globalThis as Record<string, unknown>).window ??= quiet;
    const { rules, row: r, perLine, state, layout } = splitRow();
    expect(carried(rules, state, r, perLine)).toEqual({ first: perLine - 1, count: 2 });
    const cards = layout.piles[r]!.cards;
    const step = cards[1]!.x - cards[0]!.x;
    expect(step).toBeGreaterThan(0);
    // 5H ends the line above, 2H starts the next.
    expect(cards[perLine - 1]!.y).toBeLessThan(cards[perLine]!.y);
    const centre = (c: { x: number; y: number }) => ({ x: c.x + layout.cardWidth / 2, y: c.y + layout.cardHeight / 2 });
    let sprites: Movable[] = [];
    const host: InputHost = {
      rules,
      state: () => state,
      layout: () => layout,
      flush() {},
      play: () => true,
      undo() {},
      lastStep: () => null,
      spritesFrom: (_p, i, n) => (sprites = Array.from({ length: n ?? 1 }, (_, k) => ({ ...centre(cards[i + k]!), zIndex: 0 }))),
      slideBack() {},
      highlight() {},
      refuse() {},
      tapToMove: () => true,
    };
    const c = canvas();
    const input = new PointerInput(c.el, host, new Keys({ addEventListener() {} }));
    const a = centre(cards[perLine]!);
    c.send('pointerdown', a.x, a.y);
    c.send('pointermove', a.x + 40, a.y - 30);
    expect(sprites).toHaveLength(2);
    expect(sprites[1]).toMatchObject({ x: a.x + 40, y: a.y - 30 });
    expect(sprites[0]).toMatchObject({ x: a.x + 40 - step, y: a.y - 30 });
    c.send('pointerup', a.x + 40, a.y - 30);
    input.destroy();
    // A pair on one line keeps its place as it lies.
    const { layout: l2, state: s2, row: r2 } = royalRow();
    const c2 = l2.piles[r2]!.cards;
    const same = [c2[1]!, c2[2]!].map((c) => ({ dx: c.x - c2[1]!.x, dy: c.y - c2[1]!.y }));
    const before = structuredClone(same);
    expect(carried(rules, s2, r2, 2)).toEqual({ first: 1, count: 2 });
    sideBySide(same, 1, l2, r2);
    expect(same).toEqual(before);
  });
});
