/**
 * The best-first queue pops what a plain sorted list would: the highest score first, the newest
 * node first among equals, in bucket mode, after falling back to its heap, and across the switch.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScoreQueue } from '../../src/solver/scoreQueue.ts';

/** Takes the first of `plain` (score, node) by the queue's order, as a plain scan finds it. */
function takeFirst(plain: [number, number][]): number {
  let best = 0;
  for (let i = 1; i < plain.length; i++) {
    const [p, n] = plain[i]!;
    const [bp, bn] = plain[best]!;
    if (p > bp || (p === bp && n > bn)) best = i;
  }
  return plain.splice(best, 1)[0]![1];
}

/** Plays `ops` (a score to push, or null to pop) on a queue and on a plain list; returns both pop orders. */
function play(ops: (number | null)[]): [number[], number[]] {
  const q = new ScoreQueue();
  const plain: [number, number][] = [];
  const got: number[] = [];
  const want: number[] = [];
  let node = 0;
  for (const op of ops) {
    if (op === null) {
      if (plain.length === 0) continue;
      want.push(takeFirst(plain));
      got.push(q.pop());
    } else {
      expect(q.push(op, node, () => true)).toBe(true);
      plain.push([op, node++]);
    }
    expect(q.size).toBe(plain.length);
  }
  while (plain.length) {
    want.push(takeFirst(plain));
    got.push(q.pop());
  }
  return [got, want];
}

/** Quarter scores around a drifting centre, as an A*-style score falls with depth. */
const quarter = fc.integer({ min: -400, max: 40 }).map((k) => k / 4);

describe('ScoreQueue', () => {
  it('pops in score order, newest first among equals, with quarter scores (buckets)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(quarter, { nil: null, freq: 3 }), { maxLength: 400 }), (ops) => {
        const [got, want] = play(ops);
        expect(got).toEqual(want);
      }),
    );
  });

  it('keeps the order when a score has no bucket (fractional, or a range too wide) and the heap takes over', () => {
    const odd = fc.oneof(quarter, fc.double({ min: -50, max: 50, noNaN: true }), fc.constantFrom(1e6, -1e6, 0.1));
    fc.assert(
      fc.property(fc.array(fc.option(odd, { nil: null, freq: 3 }), { maxLength: 400 }), (ops) => {
        const [got, want] = play(ops);
        expect(got).toEqual(want);
      }),
    );
  });

  it('pops a long bucket run and a sparse spread of scores in order', () => {
    const ops: (number | null)[] = [];
    for (let i = 0; i < 5000; i++) ops.push(-((i * 7919) % 3001) / 2, i % 3 === 0 ? null : -i / 4);
    const [got, want] = play(ops);
    expect(got).toEqual(want);
  });

  it('refuses to grow past its room and keeps what it holds', () => {
    const q = new ScoreQueue();
    let n = 0;
    while (q.push(-n / 4, n, (grow) => q.bytes + grow <= 64 * 1024)) n++;
    expect(n).toBeGreaterThan(1000);
    expect(q.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(q.size).toBe(n);
    expect(q.pop()).toBe(0);
  });
});
