/**
 * Pointer input's refusals name the card: a tap on a card with nowhere to go reports that pile and
 * index to the host (which shakes it), on a stand-in host and canvas.
 */
import { describe, expect, it } from 'vitest';
import { legalList, openingState, targetsOf } from '../../src/engine/play.ts';
import type { State } from '../../src/engine/rules.ts';
import { findGame } from '../../src/games/catalog.ts';
import { Keys } from '../../src/input/keys.ts';
import { type InputHost, PointerInput } from '../../src/input/pointer.ts';
import { layoutTable } from '../../src/render/layout.ts';

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
