/**
 * Properties over random playouts in every game (fast-check): a random deal number, then up to 150
 * random legal moves. At every position: the cards are kept, make/unmake is the exact inverse for
 * every legal move, format then parse is the identity, every listed move applies through the
 * notation (applyMoves), and random well-formed moves are refused with IllegalMove exactly when the
 * rules forbid them (a move to any empty pile of the kind the list names is legal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard } from '../../src/engine/cards.ts';
import { IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, GAME_IDS, findGame } from '../../src/games/catalog.ts';
import { formatMove, formatPosition, type MoveJson } from '../../src/engine/notation.ts';
import { openingState } from '../../src/engine/play.ts';
import { MAX_DEAL } from '../../src/engine/rng.ts';
import { cloneState, type GameRules, type State } from '../../src/engine/rules.ts';
import { cardMultiset, CODES, TestRng } from './helpers.ts';

/**
 * A random well-formed move of the game in state `s`: a listed move sent to another pile of the
 * same kind (which tries the empty-pile rule), or a move, deal or discard put together at random.
 */
function randomMove(rules: GameRules, s: State, listed: MoveJson[], rng: TestRng): MoveJson {
  const piles = rules.piles;
  const kind = rng.int(10);
  if (kind === 0) return { type: 'deal' };
  if (kind <= 3 && listed.length) {
    const m = listed[rng.int(listed.length)]!;
    if (m.type !== 'move') return m;
    const toKind = piles.find((q) => q.id === m.to)!.kind;
    const same = piles.filter((q) => q.kind === toKind);
    return { ...m, to: same[rng.int(same.length)]!.id };
  }
  const from = rng.int(piles.length);
  const p = s.piles[from]!;
  const cardOf = (): string => (p.length && rng.int(6) ? formatCard(p[p.length - 1 - (rng.int(3) ? 0 : rng.int(p.length))]!) : CODES[rng.int(52)]!);
  if (kind === 4 && rules.id === 'aces-up') return { type: 'discard', from: piles[from]!.id, card: cardOf() };
  if (kind <= 5 && rules.id === 'royal-marriage') {
    const row = s.piles[1]!;
    const at = rng.int(Math.max(1, row.length));
    const cards = row.slice(at, at + 1 + rng.int(2)).map(formatCard);
    return { type: 'discard', from: 'row', cards: cards.length ? cards : [CODES[rng.int(52)]!] };
  }
  return { type: 'move', from: piles[from]!.id, to: piles[rng.int(piles.length)]!.id, card: cardOf() };
}

/** Whether the rules allow `move` in `s`, decided from the legal-move list and the empty-pile rule. */
function allowedByList(rules: GameRules, s: State, listed: MoveJson[], move: MoveJson): boolean {
  const key = JSON.stringify(move);
  if (listed.some((m) => JSON.stringify(m) === key)) return true;
  if (move.type !== 'move') return false;
  const to = rules.piles.findIndex((p) => p.id === move.to);
  if (s.piles[to]!.length !== 0) return false;
  return listed.some((m) => {
    if (m.type !== 'move' || m.from !== move.from || m.card !== move.card) return false;
    const other = rules.piles.findIndex((p) => p.id === m.to);
    return s.piles[other]!.length === 0 && rules.piles[other]!.kind === rules.piles[to]!.kind;
  });
}

interface Tally {
  plies: number;
  refused: number;
  accepted: number;
}

/** One random playout with every check at every position. */
function playout(rules: GameRules, dealNo: number, flags: number, picks: number[], tally: Tally): void {
  const s = openingState(rules, dealNo, flags);
  const cards = cardMultiset(s);
  for (const pick of picks) {
    // Cards are kept.
    expect(cardMultiset(s)).toEqual(cards);
    // Format then parse is the identity (through JSON text, as a file would carry it).
    const pos = formatPosition(rules, s);
    const back = parsePosition(JSON.parse(JSON.stringify(pos)));
    expect(back.state).toEqual(s);
    expect(back.rules).toBe(rules);
    expect(formatPosition(rules, back.state)).toEqual(pos);

    const list: number[] = [];
    rules.moves(s, list);
    if (!list.length) break;
    const listed = list.map((m) => formatMove(rules, s, m));
    expect(new Set(listed.map((m) => JSON.stringify(m))).size).toBe(listed.length); // no move twice
    for (const [i, m] of list.entries()) {
      // make then unmake restores the identical state.
      const before = cloneState(s);
      rules.make(s, m);
      const after = formatPosition(rules, s);
      expect(cardMultiset(s)).toEqual(cards);
      rules.unmake(s, m);
      expect(s).toEqual(before);
      // Every listed move is legal and applies through the notation to the same position.
      expect(rules.isLegal(s, m)).toBe(true);
      expect(applyMoves(pos, [listed[i]])).toEqual(after);
    }
    // Random well-formed moves: IllegalMove exactly when not allowed.
    const rng = new TestRng(pick + 1);
    for (let k = 0; k < 4; k++) {
      const move = randomMove(rules, s, listed, rng);
      const allowed = allowedByList(rules, s, listed, move);
      let error: unknown = null;
      try {
        applyMoves(pos, [move]);
      } catch (e) {
        error = e;
      }
      if (allowed) {
        expect({ move, error }).toEqual({ move, error: null });
        tally.accepted++;
      } else {
        expect({ move, refused: error instanceof IllegalMove }).toEqual({ move, refused: true });
        tally.refused++;
      }
    }
    rules.make(s, list[pick % list.length]!);
    tally.plies++;
  }
}

const RUNS: Record<string, number> = {
  'aces-up': 30,
  australian: 15,
  'aces-and-kings': 25,
  'king-albert': 25,
  'streets-and-alleys': 30,
  'royal-marriage': 30,
};

describe('random playouts', () => {
  for (const game of GAME_IDS) {
    it(`${game}: cards kept, undo exact, notation round trip, listed moves apply, others refused`, () => {
      const rules = findGame(game)!;
      const tally: Tally = { plies: 0, refused: 0, accepted: 0 };
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: MAX_DEAL }),
          fc.boolean(),
          fc.array(fc.nat(), { minLength: 1, maxLength: 150, size: 'max' }),
          (dealNo, option, picks) => {
            playout(rules, dealNo, option && rules.options.length ? 1 : 0, picks, tally);
          },
        ),
        { numRuns: RUNS[game]!, seed: 20_251_202 },
      );

      // The generators reach both sides of every check.
      expect(tally.plies).toBeGreaterThan(100);
      expect(tally.accepted).toBeGreaterThan(10);
      expect(tally.refused).toBeGreaterThan(100);
    });
  }
});
