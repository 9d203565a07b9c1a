/**
 * The animator's refusal shake and drag lift, on a stand-in scene (no WebGL): the shake moves the
 * refused cards sideways only and ends with them exactly in place; with animations off it does
 * nothing; a lifted card grows and its tween home (or a slide back) brings its size back.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  if (!('navigator' in globalThis)) {
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'node' }, configurable: true });
  }
});

import { gsap } from 'gsap';
import { Container, Texture } from 'pixi.js';
import { openingState } from '../../src/engine/play.ts';
import { findGame } from '../../src/games/catalog.ts';
import { Animator, LIFT, type Speed } from '../../src/render/animator.ts';
import { layoutTable } from '../../src/render/layout.ts';
import type { Scene } from '../../src/render/scene.ts';

/** A scene with the members the animator uses; `lifts` records lift calls. */
function fakeScene(width: number) {
  const lifts: [unknown, boolean][] = [];
  const scene = {
    cards: new Container(),
    textures: { width, height: width * 1.4, face: () => Texture.WHITE, back: Texture.EMPTY, destroy() {} },
    wake() {},
    lift(s: unknown, on: boolean) {
      lifts.push([s, on]);
    },
    owns: () => false,
  };
  return { scene: scene as unknown as Scene, lifts };
}

/** Runs GSAP's clock forward by `seconds` in small steps, recording `probe` at each. */
function advance(seconds: number, probe: () => void = () => {}): void {
  const steps = Math.ceil(seconds / 0.01);
  for (let i = 0; i < steps; i++) {
    gsap.updateRoot(gsap.ticker.time + (i + 1) * 0.01);
    probe();
  }
}

function table(speed: Speed) {
  const rules = findGame('king-albert')!;
  const state = openingState(rules, 5);
  const layout = layoutTable('king-albert', rules.piles, state.piles, 1440, 900, { top: 48 });
  const { scene, lifts } = fakeScene(Math.round(layout.cardWidth));
  const a = new Animator(scene, rules.piles);
  a.speed = speed;
  a.reset(state, layout);
  return { a, layout, state, lifts };
}

describe('the refusal shake', () => {
  it('moves the refused cards sideways only, a few px, and ends exactly in place', async () => {
    gsap.ticker.lagSmoothing(0);
    const { a, layout } = table('normal');
    const p = 8; // the nine-card column
    const sprites = a.spritesFrom(p, 7);
    const home = sprites.map((s) => ({ x: s.x, y: s.y }));
    let widest = 0;
    const done = a.shake(p, 7);
    expect(a.busy).toBe(true);
    advance(0.4, () => {
      sprites.forEach((s, k) => {
        widest = Math.max(widest, Math.abs(s.x - home[k]!.x));
        expect(s.y).toBe(home[k]!.y);
      });
    });
    await done;
    expect(widest).toBeGreaterThan(1);
    expect(widest).toBeLessThanOrEqual(Math.min(6, layout.cardWidth * 0.07) + 1e-9);
    sprites.forEach((s, k) => {
      expect(s.x).toBeCloseTo(home[k]!.x, 6);
    });
    // The cards below the refused one stay still.
    expect(a.spritesFrom(p, 0).slice(0, 7).every((s) => !gsap.isTweening(s))).toBe(true);
    expect(a.busy).toBe(false);
  });

  it('with animations off: resolves at once and nothing moves', async () => {
    const { a } = table('off');
    const s = a.spritesFrom(8, 8)[0]!;
    const x = s.x;
    await a.shake(8, 8);
    expect(a.busy).toBe(false);
    expect(s.x).toBe(x);
  });
});

describe('the drag lift', () => {
  it('a lifted card grows and asks the scene for a shadow; sliding back brings its size home', async () => {
    const { a, layout, state, lifts } = table('normal');
    const s = a.spritesFrom(8, 8)[0]!;
    const base = s.scale.x;
    s.lift(true);
    expect(s.scale.x).toBeCloseTo(base * LIFT, 9);
    expect(lifts).toEqual([[s, true]]);
    s.x += 80;
    s.lift(false);
    expect(lifts.at(-1)).toEqual([s, false]);
    const back = a.slideBack(8, 8);
    advance(1);
    await back;
    expect(s.scale.x).toBeCloseTo(base, 9);
    expect(s.scale.y).toBeCloseTo(base, 9);
    expect(a.check(state, layout)).toEqual([]);
  });
});
