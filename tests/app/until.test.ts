// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../src/app/page/until.ts';

describe('until', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks once per animation frame, with no timer of its own, and resolves when the condition holds', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    let n = 0;
    await until(() => ++n >= 4);
    expect(n).toBe(4);
    expect(frames).toHaveBeenCalledTimes(3);
    expect(timers.mock.calls.filter(([fn]) => fn.name === 'check')).toHaveLength(0);
  });

  it('resolves at once when the condition already holds', async () => {
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    await until(() => true);
    expect(frames).not.toHaveBeenCalled();
  });

  it('falls back to a timer while the page is hidden (no frames then)', async () => {
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame');
    let n = 0;
    await until(() => ++n >= 2);
    expect(frames).not.toHaveBeenCalled();
    expect(n).toBe(2);
  });
});
