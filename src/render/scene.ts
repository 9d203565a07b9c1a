/** The Pixi scene: the WebGL application, the felt with pile outlines and labels, the card layer and highlights. */
import { Application, Container, Graphics, Text } from 'pixi.js';
import { buildCardTextures, type CardArtOptions, type CardTextures } from './cardArt.ts';
import type { Rect, TableLayout } from './layout.ts';

/** The Pixi side of the table. */
export class Scene {
  /** The Pixi application. */
  readonly app: Application;
  /** Pile outlines and labels. */
  readonly felt = new Container();
  /** Legal-target highlights while dragging. */
  readonly marks = new Graphics();
  /** Card sprites, sorted by zIndex. */
  readonly cards = new Container();
  /** The current card textures. */
  textures: CardTextures;
  private art: CardArtOptions = { fourColour: false, back: 'blue' };
  private texWidth = 0;
  private feltKey = '';

  private constructor(app: Application) {
    this.app = app;
    this.cards.sortableChildren = true;
    // Strokes and text are slow to draw every frame on software WebGL: draw the felt once into a texture.
    this.felt.cacheAsTexture({ antialias: true });
    app.stage.addChild(this.felt, this.marks, this.cards);
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
    });
    app.canvas.style.touchAction = 'none';
    app.canvas.style.display = 'block';
    host.append(app.canvas);
    return new Scene(app);
  }

  /** 'webgl' or 'webgpu': what actually draws. */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  /** Draws outlines and labels for `layout`; rebuilds textures when the card width changed. Returns true when textures changed. */
  setLayout(layout: TableLayout): boolean {
    const key = JSON.stringify([layout.piles.map((p) => p.base), layout.labels]);
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
    for (const l of layout.labels) {
      const t = new Text({ text: l.text, style: { fill: 0xffffff, fontSize: l.size, fontFamily: 'system-ui, sans-serif', fontWeight: 'bold' } });
      t.position.set(l.x + 2, l.y);
      t.alpha = 0.9;
      this.felt.addChild(t);
    }
    this.felt.updateCacheTexture();
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
    const old = this.textures;
    this.textures = buildCardTextures(this.texWidth, this.app.renderer.resolution, this.art);
    old.destroy();
    return true;
  }

  /** Lights up `rects` (legal drop targets); an empty list clears. */
  highlight(rects: readonly Rect[]): void {
    this.marks.clear();
    for (const r of rects) {
      this.marks.roundRect(r.x - 3, r.y - 3, r.width + 6, r.height + 6, 8).stroke({ width: 4, color: 0xffe14d, alpha: 0.95 });
    }
  }
}
