/**
 * A small SVG picture of a game's opening table, drawn from the real layout (render/layout.ts) of a
 * fixed deal: a rounded rect per card (face up: white with a red or black suit mark; face down: the
 * back colour) and a dashed outline per empty pile, on felt. No Pixi.
 */
import { isRed } from '../../engine/cards.ts';
import { openingState } from '../../engine/play.ts';
import type { GameRules } from '../../engine/rules.ts';
import { type LayoutOptions, layoutTable } from '../../render/layout.ts';

/** The deal the sketches show. */
export const SKETCH_DEAL = 1;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  return e;
}

/** What a sketch is drawn at: the nominal screen size and the felt's words (Aces and Kings). */
export interface SketchOptions {
  /** Nominal screen width in CSS px; 400 when absent. */
  width?: number;
  /** Nominal screen height in CSS px; 300 when absent. The picture keeps width:height. */
  height?: number;
  /** The foundation labels, in the player's language; none drawn when absent. */
  words?: LayoutOptions['words'];
}

/**
 * The opening table of `rules` laid out at a nominal screen size, zoomed onto the cards and piles
 * (the viewBox keeps that aspect; CSS scales it): cards are `rect.c` (face up `.u`, face down
 * `.d`), empty piles `rect.e`, on a `rect.felt`. Decorative: aria-hidden.
 */
export function sketch(rules: GameRules, { width = 400, height = 300, words }: SketchOptions = {}): SVGSVGElement {
  const s = openingState(rules, SKETCH_DEAL);
  const l = layoutTable(rules.id, rules.piles, s.piles, width, height, words ? { words } : {});
  const w = l.cardWidth;
  const h = l.cardHeight;
  const r = w / 12;
  const out = svg('svg', { class: 'sketch', 'aria-hidden': 'true' });
  const felt = out.appendChild(svg('rect', { class: 'felt', fill: '#1f6b3a' }));
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  const card = (x: number, y: number, a: Record<string, string | number>): void => {
    out.append(svg('rect', { x, y, width: w, height: h, rx: r, ...a }));
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + w), Math.max(y1, y + h)];
  };
  l.piles.forEach((p, i) => {
    const cards = s.piles[i] ?? [];
    if (!cards.length) card(p.base.x, p.base.y, { class: 'e', fill: 'none', stroke: '#ffffff80', 'stroke-dasharray': '4 3' });
    p.cards.forEach((at, k) => {
      const up = !p.faceDown;
      card(at.x, at.y, { class: up ? 'c u' : 'c d', fill: up ? '#fbfaf6' : '#1d4f9f', stroke: up ? '#0005' : '#6f9be2' });
      if (up) out.append(svg('circle', { cx: at.x + w * 0.22, cy: at.y + w * 0.24, r: w * 0.11, fill: isRed(cards[k] ?? 0) ? '#c8102e' : '#1b1b1f' }));
    });
  });
  if (words) {
    for (const t of l.labels) {
      const e = svg('text', { x: t.x, y: t.y + t.size, 'font-size': t.size, fill: '#ffffffb0' });
      e.textContent = t.text;
      out.append(e);
      y0 = Math.min(y0, t.y);
    }
  }
  // The box of what is drawn, with a margin, widened to the aspect asked for.
  const m = w / 3;
  const k = Math.max((x1 - x0 + 2 * m) / width, (y1 - y0 + 2 * m) / height);
  const vb = [(x0 + x1 - k * width) / 2, (y0 + y1 - k * height) / 2, k * width, k * height];
  out.setAttribute('viewBox', vb.join(' '));
  for (const [a, v] of [['x', vb[0]], ['y', vb[1]], ['width', vb[2]], ['height', vb[3]], ['rx', 10 * k]] as const) felt.setAttribute(a, String(v));
  return out;
}
