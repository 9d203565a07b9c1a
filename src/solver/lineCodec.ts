/**
 * A compact text form of a line of moves: each move is written as its index in the search's move
 * list of the position it is played in (searchMoves: the legal-move list, then the game's
 * moreMoves), as one base-62 digit (two, after a '~', from 62 up).
 * Decoding replays the line through the engine, so a stored line is checked as it is read.
 */
import { BadInput } from '../engine/errors.ts';
import { cloneState, type GameRules, searchMoves, type State } from '../engine/rules.ts';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Encodes `line`, played from `start`; every move must be one the legal list names. */
export function encodeLine(rules: GameRules, start: State, line: readonly number[]): string {
  const s = cloneState(start);
  const list: number[] = [];
  let out = '';
  for (const m of line) {
    list.length = 0;
    searchMoves(rules, s, list);
    const i = list.indexOf(m);
    if (i < 0) throw new Error('encodeLine: the line holds a move that is not in the legal list');
    out += i < 62 ? DIGITS[i] : `~${DIGITS[(i / 62) | 0]}${DIGITS[i % 62]}`;
    rules.make(s, list[i]!);
  }
  return out;
}

/** Decodes a line against `start`; BadInput when it does not replay. */
export function decodeLine(rules: GameRules, start: State, text: string): number[] {
  const s = cloneState(start);
  const list: number[] = [];
  const out: number[] = [];
  for (let k = 0; k < text.length; k++) {
    let i: number;
    if (text[k] === '~') {
      i = DIGITS.indexOf(text[k + 1] ?? '') * 62 + DIGITS.indexOf(text[k + 2] ?? '');
      k += 2;
    } else i = DIGITS.indexOf(text[k]!);
    list.length = 0;
    searchMoves(rules, s, list);
    const m = list[i];
    if (i < 0 || m === undefined) throw new BadInput(`stored line does not replay at move ${out.length + 1}`);
    rules.make(s, m);
    out.push(m);
  }
  return out;
}
