/**
 * Pointer input (mouse, pen and finger alike) on the table canvas, turned into engine moves. It knows
 * no rules: legal targets come from the engine (`targetsOf`, `isLegal`).
 */
import { targetsOf } from '../engine/play.ts';
import { anatomy } from '../engine/anatomy.ts';
import { DEAL, encodeMove, type GameRules, MOVE, moveType, type State } from '../engine/rules.ts';
import { cardZ, overlapArea, type Rect, type TableLayout } from '../render/layout.ts';
import type { Keys } from './keys.ts';

/** Pixels a pointer may travel and still count as a tap. */
export const TAP_SLOP = 6;

/** A movable view of a card (a sprite). */
export interface Movable {
  /** Centre x in CSS px. */
  x: number;
  /** Centre y in CSS px. */
  y: number;
  /** Drawing order. */
  zIndex: number;
  /** Lifts the card while dragged (larger, with a shadow) or lowers it again (optional). */
  lift?(on: boolean): void;
}

/** What the input needs from the table it drives. */
export interface InputHost {
  /** The game's rules. */
  readonly rules: GameRules;
  /** The current engine state (not to be mutated). */
  state(): State;
  /** The layout of the current state. */
  layout(): TableLayout;
  /** Finishes animations and pending automatic moves at once. */
  flush(): void;
  /** Plays a player's move; false when the engine refused it. */
  play(m: number): boolean;
  /** Takes back the last step. */
  undo(): void;
  /** The last step played (an identity token), or null. */
  lastStep(): object | null;
  /** The sprites of pile `p` from index `i`: `n` of them, or to the top. */
  spritesFrom(p: number, i: number, n?: number): Movable[];
  /** Slides a refused drag back: the `n` cards from index `i` of pile `p`, or those to the top. */
  slideBack(p: number, i: number, n?: number): void;
  /** Lights up drop targets (an empty list clears). */
  highlight(rects: Rect[]): void;
  /** Signals a refused action on the `n` cards from `index` of pile `pile`, or the card and those above it (sound, a shake). */
  refuse(pile: number, index: number, n?: number): void;
  /** True when a tap may move a card; when false only dealing from the stock answers a tap. */
  tapToMove(): boolean;
}

interface Drag {
  pointerId: number;
  pile: number;
  index: number;
  /** The cards carried once the drag starts: `count` from `first` (undefined: to the top). */
  first: number;
  count: number | undefined;
  x0: number;
  y0: number;
  started: boolean;
  sprites: Movable[];
  offsets: { dx: number; dy: number }[];
  targets: Map<number, number>;
}

interface TapMemo {
  step: object | null;
  landed: Set<string>;
  moves: number[];
  k: number;
}

/** The card (pile and index) at a point of the layout, topmost first; null when none. */
export function cardAt(layout: TableLayout, x: number, y: number): { pile: number; index: number } | null {
  let best: { pile: number; index: number; z: number } | null = null;
  layout.piles.forEach((p, pile) => {
    p.cards.forEach((c, index) => {
      if (x < c.x || y < c.y || x > c.x + layout.cardWidth || y > c.y + layout.cardHeight) return;
      const z = cardZ(layout, pile, index);
      if (!best || z > best.z) best = { pile, index, z };
    });
  });
  return best;
}

/**
 * Puts carried row cards (Royal Marriage's) that lie on different lines of the row, a pair split by
 * a line break, side by side on the line of the card under the pointer (number `lead` of them), at
 * the row's step, so the pair travels as one piece instead of one card far off on the other line.
 */
export function sideBySide(offsets: { dx: number; dy: number }[], lead: number, layout: TableLayout, pile: number): void {
  const o = offsets[lead];
  if (!o || offsets.every((x) => x.dy === o.dy)) return;
  const cards = layout.piles[pile]?.cards ?? [];
  let step = layout.cardWidth;
  for (let i = 0; i + 1 < cards.length; i++) {
    if (cards[i]!.y === cards[i + 1]!.y) {
      step = cards[i + 1]!.x - cards[i]!.x;
      break;
    }
  }
  offsets.forEach((x, k) => {
    x.dx = o.dx + (k - lead) * step;
    x.dy = o.dy;
  });
}

/**
 * The cards a drag from `index` of `pile` carries: `count` from `first`, or from `index` to the top
 * (count undefined). In a row (Royal Marriage's), where cards lie side by side rather than on one
 * another, it carries just the cards its first move takes (the card with its neighbour for a
 * pair), or the card alone when it has no move: what the drop would discard, nothing more.
 */
export function carried(rules: GameRules, s: State, pile: number, index: number): { first: number; count: number | undefined } {
  if (rules.piles[pile]!.role !== 'row') return { first: index, count: undefined };
  const m = targetsOf(rules, s, pile, index).find((t) => moveType(t) !== DEAL);
  if (m === undefined) return { first: index, count: 1 };
  const a = anatomy(rules, s, m);
  return { first: a.first, count: a.count };
}

/** Target pile → move, for the card at `index` of `pile`: the engine's targets plus any empty pile the engine accepts. */
export function dropTargets(rules: GameRules, s: State, pile: number, index: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of targetsOf(rules, s, pile, index)) {
    if (moveType(m) === DEAL) continue;
    const to = anatomy(rules, s, m).to;
    if (to >= 0 && !out.has(to)) out.set(to, m);
  }
  const n = s.piles[pile]!.length - index;
  rules.piles.forEach((_, q) => {
    if (q === pile || out.has(q) || s.piles[q]!.length) return;
    const m = encodeMove(MOVE, pile, q, n);
    if (rules.isLegal(s, m)) out.set(q, m);
  });
  return out;
}

/** Where the cards of move `m` land (pile:index keys), given the state before it. */
function landing(rules: GameRules, s: State, m: number): Set<string> {
  const out = new Set<string>();
  if (moveType(m) === DEAL) return out;
  const a = anatomy(rules, s, m);
  if (a.to < 0) return out;
  for (let k = 0; k < a.count; k++) out.add(`${a.to}:${a.place + k}`);
  return out;
}

/** Pointer and keyboard input on the canvas. */
export class PointerInput {
  private readonly canvas: HTMLCanvasElement;
  private readonly host: InputHost;
  private drag: Drag | null = null;
  private memo: TapMemo | null = null;
  private readonly off: (() => void)[] = [];

  /** Listens on `canvas` for the table `host` (and for Escape through the page's one key listener). */
  constructor(canvas: HTMLCanvasElement, host: InputHost, keys: Keys) {
    this.canvas = canvas;
    this.host = host;
    const on = <K extends keyof HTMLElementEventMap>(el: HTMLElement | Window, type: K, fn: (e: HTMLElementEventMap[K]) => void): void => {
      const f = fn as EventListener;
      el.addEventListener(type, f, { passive: false });
      this.off.push(() => el.removeEventListener(type, f));
    };
    on(canvas, 'pointerdown', (e) => this.down(e));
    on(canvas, 'pointermove', (e) => this.move(e));
    on(canvas, 'pointerup', (e) => this.up(e));
    on(canvas, 'pointercancel', (e) => this.cancelPointer(e));
    on(canvas, 'lostpointercapture', (e) => this.cancelPointer(e));
    on(canvas, 'contextmenu', (e) => e.preventDefault());
    on(canvas, 'touchstart', (e) => e.preventDefault());
    on(canvas, 'touchmove', (e) => e.preventDefault());
    this.off.push(
      keys.add((e) => {
        if (e.key === 'Escape') this.cancel();
      }),
    );
  }

  /** Stops listening. */
  destroy(): void {
    this.cancel();
    for (const f of this.off) f();
    this.off.length = 0;
  }

  /** True while a card is being dragged. */
  get dragging(): boolean {
    return this.drag?.started === true;
  }

  private point(e: PointerEvent): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private down(e: PointerEvent): void {
    if (this.drag) return;
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    this.host.flush();
    const { x, y } = this.point(e);
    const hit = cardAt(this.host.layout(), x, y);
    if (!hit) {
      this.memo = null;
      return;
    }
    try {
      this.canvas.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer may not be capturable; input still works without capture
    }
    this.drag = { pointerId: e.pointerId, pile: hit.pile, index: hit.index, first: hit.index, count: undefined, x0: x, y0: y, started: false, sprites: [], offsets: [], targets: new Map() };
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    e.preventDefault();
    const { x, y } = this.point(e);
    if (!d.started) {
      if (Math.hypot(x - d.x0, y - d.y0) < TAP_SLOP) return;
      if (this.host.rules.piles[d.pile]!.role === 'stock') return;
      this.start(d);
    }
    d.sprites.forEach((s, k) => {
      s.x = x + d.offsets[k]!.dx;
      s.y = y + d.offsets[k]!.dy;
    });
  }

  private start(d: Drag): void {
    d.started = true;
    this.memo = null;
    const { rules } = this.host;
    const state = this.host.state();
    const c = carried(rules, state, d.pile, d.index);
    d.first = c.first;
    d.count = c.count;
    d.sprites = this.host.spritesFrom(d.pile, c.first, c.count);
    d.offsets = d.sprites.map((s) => ({ dx: s.x - d.x0, dy: s.y - d.y0 }));
    if (c.count !== undefined) sideBySide(d.offsets, d.index - c.first, this.host.layout(), d.pile);
    d.sprites.forEach((s, k) => {
      s.zIndex = 20000 + k;
      s.lift?.(true);
    });
    d.targets = this.dropTargets(d.pile, d.index);
    // A row's card carries only the cards of its first move; a drop elsewhere would take others.
    if (c.count !== undefined) {
      for (const [q, m] of d.targets) {
        const a = anatomy(rules, state, m);
        if (a.first !== c.first || a.count !== c.count) d.targets.delete(q);
      }
    }
    const layout = this.host.layout();
    this.host.highlight([...d.targets.keys()].map((p) => layout.piles[p]!.rect));
  }

  private dropTargets(pile: number, index: number): Map<number, number> {
    return dropTargets(this.host.rules, this.host.state(), pile, index);
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    e.preventDefault();
    this.drag = null;
    this.release(e.pointerId);
    if (!d.started) {
      const { x, y } = this.point(e);
      if (Math.hypot(x - d.x0, y - d.y0) < TAP_SLOP * 3) this.tap(d.pile, d.index);
      return;
    }
    this.host.highlight([]);
    this.lower(d);
    const layout = this.host.layout();
    // The card under the pointer decides where the drop goes (in a row it may carry a neighbour to its left).
    const lead = d.sprites[d.index - d.first];
    let best = -1;
    let area = 0;
    if (lead) {
      const r = { x: lead.x - layout.cardWidth / 2, y: lead.y - layout.cardHeight / 2, width: layout.cardWidth, height: layout.cardHeight };
      for (const q of d.targets.keys()) {
        const a = overlapArea(r, layout.piles[q]!.rect);
        if (a > area) {
          area = a;
          best = q;
        }
      }
    }
    const m = d.targets.get(best);
    if (m === undefined || !this.host.play(m)) {
      this.host.slideBack(d.pile, d.first, d.count);
      this.host.refuse(d.pile, d.first, d.count);
    }
  }

  /** Puts the dragged cards' shadows away (their tween home brings their size back). */
  private lower(d: Drag): void {
    for (const s of d.sprites) s.lift?.(false);
  }

  private release(id: number): void {
    try {
      if (this.canvas.hasPointerCapture(id)) this.canvas.releasePointerCapture(id);
    } catch {
      // nothing to release
    }
  }

  private cancelPointer(e: PointerEvent): void {
    if (this.drag?.pointerId === e.pointerId) this.cancel();
  }

  /** Cancels a drag in progress: the cards slide back and nothing is played. */
  cancel(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.release(d.pointerId);
    if (!d.started) return;
    this.host.highlight([]);
    this.lower(d);
    this.host.slideBack(d.pile, d.first, d.count);
  }

  /** A tap: the first legal target, or the next one when the same card is tapped again right after. */
  tap(pile: number, index: number): void {
    const { rules } = this.host;
    const memo = this.memo;
    this.memo = null;
    if (memo && memo.step !== null && memo.step === this.host.lastStep() && memo.landed.has(`${pile}:${index}`) && memo.moves.length > 1) {
      this.host.undo();
      this.host.flush();
      const k = (memo.k + 1) % memo.moves.length;
      const m = memo.moves[k]!;
      this.playTap(m, memo.moves, k);
      return;
    }
    const s = this.host.state();
    let moves = targetsOf(rules, s, pile, index);
    if (!this.host.tapToMove()) moves = moves.filter((m) => moveType(m) === DEAL);
    const first = moves[0];
    if (first === undefined) {
      this.host.refuse(pile, index);
      return;
    }
    this.playTap(first, moves, 0);
  }

  private playTap(m: number, moves: number[], k: number): void {
    const before = this.host.state();
    const landed = landing(this.host.rules, before, m);
    if (!this.host.play(m)) {
      // The card the move would take shakes (a deal's: the stock's top).
      const a = anatomy(this.host.rules, before, m);
      const row = this.host.rules.piles[a.from]?.role === 'row';
      this.host.refuse(a.from, Math.max(0, a.type === DEAL ? (before.piles[a.from]?.length ?? 1) - 1 : a.first), row ? a.count : undefined);
      return;
    }
    if (moveType(m) !== DEAL) this.memo = { step: this.host.lastStep(), landed, moves, k };
  }
}
