/**
 * The player's settings: one versioned record, validated on load, with the defaults every new
 * player gets. Version 0 was three loose keys of the first table (muted, speed, left-handed);
 * `loadSettings` migrates them once and removes them.
 */
import { bool, type Infer, type Optional, obj, opt, parse, pick } from './check.ts';
import { GAME_IDS, type GameId } from '../games/catalog.ts';
import type { Problem, RecordKind, Store } from './store.ts';

/** Animation speeds (the animator's names). */
export const SPEED_CHOICES = ['off', 'slow', 'normal', 'fast'] as const;
/** Auto-collect modes: none, the game's proven-safe moves, every move to a foundation, or moves the solver confirms keep the deal winnable. */
export const AUTO_COLLECT_CHOICES = ['off', 'safe', 'all', 'solver'] as const;
/** Card back designs (the card art's ids). */
export const BACK_CHOICES = ['blue', 'red'] as const;
/** Languages. */
export const LANGUAGES = ['en', 'ru'] as const;
/** The difficulty a new winnable deal is drawn from ('any': the whole list). */
export const DIFFICULTY_CHOICES = ['any', 'easy', 'medium', 'hard'] as const;

/** A language. */
export type Language = (typeof LANGUAGES)[number];
/** An auto-collect mode. */
export type AutoCollect = (typeof AUTO_COLLECT_CHOICES)[number];

const Schema = obj({
  tapToMove: bool,
  autoCollect: pick(AUTO_COLLECT_CHOICES),
  speed: pick(SPEED_CHOICES),
  sound: bool,
  cardBack: pick(BACK_CHOICES),
  fourColour: bool,
  leftHanded: bool,
  confirmAbandon: bool,
  showClock: bool,
  showMoves: bool,
  showVerdict: bool,
  /** Warn when a move gives up a win (the position before it proven winnable, after it proven lost). */
  warnCrossroads: bool,
  language: pick(LANGUAGES),
  /** Per game; a game not listed deals winnable deals (the default for a player's first games). */
  winnableOnly: obj(Object.fromEntries(GAME_IDS.map((g) => [g, opt(bool)])) as Record<GameId, Optional<boolean>>),
  /** Per game, the difficulty of winnable deals ('any' when not listed). */
  difficulty: obj(Object.fromEntries(GAME_IDS.map((g) => [g, opt(pick(DIFFICULTY_CHOICES))])) as Record<GameId, Optional<(typeof DIFFICULTY_CHOICES)[number]>>),
});

/** Every setting. */
export type Settings = Infer<typeof Schema>;

/**
 * The settings record. Version 2 added `showVerdict` (the solver's live verdict) and the 'solver'
 * auto-collect choice; version 1 records get the verdict line off. Version 3 added the difficulty
 * of winnable deals per game, none chosen. Version 4 added the warning at the crossroads, off.
 */
export const SETTINGS_KIND: RecordKind<Settings> = {
  key: 'solitaire.settings',
  version: 4,
  schema: Schema,
  migrate: {
    1: (old) => {
      if (typeof old !== 'object' || old === null || Array.isArray(old)) throw new Error('not an object');
      return { ...old, showVerdict: false };
    },
    2: (old) => {
      if (typeof old !== 'object' || old === null || Array.isArray(old)) throw new Error('not an object');
      return { ...old, difficulty: {} };
    },
    3: (old) => {
      if (typeof old !== 'object' || old === null || Array.isArray(old)) throw new Error('not an object');
      return { ...old, warnCrossroads: false };
    },
  },
};

/** What the browser tells about the player, for the defaults. */
export interface Environment {
  /** The browser's preferred languages, most preferred first. */
  languages: readonly string[];
  /** True when the player asked the system for less motion. */
  reducedMotion: boolean;
}

/** The defaults: English unless the browser prefers Russian; no animation when reduced motion is asked for. */
export function defaultSettings(env: Environment): Settings {
  const first = env.languages.find((l) => /^(en|ru)\b/i.test(l)) ?? 'en';
  return {
    tapToMove: true,
    autoCollect: 'safe',
    speed: env.reducedMotion ? 'off' : 'normal',
    sound: true,
    cardBack: 'blue',
    fourColour: false,
    leftHanded: false,
    confirmAbandon: true,
    showClock: true,
    showMoves: true,
    showVerdict: false,
    warnCrossroads: false,
    language: /^ru\b/i.test(first) ? 'ru' : 'en',
    winnableOnly: {},
    difficulty: {},
  };
}

/** Version 0's loose keys. */
export const LEGACY_KEYS = { muted: 'solitaire.muted', speed: 'solitaire.speed', leftHanded: 'solitaire.leftHanded' } as const;

/** Loaded settings and the problem met while reading them (the defaults stand in for bad ones). */
export interface LoadedSettings {
  /** The settings to use. */
  settings: Settings;
  /** Why the stored settings could not be used, or null. */
  problem: Problem | null;
}

/** Reads the settings; migrates version 0's keys; falls back to the defaults on any problem. */
export function loadSettings(store: Store, env: Environment): LoadedSettings {
  const base = defaultSettings(env);
  const r = store.read(SETTINGS_KIND);
  if (r.value) return { settings: r.value, problem: null };
  if (r.problem) {
    if (r.problem === 'corrupt' || r.problem === 'version') store.quarantine(SETTINGS_KIND.key);
    return { settings: base, problem: r.problem };
  }
  const muted = store.raw(LEGACY_KEYS.muted);
  const speed = store.raw(LEGACY_KEYS.speed);
  const left = store.raw(LEGACY_KEYS.leftHanded);
  if (muted == null && speed == null && left == null) return { settings: base, problem: null };
  const s: Settings = { ...base, winnableOnly: {}, difficulty: {} };
  if (muted === '1') s.sound = false;
  if (typeof speed === 'string' && (SPEED_CHOICES as readonly string[]).includes(speed)) s.speed = speed as Settings['speed'];
  if (left === '1') s.leftHanded = true;
  if (store.write(SETTINGS_KIND, s) === null) for (const k of Object.values(LEGACY_KEYS)) store.remove(k);
  return { settings: s, problem: null };
}

/** Validates a settings object from anywhere (null when it is not valid). */
export function validSettings(x: unknown): Settings | null {
  return parse(Schema, x)?.value ?? null;
}
