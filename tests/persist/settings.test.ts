import { describe, expect, it } from 'vitest';
import { defaultSettings, LEGACY_KEYS, loadSettings, SETTINGS_KIND, validSettings } from '../../src/persist/settings.ts';
import { MemoryKeyValue, Store } from '../../src/persist/store.ts';

const env = { languages: ['en-GB'], reducedMotion: false };

describe('settings', () => {
  it('defaults: tap to move, safe auto-collect, normal speed, sound, blue back, confirm on, clock and moves shown', () => {
    expect(defaultSettings(env)).toEqual({
      tapToMove: true,
      autoCollect: 'safe',
      speed: 'normal',
      sound: true,
      cardBack: 'blue',
      fourColour: false,
      leftHanded: false,
      confirmAbandon: true,
      showClock: true,
      showMoves: true,
      showVerdict: false,
      warnCrossroads: false,
      language: 'en',
      winnableOnly: {},
      difficulty: {},
    });
  });

  it('English unless the browser prefers Russian; no animation under reduced motion', () => {
    expect(defaultSettings({ languages: ['ru-RU', 'en'], reducedMotion: false }).language).toBe('ru');
    expect(defaultSettings({ languages: ['en-US', 'ru'], reducedMotion: false }).language).toBe('en');
    expect(defaultSettings({ languages: ['de-DE', 'ru'], reducedMotion: false }).language).toBe('ru');
    expect(defaultSettings({ languages: ['de-DE'], reducedMotion: false }).language).toBe('en');
    expect(defaultSettings({ languages: [], reducedMotion: true }).speed).toBe('off');
  });

  it('round-trips through the store', () => {
    const store = new Store(new MemoryKeyValue());
    const s = { ...defaultSettings(env), autoCollect: 'all' as const, language: 'ru' as const, winnableOnly: { 'aces-up': true } };
    expect(store.write(SETTINGS_KIND, s)).toBeNull();
    expect(loadSettings(store, env)).toEqual({ settings: s, problem: null });
  });

  it('migrates the first table loose keys (version 0) once and removes them', () => {
    const kv = new MemoryKeyValue();
    kv.setItem(LEGACY_KEYS.muted, '1');
    kv.setItem(LEGACY_KEYS.speed, 'fast');
    kv.setItem(LEGACY_KEYS.leftHanded, '1');
    const store = new Store(kv);
    const { settings, problem } = loadSettings(store, env);
    expect(problem).toBeNull();
    expect(settings).toMatchObject({ sound: false, speed: 'fast', leftHanded: true, tapToMove: true });
    expect(kv.getItem(LEGACY_KEYS.muted)).toBeNull();
    expect(store.read(SETTINGS_KIND).value).toEqual(settings);
  });

  it('migrates version 1 (before the verdict line) to version 2', () => {
    const kv = new MemoryKeyValue();
    const v1 = { ...defaultSettings(env), autoCollect: 'all', language: 'ru' } as Record<string, unknown>;
    delete v1.showVerdict;
    kv.setItem(SETTINGS_KIND.key, JSON.stringify({ v: 1, data: v1 }));
    const r = loadSettings(new Store(kv), env);
    expect(r.problem).toBeNull();
    expect(r.settings).toEqual({ ...defaultSettings(env), autoCollect: 'all', language: 'ru', showVerdict: false });
    kv.setItem(SETTINGS_KIND.key, JSON.stringify({ v: 1, data: [] }));
    expect(loadSettings(new Store(kv), env).problem).toBe('corrupt');
  });

  it('migrates version 2 (before the difficulty of winnable deals) to version 3, keeping every choice', () => {
    const kv = new MemoryKeyValue();
    const v2 = { ...defaultSettings(env), speed: 'fast', winnableOnly: { 'king-albert': false } } as Record<string, unknown>;
    delete v2.difficulty;
    kv.setItem(SETTINGS_KIND.key, JSON.stringify({ v: 2, data: v2 }));
    const r = loadSettings(new Store(kv), env);
    expect(r.problem).toBeNull();
    expect(r.settings).toEqual({ ...defaultSettings(env), speed: 'fast', winnableOnly: { 'king-albert': false }, difficulty: {} });
    const bad = { ...defaultSettings(env), difficulty: { 'aces-up': 'impossible' } };
    kv.setItem(SETTINGS_KIND.key, JSON.stringify({ v: 3, data: bad }));
    expect(loadSettings(new Store(kv), env).problem).toBe('corrupt');
  });

  it('migrates version 3 (before the warning at the crossroads) to version 4 with the warning off, keeping every choice', () => {
    const kv = new MemoryKeyValue();
    const v3 = { ...defaultSettings(env), showVerdict: true, difficulty: { 'aces-up': 'hard' } } as Record<string, unknown>;
    delete v3.warnCrossroads;
    kv.setItem(SETTINGS_KIND.key, JSON.stringify({ v: 3, data: v3 }));
    const r = loadSettings(new Store(kv), env);
    expect(r.problem).toBeNull();
    expect(r.settings).toEqual({ ...defaultSettings(env), showVerdict: true, difficulty: { 'aces-up': 'hard' }, warnCrossroads: false });
  });

  it('ignores a bad legacy speed', () => {
    const kv = new MemoryKeyValue();
    kv.setItem(LEGACY_KEYS.speed, 'warp');
    expect(loadSettings(new Store(kv), env).settings.speed).toBe('normal');
  });

  it('falls back to the defaults on corrupt or newer settings and keeps the bad copy', () => {
    for (const text of ['{', '{"v":2,"data":{"tapToMove":"yes"}}', '{"v":9,"data":{}}', 'null', '{"v":1,"data":null}']) {
      const kv = new MemoryKeyValue();
      kv.setItem(SETTINGS_KIND.key, text);
      const r = loadSettings(new Store(kv), env);
      expect(r.settings).toEqual(defaultSettings(env));
      expect(r.problem === 'corrupt' || r.problem === 'version').toBe(true);
      expect(kv.getItem(`${SETTINGS_KIND.key}.bad`)).toBe(text);
    }
  });

  it('works without any storage', () => {
    const r = loadSettings(new Store(null), env);
    expect(r).toEqual({ settings: defaultSettings(env), problem: 'refused' });
  });

  it('validates settings from anywhere', () => {
    expect(validSettings(defaultSettings(env))).toEqual(defaultSettings(env));
    expect(validSettings({ ...defaultSettings(env), speed: 'warp' })).toBeNull();
    expect(validSettings({ ...defaultSettings(env), extra: 1 })).toBeNull();
    expect(validSettings({ ...defaultSettings(env), winnableOnly: { nope: true } })).toBeNull();
  });
});
