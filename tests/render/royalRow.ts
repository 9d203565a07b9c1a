/** A Royal Marriage row for the input tests: the position, its layout, and a host's common members. */
import { findGame, parsePosition } from '../../src/games/catalog.ts';
import { layoutTable } from '../../src/render/layout.ts';
import { CODES } from '../engine/helpers.ts';

/** The row's cards: 5H alone, 2H alone and the pair 5H 2H may go; 9C and AD may not (KH still to deal). */
export const ROW = ['QH', '5H', '2H', '7H', '9C', 'AD'];

/** The position QH 5H 2H 7H 9C AD with KH in the stock, laid out at 1440×900; `played` records the moves the host's play() is given. */
export function royalRow() {
  const rules = findGame('royal-marriage')!;
  const position = { game: 'royal-marriage', stock: ['KH'], row: ROW, discard: CODES.filter((c) => !ROW.includes(c) && c !== 'KH') };
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
