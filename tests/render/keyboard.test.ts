// @vitest-environment happy-dom
/**
 * Keyboard input's outline of a picked-up card: in Royal Marriage's row it covers the cards the
 * put-down would discard (the card with its neighbour for a pair), as a drag carries them, with one
 * outline on each line of the row when the pair is split by a line break; and the put-down on the
 * discard plays that move.
 */
import { describe, expect, it } from 'vitest';
import { formatMove } from '../../src/engine/notation.ts';
import { type KeyHost, KeyboardInput, type Spot } from '../../src/input/keyboard.ts';
import { Keys } from '../../src/input/keys.ts';
import type { Rect } from '../../src/render/layout.ts';
import { royalRow, splitRow } from './royalRow.ts';

/**
 * Keyboard input on a stand-in host (`common`: rules, state, layout, flush and play) with "Tap to
 * move" off, recording each picked-up outline list the input draws; `press` sends a key, `focusOn`
 * puts the focus on a spot.
 */
function harness(common: Pick<KeyHost, 'rules' | 'state' | 'layout' | 'flush' | 'play'>) {
  const rings: (readonly Rect[])[] = [];
  const host: KeyHost = {
    ...common,
    tapToMove: () => false,
    tap() {},
    ring: (_focus, picked) => rings.push(picked),
    announce() {},
    refuse() {},
  };
  let listener: ((e: KeyboardEvent) => void) | null = null;
  const keys = new Keys({ addEventListener: (_type: string, f: unknown) => (listener = f as (e: KeyboardEvent) => void) } as Pick<Window, 'addEventListener'>);
  const input = new KeyboardInput(host, keys);
  return {
    rings,
    input,
    press: (k: string): void => listener!({ key: k, target: document.body, preventDefault() {}, defaultPrevented: false } as unknown as KeyboardEvent),
    focusOn: (spot: Spot): void => {
      (input as unknown as { focus: Spot }).focus = spot;
    },
  };
}

describe('a card picked up with the keyboard in a row (Royal Marriage)', () => {
  it('is outlined with the neighbour its put-down would discard with it; a card going alone is outlined alone', () => {
    // 2H's first move is the pair 5H 2H, 5H's is 5H alone.
    const { rules, state, layout, row: r, discard: d, played, host: common } = royalRow();
    const { rings, input, press, focusOn } = harness(common);
    const card = (i: number) => layout.piles[r]!.cards[i]!;
    press('ArrowRight');
    // Pick up 2H: the outline spans 5H and 2H, which lie on one line.
    focusOn({ pile: r, index: 2 });
    press('Enter');
    expect(card(1).y).toBe(card(2).y);
    expect(rings.at(-1)).toEqual([{ x: card(1).x, y: card(1).y, width: card(2).x - card(1).x + layout.cardWidth, height: layout.cardHeight }]);
    // Put it down on the discard: the pair goes.
    focusOn({ pile: d, index: -1 });
    press('Enter');
    expect(played).toHaveLength(1);
    expect(formatMove(rules, state, played[0]!)).toEqual({ type: 'discard', from: 'row', cards: ['5H', '2H'] });
    // 5H alone: its own outline.
    focusOn({ pile: r, index: 1 });
    press('Enter');
    expect(rings.at(-1)).toEqual([{ x: card(1).x, y: card(1).y, width: layout.cardWidth, height: layout.cardHeight }]);
    input.destroy();
  });

  it('is outlined on both lines when a line break of the row falls inside the pair', () => {
    const { rules, row, perLine, state, layout } = splitRow();
    expect(perLine).toBeGreaterThan(3);
    const at = (i: number) => layout.piles[row]!.cards[i]!;
    expect(at(perLine - 1).y).not.toBe(at(perLine).y);
    const { rings, input, press, focusOn } = harness({ rules, state: () => state, layout: () => layout, flush() {}, play: () => true });
    press('ArrowRight');
    focusOn({ pile: row, index: perLine });
    press('Enter');
    const box = (i: number) => ({ x: at(i).x, y: at(i).y, width: layout.cardWidth, height: layout.cardHeight });
    expect(rings.at(-1)).toEqual([box(perLine - 1), box(perLine)]);
    input.destroy();
  });
});
