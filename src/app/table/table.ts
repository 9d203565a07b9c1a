/**
 * The table controller: wires a Session to the scene, the animator, the input and the sounds.
 * Input → engine move (session) → new position → animator tweens. Automatic moves follow a player's
 * move as separate animated steps; any new input first finishes whatever is still running.
 */
import { anatomy, isHome } from '../../engine/anatomy.ts';
import { cloneState, DEAL, DISCARD, moveType, type State } from '../../engine/rules.ts';
import { KeyboardInput, type KeyHost, type Spot } from '../../input/keyboard.ts';
import { type InputHost, type Movable, PointerInput } from '../../input/pointer.ts';
import type { Keys } from '../../input/keys.ts';
import { Animator, type Speed } from '../../render/animator.ts';
import { type LayoutOptions, layoutTable, type Rect, type TableLayout } from '../../render/layout.ts';
import type { Scene } from '../../render/scene.ts';
import type { Session } from './session.ts';
import type { Cue } from '../../audio/sounds.ts';
import type { CardArtOptions } from '../../render/cardArt.ts';
import { until } from '../page/until.ts';

/** Something that plays sound cues. */
export interface CuePlayer {
  /** Plays a cue (never throws). */
  play(cue: Cue): void;
}

/** Table options. */
export interface TableOptions {
  /** Animation speed. */
  speed: Speed;
  /** Mirror the table. */
  leftHanded: boolean;
  /** CSS px taken at the top (the toolbar or the status strip) and the bottom (a phone's toolbar, the dock), read once per layout. */
  insets: () => { top: number; bottom: number };
  /** Called after every change (for the status line). */
  onChange: () => void;
  /** Words drawn on the felt, in the player's language. */
  words?: LayoutOptions['words'];
  /** Called once the table is still after a move, an undo or a redo (for the game's end). */
  onSettled?: () => void;
  /** True when a tap or click may move a card (dealing from the stock always may). */
  tapToMove?: () => boolean;
  /**
   * When set, the next automatic move after a player's move comes from here (it may ask the
   * solver) instead of the session's own rule; null ends the chain.
   */
  autoSource?: () => Promise<number | null> | null;
  /** The page's one key listener, which the table's keyboard play and drag cancel join. */
  keys: Keys;
  /** Tells screen readers about keyboard focus and picking up. */
  announceKey?: (what: 'focus' | 'picked' | 'refused' | 'dropped', spot: Spot | null) => void;
}


/** A game on the screen. */
export class Table implements InputHost, KeyHost {
  /** The game being played. */
  readonly session: Session;
  /** The animator. */
  readonly animator: Animator;
  private readonly scene: Scene;
  private readonly sounds: CuePlayer;
  private readonly opts: TableOptions;
  private readonly input: PointerInput;
  /** Keyboard play. */
  readonly keys: KeyboardInput;
  private readonly hideKeys = (): void => this.keys.hide();
  private current: TableLayout;
  private autoPending = false;
  private dealing = false;
  private token = 0;
  private celebrated = false;
  /** A relayout that waits for the drag in progress to end (a drag is never cancelled by one). */
  private resizePending = false;
  private readonly unsubscribe: () => void;

  /** Puts `session` on `scene` and deals it. */
  constructor(scene: Scene, session: Session, sounds: CuePlayer, opts: TableOptions) {
    this.scene = scene;
    this.session = session;
    this.sounds = sounds;
    this.opts = opts;
    this.animator = new Animator(scene, session.rules.piles);
    this.animator.speed = opts.speed;
    this.current = this.layoutFor(session.view);
    this.applyFelt(this.current);
    this.input = new PointerInput(scene.app.canvas, this, opts.keys);
    this.keys = new KeyboardInput(this, opts.keys);
    scene.app.canvas.addEventListener('pointerdown', this.hideKeys);
    this.unsubscribe = session.on(() => {
      this.scene.clearArrow();
      opts.onChange();
    });
    this.dealing = true;
    this.sounds.play('deal');
    requestAnimationFrame(() => performance.mark('solitaire:first-dealt-frame'));
    void this.animator.dealIn(session.view, this.current).then(() => {
      this.dealing = false;
      opts.onChange();
      this.openingAutos();
    });
  }

  /** Stops input, listeners and animations (the scene stays, for the next table). */
  destroy(): void {
    this.token++;
    this.input.destroy();
    this.keys.destroy();
    this.scene.app.canvas.removeEventListener('pointerdown', this.hideKeys);
    this.unsubscribe();
    this.scene.clearArrow();
    // Only the tweens end here: the next table places every sprite again at once.
    this.animator.endTweens();
  }

  /** The game's rules. */
  get rules(): Session['rules'] {
    return this.session.rules;
  }

  /** The current engine state (not to be mutated). */
  state(): State {
    return this.session.view;
  }

  /** The layout of the current state. */
  layout(): TableLayout {
    return this.current;
  }

  /** The layout `state` gets on this screen. */
  layoutFor(state: State): TableLayout {
    const { width, height } = this.scene.app.screen;
    const { top, bottom } = this.opts.insets();
    return layoutTable(this.session.rules.id, this.session.rules.piles, state.piles, width, height, { leftHanded: this.opts.leftHanded, top, bottom, ...(this.opts.words ? { words: this.opts.words } : {}) });
  }

  private applyFelt(layout: TableLayout): void {
    if (this.scene.setLayout(layout)) this.animator.retexture(layout);
  }

  /** True when no animation runs and no automatic move is pending. */
  get idle(): boolean {
    return !this.dealing && !this.autoPending && !this.animator.busy && !this.input.dragging;
  }

  /** Resolves once the table is idle (animations done, no automatic move pending). */
  settledPromise(): Promise<void> {
    return until(() => this.idle);
  }

  /** Sets the animation speed. */
  setSpeed(speed: Speed): void {
    this.opts.speed = speed;
    this.animator.speed = speed;
  }

  /** Sets left-handed mirroring and lays the table out again. */
  setLeftHanded(on: boolean): void {
    this.opts.leftHanded = on;
    this.resize();
  }

  /** Sets the words on the felt and lays the table out again. */
  setWords(words: LayoutOptions['words']): void {
    this.opts.words = words;
    this.resize();
  }

  /**
   * Lays the table out again for the current screen size. During a drag it waits until the drag
   * ends (the card stays under the finger), unless `cancelDrag` (a rotation): then the dragged
   * cards go back to their pile first.
   */
  resize(cancelDrag = false): void {
    if (this.input.dragging && !cancelDrag) {
      this.resizePending = true;
      return;
    }
    this.resizePending = false;
    this.input.cancel();
    this.flush();
    this.current = this.layoutFor(this.session.view);
    this.applyFelt(this.current);
    this.animator.relayout(this.current);
    this.keys.redraw();
  }

  private animateTo(after: State): Promise<void> {
    const layout = this.layoutFor(after);
    this.applyFelt(layout);
    this.current = layout;
    this.keys.redraw();
    return this.animator.transition(after, layout);
  }

  /** A tap on a card: its best target (keyboard Enter with tap to move on). */
  tap(pile: number, index: number): void {
    this.input.tap(pile, index);
  }

  /** Draws the keyboard focus ring. */
  ring(focus: Rect | null, picked: readonly Rect[]): void {
    this.scene.focusRing(focus, picked);
  }

  /** Tells screen readers about keyboard focus. */
  announce(what: 'focus' | 'picked' | 'refused' | 'dropped', spot: Spot | null): void {
    this.opts.announceKey?.(what, spot);
  }

  /** Finishes animations and pending automatic moves at once. */
  flush(): void {
    this.token++;
    this.dealing = false;
    this.animator.finish();
    if (this.autoPending) {
      let c = this.session.playAuto();
      while (c) {
        this.cue(c.move);
        c = this.session.playAuto();
      }
      this.autoPending = false;
      const speed = this.animator.speed;
      this.animator.speed = 'off';
      void this.animateTo(this.session.view);
      this.animator.speed = speed;
      this.afterSettled();
    }
  }

  private cue(m: number | undefined): void {
    if (m === undefined) return;
    const t = moveType(m);
    this.sounds.play(t === DEAL ? 'deal' : t === DISCARD ? 'discard' : 'place');
  }

  /**
   * Safe auto-collect after the opening deal of a fresh game (an ace dealt on top goes home): the
   * moves form the game's opening step, which undo does not take back.
   */
  private openingAutos(): void {
    const s = this.session;
    if (s.stepCount > 0 || s.autoMode === 'off') return;
    const token = ++this.token;
    this.autoPending = true;
    void this.chain(Promise.resolve(), token, true);
  }

  /** Plays a player's move with its animation and the automatic moves after it. */
  play(m: number): boolean {
    const c = this.session.play(m);
    if (!c) return false;
    // The layout a drag waited for comes with this move's animation (it lays out the screen as it is now).
    this.resizePending = false;
    this.cue(m);
    const token = ++this.token;
    this.autoPending = true;
    void this.chain(this.animateTo(c.after), token);
    return true;
  }

  private async chain(first: Promise<void>, token: number, opening = false): Promise<void> {
    await first;
    while (token === this.token) {
      let c: ReturnType<Session['playAuto']>;
      // The opening's first automatic move starts the opening step; the rest join it.
      const auto = (m?: number): ReturnType<Session['playAuto']> => (opening && this.session.stepCount === 0 ? this.session.playOpening(m) : this.session.playAuto(m));
      const source = this.opts.autoSource?.() ?? null;
      if (source) {
        const m = await source;
        if (token !== this.token) return;
        c = m === null ? null : auto(m);
      } else c = auto();
      if (!c) break;
      this.cue(c.move);
      await this.animateTo(c.after);
    }
    if (token !== this.token) return;
    this.autoPending = false;
    this.afterSettled();
  }

  private afterSettled(): void {
    if (this.session.won && !this.celebrated) {
      this.celebrated = true;
      this.sounds.play('win');
      // The celebration keeps the table busy: the game's end (the win dialog) comes once it is over.
      const token = this.token;
      void this.animator.celebrate((p) => isHome(this.rules, p)).then(() => {
        if (token !== this.token || !this.session.won) return;
        this.opts.onChange();
        this.opts.onSettled?.();
      });
    }
    this.opts.onChange();
    this.opts.onSettled?.();
  }

  /** True when taps may move cards. */
  tapToMove(): boolean {
    return this.opts.tapToMove?.() ?? true;
  }

  /** Redraws the cards with other art options. */
  setArt(art: CardArtOptions): void {
    if (this.scene.setArt(art)) this.animator.retexture(this.current);
  }

  /** Takes back the last step (the player's move and its automatic moves). */
  undo(): void {
    this.input.cancel();
    this.flush();
    const c = this.session.undo();
    if (c) void this.animateTo(c.after);
    this.celebrated = this.session.won;
    if (c) this.opts.onSettled?.();
  }

  /** Takes back the last `k` steps in one go (the solver's rewind). */
  undoSteps(k: number): void {
    this.input.cancel();
    this.flush();
    let n = 0;
    while (n < k && this.session.undo()) n++;
    if (!n) return;
    void this.animateTo(this.session.view);
    this.celebrated = this.session.won;
    this.opts.onSettled?.();
  }

  /** Takes back every step: the opening position again (redo can play them all back). */
  undoAll(): void {
    this.undoSteps(Number.POSITIVE_INFINITY);
  }

  /** Plays the next undone step again. */
  redo(): void {
    this.input.cancel();
    this.flush();
    const c = this.session.redo();
    if (c) void this.animateTo(c.after);
    if (c) this.opts.onSettled?.();
  }

  /** The last step played (identity token for tap cycling). */
  lastStep(): object | null {
    return this.session.lastStep;
  }

  /** The sprites of pile `p` from index `i`: `n` of them, or to the top. */
  spritesFrom(p: number, i: number, n?: number): Movable[] {
    return this.animator.spritesFrom(p, i, n);
  }

  /** Slides a refused drag back, then lays the table out if a relayout waited for the drag. */
  slideBack(p: number, i: number, n?: number): void {
    void this.animator.slideBack(p, i, n).then(() => {
      if (this.resizePending && !this.input.dragging) this.resize();
    });
  }

  /** Lights up drop targets. */
  highlight(rects: Rect[]): void {
    this.scene.highlight(rects);
  }

  /**
   * A refused action: a sound, and a short shake of the card(s) when known (seen with the sound off
   * too): `n` cards from `index`, or the card and those above it; in a row (Royal Marriage), where
   * no card lies on another, the card alone.
   */
  refuse(pile?: number, index?: number, n?: number): void {
    this.sounds.play('refuse');
    if (pile === undefined || index === undefined || index < 0) return;
    void this.animator.shake(pile, index, n ?? (this.rules.piles[pile]?.role === 'row' ? 1 : undefined));
  }

  /**
   * Points an arrow from the card(s) move `m` takes to where they land; resolves once it is drawn.
   * `proven` false draws it dashed (a move the solver could not prove).
   */
  showHint(m: number, proven: boolean): Promise<void> {
    const s = this.session.view;
    const rules = this.rules;
    const a = anatomy(rules, s, m);
    const before = this.current;
    const after = cloneState(s);
    rules.make(after, m);
    const afterLayout = this.layoutFor(after);
    const W = before.cardWidth / 2;
    const H = before.cardHeight / 2;
    // From the first card taken to where it lands (a discard: the discard pile's top, which a
    // squared pile draws at one place whatever the count).
    const taken = before.piles[a.from]?.cards ?? [];
    const from = taken[Math.min(a.first, taken.length - 1)];
    const landed = afterLayout.piles[a.to];
    const to = a.type === DISCARD ? (landed?.cards.at(-1) ?? landed?.base) : landed?.cards[a.place];
    if (!from || !to) return Promise.resolve();
    const tail = { x: from.x + W, y: from.y + H * 0.6 };
    const head = { x: to.x + W, y: to.y + H };
    return new Promise((resolve) => {
      this.scene.showArrow(tail, head, !proven, this.animator.speed !== 'off', () => {
        performance.mark('solitaire:hint-arrow');
        resolve();
      });
    });
  }

  /** Removes the hint arrow. */
  clearHint(): void {
    this.scene.clearArrow();
  }

  /** Sprites that are not where the position says ([] when all is well). */
  check(): string[] {
    const out = this.animator.check(this.session.view, this.layoutFor(this.session.view));
    // The frame loop sleeps while the table is still: a change that did not wake it stays unseen.
    if (this.scene.stale) out.push('the table changed but the frame loop sleeps: the screen shows an old frame');
    return out;
  }
}
