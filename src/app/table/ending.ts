/**
 * The game's end at the table: once the table is still, a win brings its dialog and a loss (no
 * legal move, or the game's own dead end) its banner, once for each loss; an undo out of a loss
 * takes the banner away.
 */
import type { Session } from './session.ts';
import type { Table } from './table.ts';

/** What the ending tells the page. */
export interface EndingHost {
  /** The game is won (the celebration is over). */
  won(table: Table): void;
  /** The game is lost: no legal move (`stuck`) or an established dead end (`dead`). */
  lost(table: Table, reason: 'stuck' | 'dead'): void;
  /** The position is no longer lost (an undo): the loss's banner goes. */
  recovered(): void;
}

/** Watches one table after another for the game's end. */
export class Ending {
  /** The session version whose end was last shown. */
  private shown = -1;
  /** True while the current position's loss has been shown (a banner once for each loss). */
  private lossShown = false;
  private cache: { session: Session | null; version: number; stuck: boolean; dead: boolean } = { session: null, version: -1, stuck: false, dead: false };

  /** Reports to `host`. */
  constructor(private readonly host: EndingHost) {}

  /** A new table. */
  reset(): void {
    this.shown = -1;
    this.lossShown = false;
  }

  /** Once the table is still: the game's end, if it has come. */
  settled(table: Table): void {
    if (!table.idle) return;
    const s = table.session;
    if (this.shown === s.version) return;
    const v = this.verdict(s);
    if (s.won) {
      this.shown = s.version;
      this.host.won(table);
    } else if (v.stuck || v.dead) {
      this.shown = s.version;
      // Once for each loss: further moves in a lost position do not bring the banner back.
      if (this.lossShown) return;
      this.lossShown = true;
      this.host.lost(table, v.stuck ? 'stuck' : 'dead');
    } else if (this.lossShown) {
      // Out of the loss again (an undo): its banner goes, and the next loss shows one.
      this.lossShown = false;
      this.host.recovered();
    }
  }

  /** Whether the position of `s` is stuck or an established dead end, computed once per position. */
  verdict(s: Session): { stuck: boolean; dead: boolean } {
    const c = this.cache;
    if (c.session !== s || c.version !== s.version) {
      const stuck = s.stuck;
      this.cache = { session: s, version: s.version, stuck, dead: !stuck && s.dead };
    }
    return this.cache;
  }
}
