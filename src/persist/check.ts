/**
 * Schemas for what the store reads back: small composable checks that either return the value,
 * typed, or throw. Objects are strict (an unknown key is refused), records keep no prototype
 * keys, and nothing is coerced. Written for the few shapes this app stores (settings, saves,
 * statistics) in place of a general library, which was most of the persistence code's size.
 */

/** A check: returns `x` typed as T when it is valid, throws Invalid otherwise. */
export type Schema<T> = (x: unknown) => T;

/** The type a schema accepts. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

/** Thrown by a schema for a value it refuses. */
export class Invalid extends Error {}

/** Refuses when `ok` is false. */
function need(ok: boolean): void {
  if (!ok) throw new Invalid('invalid');
}

/** Runs `s` on `x`: the value, or null when it is refused. */
export function parse<T>(s: Schema<T>, x: unknown): { value: T } | null {
  try {
    return { value: s(x) };
  } catch (e) {
    if (e instanceof Invalid) return null;
    throw e;
  }
}

/** Anything. */
export const unknown: Schema<unknown> = (x) => x;

/** true or false. */
export const bool: Schema<boolean> = (x) => {
  need(typeof x === 'boolean');
  return x as boolean;
};

/** A finite number. */
export const num: Schema<number> = (x) => {
  need(typeof x === 'number' && Number.isFinite(x));
  return x as number;
};

/** A whole number from `min` to `max`. */
export function int(min: number, max: number): Schema<number> {
  return (x) => {
    need(Number.isInteger(x) && (x as number) >= min && (x as number) <= max);
    return x as number;
  };
}

/** A string of at most `max` characters, matching `re` when given. */
export function str(max: number, re?: RegExp): Schema<string> {
  return (x) => {
    need(typeof x === 'string' && x.length <= max && (!re || re.test(x)));
    return x as string;
  };
}

/** One of `list`. */
export function pick<const L extends readonly string[]>(list: L): Schema<L[number]> {
  return (x) => {
    need(typeof x === 'string' && list.includes(x));
    return x as L[number];
  };
}

/** Exactly `value`. */
export function lit<const V extends string>(value: V): Schema<V> {
  return (x) => {
    need(x === value);
    return value;
  };
}

/** `s`, or null. */
export function nullable<T>(s: Schema<T>): Schema<T | null> {
  return (x) => (x === null ? null : s(x));
}

/** An array of `item`, `min` to `max` long. */
export function arr<T>(item: Schema<T>, min: number, max: number): Schema<T[]> {
  return (x) => {
    need(Array.isArray(x) && x.length >= min && x.length <= max);
    return (x as unknown[]).map(item);
  };
}

/** The first of `options` that accepts the value. */
export function union<const S extends Schema<unknown>[]>(...options: S): Schema<Infer<S[number]>> {
  return (x) => {
    for (const s of options) {
      const r = parse(s, x);
      if (r) return r.value as Infer<S[number]>;
    }
    throw new Invalid('invalid');
  };
}

/** `s`, then `ok` on its value. */
export function refine<T>(s: Schema<T>, ok: (value: T) => boolean): Schema<T> {
  return (x) => {
    const value = s(x);
    need(ok(value));
    return value;
  };
}

/** A key of an object that may be absent (but not undefined when present). */
export interface Optional<T> {
  /** The schema of the value when present. */
  readonly optional: Schema<T>;
}

/** Marks a key as optional. */
export function opt<T>(s: Schema<T>): Optional<T> {
  return { optional: s };
}

type Shape = Record<string, Schema<unknown> | Optional<unknown>>;
type Required<S extends Shape> = { -readonly [K in keyof S as S[K] extends Optional<unknown> ? never : K]: S[K] extends Schema<infer T> ? T : never };
type Maybe<S extends Shape> = { -readonly [K in keyof S as S[K] extends Optional<unknown> ? K : never]?: S[K] extends Optional<infer T> ? T : never };
type Flat<T> = { [K in keyof T]: T[K] };

/** True for a plain object (not null, not an array). */
function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An object with exactly the keys of `shape` (optional ones may be absent); any other key is refused. */
export function obj<S extends Shape>(shape: S): Schema<Flat<Required<S> & Maybe<S>>> {
  const keys = Object.keys(shape);
  return (x) => {
    need(isObject(x) && Object.keys(x).every((k) => Object.hasOwn(shape, k)));
    const o = x as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const s = shape[k]!;
      if (typeof s === 'function') out[k] = s(o[k]);
      else if (Object.hasOwn(o, k)) {
        need(o[k] !== undefined);
        out[k] = s.optional(o[k]);
      }
    }
    return out as Flat<Required<S> & Maybe<S>>;
  };
}

/** A plain object of at most `max` entries whose own keys pass `key` and values pass `value`. */
export function rec<K extends string, V>(key: Schema<K>, value: Schema<V>, max = Number.POSITIVE_INFINITY): Schema<Partial<Record<K, V>>> {
  return (x) => {
    need(isObject(x));
    const entries = Object.keys(x as object);
    need(entries.length <= max);
    const out: Partial<Record<K, V>> = {};
    for (const k of entries) out[key(k)] = value((x as Record<string, unknown>)[k]);
    return out;
  };
}
