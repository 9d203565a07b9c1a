/** The Pixi scene: the WebGL application, the felt with pile outlines and labels, the card layer and highlights. */
import { gsap } from 'gsap';
// Static shader polyfills instead of new Function: the page's CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, type Sprite, Text, UPDATE_PRIORITY } from 'pixi.js';
import { buildCardTextures, type CardArtOptions, type CardTextures } from './cardArt.ts';
import { cardZ, type Rect, type TableLayout } from './layout.ts';

/** Frames in a row with nothing to draw before the loop sleeps. */
const QUIET_FRAMES = 3;

/** The Pixi side of the table. */
export class Scene {
  /** The Pixi application. */
  readonly app: Application;
  /** The felt's shading: a dark fade along each edge of the table, under everything else. */
  readonly vignette = new Graphics();
  /** Pile outlines and labels. */
  readonly felt = new Container();
  /** Legal-target highlights while dragging. */
  readonly marks = new Graphics();
  /** Card sprites, sorted by zIndex. */
  readonly cards = new Container();
  /** The stock's card count: in the card layer, just above the stock's cards (cards in flight or dragged pass over it). */
  readonly badges = new Container();
  /** The hint arrow, above the cards. */
  readonly arrows = new Graphics();
  /** The keyboard focus ring and the picked-up card's outline. */
  readonly focus = new Graphics();
  private arrowTween: gsap.core.Tween | null = null;
  /** The current card textures. */
  textures: CardTextures;
  private art: CardArtOptions = { fourColour: false, back: 'blue' };
  private texWidth = 0;
  private feltKey = '';
  /** Bumped whenever the felt, the highlights, the arrow or the focus ring are drawn again. */
  private drawn = 0;
  private lastFrame = Number.NaN;
  /** Whether the frame loop runs (it sleeps while nothing on the table changes or animates). */
  private awake = true;
  /** Frames in a row with nothing to draw and no tween alive. */
  private quiet = 0;
  /** GSAP's time, in ms: it runs only while the loop is awake, so a tween made during a sleep starts when it is first drawn. */
  private clock: number;
  private lastTick: number | null = null;
  /** Frames drawn so far. */
  private drawnFrames = 0;
  /** Lifted (dragged) card sprites. */
  private readonly lifted = new Set<Sprite>();
  /** Their shadows, in the card layer just below them. */
  private readonly shadow = new Graphics();

  private constructor(app: Application) {
    this.app = app;
    this.cards.sortableChildren = true;
    // The felt (outlines and labels) is drawn as it is, not cached into a texture: a texture the size
    // of the table is a full-screen blend every frame, which cost a third of the deal's frames on
    // software WebGL (bench:render, 4 deals: 60 frames cached, 95 uncached, same main-thread time).
    app.stage.addChild(this.vignette, this.felt, this.marks, this.cards, this.focus, this.arrows);
    this.cards.addChild(this.badges, this.shadow);
    // One frame loop, Pixi's ticker, and only while something happens. A frame is drawn only when
    // something on the table changed since the last one, and after a few frames with nothing to draw
    // and no tween alive the loop stops until it is woken (see wake). A still table costs no frames:
    // on a phone that is battery, and here it was half the main thread of an idle page.
    app.ticker.remove(app.render, app);
    // GSAP steps on that loop, just before the frame is drawn (a frame always shows its own tween
    // values). GSAP's own loop is only its alarm: a new tween wakes it, and it wakes the table.
    gsap.ticker.remove(gsap.updateRoot);
    gsap.ticker.add(() => {
      this.wake();
      gsap.ticker.sleep();
    });
    this.clock = gsap.ticker.time * 1000;
    app.ticker.add(
      (t) => {
        // Long frames count as at most half a second, as GSAP's own lag smoothing would have it.
        const dt = this.lastTick === null ? 0 : Math.min(500, Math.max(0, t.lastTime - this.lastTick));
        this.lastTick = t.lastTime;
        this.clock += dt;
        gsap.updateRoot(this.clock / 1000);
      },
      this,
      UPDATE_PRIORITY.HIGH,
    );
    app.ticker.add(() => this.frame(), this, UPDATE_PRIORITY.LOW);
    // Changes that come with no tween: a drag, a new size, a restored WebGL context (and a key:
    // the page's key listener wakes the loop first).
    const wake = (): void => this.wake();
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) app.canvas.addEventListener(type, wake, { passive: true });
    app.canvas.addEventListener('webglcontextrestored', () => this.touch());
    addEventListener('resize', wake);
    this.textures = buildCardTextures(60, app.renderer.resolution, this.art);
    this.texWidth = 60;
  }

  /** Creates the WebGL application inside `host`, sized to it. */
  static async create(host: HTMLElement): Promise<Scene> {
    const app = new Application();
    await app.init({
      preference: 'webgl',
      resolution: Math.min(3, window.devicePixelRatio || 1),
      autoDensity: true,
      antialias: true,
      resizeTo: host,
      background: 0x1f6b3a,
      // Input listens to the canvas's own pointer events (src/input/), so Pixi's federated events
      // would only hit-test the scene for nothing on every frame.
      eventMode: 'none',
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    });
    app.canvas.style.touchAction = 'none';
    app.canvas.style.display = 'block';
    host.append(app.canvas);
    return new Scene(app);
  }

  /** A cheap fingerprint of everything drawn: sprite placement and textures, layer versions, screen size. */
  private fingerprint(): number {
    const { width, height } = this.app.screen;
    let h = this.drawn * 7919 + width * 31 + height * 17 + this.app.renderer.resolution;
    const kids = this.cards.children;
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i] as Sprite;
      h = (h * 1.000003 + c.x * 3.1 + c.y * 5.3 + c.zIndex * 0.7 + c.alpha * 101 + c.scale.x * 211 + c.rotation * 307 + (c.texture?.uid ?? 0) * 13 + (c.visible ? 1 : 0)) % 1e12;
    }
    return h + kids.length * 1e12;
  }

  /** One frame of the loop: draws when something changed; goes to sleep once all is still. */
  private frame(): void {
    // Shadows follow their lifted cards, down and to the right: two soft layers each.
    if (this.lifted.size) {
      const g = this.shadow.clear();
      const o = this.texWidth * 0.08;
      for (const s of this.lifted) {
        const { width: w, height: h } = s;
        for (const k of [0, 3]) g.roundRect(s.x - w / 2 + o - k, s.y - h / 2 + o * 1.5 - k, w + 2 * k, h + 2 * k, w * 0.07 + k).fill({ color: 0, alpha: 0.18 });
      }
    }
    const f = this.fingerprint();
    if (f !== this.lastFrame) {
      this.lastFrame = f;
      this.quiet = 0;
      this.drawnFrames++;
      this.app.render();
      return;
    }
    if (++this.quiet < QUIET_FRAMES || gsap.globalTimeline.getChildren(false, true, true).length > 0) return;
    this.awake = false;
    this.lastTick = null;
    this.app.ticker.stop();
  }

  /** Starts the frame loop again (every change to the table calls this; a no-op while it runs). */
  wake(): void {
    this.quiet = 0;
    if (this.awake) return;
    this.awake = true;
    this.app.ticker.start();
  }

  /** The frame loop: whether it runs, and the frames drawn so far. */
  get loop(): { awake: boolean; drawn: number } {
    return { awake: this.awake, drawn: this.drawnFrames };
  }

  /** True when the loop sleeps although the table changed since its last frame: a change that did not wake it (for check()). */
  get stale(): boolean {
    return !this.awake && this.fingerprint() !== this.lastFrame;
  }

  /** Marks the table as changed so the next frame is drawn (for changes the fingerprint cannot see). */
  touch(): void {
    this.drawn++;
    this.wake();
  }

  /** Lifts card sprite `s` (a shadow under it, just below it in the card layer) or lowers it again. */
  lift(s: Sprite, on: boolean): void {
    if (on) this.lifted.add(s);
    else this.lifted.delete(s);
    this.shadow.clear();
    this.shadow.zIndex = this.lifted.size ? Math.min(...[...this.lifted].map((c) => c.zIndex)) - 0.5 : 0;
    this.touch();
  }

  /** True when `c` is the scene's own in the card layer (the lifted cards' shadow, the stock badge), not a card. */
  owns(c: Container): boolean {
    return c === this.badges || c === this.shadow;
  }

  /** 'webgl' or 'webgpu': what actually draws. */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  private badgeKey = '';

  /** Shows the number of cards left on each face-down pile (the stock) in a badge at its corner; none when empty. */
  private drawBadges(layout: TableLayout): void {
    const stocks = layout.piles.filter((p) => p.faceDown && p.cards.length > 0);
    const first = layout.piles.findIndex((p) => p.faceDown);
    // Above every card of the stock's pile (cardZ gives each pile 200 depths).
    this.badges.zIndex = cardZ(layout, Math.max(0, first), 199);
    const key = JSON.stringify(stocks.map((p) => [p.base.x, p.base.y, p.cards.length, layout.cardWidth]));
    if (key === this.badgeKey) return;
    this.badgeKey = key;
    this.badges.removeChildren().forEach((c) => {
      c.destroy();
    });
    const size = Math.max(11, Math.round(layout.cardWidth * 0.17));
    for (const p of stocks) {
      const top = p.cards[p.cards.length - 1]!;
      const t = new Text({ text: String(p.cards.length), style: { fill: 0xffffff, fontSize: size, fontFamily: 'system-ui, sans-serif', fontWeight: 'bold' } });
      const h = Math.round(size * 1.45);
      const w = Math.max(h, Math.ceil(t.width + size * 0.8));
      // A pill over the stock's lower right corner, inside the card.
      const x = top.x + layout.cardWidth - w - 3;
      const y = top.y + layout.cardHeight - h - 3;
      const pill = new Graphics().roundRect(x, y, w, h, h / 2).fill({ color: 0x10321d, alpha: 0.88 }).stroke({ width: 1.5, color: 0xffffff, alpha: 0.75 });
      t.anchor.set(0.5);
      t.position.set(x + w / 2, y + h / 2);
      this.badges.addChild(pill, t);
    }
    this.touch();
  }

  /**
   * Shades the felt's edges: six thin frames, darker towards the edge, side by side so each pixel is
   * blended once, and only along the edges (a full-screen blend cost a third of the deal's frames on
   * software WebGL).
   */
  private drawVignette(): void {
    const { width, height } = this.app.screen;
    const d = Math.min(width, height) * 0.012;
    const g = this.vignette.clear();
    for (let k = 0; k < 6; k++) g.rect(d * (k + 0.5), d * (k + 0.5), width - d * (2 * k + 1), height - d * (2 * k + 1)).stroke({ width: d, color: 0, alpha: 0.035 * (6 - k) });
  }

  /** Draws outlines and labels for `layout`; rebuilds textures when the card width changed. Returns true when textures changed. */
  setLayout(layout: TableLayout): boolean {
    this.drawVignette();
    this.drawBadges(layout);
    const key = JSON.stringify([layout.piles.map((p) => [p.base, p.mark]), layout.labels]);
    if (key === this.feltKey && Math.round(layout.cardWidth) === this.texWidth) return false;
    this.feltKey = key;
    this.felt.removeChildren().forEach((c) => {
      c.destroy();
    });
    const g = new Graphics();
    const r = Math.max(3, layout.cardWidth * 0.08);
    for (const p of layout.piles) {
      g.roundRect(p.base.x + 1, p.base.y + 1, p.base.width - 2, p.base.height - 2, r).stroke({ width: 2, color: 0xffffff, alpha: 0.35 });
    }
    this.felt.addChild(g);
    const font = 'system-ui, sans-serif';
    for (const l of layout.labels) {
      const t = new Text({ text: l.text, style: { fill: 0xffffff, fontSize: l.size, fontFamily: font, fontWeight: 'bold' } });
      if (l.centre) t.anchor.set(0.5, 0);
      t.position.set(l.centre ? l.x : l.x + 2, l.y);
      t.alpha = 0.9;
      this.felt.addChild(t);
    }
    // An empty foundation shows faintly the rank it starts from.
    for (const p of layout.piles) {
      if (!p.mark) continue;
      const t = new Text({ text: p.mark, style: { fill: 0xffffff, fontSize: Math.round(p.base.width * 0.5), fontFamily: font, fontWeight: 'bold' } });
      t.anchor.set(0.5);
      t.position.set(p.base.x + p.base.width / 2, p.base.y + p.base.height / 2);
      t.alpha = 0.22;
      this.felt.addChild(t);
    }
    this.touch();
    if (Math.round(layout.cardWidth) === this.texWidth) return false;
    const old = this.textures;
    this.texWidth = Math.round(layout.cardWidth);
    this.textures = buildCardTextures(this.texWidth, this.app.renderer.resolution, this.art);
    old.destroy();
    return true;
  }

  /** The card art options in use. */
  get artOptions(): CardArtOptions {
    return { ...this.art };
  }

  /** Redraws the card textures with other art options (back design, four colours); true when they changed. */
  setArt(art: CardArtOptions): boolean {
    if (art.back === this.art.back && art.fourColour === this.art.fourColour) return false;
    this.art = { ...art };
    this.touch();
    const old = this.textures;
    this.textures = buildCardTextures(this.texWidth, this.app.renderer.resolution, this.art);
    old.destroy();
    return true;
  }

  /**
   * Draws an arrow from `a` to `b` that runs out from `a` (instantly when `animate` is false);
   * `dashed` marks a move that is not proven. Calls `drawn` once it is complete.
   */
  showArrow(a: { x: number; y: number }, b: { x: number; y: number }, dashed: boolean, animate: boolean, drawn: () => void): void {
    this.clearArrow();
    const colour = dashed ? 0xffb347 : 0x4dd2ff;
    const progress = { t: animate ? 0 : 1 };
    const draw = (): void => {
      const g = this.arrows;
      g.clear();
      this.touch();
      const t = progress.t;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const len = Math.hypot(b.x - a.x, b.y - a.y) * t;
      if (len < 1) return;
      const ux = (x - a.x) / len;
      const uy = (y - a.y) / len;
      const head = 22;
      const bx = x - ux * head;
      const by = y - uy * head;
      if (dashed) {
        for (let d = 0; d < len - head; d += 18) {
          const e = Math.min(d + 10, len - head);
          g.moveTo(a.x + ux * d, a.y + uy * d).lineTo(a.x + ux * e, a.y + uy * e);
        }
      } else g.moveTo(a.x, a.y).lineTo(bx, by);
      g.stroke({ width: 7, color: colour, alpha: 0.95, cap: 'round' });
      g.poly([x, y, bx - uy * 13, by + ux * 13, bx + uy * 13, by - ux * 13]).fill({ color: colour, alpha: 0.95 });
      g.circle(a.x, a.y, 9).fill({ color: colour, alpha: 0.95 });
    };
    if (!animate) {
      draw();
      drawn();
      return;
    }
    this.arrowTween = gsap.to(progress, { t: 1, duration: 0.35, ease: 'power2.out', onUpdate: draw, onComplete: drawn, onInterrupt: drawn });
  }

  /** Draws the keyboard focus ring around `focus` (null hides it) and an outline around each of `picked`. */
  focusRing(focus: Rect | null, picked: readonly Rect[]): void {
    const g = this.focus;
    g.clear();
    this.touch();
    for (const r of picked) g.roundRect(r.x - 4, r.y - 4, r.width + 8, r.height + 8, 9).stroke({ width: 4, color: 0x7dff9a, alpha: 1 });
    if (focus) {
      g.roundRect(focus.x - 6, focus.y - 6, focus.width + 12, focus.height + 12, 11).stroke({ width: 5, color: 0x000000, alpha: 0.55 });
      g.roundRect(focus.x - 6, focus.y - 6, focus.width + 12, focus.height + 12, 11).stroke({ width: 3, color: 0xffffff, alpha: 1 });
    }
  }

  /** Removes the hint arrow. */
  clearArrow(): void {
    this.arrowTween?.kill();
    this.arrowTween = null;
    this.arrows.clear();
    this.touch();
  }

  /** Lights up `rects` (legal drop targets); an empty list clears. */
  highlight(rects: readonly Rect[]): void {
    this.marks.clear();
    this.touch();
    for (const r of rects) {
      this.marks.roundRect(r.x - 3, r.y - 3, r.width + 6, r.height + 6, 8).stroke({ width: 4, color: 0xffe14d, alpha: 0.95 });
    }
  }
}
