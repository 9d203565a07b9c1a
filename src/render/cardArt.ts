/**
 * Card faces and backs, drawn once with Canvas 2D into one atlas canvas per card size and exposed
 * as PixiJS textures (cards on the table are Sprites of these). Suits are vector paths, not font
 * glyphs, so the deck looks the same everywhere; only the rank uses a bold sans-serif font.
 * The geometry (atlas packing, pip layouts, colours) is pure and runs in Node.
 */
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { rankOf, suitOf } from '../engine/cards.ts';
import { IDX_CAP, IDX_DESCENT, IDX_GAP, IDX_MAXW, IDX_PIP, IDX_X, IDX_Y, PIP_HALF_WIDTH, PIP_OFFSET } from './cardIndex.ts';

/** Card height divided by card width. */
export const CARD_ASPECT = 1.4;

/** The card back designs; the ids are stored in settings, so never rename one. */
export const CARD_BACKS = ['blue', 'red'] as const;

/** A card back design id. */
export type CardBack = (typeof CARD_BACKS)[number];

/** How the deck is drawn. */
export interface CardArtOptions {
  /** Spades black, hearts red, diamonds blue, clubs green (instead of red and black). */
  fourColour: boolean;
  /** Which back design to draw. */
  back: CardBack;
}

/** The textures of one atlas. */
export interface CardTextures {
  /** Face texture of card 0..51. */
  face(card: number): Texture;
  /** Back texture. */
  back: Texture;
  /** Card size in CSS pixels that the textures were drawn for. */
  width: number;
  /** Card height in CSS pixels (width × CARD_ASPECT). */
  height: number;
  /** Destroys the atlas. */
  destroy(): void;
}

// ---------------------------------------------------------------------------------------------
// Pure geometry: atlas packing.

/** Largest atlas side in device pixels (a safe WebGL texture size on phones). */
export const ATLAS_MAX = 4096;
/** Transparent padding around each card in the atlas, device pixels. */
export const ATLAS_PAD = 2;

/** A rectangle in the atlas, device pixels. */
export interface AtlasFrame {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width. */
  w: number;
  /** Height. */
  h: number;
}

/** Where every card and back sits in an atlas. */
export interface AtlasLayout {
  /** Atlas width, device pixels. */
  width: number;
  /** Atlas height, device pixels. */
  height: number;
  /** Device pixels per CSS pixel actually used (below the request only if the atlas would not fit). */
  resolution: number;
  /** Columns of the grid. */
  cols: number;
  /** Rows of the grid. */
  rows: number;
  /** Frames of cards 0..51. */
  faces: AtlasFrame[];
  /** Frames of the backs. */
  backs: Record<CardBack, AtlasFrame>;
}

/** Card size in device pixels for a CSS width and resolution. */
export function cardPixelSize(cssWidth: number, resolution: number): { w: number; h: number } {
  const w = Math.max(8, Math.round(cssWidth * resolution));
  return { w, h: Math.max(11, Math.round(cssWidth * CARD_ASPECT * resolution)) };
}

/**
 * Packs 52 faces and every back into a grid no larger than `max`² device pixels: one row per suit
 * with the backs in a 14th column when that fits, else row-major in as many columns as fit.
 * Lowers the resolution only when even that would not fit.
 */
export function packAtlas(cssWidth: number, resolution: number, max = ATLAS_MAX): AtlasLayout {
  if (!(cssWidth > 0) || !(resolution > 0) || !Number.isFinite(cssWidth * resolution)) {
    throw new RangeError(`bad card size ${cssWidth} × ${resolution}`);
  }
  const count = 52 + CARD_BACKS.length;
  let res = resolution;
  for (;;) {
    const { w, h } = cardPixelSize(cssWidth, res);
    const pw = w + 2 * ATLAS_PAD;
    const ph = h + 2 * ATLAS_PAD;
    const fitCols = Math.floor(max / pw);
    const suitRows = fitCols >= 14 && CARD_BACKS.length <= 4;
    const cols = suitRows ? 14 : Math.min(14, fitCols);
    const rows = suitRows ? 4 : cols > 0 ? Math.ceil(count / cols) : Number.POSITIVE_INFINITY;
    if (cols > 0 && rows * ph <= max) {
      const cell = (i: number): AtlasFrame => {
        const col = suitRows ? (i < 52 ? i % 13 : 13) : i % cols;
        const row = suitRows ? (i < 52 ? Math.floor(i / 13) : i - 52) : Math.floor(i / cols);
        return { x: col * pw + ATLAS_PAD, y: row * ph + ATLAS_PAD, w, h };
      };
      const faces = Array.from({ length: 52 }, (_, i) => cell(i));
      const backs = Object.fromEntries(CARD_BACKS.map((b, k) => [b, cell(52 + k)])) as Record<CardBack, AtlasFrame>;
      return { width: cols * pw, height: rows * ph, resolution: res, cols, rows, faces, backs };
    }
    if (w <= 8) throw new RangeError(`atlas cannot fit in ${max}px`);
    res *= 0.95;
  }
}

// ---------------------------------------------------------------------------------------------
// Pure geometry: colours and pip layouts.

/** Suit colours, indexed by suit (S H D C), for the usual red-and-black deck. */
export const TWO_COLOURS: readonly string[] = ['#1b1b1f', '#c8102e', '#c8102e', '#1b1b1f'];
/** Suit colours, indexed by suit, for the four-colour deck. */
export const FOUR_COLOURS: readonly string[] = ['#1b1b1f', '#c8102e', '#1452b8', '#167a35'];

/** The ink colour of a suit (0..3) in the given scheme. */
export function suitColour(suit: number, fourColour: boolean): string {
  return (fourColour ? FOUR_COLOURS : TWO_COLOURS)[suit] ?? '#000';
}

/** A pip centre in the pip box (0..1 each way); `flip` pips point down (the lower half). */
export interface Pip {
  /** Horizontal position, 0 left column, 0.5 centre, 1 right column. */
  x: number;
  /** Vertical position, 0 top row, 1 bottom row. */
  y: number;
  /** Drawn upside down. */
  flip: boolean;
}

const PIP_ROWS: Record<number, [x: number, y: number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.5, 0], [0.5, 1]],
  3: [[0.5, 0], [0.5, 0.5], [0.5, 1]],
  4: [[0, 0], [1, 0], [0, 1], [1, 1]],
  5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]],
  6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
  9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
  10: [[0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3], [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1]],
};

/** The pips of a rank (1 = the ace's single centre pip; none for courts). */
export function pipLayout(rank: number): Pip[] {
  return (PIP_ROWS[rank] ?? []).map(([x, y]) => ({ x, y, flip: y > 0.5 }));
}

/*
 * Card layout in card units: the card is 100 wide and 140 high. The corner index (rank with its
 * suit beside it, so a tightly fanned column still shows both) fills the top-left band and, upright
 * too, the bottom-right (cardIndex.ts); pips and court panels sit between the two bands.
 */
const BAND = IDX_Y + IDX_CAP; // bottom of the index band
const PIP_X0 = 28; // left pip column centre
const PIP_X1 = 72; // right pip column centre

/** Pip height in card units (wider layouts get smaller pips so rows never touch). */
export function pipSize(rank: number): number {
  if (rank === 1) return 52;
  if (rank <= 6) return 21;
  if (rank <= 8) return 19;
  return 16;
}

/** Pip centres of a rank in card units (100 × 140), for tests and layout checks. */
export function pipCentres(rank: number): { x: number; y: number; flip: boolean }[] {
  const s = pipSize(rank);
  const top = BAND + 4 + s / 2;
  const bottom = 140 - top;
  return pipLayout(rank).map((p) => ({
    x: rank === 1 ? 50 : PIP_X0 + p.x * (PIP_X1 - PIP_X0),
    y: rank === 1 ? 70 : top + p.y * (bottom - top),
    flip: p.flip,
  }));
}

// ---------------------------------------------------------------------------------------------
// Drawing.

/* Suit outlines in a 100 × 100 box, each a list of sub-shapes filled separately. */
const SUIT_SVG: readonly (readonly string[])[] = [
  [
    'M50 2C62 20 93 36 93 60C93 74 83 82 71 82C63 82 57 78 53.5 72C54 84 58 92 67 98L33 98C42 92 46 84 46.5 72C43 78 37 82 29 82C17 82 7 74 7 60C7 36 38 20 50 2Z',
  ],
  ['M50 97C38 84 5 63 5 34C5 16 17 5 31 5C40 5 47 11 50 19C53 11 60 5 69 5C83 5 95 16 95 34C95 63 62 84 50 97Z'],
  ['M50 1C60 18 72 34 85 50C72 66 60 82 50 99C40 82 28 66 15 50C28 34 40 18 50 1Z'],
  [
    'M29 27A21 21 0 1 0 71 27A21 21 0 1 0 29 27Z',
    'M6 62A21 21 0 1 0 48 62A21 21 0 1 0 6 62Z',
    'M52 62A21 21 0 1 0 94 62A21 21 0 1 0 52 62Z',
    'M38 50L62 50L58 66L42 66Z',
    'M46.5 60C46 80 42 91 33 98L67 98C58 91 54 80 53.5 60Z',
  ],
];

let suitPaths: Path2D[][] | null = null;
function suitPath(suit: number): Path2D[] {
  suitPaths ??= SUIT_SVG.map((parts) => parts.map((d) => new Path2D(d)));
  return suitPaths[suit] ?? [];
}

/** Fills suit `suit` centred at (cx, cy) with height `size` (px), upside down when `flip`. */
function drawPip(ctx: CanvasRenderingContext2D, suit: number, cx: number, cy: number, size: number, flip: boolean): void {
  ctx.save();
  ctx.translate(cx, cy);
  if (flip) ctx.rotate(Math.PI);
  const k = size / 100;
  ctx.scale(k, k);
  ctx.translate(-50, -50);
  for (const p of suitPath(suit)) ctx.fill(p);
  ctx.restore();
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

const FONT = '"DejaVu Sans", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const RANK_TEXT = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const capCache = new Map<string, number>();

/** Cap height of the bold font per px of font size (measured once per context font stack). */
function capRatio(ctx: CanvasRenderingContext2D): number {
  let r = capCache.get(FONT);
  if (r === undefined) {
    ctx.font = `bold 100px ${FONT}`;
    const m = ctx.measureText('H');
    r = m.actualBoundingBoxAscent > 0 ? m.actualBoundingBoxAscent / 100 : 0.73;
    capCache.set(FONT, r);
  }
  return r;
}

/**
 * Rank and suit, upright, in the top-left corner of a card whose top-left is the current origin, or
 * with `right` in its bottom-right corner (`w`, `h`: the card's size in px).
 */
function drawIndex(ctx: CanvasRenderingContext2D, rank: number, suit: number, k: number, right = false, w = 0, h = 0): void {
  const text = RANK_TEXT[rank] ?? '?';
  const cap = IDX_CAP * k;
  const size = cap / capRatio(ctx);
  ctx.font = `bold ${size.toFixed(2)}px ${FONT}`;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  const m = ctx.measureText(text);
  const left = m.actualBoundingBoxLeft || 0;
  const width = (m.actualBoundingBoxRight || m.width) + left;
  const ascent = m.actualBoundingBoxAscent || cap;
  const descent = Math.max(0, m.actualBoundingBoxDescent || 0);
  // Letters that dip below the baseline (J, Q in some fonts) shrink to stay inside the band.
  const room = cap + IDX_DESCENT * k;
  const fit = Math.min(1, room / (ascent + descent));
  const maxW = IDX_MAXW * k;
  const sx = fit * (width * fit > maxW ? maxW / (width * fit) : 1);
  const shown = width * sx;
  const pipH = IDX_PIP * k;
  const span = shown + IDX_GAP * k + pipH * (PIP_OFFSET + PIP_HALF_WIDTH);
  const x = right ? w - IDX_X * k - span : IDX_X * k;
  const top = right ? h - (IDX_Y + IDX_CAP) * k : IDX_Y * k;
  ctx.save();
  ctx.translate(x, top + ascent * fit);
  ctx.scale(sx, fit);
  ctx.fillText(text, left, 0);
  ctx.restore();
  drawPip(ctx, suit, x + shown + IDX_GAP * k + pipH * PIP_OFFSET, top + (IDX_CAP / 2) * k, pipH, false);
}

const SKIN = '#f4d3b0';
const GOLD = '#e2b227';
const OUTLINE = '#2a2118';
const PANEL = '#fbf4df';

const courtPaths = new Map<string, Path2D>();
function path(d: string): Path2D {
  let p = courtPaths.get(d);
  if (!p) {
    p = new Path2D(d);
    courtPaths.set(d, p);
  }
  return p;
}

/** The court panel and figure, in card units (the context is scaled so 1 unit = k px). */
function drawCourtFigure(ctx: CanvasRenderingContext2D, rank: number, ink: string, lw: number): void {
  const stroke = (w = lw) => {
    ctx.lineWidth = w;
    ctx.strokeStyle = OUTLINE;
    ctx.stroke();
  };
  const fillStroke = (p: Path2D, fill: string, w = lw) => {
    ctx.fillStyle = fill;
    ctx.fill(p);
    ctx.lineWidth = w;
    ctx.strokeStyle = OUTLINE;
    ctx.stroke(p);
  };

  // Hair behind the head.
  if (rank === 12) fillStroke(path('M37 60C33 44 67 44 63 60C66 72 69 82 67 90L33 90C31 82 34 72 37 60Z'), '#8b4a22');
  if (rank === 13) fillStroke(path('M38 58C38 48 62 48 62 58L63 70L37 70Z'), '#d9d4cb');
  if (rank === 11) fillStroke(path('M38 57C38 48 62 48 62 57L62 68L38 68Z'), '#6b4423');

  // Robe and shoulders.
  fillStroke(path('M20 108L20 96C20 85 33 80 50 80C67 80 80 85 80 96L80 108Z'), ink);
  // Neck and head.
  ctx.fillStyle = SKIN;
  ctx.fillRect(45.5, 70, 9, 12);
  ctx.beginPath();
  ctx.ellipse(50, 62, 10.5, 12, 0, 0, Math.PI * 2);
  ctx.fill();
  stroke();
  // Eyes and mouth.
  ctx.fillStyle = OUTLINE;
  ctx.beginPath();
  ctx.arc(46, 61, 1.2, 0, Math.PI * 2);
  ctx.arc(54, 61, 1.2, 0, Math.PI * 2);
  ctx.fill();

  if (rank === 13) {
    // King: white beard and moustache, spiked crown with jewels.
    fillStroke(path('M39.5 62C39 77 45 86 50 86C55 86 61 77 60.5 62C57 69 43 69 39.5 62Z'), '#eeeae2');
    fillStroke(path('M44 67.5C47 65.5 53 65.5 56 67.5C53 69.5 47 69.5 44 67.5Z'), '#d9d4cb', lw * 0.7);
    fillStroke(path('M37 54L35 36L42.5 45L50 31L57.5 45L65 36L63 54Z'), GOLD);
    ctx.fillStyle = '#c8102e';
    ctx.beginPath();
    ctx.arc(50, 48.5, 2.4, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#1452b8';
    ctx.beginPath();
    ctx.arc(41.5, 50, 1.7, 0, Math.PI * 2);
    ctx.arc(58.5, 50, 1.7, 0, Math.PI * 2);
    ctx.fill();
  } else if (rank === 12) {
    // Queen: hair framing the face, round-topped crown, necklace.
    ctx.strokeStyle = OUTLINE;
    ctx.lineWidth = lw * 0.8;
    ctx.beginPath();
    ctx.moveTo(46.5, 67.5);
    ctx.quadraticCurveTo(50, 70, 53.5, 67.5);
    ctx.stroke();
    fillStroke(path('M40 55C40 42 60 42 60 55C56 50 44 50 40 55Z'), '#8b4a22', lw * 0.7);
    fillStroke(path('M39 52L39 44L44.5 47.5L50 40L55.5 47.5L61 44L61 52Z'), GOLD);
    for (const [cx, cy, r] of [[39, 42.5, 2.3], [50, 38, 2.6], [61, 42.5, 2.3]] as const) {
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fillStyle = GOLD;
      ctx.fill();
      stroke(lw * 0.8);
    }
    ctx.strokeStyle = GOLD;
    ctx.lineWidth = 2.2;
    ctx.beginPath();
    ctx.moveTo(38, 84);
    ctx.quadraticCurveTo(50, 95, 62, 84);
    ctx.stroke();
  } else {
    // Jack: flat cap with a long feather, white collar.
    ctx.strokeStyle = OUTLINE;
    ctx.lineWidth = lw * 0.8;
    ctx.beginPath();
    ctx.moveTo(46.5, 67);
    ctx.lineTo(53.5, 67);
    ctx.stroke();
    fillStroke(path('M37 50C30 42 24 34 21 24C20 33 24 44 34 52Z'), '#ffffff', lw * 0.8);
    fillStroke(path('M36 55C35 43 43 39 50 39C59 39 66 43 64 55Z'), ink);
    fillStroke(path('M34 53.5L66 53.5L66 57.5L34 57.5Z'), GOLD);
    fillStroke(path('M36 82C42 78 58 78 64 82L60 88C55 85 45 85 40 88Z'), '#ffffff', lw * 0.8);
  }
  // Gold stole down the robe with the suit on the chest.
  fillStroke(path('M45 86L55 86L56 108L44 108Z'), GOLD, lw * 0.8);
}

function drawCourt(ctx: CanvasRenderingContext2D, rank: number, suit: number, ink: string, x: number, y: number, h: number, k: number): void {
  // Panel frame, snapped to device pixels.
  const px0 = Math.round(x + 14 * k);
  const py0 = Math.round(y + (BAND + 3.5) * k);
  const px1 = Math.round(x + 86 * k);
  const py1 = Math.round(y + h - (BAND + 3.5) * k);
  const fw = Math.max(1, Math.round(1.4 * k));
  ctx.fillStyle = PANEL;
  ctx.fillRect(px0, py0, px1 - px0, py1 - py0);
  ctx.save();
  ctx.beginPath();
  ctx.rect(px0, py0, px1 - px0, py1 - py0);
  ctx.clip();
  ctx.translate(x, y);
  ctx.scale(k, h / 140);
  drawCourtFigure(ctx, rank, ink, Math.max(0.6, 1 / k) * (k < 1 ? 0.8 : 1));
  ctx.restore();
  ctx.fillStyle = ink;
  drawPip(ctx, suit, x + 50 * k, y + 97 * (h / 140), 9 * k, false);
  ctx.strokeStyle = ink;
  ctx.lineWidth = fw;
  const o = fw / 2;
  ctx.strokeRect(px0 + o, py0 + o, px1 - px0 - fw, py1 - py0 - fw);
  // Suit in the panel's free top corner.
  ctx.fillStyle = ink;
  drawPip(ctx, suit, px1 - 9.5 * k, py0 + 9.5 * k, 11 * k, false);
}

function drawFace(ctx: CanvasRenderingContext2D, card: number, x: number, y: number, w: number, h: number, opts: CardArtOptions): void {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const ink = suitColour(suit, opts.fourColour);
  const k = w / 100;
  const ky = h / 140;
  ctx.fillStyle = ink;
  // Corner indices, both upright: top-left, and bottom-right (read in a fan that covers the rest).
  ctx.save();
  ctx.translate(x, y);
  drawIndex(ctx, rank, suit, k);
  drawIndex(ctx, rank, suit, k, true, w, h);
  ctx.restore();
  if (rank >= 11) {
    drawCourt(ctx, rank, suit, ink, x, y, h, k);
    return;
  }
  const s = pipSize(rank) * k;
  for (const p of pipCentres(rank)) drawPip(ctx, suit, x + p.x * k, y + p.y * ky, s, p.flip);
  if (rank === 1) {
    // A fine ring round the ace's pip.
    ctx.strokeStyle = ink;
    ctx.lineWidth = Math.max(1, 0.8 * k);
    ctx.beginPath();
    ctx.ellipse(x + 50 * k, y + 70 * ky, 33 * k, 33 * k, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
}

const BACK_STYLE: Record<CardBack, { base: string; line: string; accent: string }> = {
  blue: { base: '#1d4f9f', line: '#6f9be2', accent: '#ffffff' },
  red: { base: '#a8212b', line: '#e6787c', accent: '#ffffff' },
};

function drawBack(ctx: CanvasRenderingContext2D, back: CardBack, x: number, y: number, w: number, h: number): void {
  const style = BACK_STYLE[back] ?? BACK_STYLE.blue;
  const k = w / 100;
  const inset = Math.max(2, Math.round(5.5 * k));
  const ix = x + inset;
  const iy = y + inset;
  const iw = w - 2 * inset;
  const ih = h - 2 * inset;
  roundRect(ctx, ix, iy, iw, ih, Math.round(4 * k));
  ctx.fillStyle = style.base;
  ctx.fill();
  ctx.save();
  ctx.clip();
  ctx.strokeStyle = style.line;
  ctx.lineWidth = Math.max(1, 1.3 * k);
  if (back === 'red') {
    // Staggered rings with a dot in each.
    const step = 11 * k;
    const r = 4.2 * k;
    ctx.fillStyle = style.line;
    let row = 0;
    for (let cy = iy + step / 2; cy < iy + ih + step; cy += step * 0.87, row++) {
      for (let cx = ix + (row % 2 ? step / 2 : 0); cx < ix + iw + step; cx += step) {
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, Math.PI * 2);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(cx, cy, 1.3 * k, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  } else {
    // Diagonal lattice with small diamonds at the crossings.
    const step = 10 * k;
    ctx.beginPath();
    for (let d = -ih; d < iw + ih; d += step) {
      ctx.moveTo(ix + d, iy);
      ctx.lineTo(ix + d + ih, iy + ih);
      ctx.moveTo(ix + d, iy + ih);
      ctx.lineTo(ix + d + ih, iy);
    }
    ctx.stroke();
    ctx.fillStyle = style.line;
    const dd = 1.8 * k;
    for (let cy = iy; cy < iy + ih + step; cy += step / 2) {
      const odd = Math.round((cy - iy) / (step / 2)) % 2 === 1;
      for (let cx = ix + (odd ? step / 2 : 0); cx < ix + iw + step; cx += step) {
        ctx.beginPath();
        ctx.moveTo(cx, cy - dd);
        ctx.lineTo(cx + dd, cy);
        ctx.lineTo(cx, cy + dd);
        ctx.lineTo(cx - dd, cy);
        ctx.fill();
      }
    }
  }
  // Central medallion.
  const cx = x + w / 2;
  const cy = y + h / 2;
  ctx.fillStyle = style.base;
  ctx.strokeStyle = style.accent;
  ctx.lineWidth = Math.max(1, 1.6 * k);
  ctx.beginPath();
  ctx.ellipse(cx, cy, 17 * k, 23 * k, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = style.accent;
  drawPip(ctx, back === 'red' ? 1 : 0, cx, cy, 20 * k, false);
  ctx.restore();
  // A thin light frame inside the coloured field, snapped to pixels.
  const fw = Math.max(1, Math.round(k));
  const fi = Math.round(3 * k) + fw / 2;
  ctx.strokeStyle = style.accent;
  ctx.lineWidth = fw;
  roundRect(ctx, ix + fi, iy + fi, iw - 2 * fi, ih - 2 * fi, Math.round(2.5 * k));
  ctx.stroke();
}

/** Draws one card (face 0..51 or the back) at (x, y), w × h device pixels, into a 2D context. */
export function drawCard(ctx: CanvasRenderingContext2D, card: number | 'back', x: number, y: number, w: number, h: number, opts: CardArtOptions): void {
  x = Math.round(x);
  y = Math.round(y);
  w = Math.round(w);
  h = Math.round(h);
  ctx.save();
  const r = Math.max(2, Math.round(w * 0.065));
  const lw = Math.max(1, Math.round(w / 110));
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  // Faces stay inside the rounded outline by layout; only the back needs clipping (in drawBack).
  if (card === 'back') drawBack(ctx, opts.back, x, y, w, h);
  else drawFace(ctx, card, x, y, w, h, opts);
  // Thin border, inset by half its width so it lands on whole device pixels.
  roundRect(ctx, x + lw / 2, y + lw / 2, w - lw, h - lw, r - lw / 2);
  ctx.strokeStyle = card === 'back' ? '#5b5b5b' : '#8a8a8a';
  ctx.lineWidth = lw;
  ctx.stroke();
  ctx.restore();
}

function createCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof document !== 'undefined') {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    return c;
  }
  return new OffscreenCanvas(width, height);
}

/** Draws all 52 faces and the chosen back into one atlas and returns Pixi textures cut from it. */
export function buildCardTextures(cssWidth: number, resolution: number, opts: CardArtOptions): CardTextures {
  const layout = packAtlas(cssWidth, resolution);
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | null;
  if (!ctx) throw new Error('no 2D canvas context for the card atlas');
  layout.faces.forEach((f, card) => {
    drawCard(ctx, card, f.x, f.y, f.w, f.h, opts);
  });
  const bf = layout.backs[opts.back] ?? layout.backs.blue;
  drawCard(ctx, 'back', bf.x, bf.y, bf.w, bf.h, opts);

  const res = layout.resolution;
  const source = new CanvasSource({ resource: canvas, resolution: res, label: `cards ${cssWidth}@${res}` });
  const cut = (f: AtlasFrame) => new Texture({ source, frame: new Rectangle(f.x / res, f.y / res, f.w / res, f.h / res) });
  const faces = layout.faces.map(cut);
  const back = cut(bf);
  return {
    face(card: number): Texture {
      const t = faces[card];
      if (!t) throw new RangeError(`no card ${card}`);
      return t;
    },
    back,
    width: cssWidth,
    height: cssWidth * CARD_ASPECT,
    destroy(): void {
      for (const t of faces) t.destroy(false);
      back.destroy(false);
      source.destroy();
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
