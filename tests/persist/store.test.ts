import { describe, expect, it } from 'vitest';
import { type Infer, num, obj, refine } from '../../src/persist/check.ts';
import { type KeyValue, MemoryKeyValue, type RecordKind, Store } from '../../src/persist/store.ts';

const Point = obj({ x: num, y: num });
type Point = Infer<typeof Point>;

/** Version 3 stores {x, y}; version 1 stored [x, y]; version 2 stored {x, y: string}. */
const POINT: RecordKind<Point> = {
  key: 'test.point',
  version: 3,
  schema: Point,
  migrate: {
    1: (old) => {
      const [x, y] = old as [number, number];
      return { x, y: String(y) };
    },
    2: (old) => {
      const o = old as { x: number; y: string };
      return { x: o.x, y: Number(o.y) };
    },
  },
};

function stored(text: string): Store {
  const kv = new MemoryKeyValue();
  kv.setItem(POINT.key, text);
  return new Store(kv);
}

/** A KeyValue whose every call throws `name`, or only setItem when `onlySet`. */
function failing(name: string, onlySet: boolean): KeyValue {
  const mem = new MemoryKeyValue();
  const fail = (): never => {
    throw new DOMException('no', name);
  };
  return {
    getItem: (k) => (onlySet ? mem.getItem(k) : fail()),
    setItem: () => fail(),
    removeItem: (k) => (onlySet ? mem.removeItem(k) : fail()),
  };
}

describe('Store', () => {
  it('round-trips a value', () => {
    const s = new Store(new MemoryKeyValue());
    expect(s.write(POINT, { x: 1, y: 2 })).toBeNull();
    expect(s.read(POINT)).toEqual({ value: { x: 1, y: 2 }, problem: null });
  });

  it('reads an absent key as null without a problem', () => {
    expect(new Store(new MemoryKeyValue()).read(POINT)).toEqual({ value: null, problem: null });
  });

  it.each([
    ['not JSON', '{"v":3,'],
    ['JSON but not an envelope', '[1,2]'],
    ['an envelope without data', '{"v":3}'],
    ['a version that is not a whole number', '{"v":2.5,"data":{"x":1,"y":2}}'],
    ['an envelope with invalid data', '{"v":3,"data":{"x":"1","y":2}}'],
    ['data with an unknown field', '{"v":3,"data":{"x":1,"y":2,"z":3}}'],
  ])('reads %s as corrupt', (_, text) => {
    expect(stored(text).read(POINT)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('reads a newer version as a version problem', () => {
    expect(stored('{"v":4,"data":{"x":1,"y":2}}').read(POINT)).toEqual({ value: null, problem: 'version' });
  });

  it('migrates v1 → v2 → v3', () => {
    expect(stored('{"v":1,"data":[5,6]}').read(POINT)).toEqual({ value: { x: 5, y: 6 }, problem: null });
    expect(stored('{"v":2,"data":{"x":5,"y":"7"}}').read(POINT)).toEqual({ value: { x: 5, y: 7 }, problem: null });
  });

  it('reads a record whose migration throws as corrupt', () => {
    // Destructuring null throws in migration 1.
    expect(stored('{"v":1,"data":null}').read(POINT)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('reads a migrated value that fails the schema as corrupt', () => {
    expect(stored('{"v":2,"data":{"x":5,"y":"seven"}}').read(POINT)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('reads an older version with no migration path as corrupt (only newer versions are a version problem)', () => {
    expect(stored('{"v":0,"data":{}}').read(POINT)).toEqual({ value: null, problem: 'corrupt' });
  });

  it('rejects an envelope with extra fields', () => {
    expect(stored('{"v":3,"data":{"x":1,"y":2},"extra":1}').read(POINT).problem).toBe('corrupt');
  });

  it('reports a full storage', () => {
    const s = new Store(failing('QuotaExceededError', true));
    expect(s.write(POINT, { x: 1, y: 2 })).toBe('full');
    expect(s.read(POINT)).toEqual({ value: null, problem: null });
  });

  it('reports a storage that refuses every access', () => {
    const s = new Store(failing('SecurityError', false));
    expect(s.read(POINT)).toEqual({ value: null, problem: 'refused' });
    expect(s.write(POINT, { x: 1, y: 2 })).toBe('refused');
    expect(s.remove(POINT.key)).toBe('refused');
    expect(s.raw(POINT.key)).toBeUndefined();
    expect(() => s.quarantine(POINT.key)).not.toThrow();
  });

  it('refuses everything without storage', () => {
    const s = new Store(null);
    expect(s.read(POINT)).toEqual({ value: null, problem: 'refused' });
    expect(s.write(POINT, { x: 1, y: 2 })).toBe('refused');
    expect(s.remove(POINT.key)).toBe('refused');
  });

  it('quarantines a bad record and keeps the original', () => {
    const kv = new MemoryKeyValue();
    kv.setItem(POINT.key, '{"v":3,"data":oops');
    const s = new Store(kv);
    expect(s.read(POINT).problem).toBe('corrupt');
    s.quarantine(POINT.key);
    expect(kv.getItem(`${POINT.key}.bad`)).toBe('{"v":3,"data":oops');
    expect(s.raw(POINT.key)).toBe('{"v":3,"data":oops');
    // A fresh write afterwards leaves the quarantined copy alone.
    expect(s.write(POINT, { x: 0, y: 0 })).toBeNull();
    expect(s.raw(`${POINT.key}.bad`)).toBe('{"v":3,"data":oops');
  });

  it('quarantine of an absent key writes nothing', () => {
    const kv = new MemoryKeyValue();
    new Store(kv).quarantine(POINT.key);
    expect(kv.map.size).toBe(0);
  });

  it('removes a record', () => {
    const s = new Store(new MemoryKeyValue());
    s.write(POINT, { x: 1, y: 2 });
    expect(s.remove(POINT.key)).toBeNull();
    expect(s.read(POINT)).toEqual({ value: null, problem: null });
  });

  it('reads back its own last write without validating it again; any other text is validated', () => {
    let checks = 0;
    const counted: RecordKind<Point> = {
      ...POINT,
      schema: refine(Point, () => {
        checks++;
        return true;
      }),
    };
    const kv = new MemoryKeyValue();
    const s = new Store(kv);
    expect(s.write(counted, { x: 1, y: 2 })).toBeNull();
    const first = s.read(counted);
    expect(first).toEqual({ value: { x: 1, y: 2 }, problem: null });
    expect(checks).toBe(0);
    // A fresh copy each time: the caller may not change what the next read returns.
    first.value!.x = 99;
    expect(s.read(counted).value).toEqual({ x: 1, y: 2 });
    expect(checks).toBe(0);
    // Text it did not write (another tab, a hand edit) is validated, and bad text is refused.
    kv.setItem(POINT.key, JSON.stringify({ v: 3, data: { x: 5, y: 6 } }));
    expect(s.read(counted)).toEqual({ value: { x: 5, y: 6 }, problem: null });
    expect(checks).toBe(1);
    kv.setItem(POINT.key, JSON.stringify({ v: 3, data: { x: 5 } }));
    expect(s.read(counted).problem).toBe('corrupt');
    // So is its own text after a reload (a new store), and after a raw write or a removal.
    s.write(counted, { x: 3, y: 4 });
    expect(new Store(kv).read(counted).value).toEqual({ x: 3, y: 4 });
    expect(checks).toBe(2);
    s.writeRaw(POINT.key, JSON.stringify({ v: 3, data: { x: 3, y: 4 } }));
    s.read(counted);
    expect(checks).toBe(3);
    s.write(counted, { x: 3, y: 4 });
    s.remove(POINT.key);
    kv.setItem(POINT.key, JSON.stringify({ v: 3, data: { x: 3, y: 4 } }));
    s.read(counted);
    expect(checks).toBe(4);
  });
});
