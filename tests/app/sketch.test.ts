// @vitest-environment happy-dom
/** The table sketch: drawn from the real opening of every game, one shape per card and per empty pile. */
import { describe, expect, it } from 'vitest';
import { SKETCH_DEAL, sketch } from '../../src/app/page/sketch.ts';
import { isRed } from '../../src/engine/cards.ts';
import { openingState } from '../../src/engine/play.ts';
import { GAMES } from '../../src/games/catalog.ts';

const num = (e: Element, a: string): number => Number(e.getAttribute(a));

describe('sketch', () => {
  for (const rules of GAMES) {
    it(`${rules.id}: a rect per card of the opening, an outline per empty pile, all inside the picture`, () => {
      const s = openingState(rules, SKETCH_DEAL);
      const cards = s.piles.flat();
      const stock = rules.piles.flatMap((p, i) => (p.kind === 'stock' ? (s.piles[i] ?? []) : []));
      const up = cards.length - stock.length;
      const svg = sketch(rules);
      expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.querySelectorAll('rect.c')).toHaveLength(cards.length);
      expect(svg.querySelectorAll('rect.e')).toHaveLength(s.piles.filter((p) => p.length === 0).length);
      // Stocks lie face down; every other card shows a mark of its colour.
      expect(svg.querySelectorAll('rect.d')).toHaveLength(stock.length);
      expect(svg.querySelectorAll('rect.u')).toHaveLength(up);
      const marks = [...svg.querySelectorAll('circle')].map((c) => c.getAttribute('fill'));
      expect(marks).toHaveLength(up);
      const reds = cards.filter(isRed).length - stock.filter(isRed).length;
      expect(marks.filter((f) => f === '#c8102e')).toHaveLength(reds);
      const [x, y, w, h] = svg.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
      expect(w / h).toBeCloseTo(4 / 3);
      for (const r of svg.querySelectorAll('rect.c, rect.e')) {
        expect(num(r, 'x')).toBeGreaterThanOrEqual(x);
        expect(num(r, 'y')).toBeGreaterThanOrEqual(y);
        expect(num(r, 'x') + num(r, 'width')).toBeLessThanOrEqual(x + w);
        expect(num(r, 'y') + num(r, 'height')).toBeLessThanOrEqual(y + h);
      }
    });
  }

  it('keeps the aspect asked for and draws the felt words only when given', () => {
    const aak = GAMES.find((g) => g.id === 'aces-and-kings')!;
    const plain = sketch(aak, { width: 400, height: 260 });
    const [, , w, h] = plain.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    expect(w / h).toBeCloseTo(400 / 260);
    expect(plain.querySelectorAll('text')).toHaveLength(0);
    const worded = sketch(aak, { words: { up: 'Вверх', down: 'Вниз' } });
    expect([...worded.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['Вверх', 'Вниз']);
  });
});
