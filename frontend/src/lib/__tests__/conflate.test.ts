import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conflate } from '../conflate';

describe('conflate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(urgent?: (n: number) => boolean) {
    const shown: number[][] = [];
    const stream = conflate<number>((updates) => shown.push(updates), { intervalMs: 250, urgent, now: () => Date.now() });
    return { shown, stream };
  }

  it('shows an update after a quiet spell at once', () => {
    const { shown, stream } = setup();
    stream.push(1);
    expect(shown).toEqual([[1]]);
    vi.advanceTimersByTime(1000);
    stream.push(2);
    expect(shown).toEqual([[1], [2]]);
  });

  it('holds quicker updates to the end of the interval and shows them together, in order', () => {
    const { shown, stream } = setup();
    stream.push(1);
    vi.advanceTimersByTime(50);
    stream.push(2);
    vi.advanceTimersByTime(50);
    stream.push(3);
    expect(shown).toEqual([[1]]);
    vi.advanceTimersByTime(149);
    expect(shown).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([[1], [2, 3]]);
  });

  it('shows at most one batch an interval under a steady 20 updates a second', () => {
    const { shown, stream } = setup();
    for (let i = 0; i < 20; i += 1) {
      stream.push(i);
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(250);
    expect(shown.length).toBe(5);
    expect(shown.flat()).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('shows an urgent update at once with everything queued before it', () => {
    const { shown, stream } = setup((n) => n < 0);
    stream.push(1);
    vi.advanceTimersByTime(10);
    stream.push(2);
    stream.push(-1);
    expect(shown).toEqual([[1], [2, -1]]);
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([[1], [2, -1]]);
  });

  it('drops what is queued when cancelled', () => {
    const { shown, stream } = setup();
    stream.push(1);
    stream.push(2);
    stream.cancel();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([[1]]);
  });
});
