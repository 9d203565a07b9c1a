/**
 * The deal shuffle. Deal numbers are whole numbers 0 … 2^32-1 and must give the same deal forever,
 * so this file is frozen: changing it changes every deal, every saved game and every stored list.
 *
 * PRNG: PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output; O'Neill 2014), seeded the way the reference
 * `pcg32_srandom_r(initstate = deal number, initseq = FNV-1a 32-bit hash of the game id)`, so each
 * game has its own stream. Bounded integers use rejection sampling (no modulo bias).
 * Shuffle: Fisher–Yates, from the last index down to 1, swapping with a uniform index 0…i.
 */

const MASK64 = (1n << 64n) - 1n;
const MULT = 6364136223846793005n;

/** The largest deal number. */
export const MAX_DEAL = 0xffffffff;

/** PCG32 generator. */
export class Pcg32 {
  private state = 0n;
  private readonly inc: bigint;

  /** Seeds like the reference pcg32_srandom_r(initstate, initseq). */
  constructor(initstate: number, initseq: number) {
    this.inc = ((BigInt(initseq >>> 0) << 1n) | 1n) & MASK64;
    this.next();
    this.state = (this.state + BigInt(initstate >>> 0)) & MASK64;
    this.next();
  }

  /** The next 32-bit output, as an unsigned number. */
  next(): number {
    const old = this.state;
    this.state = (old * MULT + this.inc) & MASK64;
    const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }

  /** A uniform integer in 0 … bound-1 (bound ≥ 1), by rejection like pcg32_boundedrand_r. */
  below(bound: number): number {
    const threshold = (0x100000000 - bound) % bound;
    for (;;) {
      const r = this.next();
      if (r >= threshold) return r % bound;
    }
  }
}

/** FNV-1a 32-bit hash of a string's UTF-16 code units (all ASCII here). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Shuffles `items` in place with Fisher–Yates driven by `rng`, and returns it. */
export function shuffle<T>(items: T[], rng: Pcg32): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/** True when `n` is a valid deal number. */
export function isDealNumber(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_DEAL;
}

/** The shuffled order of `items` for a game's deal number: element 0 is the first card dealt. */
export function dealOrder<T>(gameId: string, n: number, items: T[]): T[] {
  return shuffle(items.slice(), new Pcg32(n, fnv1a(gameId)));
}
