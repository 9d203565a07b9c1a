/**
 * The shapes a layout is built from: card size and gaps for an area, and piles squared, fanned down,
 * fanned up or fanned sideways. Pure arithmetic in CSS px; the games' layouts (layout.ts) place them.
 */
import type { Role } from '../engine/rules.ts';

/** A rectangle in CSS px. */
export interface Rect {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width. */
  width: number;
  /** Height. */
  height: number;
}

/** Where one pile and its cards go. */
export interface PileLayout {
  /** The notation's pile id. */
  id: string;
  /** The card-sized slot where the pile starts (its outline when empty). */
  base: Rect;
  /** The drop area: the slot plus the whole fan. */
  rect: Rect;
  /** The top-left corner of each card, bottom to top. */
  cards: { x: number; y: number }[];
  /** True when the pile's cards lie face down (stocks). */
  faceDown: boolean;
  /** What an empty foundation shows faintly: the rank it starts from ("A" or "K"). */
  mark?: string;
}

/** A pile as a layout sees it, in the game's pile order (rules.piles gives these). */
export interface PileRef {
  /** The pile id, such as `tableau:2`. */
  id: string;
  /** What the pile does. */
  role: Role;
  /** The index part of the id. */
  index: number;
  /** Where the pile belongs to a field: a foundation's first rank (1 ace, 13 king). */
  field?: { readonly base?: number };
}

/** A card's height over its width. */
export const ASPECT = 1.4;
/** The vertical fan step, in card heights. */
export const FAN = 0.27;
/** The widest card, in CSS px. */
export const MAX_W = 140;
/** The narrowest card, in CSS px. */
export const MIN_W = 24;

/** A card size and gap fitted to an area (left x0, top y0, width aw, height ah). */
export interface Ctx {
  W: number;
  H: number;
  g: number; // gap in px
  x0: number;
  y0: number;
  aw: number;
  ah: number;
  bottom: number;
}

/** The context for cards about `W` px wide with gaps of `gRatio` card widths. */
export function ctx(W: number, gRatio: number, x0: number, y0: number, aw: number, ah: number): Ctx {
  const w = Math.max(MIN_W, Math.floor(W));
  return { W: w, H: Math.round(w * ASPECT), g: Math.max(3, Math.round(w * gRatio)), x0, y0, aw, ah, bottom: y0 + ah };
}

/** Where a game puts pile `ref` holding `n` cards. */
export type Place = (ref: PileRef, n: number) => Omit<PileLayout, 'id'>;

/** The font size of a pile's label (the waste, the discard pile). */
export const labelSize = (c: Ctx): number => Math.max(11, Math.round(c.W * 0.15));
/** The gap below a row of piles that carries a label under a pile. */
export const labelGap = (c: Ctx): number => Math.max(c.g * 2, Math.ceil(labelSize(c) * 1.3) + 4);

/** A squared pile (every card at the slot). */
export function squared(c: Ctx, x: number, y: number, n: number, faceDown = false): Omit<PileLayout, 'id'> {
  const base = { x, y, width: c.W, height: c.H };
  return { base, rect: { ...base }, cards: Array.from({ length: n }, () => ({ x, y })), faceDown };
}

/** A pile fanned downward, compressed so its last card ends above `bottom`. */
export function column(c: Ctx, x: number, y: number, n: number, bottom: number, step = FAN * c.H): Omit<PileLayout, 'id'> {
  const room = bottom - y - c.H;
  const dy = n > 1 ? Math.max(0, Math.min(step, room / (n - 1))) : 0;
  const cards = Array.from({ length: n }, (_, i) => ({ x, y: y + i * dy }));
  const base = { x, y, width: c.W, height: c.H };
  return { base, rect: { x, y, width: c.W, height: Math.max(c.H, c.H + (n - 1) * dy) }, cards, faceDown: false };
}

/** A pile fanned sideways from the slot at `x` (dir -1 left, +1 right), compressed to stay within the limit; the last card is drawn on top. */
export function row(c: Ctx, x: number, y: number, n: number, dir: 1 | -1, limit: number, step: number): Omit<PileLayout, 'id'> {
  const room = dir > 0 ? limit - x - c.W : x - limit;
  const dx = n > 1 ? Math.max(0, Math.min(step, room / (n - 1))) : 0;
  const cards = Array.from({ length: n }, (_, i) => ({ x: x + dir * i * dx, y }));
  const span = (n > 1 ? (n - 1) * dx : 0) + c.W;
  const base = { x, y, width: c.W, height: c.H };
  return { base, rect: { x: dir > 0 ? x : x + c.W - span, y, width: span, height: c.H }, cards, faceDown: false };
}

/** Picks a card width: fits `wu` widths across and `hu` widths down the area. */
export function fitWidth(aw: number, ah: number, wu: number, hu: number): number {
  return Math.max(MIN_W, Math.min(MAX_W, aw / wu, ah / hu));
}

/** A pile fanned upward from the slot at `y`, compressed so its last card starts below `topLimit`; the last card is drawn on top. */
export function upColumn(c: Ctx, x: number, y: number, n: number, topLimit: number, step = FAN * c.H): Omit<PileLayout, 'id'> {
  const room = y - topLimit;
  const dy = n > 1 ? Math.max(0, Math.min(step, room / (n - 1))) : 0;
  const cards = Array.from({ length: n }, (_, i) => ({ x, y: y - i * dy }));
  const span = n > 1 ? (n - 1) * dy : 0;
  const base = { x, y, width: c.W, height: c.H };
  return { base, rect: { x, y: y - span, width: c.W, height: c.H + span }, cards, faceDown: false };
}

