/**
 * The frame around the table: the bars (the toolbar, the status strip) and the dock under the
 * table (the solver's timeline, the analysis). It says how much of the screen they take, and lays
 * the table out again when that, or the screen, really changes.
 */
import type { Scene } from '../../render/scene.ts';
import type { Ui } from './ui.ts';

/** The frame. */
export class Frame {
  /** The dock under the table for the solver's timeline and the analysis. */
  readonly dock: HTMLElement;
  /** The table's area at the last layout. */
  private shape = '';
  /** The screen's orientation at the last layout (a rotation cancels a drag; nothing else does). */
  private portrait = innerHeight >= innerWidth;
  /** Watches the bars and the dock. */
  private readonly observer = new ResizeObserver(() => this.relayout());

  /** A frame in `root` around `scene`; `ui` gives the bars now (they are rebuilt for a new language), `table` the table. */
  constructor(
    root: HTMLElement,
    private readonly scene: Scene,
    private readonly ui: () => Ui,
    private readonly table: () => { resize(rotated: boolean): void } | null,
  ) {
    this.dock = document.createElement('div');
    this.dock.id = 'dock';
    root.append(this.dock);
    addEventListener('resize', () => this.relayout());
  }

  /** Watches the bars (again, after they are rebuilt) and the dock. */
  watch(): void {
    this.observer.disconnect();
    this.observer.observe(this.ui().bar);
    this.observer.observe(this.dock);
  }

  /** Takes the table's area as it is now (the first layout). */
  start(): void {
    this.shape = this.shapeNow();
  }

  /** CSS px kept off the table: the frame's bars, and the dock under the table when it holds something. */
  insets(): { top: number; bottom: number } {
    const bars = this.ui().insets();
    const dock = this.dock.childElementCount ? this.dock.getBoundingClientRect() : null;
    const bottom = dock && dock.height > 0 ? Math.max(bars.bottom, Math.round(innerHeight - dock.top)) : bars.bottom;
    return { top: bars.top, bottom };
  }

  private shapeNow(): string {
    const { top, bottom } = this.insets();
    return `${this.scene.app.screen.width}x${this.scene.app.screen.height}/${top}/${bottom}`;
  }

  /** Lays the table out again if its area changed. */
  relayout(): void {
    this.scene.app.resize();
    // Only a real change of the table's area lays it out again (that finishes running animations).
    const now = this.shapeNow();
    if (now === this.shape) return;
    this.shape = now;
    // A relayout waits for a drag to end; a rotation is the one exception (the card goes back).
    const portrait = innerHeight >= innerWidth;
    const rotated = portrait !== this.portrait;
    this.portrait = portrait;
    this.table()?.resize(rotated);
  }
}
