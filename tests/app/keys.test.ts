/** The page's one key listener: handlers in the order added, each seeing what the earlier ones did. */
import { describe, expect, it } from 'vitest';
import { Keys } from '../../src/input/keys.ts';

describe('the key dispatcher', () => {
  it('calls every handler in order; a removed one hears no more keys', () => {
    let listener: ((e: KeyboardEvent) => void) | null = null;
    const keys = new Keys({ addEventListener: (_type: string, f: unknown) => (listener = f as (e: KeyboardEvent) => void) } as Pick<Window, 'addEventListener'>);
    const heard: string[] = [];
    keys.add((e) => heard.push(`first ${e.key} ${e.defaultPrevented}`));
    const stop = keys.add((e) => {
      heard.push(`second ${e.key}`);
      e.preventDefault();
    });
    keys.add((e) => heard.push(`third ${e.key} ${e.defaultPrevented}`));
    const key = (k: string): KeyboardEvent => {
      let prevented = false;
      return { key: k, preventDefault: () => (prevented = true), get defaultPrevented() { return prevented; } } as unknown as KeyboardEvent;
    };
    listener!(key('h'));
    expect(heard).toEqual(['first h false', 'second h', 'third h true']);
    stop();
    heard.length = 0;
    listener!(key('u'));
    expect(heard).toEqual(['first u false', 'third u false']);
  });
});
