/** The `window.solitaire` page hook of notation.md, for tests and scripts. */
import { formatPosition, type MoveJson, type Position } from '../engine/notation.ts';
import type { Rect } from '../render/layout.ts';
import type { Strings } from './page/strings.ts';
import type { Table } from './table/table.ts';
import { until } from './page/until.ts';

/** The hook's members. */
export interface SolitaireHook {
  /** The current position in the notation. */
  position(): Position;
  /** Game, deal number, moves made and whether won. */
  info(): { game: string; deal: number; moves: number; won: boolean };
  /** A card's rectangle in viewport CSS px (negative index counts from the top). */
  cardRect(pileId: string, index: number): Rect;
  /** A pile's drop area in viewport CSS px. */
  pileRect(pileId: string): Rect;
  /** Resolves once no animation runs and no automatic move is pending. */
  idle(): Promise<void>;
  /** Sprites not where the position says they belong ([] when all is well). */
  check(): string[];
  /** The hint the Hint button would show: the next move of a winning line when result is won. */
  hint(): Promise<{ result: 'won' | 'lost' | 'unknown'; move: MoveJson | null }>;
  /** Extra: the renderer that draws ('webgl'). */
  renderer(): string;
  /** Extra: the frame loop, which sleeps while the table is still: whether it runs, and frames drawn so far. */
  frames(): { awake: boolean; drawn: number };
  /** Extra: the keyboard focus (pile id and card index, -1 for an empty pile), or null when the ring is hidden. */
  focus(): { pile: string; index: number } | null;
}

declare global {
  interface Window {
    solitaire: SolitaireHook;
  }
}

/** Installs `window.solitaire` over whatever table `current` returns. */
export function installHook(
  current: () => Table | null,
  canvas: () => HTMLCanvasElement | null,
  renderer: () => string,
  frames: () => { awake: boolean; drawn: number },
  still: () => boolean,
  hint: () => Promise<{ result: 'won' | 'lost' | 'unknown'; move: MoveJson | null }>,
  strings: () => Strings,
): void {
  const table = (): Table => {
    const t = current();
    if (!t) throw new Error(strings().t('hookNoGame'));
    return t;
  };
  const offset = (r: Rect): Rect => {
    const b = canvas()?.getBoundingClientRect();
    return { x: r.x + (b?.left ?? 0), y: r.y + (b?.top ?? 0), width: r.width, height: r.height };
  };
  const pileOf = (t: Table, id: string): number => {
    const p = t.rules.piles.findIndex((q) => q.id === id);
    if (p < 0) throw new Error(strings().t('hookUnknownPile', { pile: JSON.stringify(id), game: t.rules.id }));
    return p;
  };
  window.solitaire = {
    position: () => {
      const t = table();
      return formatPosition(t.rules, t.session.view);
    },
    info: () => {
      const t = table();
      return { game: t.rules.id, deal: t.session.deal, moves: t.session.moveCount, won: t.session.won };
    },
    cardRect: (pileId, index) => {
      const t = table();
      const p = pileOf(t, pileId);
      const layout = t.layoutFor(t.session.view);
      const cards = layout.piles[p]!.cards;
      const i = index < 0 ? cards.length + index : index;
      const at = cards[i];
      if (!at) throw new Error(strings().t('hookNoCard', { pile: pileId, index, count: cards.length }));
      return offset({ x: at.x, y: at.y, width: layout.cardWidth, height: layout.cardHeight });
    },
    pileRect: (pileId) => {
      const t = table();
      return offset(t.layoutFor(t.session.view).piles[pileOf(t, pileId)]!.rect);
    },
    idle: () => until(still),
    check: () => table().check(),
    focus: () => {
      const t = table();
      const f = t.keys.focused;
      return f ? { pile: t.rules.piles[f.pile]!.id, index: f.index } : null;
    },
    hint,
    renderer,
    frames,
  };
}
