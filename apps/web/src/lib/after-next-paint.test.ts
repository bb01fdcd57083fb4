import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint';

describe('afterNextPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('runs after the next animation frame, not within the current task', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const callback = vi.fn();
    afterNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    // Once only: the fallback finds it done.
    vi.advanceTimersByTime(600);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs within half a second on a page that gets no frames', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    frames.mockRestore();
  });

  it('never runs once called off', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const callback = vi.fn();
    const cancel = afterNextPaint(callback);
    cancel();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(600);
    expect(callback).not.toHaveBeenCalled();
  });
});
