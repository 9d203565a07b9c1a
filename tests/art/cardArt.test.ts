import { describe, expect, it, vi } from 'vitest';

// pixi.js reads `navigator` when imported; Node 20 has none. Node 21+ does, so only fill a gap.
vi.hoisted(() => {
  if (!('navigator' in globalThis)) {
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node' }, configurable: true });
  }
});

import {
  ATLAS_MAX,
  ATLAS_PAD,
  type AtlasFrame,
  CARD_ASPECT,
  CARD_BACKS,
  cardPixelSize,
  FOUR_COLOURS,
  packAtlas,
  pipCentres,
  pipLayout,
  pipSize,
  suitColour,
  TWO_COLOURS,
} from '../../src/render/cardArt.ts';

const WIDTHS = [32, 45, 60, 72.5, 90, 120, 160];
const RESOLUTIONS = [1, 1.5, 2, 2.625, 3];

/** True when two frames, each grown by the padding, overlap. */
function touches(a: AtlasFrame, b: AtlasFrame, gap: number): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

describe('atlas packing', () => {
  for (const res of RESOLUTIONS) {
    for (const w of WIDTHS) {
      it(`packs 52 faces and ${CARD_BACKS.length} backs at ${w}px × ${res}`, () => {
        const L = packAtlas(w, res);
        const frames = [...L.faces, ...CARD_BACKS.map((b) => L.backs[b])];
        expect(L.faces).toHaveLength(52);
        expect(frames).toHaveLength(52 + CARD_BACKS.length);
        expect(L.width).toBeLessThanOrEqual(ATLAS_MAX);
        expect(L.height).toBeLessThanOrEqual(ATLAS_MAX);
        expect(L.resolution).toBeLessThanOrEqual(res);
        const size = cardPixelSize(w, L.resolution);
        for (const f of frames) {
          expect(f.w).toBe(size.w);
          expect(f.h).toBe(size.h);
          expect(Number.isInteger(f.x) && Number.isInteger(f.y)).toBe(true);
          expect(f.x).toBeGreaterThanOrEqual(ATLAS_PAD);
          expect(f.y).toBeGreaterThanOrEqual(ATLAS_PAD);
          expect(f.x + f.w + ATLAS_PAD).toBeLessThanOrEqual(L.width);
          expect(f.y + f.h + ATLAS_PAD).toBeLessThanOrEqual(L.height);
        }
        for (let i = 0; i < frames.length; i++) {
          for (let j = i + 1; j < frames.length; j++) {
            expect(touches(frames[i]!, frames[j]!, 2 * ATLAS_PAD), `frames ${i} and ${j}`).toBe(false);
          }
        }
      });
    }
  }

  it('keeps the requested resolution at 120px × 3 and draws the aspect ratio', () => {
    const L = packAtlas(120, 3);
    expect(L.resolution).toBe(3);
    expect(L.faces[0]).toMatchObject({ w: 360, h: Math.round(360 * CARD_ASPECT) });
  });

  it('lowers the resolution rather than exceed the size limit', () => {
    const L = packAtlas(400, 3);
    expect(L.resolution).toBeLessThan(3);
    expect(Math.max(L.width, L.height)).toBeLessThanOrEqual(ATLAS_MAX);
  });

  it('rejects nonsense sizes', () => {
    expect(() => packAtlas(0, 2)).toThrow(RangeError);
    expect(() => packAtlas(60, Number.NaN)).toThrow(RangeError);
  });
});

describe('pip layouts', () => {
  for (let rank = 2; rank <= 10; rank++) {
    it(`rank ${rank} has ${rank} distinct pips, inside the card, not touching`, () => {
      expect(pipLayout(rank)).toHaveLength(rank);
      const pips = pipCentres(rank);
      const s = pipSize(rank);
      expect(pips).toHaveLength(rank);
      for (const p of pips) {
        expect(p.x - s / 2).toBeGreaterThan(0);
        expect(p.x + s / 2).toBeLessThan(100);
        expect(p.y - s / 2).toBeGreaterThan(0);
        expect(p.y + s / 2).toBeLessThan(140);
        expect(p.flip).toBe(p.y > 70 + 1e-9);
      }
      for (let i = 0; i < pips.length; i++) {
        for (let j = i + 1; j < pips.length; j++) {
          const a = pips[i]!;
          const b = pips[j]!;
          // Centres at least a pip apart in one direction or the other: no overlap.
          expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)), `${rank}: pips ${i},${j}`).toBeGreaterThanOrEqual(s);
        }
      }
    });
  }

  it('gives the ace one large centre pip and the courts none', () => {
    expect(pipLayout(1)).toHaveLength(1);
    expect(pipCentres(1)[0]).toMatchObject({ x: 50, y: 70 });
    expect(pipSize(1)).toBeGreaterThan(2 * pipSize(2));
    for (const r of [11, 12, 13]) expect(pipLayout(r)).toHaveLength(0);
  });
});

describe('suit colours', () => {
  it('two-colour deck: hearts and diamonds red, spades and clubs black', () => {
    const [s, h, d, c] = [0, 1, 2, 3].map((x) => suitColour(x, false));
    expect(h).toBe(d);
    expect(s).toBe(c);
    expect(h).not.toBe(s);
    expect(TWO_COLOURS).toHaveLength(4);
    // Red is reddest, black is dark.
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const [r, g, b] = rgb(h!);
    expect(r!).toBeGreaterThan(2 * Math.max(g!, b!));
    expect(Math.max(...rgb(s!))).toBeLessThan(64);
  });

  it('four-colour deck: four distinct colours, spades and hearts as usual', () => {
    const four = [0, 1, 2, 3].map((x) => suitColour(x, true));
    expect(new Set(four).size).toBe(4);
    expect(four[0]).toBe(suitColour(0, false));
    expect(four[1]).toBe(suitColour(1, false));
    expect(FOUR_COLOURS).toEqual(four);
  });
});
