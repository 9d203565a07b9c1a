import { describe, expect, it } from 'vitest';
import { isStringTable, PLURALS, Strings, stringTables } from '../../src/app/page/strings.ts';

const TABLES = stringTables();

const holes = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('strings', () => {
  it('an unproven hint is said in plain words (no "the game\'s own judgement")', () => {
    for (const k of ['hintNotProven', 'hintChecking'] as const) {
      expect(TABLES.en[k]).not.toMatch(/judg|own best|heuristic/i);
      expect(TABLES.ru[k]).not.toMatch(/оценк|эвристик/i);
    }
  });

  it('the tables are checked when loaded: the Russian one must have exactly the English keys, all text', () => {
    const { en, ru } = TABLES;
    expect(isStringTable(en)).toBe(true);
    expect(isStringTable(ru, en)).toBe(true);
    const short: Record<string, string> = { ...ru };
    delete short.appTitle;
    expect(isStringTable(short, en)).toBe(false);
    expect(isStringTable({ ...ru, extra: 'x' }, en)).toBe(false);
    expect(isStringTable({ ...ru, appTitle: 3 }, en)).toBe(false);
    expect(isStringTable([], en)).toBe(false);
    expect(isStringTable({})).toBe(false);
  });

  it('every key exists in both languages, is not empty and has the same parameters', () => {
    const en = TABLES.en;
    const ru = TABLES.ru;
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const k of Object.keys(en) as (keyof typeof en)[]) {
      expect(en[k].trim(), k).not.toBe('');
      expect(ru[k].trim(), k).not.toBe('');
      expect(holes(ru[k]), k).toEqual(holes(en[k]));
    }
  });

  it('Russian strings are in Russian, English ones in English', () => {
    const cyr = /[А-Яа-яЁё]/;
    for (const [k, v] of Object.entries(TABLES.en)) expect(cyr.test(v), k).toBe(false);
    const words = Object.entries(TABLES.ru).filter(([, v]) => /[A-Za-z]{3,}/.test(v.replace(/\{\w+\}/g, '').replace(/\b(Enter|Ctrl|Shift|Esc)\b/g, '')));
    expect(words).toEqual([]);
  });

  it('fills parameters', () => {
    expect(new Strings('en').t('dealLabel', { deal: 42 })).toBe('Deal 42');
    expect(new Strings('ru').t('dealLabel', { deal: 42 })).toBe('Раздача 42');
  });

  it('uses Russian plural forms', () => {
    const ru = new Strings('ru');
    expect([1, 2, 5, 11, 21, 22, 25, 101].map((n) => ru.count('card', n))).toEqual(['1 карта', '2 карты', '5 карт', '11 карт', '21 карта', '22 карты', '25 карт', '101 карта']);
    expect([1, 3, 12].map((n) => ru.count('move', n))).toEqual(['1 ход', '3 хода', '12 ходов']);
    const en = new Strings('en');
    expect([1, 2].map((n) => en.count('move', n))).toEqual(['1 move', '2 moves']);
  });

  it('has every plural form each language needs', () => {
    for (const lang of ['en', 'ru'] as const) {
      const need = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [noun, forms] of Object.entries(PLURALS)) for (const c of need) expect((forms[lang] as Record<string, string>)[c], `${lang} ${noun} ${c}`).toBeDefined();
    }
  });

  it('formats times', () => {
    const t = new Strings('en');
    expect(t.time(0)).toBe('0:00');
    expect(t.time(61_999)).toBe('1:01');
    expect(t.time(3_600_000 + 5_000)).toBe('1:00:05');
  });
});
