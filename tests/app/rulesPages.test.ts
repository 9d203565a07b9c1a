/** The rules pages: complete in both languages, and their worked examples agree with the engine. */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRulesBook, type Lang, type RulesBook, type RulesPage } from '../../src/app/page/rulesPages.ts';
import { IllegalMove } from '../../src/engine/errors.ts';
import { parsePosition, applyMoves, type GameId, GAMES } from '../../src/games/catalog.ts';
import { formatMove, type MoveJson, type Position } from '../../src/engine/notation.ts';
import { DISCARD, moveType } from '../../src/engine/rules.ts';
import { cards, missing } from '../engine/helpers.ts';

const LANGS: readonly Lang[] = ['en', 'ru'];

/** The stored pages (assets/rules/GAME.json), each checked as the page checks what it fetches. */
const RULES_PAGES = Object.fromEntries(
  GAMES.map((g) => {
    const book: unknown = JSON.parse(readFileSync(`assets/rules/${g.id}.json`, 'utf8'));
    if (!isRulesBook(book)) throw new Error(`assets/rules/${g.id}.json is not a rules book`);
    return [g.id, book] as const;
  }),
) as Record<GameId, RulesBook>;
const CYRILLIC = /[\u0400-\u04FF]/;

/** The text of a page's last section, the worked example. */
function example(p: RulesPage): string {
  return p.sections[p.sections.length - 1]!.paragraphs.join('\n');
}

const RANKS: Readonly<Record<string, string>> = { A: 'A', J: 'J', Q: 'Q', K: 'K', Т: 'A', В: 'J', Д: 'Q', К: 'K', '10': 'T' };
const SUITS: Readonly<Record<string, string>> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };

/** The notation codes of the cards written in a text (`7♠ В♠ 10♥` gives 7S JS TH). */
function codesIn(text: string): string[] {
  return [...text.matchAll(/(10|[2-9AJQKТВДК])([♠♥♦♣])/g)].map((m) => (RANKS[m[1]!] ?? m[1]!) + SUITS[m[2]!]!);
}

/**
 * The discards a worked example states, read from its paragraph that starts with `prefix`: the
 * text after the prefix lists them, separated by commas and "or"/"или", each as its card or cards.
 */
function statedDiscards(p: RulesPage, prefix: string): string[][] {
  const para = p.sections[p.sections.length - 1]!.paragraphs.find((t) => t.startsWith(prefix));
  expect(para, `a paragraph starting "${prefix}" in ${p.title}`).toBeDefined();
  const list = para!.slice(prefix.length).trim().replace(/\.$/, '');
  return list.split(/,\s*|\s+(?:or|или)\s+/).map(codesIn);
}

/** The engine's legal discards in a position, each as the card or cards it removes. */
function engineDiscards(position: Position): string[][] {
  const { rules, state } = parsePosition(position);
  const list: number[] = [];
  rules.moves(state, list);
  return list
    .filter((m) => moveType(m) === DISCARD)
    .map((m) => {
      const json = formatMove(rules, state, m);
      return 'cards' in json ? json.cards : 'card' in json ? [json.card] : [];
    });
}

/** Sorted, for comparing sets of discards. */
const asSet = (d: string[][]): string[] => d.map((c) => c.join(' ')).sort();

/** True when the engine plays the moves in order, false when the last is refused as illegal. */
function allowed(position: Position, moves: readonly MoveJson[]): boolean {
  try {
    applyMoves(position, moves);
    return true;
  } catch (e) {
    if (e instanceof IllegalMove) return false;
    throw e;
  }
}

const mv = (from: string, to: string, card: string): MoveJson => ({ type: 'move', from, to, card });

describe('rules pages: every game, both languages', () => {
  it('has a page in each language for every game of the registry, titled with its names', () => {
    expect(Object.keys(RULES_PAGES).sort()).toEqual(GAMES.map((g) => g.id).sort());
    for (const g of GAMES) {
      for (const lang of LANGS) expect(RULES_PAGES[g.id][lang].title, `${g.id} ${lang}`).toBe(g.names[lang]);
    }
  });

  it('has the same sections in both languages, none empty, in plain text', () => {
    for (const g of GAMES) {
      const { en, ru } = RULES_PAGES[g.id];
      expect(ru.sections.length, g.id).toBe(en.sections.length);
      expect(en.sections.length, g.id).toBeGreaterThanOrEqual(6);
      for (const p of [en, ru]) {
        p.sections.forEach((s, i) => {
          expect(s.heading.trim(), `${p.title} section ${i}`).not.toBe('');
          expect(s.paragraphs.length, `${p.title} ${s.heading}`).toBeGreaterThan(0);
          for (const t of s.paragraphs) {
            expect(t.trim(), `${p.title} ${s.heading}`).not.toBe('');
            expect(t, `${p.title} ${s.heading}`).not.toMatch(/<\/?[a-z][^>]*>|&[a-z]+;/i);
          }
        });
      }
    }
  });

  it('writes Russian pages in Cyrillic with Russian rank letters, English pages without Cyrillic', () => {
    for (const g of GAMES) {
      const { en, ru } = RULES_PAGES[g.id];
      const enText = JSON.stringify(en);
      const ruText = JSON.stringify(ru);
      expect(enText, g.id).not.toMatch(CYRILLIC);
      expect(ruText, g.id).toMatch(CYRILLIC);
      expect(ruText, `${g.id}: a card with a Latin rank letter`).not.toMatch(/[AJQKT][♠♥♦♣]/);
      expect(enText, `${g.id}: a card written with T for ten`).not.toMatch(/T[♠♥♦♣]/);
    }
  });

  it('gives the required worked examples with their exact cards', () => {
    const au = RULES_PAGES['aces-up'];
    expect(example(au.en)).toContain('7♠ J♠ 5♥ A♣');
    expect(example(au.ru)).toContain('7♠ В♠ 5♥ Т♣');
    const rm = RULES_PAGES['royal-marriage'];
    expect(example(rm.en)).toContain('Q♥ 2♣ 4♥ 5♠ 2♥');
    expect(example(rm.ru)).toContain('Д♥ 2♣ 4♥ 5♠ 2♥');
    for (const lang of LANGS) {
      expect(codesIn(example(au[lang])).slice(0, 4), lang).toEqual(cards('7S JS 5H AC'));
      expect(codesIn(example(rm[lang])).slice(0, 5), lang).toEqual(cards('QH 2C 4H 5S 2H'));
    }
  });
});

describe('rules pages: worked examples against the engine', () => {
  it('Aces Up: the discards the page allows are exactly the legal ones with tops 7♠ J♠ 5♥ A♣', () => {
    const tableau = [['7S'], ['JS'], ['5H'], ['AC']];
    const position: Position = { game: 'aces-up', stock: missing({ tableau }), tableau, discard: [] };
    const legal = asSet(engineDiscards(position));
    expect(legal).toEqual(['7S']);
    expect(asSet(statedDiscards(RULES_PAGES['aces-up'].en, 'Allowed discards in the position shown:'))).toEqual(legal);
    expect(asSet(statedDiscards(RULES_PAGES['aces-up'].ru, 'В показанной позиции можно удалить:'))).toEqual(legal);
  });

  it('Royal Marriage: the discards the page allows in Q♥ 2♣ 4♥ 5♠ 2♥ are exactly the legal ones, with and without rank pairs', () => {
    const row = cards('QH 2C 4H 5S 2H');
    const stock = ['KH', '3D'];
    const plain: Position = { game: 'royal-marriage', stock, row, discard: missing({ stock, row }) };
    const paired: Position = { ...plain, rankPairs: true };
    const legal = asSet(engineDiscards(plain));
    const legalPaired = asSet(engineDiscards(paired));
    expect(legal).toEqual(['2C', '5S']);
    expect(legalPaired).toEqual(['2C', '4H 5S', '5S']);
    const { en, ru } = RULES_PAGES['royal-marriage'];
    expect(asSet(statedDiscards(en, 'Allowed discards in the row shown:'))).toEqual(legal);
    expect(asSet(statedDiscards(ru, 'В показанном ряду можно убрать:'))).toEqual(legal);
    expect(asSet(statedDiscards(en, 'Allowed discards in the row shown with same-rank pairs:'))).toEqual(legalPaired);
    expect(asSet(statedDiscards(ru, 'В показанном ряду с парами по достоинству можно убрать:'))).toEqual(legalPaired);
    // The follow-ups the page describes: after 2♣, the pair 4♥ 5♠ goes at once; after 5♠, the pair
    // 2♣ 4♥ or first 2♣, then 4♥; every way ends with Q♥ 2♥. With rank pairs, 4♥ 5♠ go first.
    const dis = (...c: string[]): MoveJson => ({ type: 'discard', from: 'row', cards: c });
    const rowAfter = (p: Position, moves: MoveJson[]): string[] => (applyMoves(p, moves) as unknown as { row: string[] }).row;
    expect(rowAfter(plain, [dis('2C')])).toEqual(cards('QH 4H 5S 2H'));
    expect(asSet(engineDiscards(applyMoves(plain, [dis('2C')])))).toEqual(['4H 5S', '5S']);
    expect(rowAfter(plain, [dis('2C'), dis('4H', '5S')])).toEqual(cards('QH 2H'));
    expect(rowAfter(plain, [dis('5S')])).toEqual(cards('QH 2C 4H 2H'));
    expect(asSet(engineDiscards(applyMoves(plain, [dis('5S')])))).toEqual(['2C', '2C 4H']);
    expect(rowAfter(plain, [dis('5S'), dis('2C', '4H')])).toEqual(cards('QH 2H'));
    expect(rowAfter(plain, [dis('5S'), dis('2C'), dis('4H')])).toEqual(cards('QH 2H'));
    expect(rowAfter(paired, [dis('4H', '5S')])).toEqual(cards('QH 2C 2H'));
  });

  it('Australian Patience: 7♠ moves with the cards on it onto 8♠, not onto 8♥; 9♥ may not start an empty column', () => {
    const tableau: string[][] = [cards('9H 7S 2D QC'), ['8S'], ['8H'], [], [], [], []];
    const rest = missing({ tableau });
    const stock = rest.splice(0, 20);
    rest.forEach((c, i) => {
      tableau[4 + (i % 3)]!.push(c);
    });
    const p: Position = { game: 'australian', stock, waste: [], tableau, foundations: [[], [], [], []] };
    expect(allowed(p, [mv('tableau:0', 'tableau:1', '7S')])).toBe(true);
    expect(allowed(p, [mv('tableau:0', 'tableau:2', '7S')])).toBe(false);
    expect(allowed(p, [mv('tableau:0', 'tableau:3', '9H')])).toBe(false);
    expect(allowed(p, [mv('tableau:0', 'tableau:1', '7S'), mv('tableau:2', 'tableau:0', '8H')])).toBe(true);
    for (const lang of LANGS) expect(codesIn(example(RULES_PAGES.australian[lang])).slice(0, 7)).toEqual(cards('9H 7S 2D QC 8S 8H 7S'));
  });

  it('Aces and Kings: 7♣ fits no foundation until 8♥ passes from an up foundation onto 9♠', () => {
    const up = [cards('AS 2S 3S 4S 5D'), cards('AH 2H 3H 4H 5H 6H 7H 8H'), [], []];
    const down = [cards('KS QS JS TS 9S'), [], [], []];
    const rest = missing({ up, down }, 2);
    rest.splice(rest.indexOf('7C'), 1);
    // The other 7♣ and every 6, 8 and 9 stay in the stock, so nothing else on top fits those foundations.
    const held = rest.filter((c) => '689'.includes(c[0]!));
    const free = rest.filter((c) => !'689'.includes(c[0]!) && c[0] !== 'A' && c[0] !== 'K');
    const reserve = [[...free.splice(0, 12), '7C'], free.splice(0, 13)];
    const tableau = [free.splice(0, 1), free.splice(0, 1), free.splice(0, 1), free.splice(0, 1)];
    const waste = free.splice(0, 1);
    const stock = [...rest.filter((c) => c[0] === 'A' || c[0] === 'K'), ...held, ...free];
    const p: Position = { game: 'aces-and-kings', stock, waste, reserve, tableau, up, down };
    expect(allowed(p, [mv('reserve:0', 'down:0', '7C')])).toBe(false);
    expect(allowed(p, [mv('reserve:0', 'up:0', '7C')])).toBe(false);
    expect(allowed(p, [mv('reserve:0', 'up:2', '7C')])).toBe(false);
    expect(allowed(p, [mv('up:1', 'down:0', '8H')])).toBe(true);
    expect(allowed(p, [mv('up:1', 'down:0', '8H'), mv('reserve:0', 'down:0', '7C')])).toBe(true);
    for (const lang of LANGS) expect(codesIn(example(RULES_PAGES['aces-and-kings'][lang])).slice(0, 4)).toEqual(cards('7C 5D 8H 9S'));
  });

  it('King Albert: 8♦ goes on 9♣ and 8♠ does not; 8♠ may fill an empty column; 9♣ moves alone only', () => {
    const tableau: string[][] = [['9C'], ['TH'], [], [], [], [], [], [], []];
    const reserve: (string | null)[] = ['8D', '8S', null, null, null, null, null];
    missing({ tableau, reserve }).forEach((c, i) => {
      tableau[3 + (i % 6)]!.push(c);
    });
    const p: Position = { game: 'king-albert', tableau, reserve, foundations: [[], [], [], []] };
    expect(allowed(p, [mv('reserve:0', 'tableau:0', '8D')])).toBe(true);
    expect(allowed(p, [mv('reserve:1', 'tableau:0', '8S')])).toBe(false);
    expect(allowed(p, [mv('reserve:1', 'tableau:2', '8S')])).toBe(true);
    expect(allowed(p, [mv('tableau:0', 'tableau:1', '9C')])).toBe(true);
    expect(allowed(p, [mv('reserve:0', 'tableau:0', '8D'), mv('tableau:0', 'tableau:1', '9C')])).toBe(false);
    for (const lang of LANGS) expect(codesIn(example(RULES_PAGES['king-albert'][lang])).slice(0, 4)).toEqual(cards('9C TH 8D 8S'));
  });

  it('Streets and Alleys: 6♦ goes on either seven, not on 8♣; the card behind it waits; 7♠ then 6♦ onto 8♣', () => {
    const tableau: string[][] = [cards('4C 6D'), ['7S'], ['7H'], ['8C'], [], [], [], []];
    missing({ tableau }).forEach((c, i) => {
      tableau[i % 8]!.unshift(c);
    });
    const p: Position = { game: 'streets-and-alleys', tableau, foundations: [[], [], [], []] };
    expect(allowed(p, [mv('tableau:0', 'tableau:1', '6D')])).toBe(true);
    expect(allowed(p, [mv('tableau:0', 'tableau:2', '6D')])).toBe(true);
    expect(allowed(p, [mv('tableau:0', 'tableau:3', '6D')])).toBe(false);
    expect(allowed(p, [mv('tableau:0', 'tableau:5', '4C')])).toBe(false);
    expect(allowed(p, [mv('tableau:1', 'tableau:3', '7S'), mv('tableau:0', 'tableau:3', '6D')])).toBe(true);
    for (const lang of LANGS) expect(codesIn(example(RULES_PAGES['streets-and-alleys'][lang])).slice(0, 6)).toEqual(cards('6D 4C 7S 7H 8C 6D'));
  });
});

describe('the page loads the rules as data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not a complete rules book', () => {
    const good = RULES_PAGES['aces-up'];
    expect(isRulesBook(good)).toBe(true);
    const bad: unknown[] = [
      null,
      'rules',
      { en: good.en },
      { en: good.en, ru: { ...good.ru, title: '' } },
      { en: good.en, ru: { ...good.ru, sections: good.ru.sections.slice(1) } },
      { en: good.en, ru: { ...good.ru, sections: [...good.ru.sections.slice(1), { heading: 'x', paragraphs: [] }] } },
      { en: good.en, ru: { ...good.ru, sections: [...good.ru.sections.slice(1), { heading: 'x', paragraphs: [3] }] } },
    ];
    for (const b of bad) expect(isRulesBook(b)).toBe(false);
  });

  it('fetches a game\'s book once; one that cannot be fetched or read gives null, and the next request tries again', async () => {
    vi.resetModules();
    const { rulesBook } = await import('../../src/app/page/rulesPages.ts');
    let answer = (): Response => new Response('{"en":1}');
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return answer();
    });
    expect(await rulesBook('king-albert')).toBeNull();
    expect(calls, 'one retry at once').toBe(2);
    answer = () => new Response('', { status: 500 });
    expect(await rulesBook('king-albert')).toBeNull();
    answer = () => new Response(readFileSync('assets/rules/king-albert.json'));
    expect(await rulesBook('king-albert')).toEqual(RULES_PAGES['king-albert']);
    const n = calls;
    await rulesBook('king-albert');
    expect(calls, 'loaded once').toBe(n);
  });
});
