/**
 * The in-game rules pages, in English and Russian: plain text for the rules dialog. The pages are
 * data, in assets/rules/GAME.json (one file per game, both languages), fetched the first time a
 * player opens a game's rules and checked before use; the service worker precaches them for
 * offline play. Each page says exactly what the engine in src/games/ implements;
 * tests/app/rulesPages.test.ts checks them (complete in both languages, six sections, the worked
 * examples of Aces Up and Royal Marriage against the engine).
 */
import type { GameId } from '../../games/catalog.ts';
import { dataLoader } from './assetData.ts';

/** One section of a rules page. */
export interface RulesSection {
  /** Heading. */
  heading: string;
  /** Paragraphs (plain text, no HTML). */
  paragraphs: string[];
}

/** A rules page in one language. */
export interface RulesPage {
  /** The game's name. */
  title: string;
  /** Sections in reading order (Goal, Layout, Play, Winning, Tips, Worked example); the last one is the worked example. */
  sections: RulesSection[];
}

/** Languages of the pages. */
export type Lang = 'en' | 'ru';

/** One game's rules in both languages: the content of assets/rules/GAME.json. */
export type RulesBook = Record<Lang, RulesPage>;

const isText = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';

function isPage(x: unknown): x is RulesPage {
  if (typeof x !== 'object' || x === null) return false;
  const { title, sections } = x as { title?: unknown; sections?: unknown };
  return (
    isText(title) &&
    Array.isArray(sections) &&
    sections.length === 6 &&
    sections.every((s: unknown) => {
      if (typeof s !== 'object' || s === null) return false;
      const { heading, paragraphs } = s as { heading?: unknown; paragraphs?: unknown };
      return isText(heading) && Array.isArray(paragraphs) && paragraphs.length > 0 && paragraphs.every(isText);
    })
  );
}

/** True when `x` is a rules book: a page of six sections, each with a heading and text, in each language. */
export function isRulesBook(x: unknown): x is RulesBook {
  if (typeof x !== 'object' || x === null) return false;
  const { en, ru } = x as { en?: unknown; ru?: unknown };
  return isPage(en) && isPage(ru);
}

/** The rules of a game in both languages, loaded once (null when they cannot be loaded or read; the next request tries again). */
export const rulesBook: (game: GameId) => Promise<RulesBook | null> = dataLoader(
  import.meta.glob<string>('../../../assets/rules/*.json', { query: '?url', import: 'default', eager: true }),
  (game: GameId) => `../../../assets/rules/${game}.json`,
  isRulesBook,
);
