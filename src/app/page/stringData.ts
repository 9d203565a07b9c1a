/**
 * The string tables' files (assets/strings/), fetched as data when the page starts. Apart from
 * strings.ts because it uses Vite's import.meta.glob, which Node (the tests) does not have.
 */
import type { Language } from '../../persist/settings.ts';
import { dataLoader } from './assetData.ts';
import { isStringTable, registerStrings } from './strings.ts';

/** One table file, checked to be a table of text. */
const loadTable: (lang: Language) => Promise<unknown> = dataLoader(
  import.meta.glob<string>('../../../assets/strings/*.json', { query: '?url', import: 'default', eager: true }),
  (lang: Language) => `../../../assets/strings/${lang}.json`,
  (x: unknown): x is unknown => isStringTable(x),
);

/** Loads and registers the tables of both languages; throws when one cannot be loaded or lacks a key. */
export async function loadStrings(): Promise<void> {
  const [en, ru] = await Promise.all([loadTable('en'), loadTable('ru')]);
  if (!isStringTable(en) || !isStringTable(ru, en)) throw new Error('the string tables could not be loaded');
  registerStrings('en', en);
  registerStrings('ru', ru);
}
