/**
 * The card faces' corner indices, drawn into a recording 2D context: each face carries its rank and
 * suit twice, both upright, one in the top-left box and one in the bottom-right box that the layout
 * keeps in view in a fan (cardIndex.ts).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis)) {
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node' }, configurable: true });
  }
});

import { INDEX_DEPTH, INDEX_WIDTH, INDEX_STEP_X, INDEX_STEP_Y } from '../../src/render/cardIndex.ts';
import { drawCard } from '../../src/render/cardArt.ts';

type M = [number, number, number, number, number, number];
interface Mark {
  what: 'text' | 'fill';
  text?: string;
  x: number;
  y: number;
  /** The transform's rotation, radians. */
  angle: number;
}

/** A 2D context that keeps the transform and records where text and filled paths land. */
function recorder(marks: Mark[]): CanvasRenderingContext2D {
  let m: M = [1, 0, 0, 1, 0, 0];
  const stack: M[] = [];
  let font = 10;
  const mul = (a: M, b: M): M => [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]];
  const at = (x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5], angle: Math.atan2(m[1], m[0]) });
  const ctx: Record<string, unknown> = {
    save: () => stack.push([...m] as M),
    restore: () => {
      m = stack.pop() ?? m;
    },
    translate: (x: number, y: number) => {
      m = mul(m, [1, 0, 0, 1, x, y]);
    },
    scale: (x: number, y: number) => {
      m = mul(m, [x, 0, 0, y, 0, 0]);
    },
    rotate: (r: number) => {
      m = mul(m, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]);
    },
    measureText: (t: string) => ({ width: 0.6 * font * t.length, actualBoundingBoxLeft: 0, actualBoundingBoxRight: 0.6 * font * t.length, actualBoundingBoxAscent: 0.73 * font, actualBoundingBoxDescent: 0 }),
    fillText: (text: string, x: number, y: number) => marks.push({ what: 'text', text, ...at(x, y) }),
    // A suit is filled in its 100-unit box: record its centre.
    fill: (p?: unknown) => {
      if (p) marks.push({ what: 'fill', ...at(50, 50) });
    },
  };
  return new Proxy(ctx, {
    get: (o, k: string) => (k in o ? o[k] : () => undefined),
    set: (o, k: string, v) => {
      if (k === 'font') font = Number.parseFloat(String(v).replace(/^bold /, ''));
      o[k] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

beforeAll(() => {
  // Suit outlines are Path2D objects; Node has none.
  if (!('Path2D' in globalThis)) (globalThis as Record<string, unknown>).Path2D = class {};
});

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

describe('corner indices', () => {
  it('every face shows its rank twice, upright, inside the top-left and the bottom-right index boxes, each with a suit beside it', () => {
    const W = 200;
    const H = 280;
    const kx = W / 100;
    const ky = H / 140;
    const inBox = (p: { x: number; y: number }, left: number, top: number) => p.x >= left - 1 && p.x <= left + INDEX_WIDTH * kx + 1 && p.y >= top - 1 && p.y <= top + INDEX_DEPTH * ky + 1;
    for (let card = 0; card < 52; card++) {
      const marks: Mark[] = [];
      drawCard(recorder(marks), card, 0, 0, W, H, { fourColour: false, back: 'blue' });
      const texts = marks.filter((k) => k.what === 'text');
      expect(texts.map((t) => t.text), `card ${card}`).toEqual([RANKS[card % 13], RANKS[card % 13]]);
      for (const t of texts) expect(Math.abs(t.angle), `card ${card} upright`).toBeLessThan(1e-9);
      // The text's baseline-left lies inside a box; a suit centre lies in the same box.
      const [a, b] = texts as [Mark, Mark];
      expect(inBox(a, 0, 0), `card ${card}: top-left rank at ${a.x},${a.y}`).toBe(true);
      expect(inBox(b, W - INDEX_WIDTH * kx, H - INDEX_DEPTH * ky), `card ${card}: bottom-right rank at ${b.x},${b.y}`).toBe(true);
      const fills = marks.filter((k) => k.what === 'fill' && Math.abs(k.angle) < 1e-9);
      expect(fills.some((f) => inBox(f, 0, 0) && f.x > a.x)).toBe(true);
      expect(fills.some((f) => inBox(f, W - INDEX_WIDTH * kx, H - INDEX_DEPTH * ky) && f.x > b.x)).toBe(true);
    }
  });

  it('the fan steps cover the index boxes with a margin', () => {
    expect(INDEX_STEP_X * 100).toBeGreaterThan(INDEX_WIDTH);
    expect(INDEX_STEP_Y * 140).toBeGreaterThan(INDEX_DEPTH);
    // Both boxes fit side by side and one above the other without touching.
    expect(2 * INDEX_DEPTH).toBeLessThan(140);
    expect(INDEX_WIDTH).toBeLessThan(100);
  });
});
