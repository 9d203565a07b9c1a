/** A Royal Marriage row for the input tests: the position, its layout, and a host's common members. */
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { layoutTable } from '../../src/render/layout.ts';
import { CODES } from '../engine/helpers.ts';

/** The row's cards: 5H alone, 2H alone and the pair 5H 2H may go; 9C and AD may not (KH still to deal). */
export const ROW = ['QH', '5H', '2H', '7H', '9C', 'AD'];

/** A Royal Marriage position with `row` on the table, KH alone in the stock, and every other card discarded. */
const rowPosition = (row: string[]) => ({ game: 'royal-marriage', stock: ['KH'], row, discard: CODES.filter((c) => !row.includes(c) && c !== 'KH') });

/** The position QH 5H 2H 7H 9C AD with KH in the stock, laid out at 1440×900; `played` records the moves the host's play() is given. */
export function royalRow() {
  const rules = findGame('royal-marriage')!;
  const position = rowPosition(ROW);
  const { state } = parsePosition(position);
  const layout = layoutTable('royal-marriage', rules.piles, state.piles, 1440, 900);
  const played: number[] = [];
  return {
    rules,
    position,
    state,
    layout,
    /** The row's and the discard's pile indices. */
    row: rules.piles.findIndex((p) => p.role === 'row'),
    discard: rules.piles.findIndex((p) => p.kind === 'discard'),
    played,
    /** What every input host here has alike: the state and layout above, and a play() that records and accepts. */
    host: {
      rules,
      state: () => state,
      layout: () => layout,
      flush() {},
      play: (m: number) => {
        played.push(m);
        return true;
      },
    },
  };
}

/**
 * A phone's Royal Marriage row of 24 cards (390×844), which runs over several lines, with 3H 5H 2H
 * 7H placed so that 5H ends the first line and 2H starts the next: 2H's first move is the pair 5H 2H,
 * split by the line break. `perLine` is 2H's index (the first card of the second line).
 */
export function splitRow() {
  const rules = findGame('royal-marriage')!;
  const row = rules.piles.findIndex((p) => p.role === 'row');
  const fillers = CODES.filter((c) => !c.endsWith('H'));
  const lay = (cards: string[]) => {
    const { state } = parsePosition(rowPosition(cards));
    return { state, layout: layoutTable('royal-marriage', rules.piles, state.piles, 390, 844) };
  };
  const probe = lay(['QH', ...fillers.slice(0, 23)]).layout.piles[row]!.cards;
  const perLine = probe.findIndex((c) => c.y !== probe[0]!.y);
  const cards = ['QH', ...fillers.slice(0, perLine - 3), '3H', '5H', '2H', '7H'];
  cards.push(...fillers.slice(perLine - 3, perLine - 3 + 24 - cards.length));
  return { rules, row, perLine, ...lay(cards) };
}
