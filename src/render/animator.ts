/**
 * The animator: keeps one sprite per card, compares the position before a change with the position
 * after it and tweens only the sprites that moved (GSAP). Sprites are a view, never state: every
 * tween ends (or is cut short) with its sprite settled where the latest position says it belongs.
 */
import { gsap } from 'gsap';
import { Sprite } from 'pixi.js';
import { formatCard } from '../engine/cards.ts';
import { cloneState, type State } from '../engine/rules.ts';
import { cardZ, type PileRef, type TableLayout } from './layout.ts';
import type { Scene } from './scene.ts';

/** Animation speed; 'off' places cards at once. */
export type Speed = 'off' | 'slow' | 'normal' | 'fast';
/** The speeds, slowest first. */
export const SPEEDS: readonly Speed[] = ['off', 'slow', 'normal', 'fast'];

const DURATION: Record<Speed, number> = { off: 0, slow: 0.45, normal: 0.28, fast: 0.14 };

/** How much a dragged card grows. */
export const LIFT = 1.05;

/** A card's sprite. */
export class CardSprite extends Sprite {
  /** The card number shown. */
  card: number;
  /** True when the face shows. */
  faceUp = true;
  /** Lifts or lowers the card (set by the animator that shows it). */
  lifter: ((s: CardSprite, on: boolean) => void) | null = null;

  /** Lifts the card while it is dragged (larger, with a shadow), or lowers it; its place's tween settles the size back. */
  lift(on: boolean): void {
    this.lifter?.(this, on);
  }

  /** A sprite for `card`. */
  constructor(card: number) {
    super();
    this.card = card;
    this.anchor.set(0.5);
  }
}

/** Plans and runs the tweens between positions. */
export class Animator {
  /** Current speed. */
  speed: Speed = 'normal';
  private readonly scene: Scene;
  private readonly refs: readonly PileRef[];
  private sprites: CardSprite[][] = [];
  private state: State = { piles: [], flags: 0 };
  private layout: TableLayout | null = null;
  private readonly running = new Set<gsap.core.Timeline>();

  /** An animator for a game whose piles are `refs`. */
  constructor(scene: Scene, refs: readonly PileRef[]) {
    this.scene = scene;
    this.refs = refs;
  }

  /** True while any tween runs. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  private scaleFor(): number {
    return this.layout ? this.layout.cardWidth / this.scene.textures.width : 1;
  }

  private target(p: number, i: number): { x: number; y: number; faceUp: boolean; z: number; buried: boolean } {
    const pl = this.layout!.piles[p]!;
    const at = pl.cards[i] ?? pl.cards[pl.cards.length - 1] ?? { x: pl.base.x, y: pl.base.y };
    // A card two below the top of a squared pile cannot be seen: skip drawing it (it stays `visible`).
    const above = pl.cards[i + 2];
    const buried = above !== undefined && above.x === at.x && above.y === at.y;
    return { x: at.x + this.layout!.cardWidth / 2, y: at.y + this.layout!.cardHeight / 2, faceUp: !pl.faceDown, z: cardZ(this.layout!, p, i), buried };
  }

  private textureOf(s: CardSprite, faceUp: boolean): void {
    s.faceUp = faceUp;
    s.texture = faceUp ? this.scene.textures.face(s.card) : this.scene.textures.back;
  }

  private settle(s: CardSprite, p: number, i: number): void {
    const t = this.target(p, i);
    // Placed at once, with no tween to wake the frame loop.
    this.scene.wake();
    // Every tween of a sprite belongs to a running timeline: with none running there is nothing to
    // kill (and looking for tweens of 104 sprites, three times per new deal, was a visible cost).
    if (this.running.size > 0) {
      gsap.killTweensOf(s);
      gsap.killTweensOf(s.scale);
    }
    s.position.set(t.x, t.y);
    this.textureOf(s, t.faceUp);
    s.scale.set(this.scaleFor());
    s.zIndex = t.z;
    s.renderable = !t.buried;
    s.visible = true;
    s.alpha = 1;
  }

  /** Puts every sprite where the current position and layout say, at once. */
  private settleAll(): void {
    this.sprites.forEach((pile, p) => {
      pile.forEach((s, i) => {
        this.settle(s, p, i);
      });
    });
  }

  private run(tl: gsap.core.Timeline): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.running.delete(tl);
        resolve();
      };
      tl.eventCallback('onComplete', done);
      tl.eventCallback('onInterrupt', done);
      this.running.add(tl);
      if (this.speed === 'off') {
        tl.progress(1);
        tl.kill();
        done();
      }
    });
  }

  /** Jumps every running tween to its end (sprites not on a tween stay where they are). */
  endTweens(): void {
    for (const tl of [...this.running]) {
      tl.progress(1);
      tl.kill();
      this.running.delete(tl);
    }
  }

  /** Finishes every running tween at once and settles all sprites. */
  finish(): void {
    this.endTweens();
    this.settleAll();
  }

  /** Sets every sprite's texture and size again (after the textures were rebuilt). */
  retexture(layout: TableLayout): void {
    const base = layout.cardWidth / this.scene.textures.width;
    this.scene.wake();
    for (const pile of this.sprites) {
      for (const s of pile) {
        this.textureOf(s, s.faceUp);
        s.scale.set(base);
      }
    }
  }

  /** Replaces all sprites with fresh ones for `state`, placed at once. */
  reset(state: State, layout: TableLayout): void {
    // The old sprites are settled again below, in their new places: only the tweens need ending.
    this.endTweens();
    // The sprites already on the table are reused (a new deal of the same game needs as many):
    // building a Pixi sprite costs more than the whole settle, 104 of them at every deal.
    const spare: CardSprite[] = [];
    for (const c of [...this.scene.cards.children]) {
      if (c instanceof CardSprite && !c.destroyed) spare.push(c);
      else if (!this.scene.owns(c)) c.destroy();
    }
    this.state = cloneState(state);
    this.layout = layout;
    this.sprites = state.piles.map((pile) =>
      pile.map((card) => {
        const s = spare.pop();
        if (s) {
          s.card = card;
          return s;
        }
        const made = new CardSprite(card);
        this.scene.cards.addChild(made);
        return made;
      }),
    );
    for (const s of spare) s.destroy();
    this.settleAll();
  }

  /** New layout (resize, new textures): settles everything at once. */
  relayout(layout: TableLayout): void {
    this.endTweens();
    this.layout = layout;
    this.settleAll();
  }

  /** The opening deal: every card flies from the stock (or the top edge) to its place, one after another. */
  dealIn(state: State, layout: TableLayout): Promise<void> {
    this.reset(state, layout);
    if (this.speed === 'off') return Promise.resolve();
    const stock = this.refs.findIndex((r) => r.role === 'stock');
    const from = stock >= 0 ? this.target(stock, 0) : { x: layout.cardWidth, y: -layout.cardHeight };
    const tl = gsap.timeline();
    const d = DURATION[this.speed];
    const total = this.sprites.reduce((n, p, i) => n + (i === stock ? 0 : p.length), 0);
    const step = Math.min(0.05, 1.6 / Math.max(1, total)) * (d / DURATION.normal);
    let k = 0;
    const base = this.scaleFor();
    const landed: [CardSprite, { z: number; buried: boolean }][] = [];
    this.sprites.forEach((pile, p) => {
      if (p === stock) return;
      pile.forEach((s, i) => {
        const t = this.target(p, i);
        s.position.set(from.x, from.y);
        this.textureOf(s, false);
        // Cards fly in pile order, so their places' depths rise with the flight order: above
        // everything, each flies over the ones dealt before it. Depths and hidden cards are set
        // once, at the end: a change of either makes Pixi sort and rebuild the whole scene, which
        // at every landing was a rebuild in most frames of the deal.
        s.zIndex = 10000 + t.z;
        s.renderable = true;
        const at = k * step;
        tl.to(s, { x: t.x, y: t.y, duration: d, ease: 'power2.out' }, at);
        if (t.faceUp) {
          tl.to(s.scale, { x: 0, duration: d / 2, ease: 'power1.in', onComplete: () => this.textureOf(s, true) }, at);
          tl.to(s.scale, { x: base, duration: d / 2, ease: 'power1.out' }, at + d / 2);
        }
        landed.push([s, t]);
        k++;
      });
    });
    tl.call(
      () => {
        for (const [s, t] of landed) this.rest(s, t);
      },
      undefined,
      Math.max(0, k - 1) * step + d,
    );
    return this.run(tl);
  }

  /**
   * Animates from the shown position to `after`: sprites keep their card (a card that stays in its
   * slot keeps its sprite; others are matched by card number), and only sprites that moved or
   * turned are tweened.
   */
  transition(after: State, layout: TableLayout): Promise<void> {
    this.endTweens();
    const old = this.sprites;
    const before = this.state;
    const pool = new Map<number, CardSprite[]>();
    const next: (CardSprite | null)[][] = after.piles.map((pile, p) => pile.map((card, i) => (before.piles[p]?.[i] === card ? (old[p]?.[i] ?? null) : null)));
    const used = new Set<CardSprite>();
    for (const pile of next) for (const s of pile) if (s) used.add(s);
    old.forEach((pile) => {
      for (const s of pile) {
        if (used.has(s)) continue;
        const list = pool.get(s.card) ?? [];
        list.push(s);
        pool.set(s.card, list);
      }
    });
    const moved: [CardSprite, number, number, boolean][] = [];
    after.piles.forEach((pile, p) => {
      pile.forEach((card, i) => {
        if (next[p]![i]) return;
        let s = pool.get(card)?.shift();
        if (!s) {
          s = new CardSprite(card);
          this.scene.cards.addChild(s);
        }
        const cameFrom = old.findIndex((q) => q.includes(s!));
        next[p]![i] = s;
        moved.push([s, p, i, cameFrom !== p]);
      });
    });
    for (const list of pool.values()) for (const s of list) s.destroy();
    this.sprites = next as CardSprite[][];
    this.state = cloneState(after);
    const relaid = this.layout !== layout;
    this.layout = layout;
    if (this.speed === 'off') {
      this.settleAll();
      return Promise.resolve();
    }
    const d = DURATION[this.speed];
    const base = this.scaleFor();
    const tl = gsap.timeline();
    let k = 0;
    let z = 0;
    this.sprites.forEach((pile, p) => {
      pile.forEach((s, i) => {
        const t = this.target(p, i);
        const hop = moved.find((m) => m[0] === s);
        const away = Math.abs(s.x - t.x) > 0.5 || Math.abs(s.y - t.y) > 0.5;
        const flip = s.faceUp !== t.faceUp;
        if (!away && !flip) {
          if (relaid || s.zIndex !== t.z || s.renderable === t.buried) this.settle(s, p, i);
          return;
        }
        const at = hop?.[3] ? k++ * 0.05 : 0;
        s.zIndex = 10000 + z++;
        s.renderable = true;
        tl.to(s, { x: t.x, y: t.y, duration: d, ease: 'power2.inOut' }, at);
        // A dropped card shrinks back from its lift on the way.
        if (s.scale.y !== base) tl.to(s.scale, flip ? { y: base, duration: d } : { x: base, y: base, duration: d, ease: 'power2.out' }, at);
        if (flip) {
          tl.to(s.scale, { x: 0, duration: d / 2, ease: 'power1.in', onComplete: () => this.textureOf(s, t.faceUp) }, at);
          tl.to(s.scale, { x: base, duration: d / 2, ease: 'power1.out' }, at + d / 2);
        }
        tl.call(() => this.rest(s, t), undefined, at + d);
      });
    });
    return this.run(tl);
  }

  private rest(s: CardSprite, t: { z: number; buried: boolean }): void {
    s.zIndex = t.z;
    s.renderable = !t.buried;
  }

  private readonly lifter = (s: CardSprite, on: boolean): void => {
    const base = this.scaleFor();
    // Lowered, the card keeps its lifted size until its tween home (or a settle) brings it back.
    if (on) s.scale.set(base * LIFT);
    this.scene.lift(s, on);
  };

  /** The sprites of pile `p` from index `i`: `n` of them, or to the top (what a drag carries; each can be lifted). */
  spritesFrom(p: number, i: number, n = Number.POSITIVE_INFINITY): CardSprite[] {
    const list = this.sprites[p]?.slice(i, i + n) ?? [];
    for (const s of list) s.lifter = this.lifter;
    return list;
  }

  /** The slide back of a refused drop, while it runs. */
  private sliding: { p: number; tl: gsap.core.Timeline } | null = null;

  /** Slides the sprites of pile `p` from index `i` (`n` of them, or to the top) back to their places (a refused drop). */
  slideBack(p: number, i: number, n?: number): Promise<void> {
    const list = this.spritesFrom(p, i, n);
    if (this.speed === 'off') {
      list.forEach((s, k) => {
        this.settle(s, p, i + k);
      });
      return Promise.resolve();
    }
    const tl = gsap.timeline();
    const d = DURATION[this.speed];
    const base = this.scaleFor();
    list.forEach((s, k) => {
      const t = this.target(p, i + k);
      tl.to(s, { x: t.x, y: t.y, duration: d, ease: 'back.out(1.4)' }, 0);
      if (s.scale.x !== base) tl.to(s.scale, { x: base, y: base, duration: d, ease: 'power2.out' }, 0);
      tl.call(() => this.rest(s, t), undefined, d);
    });
    this.sliding = { p, tl };
    return this.run(tl).then(() => {
      if (this.sliding?.tl === tl) this.sliding = null;
    });
  }

  /**
   * A short sideways shake of the cards of pile `pile` from `index` up (`n` of them, or to the top:
   * a refused move), after the slide back of a refused drop of that pile if one runs. None when
   * animations are off; a smaller one when the system asks for reduced motion.
   */
  shake(pile: number, index: number, n?: number): Promise<void> {
    const list = this.spritesFrom(pile, index, n);
    if (this.speed === 'off' || !list.length || !this.layout) return Promise.resolve();
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    const a = Math.min(6, this.layout.cardWidth * 0.07) * (reduced ? 0.35 : 1);
    const slide = this.sliding?.p === pile ? this.sliding.tl : null;
    const after = slide ? Math.max(0, slide.duration() - slide.time()) : 0;
    const tl = gsap.timeline();
    list.forEach((s, k) => {
      const t = this.target(pile, index + k);
      let at = after;
      for (const [dx, dur] of [[a, 0.04], [-a, 0.06], [a * 0.6, 0.05], [-a * 0.4, 0.05], [0, 0.05]] as const) {
        tl.to(s, { x: t.x + dx, duration: dur, ease: 'sine.inOut' }, at);
        at += dur;
      }
    });
    return this.run(tl);
  }

  /** A short celebration: the cards on the piles `hops` picks hop in a wave, then settle. */
  celebrate(hops: (pile: number) => boolean): Promise<void> {
    if (this.speed === 'off') return Promise.resolve();
    const tl = gsap.timeline();
    let k = 0;
    const hop = (this.layout?.cardHeight ?? 60) * 0.4;
    this.sprites.forEach((pile, p) => {
      if (!hops(p)) return;
      pile.forEach((s, i) => {
        const t = this.target(p, i);
        tl.to(s, { y: t.y - hop, duration: 0.22, ease: 'power2.out', yoyo: true, repeat: 1 }, (k++ % 60) * 0.025);
      });
    });
    return this.run(tl);
  }

  /** Mismatches between the sprites and `state` laid out by `layout` ([] when all is well). */
  check(state: State, layout: TableLayout): string[] {
    const out: string[] = [];
    const base = layout.cardWidth / this.scene.textures.width;
    let count = 0;
    state.piles.forEach((pile, p) => {
      const id = this.refs[p]!.id;
      pile.forEach((card, i) => {
        count++;
        const s = this.sprites[p]?.[i];
        const where = `${id}[${i}] ${formatCard(card)}`;
        if (!s || s.destroyed) {
          out.push(`${where}: no sprite`);
          return;
        }
        const pl = layout.piles[p]!;
        const at = pl.cards[i]!;
        const ex = at.x + layout.cardWidth / 2;
        const ey = at.y + layout.cardHeight / 2;
        if (Math.abs(s.x - ex) > 1 || Math.abs(s.y - ey) > 1) out.push(`${where}: sprite at ${s.x.toFixed(1)},${s.y.toFixed(1)}, expected ${ex.toFixed(1)},${ey.toFixed(1)}`);
        if (s.card !== card) out.push(`${where}: sprite shows ${formatCard(s.card)}`);
        const tex = pl.faceDown ? this.scene.textures.back : this.scene.textures.face(card);
        if (s.texture !== tex) out.push(`${where}: wrong texture (${s.faceUp ? 'face up' : 'face down'})`);
        if (s.faceUp === pl.faceDown) out.push(`${where}: should be face ${pl.faceDown ? 'down' : 'up'}`);
        if (!s.visible || s.alpha < 0.99 || Math.abs(s.scale.x - base) > 0.01 || Math.abs(s.scale.y - base) > 0.01) out.push(`${where}: not fully visible`);
        if (s.parent !== this.scene.cards) out.push(`${where}: sprite not on the table`);
      });
    });
    const shown = this.scene.cards.children.filter((c) => c instanceof CardSprite).length;
    if (shown !== count) out.push(`${shown} sprites on the table for ${count} cards`);
    return out;
  }
}
