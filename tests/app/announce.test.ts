import { describe, expect, it } from 'vitest';
import { describeChange, describeSpot, pileWords, uncoveredCards } from '../../src/app/table/announce.ts';
import { cardLabel, describeMove } from '../../src/app/table/describe.ts';
import { Session } from '../../src/app/table/session.ts';
import { Strings } from '../../src/app/page/strings.ts';
import { parseCard } from '../../src/engine/cards.ts';
import { legalList } from '../../src/engine/play.ts';
import { DEAL, DISCARD, moveType } from '../../src/engine/rules.ts';
import { GAMES } from '../../src/games/catalog.ts';

const en = new Strings('en');
const ru = new Strings('ru');

describe('moves in words', () => {
  it('names cards with rank letters of the language', () => {
    expect(cardLabel(en, parseCard('QH')!)).toBe('Q♥');
    expect(cardLabel(ru, parseCard('QH')!)).toBe('Д♥');
    expect(cardLabel(en, parseCard('TS')!)).toBe('10♠');
    expect(cardLabel(ru, parseCard('AC')!)).toBe('Т♣');
  });

  it('describes every legal move of the openings of all six games, in both languages, with the moving card', () => {
    for (const rules of GAMES) {
      const s = new Session(rules, 3);
      for (const m of legalList(rules, s.view)) {
        for (const t of [en, ru]) {
          const text = describeMove(t, rules, s.view, m);
          expect(text.length).toBeGreaterThan(3);
          if (moveType(m) !== DEAL && moveType(m) !== DISCARD) expect(text).toMatch(/[♠♥♦♣]/);
        }
      }
    }
  });

  it('announces a move with the cards it uncovers, and undo', () => {
    const rules = GAMES.find((g) => g.id === 'king-albert')!;
    const s = new Session(rules, 7);
    const m = legalList(rules, s.view).find((x) => moveType(x) !== DEAL)!;
    const c = s.play(m)!;
    const text = describeChange(en, rules, c);
    expect(text.startsWith(describeMove(en, rules, c.before, m))).toBe(true);
    const uncovered = uncoveredCards(rules, c.before, c.after);
    for (const card of uncovered) expect(text).toContain(cardLabel(en, card));
    expect(describeChange(en, rules, s.undo()!)).toBe('Move undone.');
    expect(describeChange(ru, rules, s.redo()!)).toBe('Ход возвращён.');
  });

  it('words for piles and the keyboard focus', () => {
    const rules = GAMES.find((g) => g.id === 'king-albert')!;
    const s = new Session(rules, 7);
    const t0 = rules.piles.findIndex((p) => p.id === 'tableau:2');
    expect(pileWords(en, rules, t0)).toBe('pile 3');
    expect(pileWords(ru, rules, t0)).toBe('стопка 3');
    const top = s.view.piles[t0]!.length - 1;
    expect(describeSpot(en, rules, s.view, { pile: t0, index: top })).toBe(`${cardLabel(en, s.view.piles[t0]![top]!)}, pile 3`);
  });
});
