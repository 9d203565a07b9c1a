/**
 * Every string the page shows, in English and Russian. The tables are data beside the code
 * (assets/strings/en.json and ru.json, like the rules pages), loaded once before the app starts;
 * the keys are typed from the English table, and the Russian one must have exactly its keys (checked
 * when loaded, and by tests). `{name}` marks a parameter; plural forms are chosen with
 * Intl.PluralRules (Russian has one, few and many: 1 ход, 2 хода, 5 ходов).
 */
import type EnglishTable from '../../../assets/strings/en.json';
import type { Language } from '../../persist/settings.ts';

/** A string key: the keys of the English table. */
export type StringKey = keyof typeof EnglishTable;

/** A string table: every key's text in one language. */
export type StringTable = Record<StringKey, string>;

/** The tables loaded so far (both are loaded before the app starts; tests register them). */
const tables: Partial<Record<Language, StringTable>> = {};

/** True when `x` is a string table with every key of `like` (the English table) and nothing else. */
export function isStringTable(x: unknown, like: Readonly<Record<string, unknown>> | null = null): x is StringTable {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const entries = Object.entries(x);
  if (!entries.every(([, v]) => typeof v === 'string')) return false;
  if (!like) return entries.length > 0;
  const keys = Object.keys(like);
  return entries.length === keys.length && keys.every((k) => k in x);
}

/** Makes `table` the strings of `lang` (it must have every key of the English table once that is known). */
export function registerStrings(lang: Language, table: StringTable): void {
  tables[lang] = table;
}

/** The string tables of both languages, for tests (throws when one is not loaded). */
export function stringTables(): Record<Language, StringTable> {
  const { en, ru } = tables;
  if (!en || !ru) throw new Error('the string tables are not loaded');
  return { en, ru };
}


const plurals = {
  move: { en: { one: '{n} move', other: '{n} moves' }, ru: { one: '{n} ход', few: '{n} хода', many: '{n} ходов', other: '{n} хода' } },
  card: { en: { one: '{n} card', other: '{n} cards' }, ru: { one: '{n} карта', few: '{n} карты', many: '{n} карт', other: '{n} карты' } },
  game: { en: { one: '{n} game', other: '{n} games' }, ru: { one: '{n} игра', few: '{n} игры', many: '{n} игр', other: '{n} игры' } },
} as const satisfies Record<string, Record<Language, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>>;

/** A noun with plural forms. */
export type PluralKey = keyof typeof plurals;

/** The plural tables, for tests. */
export const PLURALS = plurals;

function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all));
}

/** The strings of one language. */
export class Strings {
  /** The language. */
  readonly lang: Language;
  private readonly rules: Intl.PluralRules;

  /** Strings in `lang`. */
  constructor(lang: Language) {
    this.lang = lang;
    this.rules = new Intl.PluralRules(lang);
  }

  /** The string `key` with its `{name}` parameters filled in. */
  t(key: StringKey, params: Readonly<Record<string, string | number>> = {}): string {
    const table = tables[this.lang];
    if (!table) throw new Error(`the ${this.lang} strings are not loaded`);
    return fill(table[key], params);
  }

  /** "`n` `noun`" with the right plural form. */
  count(noun: PluralKey, n: number): string {
    const forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = plurals[noun][this.lang];
    return fill(forms[this.rules.select(n)] ?? forms.other, { n: n.toLocaleString(this.lang) });
  }

  /** A duration as m:ss or h:mm:ss. */
  time(ms: number): string {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const mm = Math.floor((s % 3600) / 60);
    const ss = String(s % 60).padStart(2, '0');
    return h ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
  }

  /** A month's name and year, e.g. "December 2026". */
  month(year: number, month: number): string {
    return new Intl.DateTimeFormat(this.lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
  }
}
