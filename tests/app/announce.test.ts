import { describe, expect, it } from 'vitest';
import { describeChange, describeSpot, pileWords, uncoveredCards } from '../../src/app/table/announce.ts';
import { cardLabel, describeMove } from '../../src/app/table/describe.ts';
import { Session } from '../../src/app/table/session.ts';
import { Strings } from '../../src/app/page/strings.ts';
import { parseCard } from '../../src/engine/cards.ts';
import { legalList, playerMoves } from '../../src/engine/play.ts';
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

  it('numbers the empty pile when the same card could go to another empty pile and that differs (Aces Up while the stock lasts), and only then', () => {
    const rules = GAMES.find((g) => g.id === 'aces-up')!;
    const s = new Session(rules, 1);
    // Deal 1: 5♣ and 3♥ go, leaving piles 2 and 3 empty with 48 cards in the stock.
    for (let i = 0; i < 2; i++) s.play(legalList(rules, s.view)[0]!);
    const words = playerMoves(rules, s.view).map((m) => describeMove(en, rules, s.view, m));
    expect(words).toEqual(['K♥ to empty pile 2', '9♣ to empty pile 2', 'Deal from the stock', 'K♥ to empty pile 3', '9♣ to empty pile 3']);
    expect(new Set(words).size).toBe(words.length);
    expect(describeMove(ru, rules, s.view, playerMoves(rules, s.view)[3]!)).toBe('К♥ — на пустую стопку 3');
    // The same piles once the stock is out: the empty piles are alike, and the words name none.
    const kh = parseCard('KH')!;
    const nc = parseCard('9C')!;
    const out = { piles: [[], [kh], [], [], [nc], s.view.piles[5]!.concat(s.view.piles[0]!)], flags: 0 };
    const late = playerMoves(rules, out).map((m) => describeMove(en, rules, out, m));
    expect(late).toEqual(['K♥ to an empty pile', '9♣ to an empty pile']);
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
