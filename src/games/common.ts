/** Small helpers shared by the game files: pile scans and foundation checks. */
import { type Card, formatCard, rankOf, suitOf } from '../engine/cards.ts';
import { popCard, pushCard } from '../engine/hash.ts';
import { move, moveFrom, moveTo, type GameRules, type State } from '../engine/rules.ts';

/** The lowest empty pile among `first … first+count-1`, or -1. */
export function lowestEmpty(s: State, first: number, count: number): number {
  for (let i = first; i < first + count; i++) if (s.piles[i]!.length === 0) return i;
  return -1;
}

/** The foundation among `first … first+count-1` that takes `c` when foundations build up by suit from the ace, or -1. */
export function suitFoundationFor(s: State, first: number, count: number, c: Card): number {
  if (rankOf(c) === 1) return lowestEmpty(s, first, count);
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    if (p.length && p[p.length - 1] === c - 1) return i;
  }
  return -1;
}

/** What the foundations readSuitHomes read take next: per foundation (first + k), its next card, or -1. */
const nextHome = new Int32Array(4);
/** readSuitHomes's answers: the first foundation it read, the lowest empty one (or -1), and the lowest height a suit has reached (0 while one has no foundation). */
let homesFirst = 0;
let homeEmpty = -1;
let homeLow = 0;

/**
 * Reads the four up-by-suit foundations from `first` once (each one's next card: its top's
 * successor, none on a king; the lowest empty one, which takes an ace), so that the moves home of
 * several cards are a lookup each (suitHomeFor) instead of a scan of the foundations per card.
 */
export function readSuitHomes(s: State, first: number): void {
  homesFirst = first;
  homeEmpty = -1;
  homeLow = 13;
  for (let k = 0; k < 4; k++) {
    const f = s.piles[first + k]!;
    if (!f.length) {
      nextHome[k] = -1;
      if (homeEmpty < 0) homeEmpty = first + k;
      homeLow = 0;
    } else {
      const top = f[f.length - 1]!;
      nextHome[k] = rankOf(top) === 13 ? -1 : top + 1;
      if (f.length < homeLow) homeLow = f.length;
    }
  }
}

/** suitFoundationFor's answer for card `c`, by the foundations readSuitHomes read last. */
export function suitHomeFor(c: Card): number {
  if (rankOf(c) === 1) return homeEmpty;
  const f = homesFirst;
  return c === nextHome[0] ? f : c === nextHome[1] ? f + 1 : c === nextHome[2] ? f + 2 : c === nextHome[3] ? f + 3 : -1;
}

/** lowestHeight's answer, by the foundations readSuitHomes read last. */
export function lowestSuitHome(): number {
  return homeLow;
}

/** Pushes the moves of the top card of pile `from` onto piles `first + k` for each bit k of `bits`, lowest first. */
export function pushToBits(from: number, bits: number, first: number, out: number[]): void {
  while (bits) {
    const low = bits & -bits;
    out.push(move(from, first + 31 - Math.clz32(low)));
    bits ^= low;
  }
}

/** The rank each suit has reached on up-by-suit foundations (0 when none), indexed by suit. */
export function suitHeights(s: State, first: number, count: number): number[] {
  return Array.from(suitHeightsInto(s, first, count, new Int32Array(4)));
}

/** Scratch for the foundation heights of one call (the engine is single-threaded per realm). */
const heights = new Int32Array(4);
/** Each card's rank and suit, by card number (one deck): tables for the solver's hot scans. */
export const RANK = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
export const SUIT = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

/** `suitHeights` written into `h` (four entries), without allocating; returns `h`. */
export function suitHeightsInto(s: State, first: number, count: number, h: Int32Array): Int32Array {
  // Four stores, not h.fill(0): a call of fill costs several times as much on four entries.
  h[0] = 0;
  h[1] = 0;
  h[2] = 0;
  h[3] = 0;
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    if (p.length) h[suitOf(p[0]!)] = p.length;
  }
  return h;
}

/** The lowest of the four suit heights of up-by-suit foundations. */
export function lowestHeight(s: State, first: number, count: number): number {
  const h = suitHeightsInto(s, first, count, heights);
  return Math.min(h[0]!, h[1]!, h[2]!, h[3]!);
}

/** Checks foundations that build up by suit from the ace; a message, or null. */
export function suitFoundationError(s: State, first: number, count: number, kind = 'foundation'): string | null {
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    for (let k = 0; k < p.length; k++) {
      if (p[k] !== p[0]! + k || rankOf(p[k]!) !== k + 1) {
        return `${kind}:${i - first} is not a run from the ace up in one suit (${p.map(formatCard).join(' ')})`;
      }
    }
  }
  return null;
}

/** Total cards in piles `first … first+count-1`. */
export function countCards(s: State, first: number, count: number): number {
  let n = 0;
  for (let i = first; i < first + count; i++) n += s.piles[i]!.length;
  return n;
}

/** Moves the top `n` cards of `from` onto `to`, keeping their order. */
export function shift(s: State, from: number, to: number, n: number): void {
  const p = s.piles[from]!;
  for (let k = p.length - n; k < p.length; k++) pushCard(s, to, p[k]!);
  for (let k = 0; k < n; k++) popCard(s, from);
}

/** Moves the top card of `from` onto `to` (keeping pile hashes, as every make should). */
export function moveTop(s: State, from: number, to: number): void {
  pushCard(s, to, popCard(s, from));
}

/** A pile's cards as a string of char codes (an exact, compact key part). */
export function pileKey(p: readonly Card[]): string {
  return String.fromCharCode.apply(null, p as Card[]);
}

/** The keys of piles `first … first+count-1`, sorted: for piles whose order no rule reads. */
export function sortedPileKeys(s: State, first: number, count: number): string {
  const keys: string[] = [];
  for (let i = first; i < first + count; i++) keys.push(pileKey(s.piles[i]!));
  return keys.sort().join('\u00ff');
}

/** Height of each suit's up-by-suit foundation as four char codes. */
export function suitHeightsKey(s: State, first: number, count: number): string {
  const h = suitHeights(s, first, count);
  return String.fromCharCode(h[0]!, h[1]!, h[2]!, h[3]!);
}

/** Move score for building games: foundation 0, onto a card 1, into an empty pile 2 (+ the given base). */
export function placeScore(s: State, to: number, firstFoundation: number, foundationCount: number): number {
  if (to >= firstFoundation && to < firstFoundation + foundationCount) return 0;
  return s.piles[to]!.length ? 1 : 2;
}

/**
 * A position's promise for games with up-by-suit foundations: cards home and empty piles count
 * for it; cards lying on top of each suit's next needed card count against it.
 */
export function suitProgress(s: State, first: number, count: number, firstFoundation: number): number {
  const h = suitHeightsInto(s, firstFoundation, 4, heights);
  const home = h[0]! + h[1]! + h[2]! + h[3]!;
  // Each suit's next needed card (card numbers, so no rank or suit arithmetic per card), or -1.
  const n0 = h[0]! < 13 ? h[0]! : -1;
  const n1 = h[1]! < 13 ? 13 + h[1]! : -1;
  const n2 = h[2]! < 13 ? 26 + h[2]! : -1;
  const n3 = h[3]! < 13 ? 39 + h[3]! : -1;
  let empty = 0;
  let buried = 0;
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    if (!p.length) empty++;
    for (let k = 0; k < p.length; k++) {
      const c = p[k]!;
      if (c === n0 || c === n1 || c === n2 || c === n3) buried += p.length - 1 - k;
    }
  }
  return 8 * home + 4 * empty - buried;
}

/**
 * evaluateAfter for the games scored by suitProgress (King Albert, Streets and Alleys): a move
 * between the other piles by the two piles it changes (suitProgressAfter), a move home by making it.
 */
export function suitProgressAfterMove(rules: Pick<GameRules, 'make' | 'unmake'>, s: State, m: number, now: number, first: number, count: number, firstFoundation: number): number {
  if (moveTo(m) < firstFoundation) return suitProgressAfter(s, first, count, firstFoundation, now, moveFrom(m), moveTo(m));
  rules.make(s, m);
  const v = suitProgress(s, first, count, firstFoundation);
  rules.unmake(s, m);
  return v;
}

/**
 * suitProgress after moving the top card of pile `from` onto pile `to` (a column, or anything but
 * a foundation), without making the move, given `now`, the value before: progressLessDisorderAfter
 * with no weight on disorder (only the two piles change).
 */
export function suitProgressAfter(s: State, first: number, count: number, firstFoundation: number, now: number, from: number, to: number): number {
  return progressLessDisorderAfter(s, first, count, firstFoundation, 0, now, from, to);
}

/**
 * Cards lying above a lower-ranked card in the same pile, over piles `first … first+count-1`: each
 * must leave that pile before the lower card can go home. The best-first phase's measure of
 * disorder for King Albert and Streets and Alleys.
 */
export function rankDisorder(s: State, first: number, count: number): number {
  let d = 0;
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    let low = 14;
    for (let k = 0; k < p.length; k++) {
      const r = rankOf(p[k]!);
      if (r > low) d++;
      else low = r;
    }
  }
  return d;
}

/**
 * suitProgress(s, first, count, firstFoundation) - weight * rankDisorder(s, first, count) in one
 * scan of the piles: the best-first score of King Albert and Streets and Alleys, which the
 * best-first phase computes for every position it generates, so the hottest of these measures.
 * tests/solver/progressScore.test.ts checks that it equals the two it stands for.
 */
export function progressLessDisorder(s: State, first: number, count: number, firstFoundation: number, weight: number): number {
  const h = suitHeightsInto(s, firstFoundation, 4, heights);
  const home = h[0]! + h[1]! + h[2]! + h[3]!;
  const n0 = h[0]! < 13 ? h[0]! : -1;
  const n1 = h[1]! < 13 ? 13 + h[1]! : -1;
  const n2 = h[2]! < 13 ? 26 + h[2]! : -1;
  const n3 = h[3]! < 13 ? 39 + h[3]! : -1;
  let empty = 0;
  let buried = 0;
  let disorder = 0;
  for (let i = first; i < first + count; i++) {
    const p = s.piles[i]!;
    const n = p.length;
    if (!n) empty++;
    let low = 14;
    for (let k = 0; k < n; k++) {
      const c = p[k]!;
      if (c === n0 || c === n1 || c === n2 || c === n3) buried += n - 1 - k;
      const r = RANK[c]!;
      if (r > low) disorder++;
      else low = r;
    }
  }
  return 8 * home + 4 * empty - buried - weight * disorder;
}

/**
 * progressLessDisorder after moving the top card of pile `from` onto pile `to` (neither a
 * foundation), without making the move, given `now`, the value before (or any value that differs
 * from it by a constant: the change is added). Only the two piles change, and only where they are
 * among the scanned piles: `from` may become empty, its needed cards lose the card above them, and
 * the moved card leaves its disorder (it counted when it lay above a lower card); `to` may stop
 * being empty, its needed cards gain a card above them, and the moved card counts when it lands
 * above a lower card. tests/solver/scoreAfter.test.ts checks it against the full scan.
 */
export function progressLessDisorderAfter(s: State, first: number, count: number, firstFoundation: number, weight: number, now: number, from: number, to: number): number {
  const h = suitHeightsInto(s, firstFoundation, 4, heights);
  const n0 = h[0]! < 13 ? h[0]! : -1;
  const n1 = h[1]! < 13 ? 13 + h[1]! : -1;
  const n2 = h[2]! < 13 ? 26 + h[2]! : -1;
  const n3 = h[3]! < 13 ? 39 + h[3]! : -1;
  const src = s.piles[from]!;
  const moved = src[src.length - 1]!;
  let delta = 0;
  if (from >= first && from < first + count) {
    const n = src.length;
    if (n === 1) delta += 4;
    let low = 14;
    for (let k = 0; k < n - 1; k++) {
      const c = src[k]!;
      if (c === n0 || c === n1 || c === n2 || c === n3) delta += 1;
      const r = RANK[c]!;
      if (r < low) low = r;
    }
    if (RANK[moved]! > low) delta += weight;
  }
  if (to >= first && to < first + count) {
    const p = s.piles[to]!;
    if (p.length === 0) delta -= 4;
    let low = 14;
    for (let k = 0; k < p.length; k++) {
      const c = p[k]!;
      if (c === n0 || c === n1 || c === n2 || c === n3) delta -= 1;
      const r = RANK[c]!;
      if (r < low) low = r;
    }
    if (RANK[moved]! > low) delta -= weight;
  }
  return now + delta;
}

/** bestFirstScore after move `m` by making it, scoring and unmaking: for a move home, which changes the needed cards of every pile. */
export function scoreByMaking(rules: GameRules, s: State, m: number, depth: number): number {
  rules.make(s, m);
  const v = rules.bestFirstScore!(s, depth);
  rules.unmake(s, m);
  return v;
}
