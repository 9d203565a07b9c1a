/**
 * Keyboard play: arrow keys move a focus ring over the piles and their playable cards; Enter or
 * Space sends the focused card to its best target (tap to move on) or picks it up, and a second
 * Enter or Space puts it down on the focused pile; Esc drops what is picked up; D deals. Like
 * pointer input it speaks only in engine moves and asks the engine where a card may go.
 */
import { DEAL_MOVE, type GameRules, type State } from '../engine/rules.ts';
import { targetsOf } from '../engine/play.ts';
import type { Rect, TableLayout } from '../render/layout.ts';
import { carried, dropTargets } from './pointer.ts';
import type { Keys } from './keys.ts';

/** A place the focus can be: a card of a pile, or an empty pile (index -1). */
export interface Spot {
  /** Pile index in the game's pile order. */
  pile: number;
  /** Card index, bottom 0; -1 for an empty pile. */
  index: number;
}

/** What keyboard input needs from the table. */
export interface KeyHost {
  /** The game's rules. */
  readonly rules: GameRules;
  /** The current engine state (not to be mutated). */
  state(): State;
  /** The layout of the current state. */
  layout(): TableLayout;
  /** Finishes animations and pending automatic moves at once. */
  flush(): void;
  /** Plays a player's move; false when refused. */
  play(m: number): boolean;
  /** True when a tap sends a card to its best target. */
  tapToMove(): boolean;
  /** What a tap on this card does (best target). */
  tap(pile: number, index: number): void;
  /** Draws the focus ring (null hides it) and the outlines of what is picked up, one per line of cards (none hides them). */
  ring(focus: Rect | null, picked: readonly Rect[]): void;
  /** Says something to screen readers. */
  announce(text: 'focus' | 'picked' | 'refused' | 'dropped', spot: Spot | null): void;
  /** A refused action: a sound, and a shake of the card at `pile`/`index` when given. */
  refuse(pile?: number, index?: number): void;
}

/** The spots of a state: every pile, with each card that has a target (and its top card) as a stop. */
export function spotsOf(rules: GameRules, s: State): Spot[][] {
  return s.piles.map((cards, pile) => {
    if (!cards.length) return [{ pile, index: -1 }];
    const out: Spot[] = [];
    const stock = rules.piles[pile]!.role === 'stock';
    for (let i = 0; i < cards.length; i++) {
      const top = i === cards.length - 1;
      if (top || (!stock && targetsOf(rules, s, pile, i).length > 0)) out.push({ pile, index: i });
    }
    return out;
  });
}

/** Keyboard play on one table. */
export class KeyboardInput {
  private readonly host: KeyHost;
  private focus: Spot | null = null;
  private picked: Spot | null = null;
  private readonly stopListening: () => void;
  /** True while the focus ring is shown (after the first arrow key, until a pointer is used). */
  active = false;

  /** Listens for keys for `host`, through the page's one key listener. */
  constructor(host: KeyHost, keys: Keys) {
    this.host = host;
    this.stopListening = keys.add((e) => this.key(e));
  }

  /** Stops listening. */
  destroy(): void {
    this.stopListening();
    this.host.ring(null, []);
  }

  /** Hides the ring (a pointer took over). */
  hide(): void {
    this.active = false;
    this.picked = null;
    this.host.ring(null, []);
  }

  /** The focused spot, for tests and the page. */
  get focused(): Spot | null {
    return this.active ? this.focus : null;
  }

  /** Draws the ring again for the current layout (after any change). */
  redraw(): void {
    if (!this.active) return;
    this.focus = this.clamp(this.focus);
    if (this.picked && !this.valid(this.picked)) this.picked = null;
    this.host.ring(this.rect(this.focus), this.picked ? this.pickedRects(this.picked) : []);
  }

  /**
   * The outlines of what is picked up: the card, or in a row (Royal Marriage) the cards the put-down
   * would discard with it, as a drag carries them (carried): one outline per line of the row they
   * lie on, so a pair split by the row's line break is outlined in both places.
   */
  private pickedRects(s: Spot): Rect[] {
    const own = this.rect(s);
    if (!own) return [];
    const c = carried(this.host.rules, this.host.state(), s.pile, s.index);
    if (c.count === undefined || c.count < 2) return [own];
    const l = this.host.layout();
    const cards = l.piles[s.pile]?.cards.slice(c.first, c.first + c.count) ?? [];
    if (cards.length < c.count) return [own];
    const out: Rect[] = [];
    for (const p of cards) {
      const r = out.find((o) => o.y === p.y);
      if (!r) out.push({ x: p.x, y: p.y, width: l.cardWidth, height: l.cardHeight });
      else {
        const right = Math.max(r.x + r.width, p.x + l.cardWidth);
        r.x = Math.min(r.x, p.x);
        r.width = right - r.x;
      }
    }
    return out;
  }

  private valid(s: Spot): boolean {
    const p = this.host.state().piles[s.pile];
    return !!p && (s.index === -1 ? p.length === 0 : s.index < p.length);
  }

  private clamp(f: Spot | null): Spot {
    const spots = spotsOf(this.host.rules, this.host.state());
    if (f && spots[f.pile]) {
      const list = spots[f.pile]!;
      return list.find((x) => x.index === f.index) ?? list[list.length - 1]!;
    }
    const firstPlayable = spots.flat().find((x) => x.index >= 0 && targetsOf(this.host.rules, this.host.state(), x.pile, x.index).length > 0);
    return firstPlayable ?? spots[0]![0]!;
  }

  private rect(s: Spot | null): Rect | null {
    if (!s) return null;
    const l = this.host.layout();
    const p = l.piles[s.pile];
    if (!p) return null;
    const c = s.index >= 0 ? p.cards[s.index] : undefined;
    return c ? { x: c.x, y: c.y, width: l.cardWidth, height: l.cardHeight } : p.base;
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || document.querySelector('dialog[open]')) return;
    const k = e.key;
    // A focused toolbar button keeps Enter and Space; an arrow key brings the focus to the table.
    if (t instanceof HTMLButtonElement && !k.startsWith('Arrow')) return;
    if (k.startsWith('Arrow')) {
      if (t instanceof HTMLElement && t !== document.body) t.blur();
      e.preventDefault();
      this.host.flush();
      if (!this.active) {
        this.active = true;
        this.focus = this.clamp(this.focus);
      } else this.move(k);
      this.redraw();
      this.host.announce('focus', this.focus);
    } else if (k === 'Enter' || k === ' ') {
      if (!this.active) return;
      e.preventDefault();
      this.host.flush();
      this.act();
      this.redraw();
    } else if (k === 'Escape') {
      if (this.picked) {
        this.picked = null;
        this.redraw();
        this.host.announce('dropped', null);
      }
    } else if (k === 'd' || k === 'D') {
      e.preventDefault();
      this.host.flush();
      if (!this.host.play(DEAL_MOVE)) this.host.refuse();
      this.redraw();
    }
  }

  /**
   * Arrow keys: left and right step through every pile in reading order (rows top to bottom,
   * each left to right, wrapping round), so each pile is reachable; up and down go along a pile's
   * stops, and past its ends to the nearest pile above or below.
   */
  private move(k: string): void {
    const spots = spotsOf(this.host.rules, this.host.state());
    const f = this.clamp(this.focus);
    const l = this.host.layout();
    const centre = (p: number): { x: number; y: number } => {
      const b = l.piles[p]!.base;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const enter = (p: number): void => {
      const next = spots[p]!;
      // Entering a pile: its top stop (the card most likely to move).
      this.focus = next[next.length - 1]!;
    };
    if (k === 'ArrowLeft' || k === 'ArrowRight') {
      const band = l.cardHeight / 2;
      const order = spots.map((_, p) => p).sort((a, b) => Math.round(centre(a).y / band) - Math.round(centre(b).y / band) || centre(a).x - centre(b).x);
      const at = order.indexOf(f.pile);
      enter(order[(at + (k === 'ArrowRight' ? 1 : order.length - 1)) % order.length]!);
      return;
    }
    const list = spots[f.pile]!;
    const at = list.findIndex((x) => x.index === f.index);
    if (k === 'ArrowUp' && at > 0) {
      this.focus = list[at - 1]!;
      return;
    }
    if (k === 'ArrowDown' && at < list.length - 1) {
      this.focus = list[at + 1]!;
      return;
    }
    const here = centre(f.pile);
    const dir = k === 'ArrowUp' ? -1 : 1;
    let best = -1;
    let score = Number.POSITIVE_INFINITY;
    spots.forEach((_, p) => {
      if (p === f.pile) return;
      const c = centre(p);
      const along = (c.y - here.y) * dir;
      if (along <= 1) return;
      const s = along + Math.abs(c.x - here.x) * 2.5;
      if (s < score) {
        score = s;
        best = p;
      }
    });
    if (best >= 0) enter(best);
  }

  private act(): void {
    const f = this.clamp(this.focus);
    const rules = this.host.rules;
    if (this.picked) {
      const targets = dropTargets(rules, this.host.state(), this.picked.pile, this.picked.index);
      const m = targets.get(f.pile);
      if (m !== undefined && this.host.play(m)) {
        this.picked = null;
        return;
      }
      this.host.refuse(this.picked.pile, this.picked.index);
      this.host.announce('refused', f);
      return;
    }
    if (f.index < 0) {
      this.host.refuse();
      return;
    }
    if (rules.piles[f.pile]!.role === 'stock' || this.host.tapToMove()) {
      this.host.tap(f.pile, f.index);
      return;
    }
    if (dropTargets(rules, this.host.state(), f.pile, f.index).size === 0) {
      this.host.refuse(f.pile, f.index);
      this.host.announce('refused', f);
      return;
    }
    this.picked = f;
    this.host.announce('picked', f);
  }
}
