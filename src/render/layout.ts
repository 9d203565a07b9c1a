/**
 * Table layout: a pure function from a game, its pile sizes and the screen size to the place of every
 * pile and every card, in CSS px of the canvas. No Pixi, no DOM: tests and input use it directly.
 */
import type { GameId } from '../games/catalog.ts';
import { INDEX_STEP_X, INDEX_STEP_Y } from './cardIndex.ts';
import { ASPECT, type Ctx, column, ctx, FAN, fitWidth, labelGap, labelSize, MAX_W, MIN_W, type PileLayout, type PileRef, type Place, type Rect, row, squared, upColumn } from './shapes.ts';

export type { PileLayout, PileRef, Rect } from './shapes.ts';

/** A text label on the table (Aces and Kings' "Up" and "Down"). */
export interface Label {
  /** The words shown. */
  text: string;
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Font size in CSS px. */
  size: number;
  /** True when `x` is the text's centre rather than its left edge. */
  centre?: boolean;
}

/** The whole table. */
export interface TableLayout {
  /** Card width in CSS px. */
  cardWidth: number;
  /** Card height in CSS px. */
  cardHeight: number;
  /** One entry per pile, in the game's pile order. */
  piles: PileLayout[];
  /** Text labels. */
  labels: Label[];
}

/** Layout options. */
export interface LayoutOptions {
  /** Mirror the table for left-handed play. */
  leftHanded?: boolean;
  /** CSS px at the top of the screen taken by the toolbar. */
  top?: number;
  /** CSS px at the bottom taken by a bar (the solver's timeline). */
  bottom?: number;
  /** The words on the felt, in the player's language: Aces and Kings' foundation rows, and the waste and discard labels (none when absent). */
  words?: FeltWords;
}

/** Words drawn on the felt. */
export interface FeltWords {
  /** Aces and Kings' row of foundations building up. */
  up: string;
  /** Aces and Kings' row of foundations building down. */
  down: string;
  /** The label of the waste. */
  waste?: string;
  /** The label of the discard pile. */
  discard?: string;
}

/** The mark an empty foundation shows: the rank it starts from. */
const MARKS: Record<number, string> = { 1: 'A', 13: 'K' };
/** Aces and Kings' foundations building up from an ace, and down from a king. */
const isUp = (ref: PileRef): boolean => ref.role === 'foundation' && ref.field?.base !== 13;
const isDown = (ref: PileRef): boolean => ref.role === 'foundation' && ref.field?.base === 13;

/** What a game's layout is given: the area (left, top, width, height), the pile sizes, and the felt's labels to fill. */
export interface Area {
  x0: number;
  y0: number;
  aw: number;
  ah: number;
  /** The game's piles, in pile order. */
  piles: readonly PileRef[];
  /** The number of cards on pile `i`. */
  count(i: number): number;
  /** The most cards on one pile of `role` among piles `from` … `to` − 1. */
  longest(role: PileRef['role'], from?: number, to?: number): number;
  /** Labels the layout adds to the felt. */
  labels: Label[];
  /** The felt's words. */
  words: FeltWords;
}

/** A game's layout: the card size and where each pile goes. */
export type GameLayout = (a: Area) => [Ctx, Place];

function acesUp(aw: number, ah: number, x0: number, y0: number): [Ctx, Place] {
  const portrait = aw / ah < 0.8;
  const gr = portrait ? 0.1 : 0.15;
  if (portrait) {
    const c = ctx(fitWidth(aw, ah, 4 + 5 * gr, ASPECT * (2 + 12 * FAN) + 3 * gr), gr, x0, y0, aw, ah);
    const left = x0 + (aw - (4 * c.W + 3 * c.g)) / 2;
    const colX = (i: number): number => left + i * (c.W + c.g);
    const top = y0 + c.g;
    return [
      c,
      (ref, n) => {
        if (ref.role === 'stock') return squared(c, colX(0), top, n, true);
        if (ref.role === 'discard') return squared(c, colX(3), top, n);
        return column(c, colX(ref.index), top + c.H + labelGap(c), n, c.bottom - c.g);
      },
    ];
  }
  const c = ctx(fitWidth(aw, ah, 6 + 7 * gr, ASPECT * (1 + 12 * FAN) + 2 * gr), gr, x0, y0, aw, ah);
  const left = x0 + (aw - (6 * c.W + 5 * c.g)) / 2;
  const colX = (i: number): number => left + i * (c.W + c.g);
  const top = y0 + c.g;
  return [
    c,
    (ref, n) => {
      if (ref.role === 'stock') return squared(c, colX(0), top, n, true);
      if (ref.role === 'discard') return squared(c, colX(5), top, n);
      return column(c, colX(1 + ref.index), top, n, c.bottom - c.g);
    },
  ];
}

function australian(aw: number, ah: number, x0: number, y0: number): [Ctx, Place] {
  const gr = aw / ah < 0.8 ? 0.1 : 0.15;
  const c = ctx(fitWidth(aw, ah, 7 + 8 * gr, ASPECT * (2 + 12 * FAN) + 3 * gr), gr, x0, y0, aw, ah);
  const left = x0 + (aw - (7 * c.W + 6 * c.g)) / 2;
  const colX = (i: number): number => left + i * (c.W + c.g);
  const top = y0 + c.g;
  return [
    c,
    (ref, n) => {
      if (ref.role === 'stock') return squared(c, colX(0), top, n, true);
      if (ref.role === 'waste') return squared(c, colX(1), top, n);
      if (ref.role === 'foundation') return squared(c, colX(3 + ref.index), top, n);
      return column(c, colX(ref.index), top + c.H + labelGap(c), n, c.bottom - c.g);
    },
  ];
}

function acesAndKings(aw: number, ah: number, x0: number, y0: number, labels: Label[], words: FeltWords): [Ctx, Place] {
  const portrait = aw / ah < 0.8;
  const L = 0.3; // label band, in card widths
  if (portrait) {
    const gr = 0.1;
    // Room for the reserves' thirteen cards at a step that shows each covered card's index.
    const c = ctx(fitWidth(aw, ah, 4 + 5 * gr, 2 * L + ASPECT * (4 + 12 * INDEX_STEP_Y) + 7 * gr), gr, x0, y0, aw, ah);
    const band = Math.max(16, Math.round(L * c.W));
    const left = x0 + (aw - (4 * c.W + 3 * c.g)) / 2;
    const colX = (i: number): number => left + i * (c.W + c.g);
    const upY = y0 + band;
    const downY = upY + c.H + band;
    const tabY = downY + c.H + c.g * 2;
    const resY = tabY + c.H + c.g * 2;
    // The reserve fans stop well clear of the bottom edge (or the bar there).
    const margin = Math.max(2 * c.g, 14);
    const size = Math.max(11, Math.floor(band * 0.75));
    labels.push({ text: words.up, x: colX(0), y: upY - band, size }, { text: words.down, x: colX(0), y: downY - band, size });
    return [
      c,
      (ref, n) => {
        if (isUp(ref)) return squared(c, colX(ref.index), upY, n);
        if (isDown(ref)) return squared(c, colX(ref.index), downY, n);
        if (ref.role === 'tableau') return squared(c, colX(ref.index), tabY, n);
        if (ref.role === 'reserve') return column(c, colX(ref.index), resY, n, c.bottom - margin, INDEX_STEP_Y * c.H);
        if (ref.role === 'waste') return squared(c, colX(2), resY, n);
        return squared(c, colX(3), resY, n, true);
      },
    ];
  }
  const gr = 0.15;
  const wide = 0.35;
  const c = ctx(fitWidth(aw, ah, 7 + 2 * wide + 6 * gr, 2 * L + 3 * ASPECT + 3 * gr), gr, x0, y0, aw, ah);
  const band = Math.max(16, Math.round(L * c.W));
  const extra = Math.round(wide * c.W);
  const total = 7 * c.W + 4 * c.g + 2 * extra;
  const left = x0 + (aw - total) / 2;
  const resX = (i: number): number => left + i * (c.W + c.g);
  const midX = (i: number): number => left + 2 * c.W + c.g + extra + i * (c.W + c.g);
  const stockX = midX(3) + c.W + extra;
  const upY = y0 + band;
  const downY = upY + c.H + band;
  const tabY = downY + c.H + c.g * 2;
  const size = Math.max(11, Math.floor(band * 0.75));
  labels.push({ text: words.up, x: midX(0), y: upY - band, size }, { text: words.down, x: midX(0), y: downY - band, size });
  return [
    c,
    (ref, n) => {
      if (isUp(ref)) return squared(c, midX(ref.index), upY, n);
      if (isDown(ref)) return squared(c, midX(ref.index), downY, n);
      if (ref.role === 'tableau') return squared(c, midX(ref.index), tabY, n);
      if (ref.role === 'reserve') return column(c, resX(ref.index), upY, n, Math.max(tabY + c.H, c.bottom - c.g), FAN * c.H);
      if (ref.role === 'waste') return squared(c, stockX, downY, n);
      return squared(c, stockX, upY, n, true);
    },
  ];
}

function kingAlbert(aw: number, ah: number, x0: number, y0: number, tiers: [number, number]): [Ctx, Place] {
  const portrait = aw / ah < 1;
  const gr = portrait ? 0.1 : 0.15;
  if (aw / ah < 0.6) {
    // Phone: foundations, the columns in two tiers (0–4, 5–8) spread to the reserve's width, and the
    // reserve's seven cards side by side below them, under the thumb. The second tier starts where
    // the first one's longest column ends, so no empty band opens between them.
    const c = ctx(fitWidth(aw, ah, 7 + 8 * gr, ASPECT * (4 + 12 * FAN) + 8 * gr), gr, x0, y0, aw, ah);
    const span = 7 * c.W + 6 * c.g;
    const left = x0 + (aw - span) / 2;
    const pitch = (span - c.W) / 4;
    const colX = (i: number): number => left + i * pitch;
    const top = y0 + c.g;
    const resY = c.bottom - c.g - c.H;
    const tier1 = top + c.H + c.g * 2;
    const n1 = Math.max(1, tiers[0]);
    const n2 = Math.max(1, tiers[1]);
    const room = resY - c.g * 2 - tier1 - c.g * 2 - 2 * c.H;
    const step = Math.max(0, Math.min(0.45 * c.H, room / Math.max(1, n1 - 1 + n2 - 1)));
    const tier2 = tier1 + c.H + (n1 - 1) * step + c.g * 2;
    return [
      c,
      (ref, n) => {
        if (ref.role === 'foundation') return squared(c, x0 + (aw - 4 * c.W - 3 * c.g) / 2 + ref.index * (c.W + c.g), top, n);
        if (ref.role === 'reserve') return squared(c, left + ref.index * (c.W + c.g), resY, n);
        if (ref.index < 5) return column(c, colX(ref.index), tier1, n, tier2 - c.g * 2, step);
        return column(c, colX(ref.index - 5) + pitch / 2, tier2, n, resY - c.g * 2, step);
      },
    ];
  }
  if (portrait) {
    const c = ctx(fitWidth(aw, ah, 9 + 10 * gr, ASPECT * (3 + 12 * FAN) + 4 * gr), gr, x0, y0, aw, ah);
    const left = x0 + (aw - (9 * c.W + 8 * c.g)) / 2;
    const colX = (i: number): number => left + i * (c.W + c.g);
    const top = y0 + c.g;
    const resY = c.bottom - c.g - c.H;
    return [
      c,
      (ref, n) => {
        if (ref.role === 'foundation') return squared(c, colX(5 + ref.index), top, n);
        if (ref.role === 'reserve') return squared(c, colX(1 + ref.index), resY, n);
        return column(c, colX(ref.index), top + c.H + c.g * 2, n, resY - c.g * 2);
      },
    ];
  }
  const wide = 0.4;
  const c = ctx(fitWidth(aw, ah, 10 + wide + 11 * gr, ASPECT * (2 + 12 * FAN) + 3 * gr), gr, x0, y0, aw, ah);
  const extra = Math.round(wide * c.W);
  const left = x0 + (aw - (10 * c.W + 9 * c.g + extra)) / 2;
  const colX = (i: number): number => left + i * (c.W + c.g);
  const top = y0 + c.g;
  const resY = c.bottom - c.g - c.H;
  return [
    c,
    (ref, n) => {
      if (ref.role === 'foundation') return squared(c, colX(9) + extra, top + ref.index * (c.H + c.g), n);
      if (ref.role === 'reserve') return squared(c, colX(1 + ref.index), resY, n);
      return column(c, colX(ref.index), top, n, resY - c.g * 2);
    },
  ];
}

function streetsAndAlleys(aw: number, ah: number, x0: number, y0: number, longest: number): [Ctx, Place] {
  // Cards are sized so that the longest row (seven at least) fans at a step that leaves every covered
  // card's whole index in view: its top or bottom band in portrait, its left or right strip across.
  const n = Math.max(7, longest);
  const street = 0.2;
  const across = fitWidth(aw, ah, 1 + 2 * (street + 1 + (n - 1) * INDEX_STEP_X) + 2 * 0.12, 4 * ASPECT + 5 * 0.12);
  const upright = fitWidth(aw, ah, 4 + 5 * 0.1, ASPECT * (3 + 2 * (n - 1) * INDEX_STEP_Y) + 4 * 0.1);
  // Whichever way gives the larger cards.
  if (upright > across) {
    // Portrait: the main street runs across the middle; rows 0–3 fan up from it, rows 4–7 down.
    const gr = 0.1;
    const c = ctx(upright, gr, x0, y0, aw, ah);
    const left = x0 + (aw - (4 * c.W + 3 * c.g)) / 2;
    const colX = (i: number): number => left + i * (c.W + c.g);
    const streetY = y0 + Math.round((ah - c.H) / 2);
    const upY = streetY - c.g - c.H;
    const downY = streetY + c.H + c.g;
    return [
      c,
      (ref, k) => {
        if (ref.role === 'foundation') return squared(c, colX(ref.index), streetY, k);
        if (ref.index < 4) return upColumn(c, colX(ref.index), upY, k, y0 + c.g);
        return column(c, colX(ref.index - 4), downY, k, c.bottom - c.g);
      },
    ];
  }
  const gr = 0.12;
  const c = ctx(across, gr, x0, y0, aw, ah);
  const mid = x0 + (aw - c.W) / 2;
  const gapS = Math.round(street * c.W);
  const lineY = (i: number): number => y0 + c.g + i * (c.H + c.g);
  const minX = x0 + c.g;
  const maxX = x0 + aw - c.g;
  const step = Math.max(INDEX_STEP_X * c.W, Math.min(0.68 * c.W, (aw / 2 - c.W) / 12));
  return [
    c,
    (ref, k) => {
      if (ref.role === 'foundation') return squared(c, mid, lineY(ref.index), k);
      if (ref.index < 4) return row(c, mid - gapS - c.W, lineY(ref.index), k, -1, minX, step);
      return row(c, mid + c.W + gapS, lineY(ref.index - 4), k, 1, maxX, step);
    },
  ];
}

function royalMarriage(aw: number, ah: number, x0: number, y0: number, rowLength: number): [Ctx, Place] {
  const gr = 0.12;
  const n = Math.max(1, rowLength);
  let W = Math.min(MAX_W, aw / (5 + 6 * gr), ah / (2 * ASPECT + 3 * gr));
  let c = ctx(W, gr, x0, y0, aw, ah);
  let perLine = 1;
  let step = 0;
  for (;;) {
    c = ctx(W, gr, x0, y0, aw, ah);
    const usable = aw - 2 * c.g - c.W;
    const room = Math.max(1, Math.floor((ah - c.H - 3 * c.g) / (c.H + c.g)));
    const stepFor = (lines: number): [number, number] => {
      const per = Math.ceil(n / lines);
      return [per, per > 1 ? Math.min(c.W + c.g, usable / (per - 1)) : 0];
    };
    let lines = 1;
    while (lines < room && stepFor(lines)[1] < 0.8 * c.W) lines++;
    [perLine, step] = stepFor(lines);
    if (perLine === 1 || step >= 0.62 * c.W || c.W <= MIN_W) break;
    W *= 0.94;
  }
  const rowWidth = (Math.min(n, perLine) - 1) * step + c.W;
  const left = x0 + Math.max(c.g, (aw - rowWidth) / 2);
  const top = y0 + c.g;
  const rowTop = top + c.H + labelGap(c);
  const cc = c;
  return [
    cc,
    (ref, len) => {
      if (ref.role === 'stock') return squared(cc, x0 + cc.g, top, len, true);
      if (ref.role === 'discard') return squared(cc, x0 + aw - cc.g - cc.W, top, len);
      const cards = Array.from({ length: len }, (_, i) => ({
        x: left + (i % perLine) * step,
        y: rowTop + Math.floor(i / perLine) * (cc.H + cc.g),
      }));
      const lines = Math.max(1, Math.ceil(len / perLine));
      const base = { x: left, y: rowTop, width: cc.W, height: cc.H };
      const width = Math.max(rowWidth, x0 + aw - cc.g - left);
      return { base, rect: { x: left, y: rowTop, width, height: lines * (cc.H + cc.g) - cc.g }, cards, faceDown: false };
    },
  ];
}

/** Every game's layout; the compiler checks that no game is missing. */
const LAYOUTS = {
  'aces-up': (a) => acesUp(a.aw, a.ah, a.x0, a.y0),
  australian: (a) => australian(a.aw, a.ah, a.x0, a.y0),
  'aces-and-kings': (a) => acesAndKings(a.aw, a.ah, a.x0, a.y0, a.labels, a.words),
  'king-albert': (a) => kingAlbert(a.aw, a.ah, a.x0, a.y0, [a.longest('tableau', 0, 5), a.longest('tableau', 5, 9)]),
  'streets-and-alleys': (a) => streetsAndAlleys(a.aw, a.ah, a.x0, a.y0, a.longest('tableau')),
  'royal-marriage': (a) => royalMarriage(a.aw, a.ah, a.x0, a.y0, a.longest('row')),
} satisfies Record<GameId, GameLayout>;

/** Layouts of games beyond the six (a game defined elsewhere registers its own). */
const extraLayouts = new Map<string, GameLayout>();

/** Registers the layout of a game that is not one of the six. */
export function registerLayout(game: string, layout: GameLayout): void {
  extraLayouts.set(game, layout);
}

function mirrorRect(r: Rect, x0: number, aw: number): Rect {
  return { ...r, x: 2 * x0 + aw - r.x - r.width };
}

/**
 * Lays out a table: `piles` are the game's piles in its pile order and `sizes` their card counts
 * (or the piles themselves). Width and height are the canvas size in CSS px.
 */
export function layoutTable(
  game: string,
  piles: readonly PileRef[],
  sizes: readonly (number | readonly unknown[])[],
  width: number,
  height: number,
  options: LayoutOptions = {},
): TableLayout {
  const top = options.top ?? 0;
  const x0 = 0;
  const y0 = top;
  const aw = Math.max(100, width);
  const ah = Math.max(100, height - top - (options.bottom ?? 0));
  const count = (i: number): number => {
    const s = sizes[i];
    return typeof s === 'number' ? s : (s?.length ?? 0);
  };
  const longest = (role: PileRef['role'], from = 0, to = piles.length): number => piles.reduce((m, p, i) => (p.role === role && i >= from && i < to ? Math.max(m, count(i)) : m), 0);
  const labels: Label[] = [];
  const layout = (LAYOUTS as Record<string, GameLayout>)[game] ?? extraLayouts.get(game);
  if (!layout) throw new Error(`no layout for the game ${game}`);
  const made = layout({ x0, y0, aw, ah, piles, count, longest, labels, words: options.words ?? { up: 'Up', down: 'Down' } });
  const [c, place] = made;
  const out: PileLayout[] = piles.map((ref, i) => {
    const pile: PileLayout = { id: ref.id, ...place(ref, count(i)) };
    const mark = ref.role === 'foundation' ? MARKS[ref.field?.base ?? 1] : undefined;
    if (mark) pile.mark = mark;
    // The waste and the discard pile are named just below their slot, where no card ever lies.
    const word = ref.role === 'waste' ? options.words?.waste : ref.role === 'discard' ? options.words?.discard : undefined;
    if (word) labels.push({ text: word, x: pile.base.x + c.W / 2, y: pile.base.y + c.H + 2, size: labelSize(c), centre: true });
    return pile;
  });
  if (options.leftHanded) {
    out.forEach((p, i) => {
      // A row of cards read in order (Royal Marriage's) reads left to right in either hand.
      if (piles[i]!.role === 'row') return;
      p.base = mirrorRect(p.base, x0, aw);
      p.rect = mirrorRect(p.rect, x0, aw);
      p.cards = p.cards.map((q) => ({ x: 2 * x0 + aw - q.x - c.W, y: q.y }));
    });
    for (const l of labels) l.x = 2 * x0 + aw - l.x - (l.centre ? 0 : c.W);
  }
  return { cardWidth: c.W, cardHeight: c.H, piles: out, labels };
}

/** The drawing order of card `index` of pile number `pile` (higher is drawn on top). */
export function cardZ(_layout: TableLayout, pile: number, index: number): number {
  return pile * 200 + index;
}

/** The intersection area of two rectangles (0 when apart). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
