import { describe, expect, it } from 'vitest';
import { arr, bool, int, lit, nullable, obj, opt, parse, pick, rec, refine, str, union } from '../../src/persist/check.ts';

describe('the stored-data checks', () => {
  it('objects are strict: an unknown key, a missing key or a wrong type is refused; nothing is coerced', () => {
    const S = obj({ a: int(0, 9), b: bool });
    expect(parse(S, { a: 3, b: true })).toEqual({ value: { a: 3, b: true } });
    expect(parse(S, { a: 3, b: true, c: 1 })).toBeNull();
    expect(parse(S, { a: 3 })).toBeNull();
    expect(parse(S, { a: '3', b: true })).toBeNull();
    expect(parse(S, { a: 3.5, b: true })).toBeNull();
    expect(parse(S, { a: 10, b: true })).toBeNull();
    expect(parse(S, [3, true])).toBeNull();
    expect(parse(S, null)).toBeNull();
    expect(parse(S, JSON.parse('{"a":1,"b":false,"__proto__":{"x":1}}'))).toBeNull();
  });

  it('an optional key may be absent, not undefined, and is checked when present', () => {
    const S = obj({ a: opt(bool) });
    expect(parse(S, {})).toEqual({ value: {} });
    expect(parse(S, { a: false })).toEqual({ value: { a: false } });
    expect(parse(S, { a: undefined })).toBeNull();
    expect(parse(S, { a: 1 })).toBeNull();
  });

  it('strings, picks, literals, nulls, arrays, unions, records and refinements', () => {
    expect(parse(str(3, /^\d+$/), '123')).not.toBeNull();
    expect(parse(str(3, /^\d+$/), '1234')).toBeNull();
    expect(parse(str(3, /^\d+$/), '12a')).toBeNull();
    expect(parse(pick(['x', 'y'] as const), 'y')).toEqual({ value: 'y' });
    expect(parse(pick(['x', 'y'] as const), 'z')).toBeNull();
    expect(parse(nullable(lit('a')), null)).toEqual({ value: null });
    expect(parse(arr(bool, 1, 2), [])).toBeNull();
    expect(parse(arr(bool, 1, 2), [true, false, true])).toBeNull();
    expect(parse(arr(bool, 1, 2), [true, 0])).toBeNull();
    const U = union(obj({ t: lit('a') }), obj({ t: lit('b'), n: int(0, 1) }));
    expect(parse(U, { t: 'b', n: 1 })).toEqual({ value: { t: 'b', n: 1 } });
    expect(parse(U, { t: 'b' })).toBeNull();
    const R = rec(pick(['k1', 'k2'] as const), int(0, 5), 1);
    expect(parse(R, { k1: 2 })).toEqual({ value: { k1: 2 } });
    expect(parse(R, { k1: 2, k2: 3 })).toBeNull();
    expect(parse(R, { k3: 2 })).toBeNull();
    expect(parse(R, JSON.parse('{"__proto__":1}'))).toBeNull();
    expect(parse(refine(int(0, 9), (n) => n % 2 === 0), 3)).toBeNull();
  });

  it('a schema that throws anything but a refusal is a bug, not bad data: it is not swallowed', () => {
    const boom = refine(bool, () => {
      throw new TypeError('bug');
    });
    expect(() => parse(boom, true)).toThrow(TypeError);
  });
});
