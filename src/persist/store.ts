/**
 * The one small module between the app and the browser's storage. Every record is a versioned
 * envelope `{"v": N, "data": …}` under one key; reading migrates older versions step by step and
 * validates the result with its schema (check.ts). Nothing here throws: a read or a write that fails
 * says why as a Problem, and the caller decides what the player is told.
 *
 * DOM-free: the storage is any KeyValue (localStorage in the page, a Map in tests).
 */
import { int, obj, parse, type Schema, unknown } from './check.ts';

/** The part of `Storage` the store uses; any member may throw (private mode, quota, refused). */
export interface KeyValue {
  /** The stored text, or null. */
  getItem(key: string): string | null;
  /** Stores text. */
  setItem(key: string, value: string): void;
  /** Forgets a key. */
  removeItem(key: string): void;
}

/** Why a read or write failed. */
export type Problem =
  /** The stored text is not JSON, not an envelope, or fails validation. */
  | 'corrupt'
  /** The stored version is newer than this code knows. */
  | 'version'
  /** The storage is full. */
  | 'full'
  /** The storage refused access (blocked, private mode, no storage at all). */
  | 'refused';

/** A read's outcome: the value (null when absent or bad) and the problem, if any. */
export interface ReadResult<T> {
  /** The migrated, validated value, or null. */
  value: T | null;
  /** What went wrong, or null. */
  problem: Problem | null;
}

/** One record kind: its key, current version, schema and migrations from older versions. */
export interface RecordKind<T> {
  /** The storage key. */
  key: string;
  /** The version this code writes. */
  version: number;
  /** Validates data of the current version. */
  schema: Schema<T>;
  /** `migrate[n]` turns data of version n into version n + 1 (it may throw: the record is then corrupt). */
  migrate?: Record<number, (old: unknown) => unknown>;
}

const Envelope = obj({ v: int(0, Number.MAX_SAFE_INTEGER), data: unknown });

function isQuota(e: unknown): boolean {
  if (typeof DOMException !== 'undefined' && e instanceof DOMException) {
    return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014;
  }
  return e instanceof Error && /quota|full/i.test(e.message);
}

/** Validates `data` stored at version `version` against `kind`, migrating it first. */
export function decode<T>(kind: RecordKind<T>, version: number, data: unknown): ReadResult<T> {
  if (version > kind.version) return { value: null, problem: 'version' };
  let d = data;
  try {
    for (let n = version; n < kind.version; n++) {
      const step = kind.migrate?.[n];
      if (!step) return { value: null, problem: 'corrupt' };
      d = step(d);
    }
  } catch {
    return { value: null, problem: 'corrupt' };
  }
  const r = parse(kind.schema, d);
  return r ? { value: r.value, problem: null } : { value: null, problem: 'corrupt' };
}

/** Parses an envelope's text for `kind` (used for storage and for imported files alike). */
export function decodeText<T>(kind: RecordKind<T>, text: string): ReadResult<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { value: null, problem: 'corrupt' };
  }
  const env = parse(Envelope, raw);
  if (!env) return { value: null, problem: 'corrupt' };
  return decode(kind, env.value.v, env.value.data);
}

/** The envelope text `value` is written as. */
export function encodeText<T>(kind: RecordKind<T>, value: T): string {
  return JSON.stringify({ v: kind.version, data: value });
}

/** Versioned, validated records over a KeyValue that may fail at any moment. */
export class Store {
  private readonly kv: KeyValue | null;
  /**
   * The text this store last wrote under each key. Reading that same text back (a new deal saves
   * the old game, then reads its save) parses it without validating it again: it was made from the
   * app's own values. Any other text, another tab's included, is validated; so is everything after
   * a reload.
   */
  private readonly written = new Map<string, string>();

  /** Wraps `kv`; null means there is no storage at all (every access is 'refused'). */
  constructor(kv: KeyValue | null) {
    this.kv = kv;
  }

  /** The page's localStorage, or a store that refuses everything when the browser blocks it. */
  static browser(): Store {
    try {
      const ls = globalThis.localStorage;
      return new Store(ls ?? null);
    } catch {
      return new Store(null);
    }
  }

  /** Reads `kind`: absent gives {value: null, problem: null}. */
  read<T>(kind: RecordKind<T>): ReadResult<T> {
    const text = this.raw(kind.key);
    if (text === undefined) return { value: null, problem: 'refused' };
    if (text === null) return { value: null, problem: null };
    if (this.written.get(kind.key) === text) return { value: (JSON.parse(text) as { data: T }).data, problem: null };
    return decodeText(kind, text);
  }

  /** Writes `value` as the current version of `kind`; the problem, or null when stored. */
  write<T>(kind: RecordKind<T>, value: T): Problem | null {
    const text = encodeText(kind, value);
    const problem = this.writeRaw(kind.key, text);
    if (!problem) this.written.set(kind.key, text);
    return problem;
  }

  /** Forgets the record under `key`. */
  remove(key: string): Problem | null {
    this.written.delete(key);
    if (!this.kv) return 'refused';
    try {
      this.kv.removeItem(key);
      return null;
    } catch {
      return 'refused';
    }
  }

  /** The text stored under `key`: null when absent, undefined when storage refused. */
  raw(key: string): string | null | undefined {
    if (!this.kv) return undefined;
    try {
      return this.kv.getItem(key);
    } catch {
      return undefined;
    }
  }

  /** Stores text under `key`. */
  writeRaw(key: string, text: string): Problem | null {
    this.written.delete(key);
    if (!this.kv) return 'refused';
    try {
      this.kv.setItem(key, text);
      return null;
    } catch (e) {
      return isQuota(e) ? 'full' : 'refused';
    }
  }

  /**
   * Moves a record that cannot be read aside to `key + ".bad"` (the newest bad copy), so a later
   * write of fresh data never destroys what a player might still recover or report.
   */
  quarantine(key: string): void {
    const text = this.raw(key);
    if (typeof text === 'string') this.writeRaw(`${key}.bad`, text);
  }
}

/** A KeyValue in memory, for tests and for pages without storage. */
export class MemoryKeyValue implements KeyValue {
  /** The stored texts. */
  readonly map = new Map<string, string>();

  /** The stored text, or null. */
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }

  /** Stores text. */
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }

  /** Forgets a key. */
  removeItem(key: string): void {
    this.map.delete(key);
  }
}
