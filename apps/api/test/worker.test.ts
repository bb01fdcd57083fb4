import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorker } from '../src/workers/worker.js';
import { eventually } from './eventually.js';

/** A pass that waits until the test lets it end, counting how many began. */
function controlledPass() {
  const state = { began: 0, release: () => {} };
  const pass = () => {
    state.began += 1;
    return new Promise<void>((resolve) => {
      state.release = resolve;
    });
  };
  return { state, pass };
}

const quietLog = () => ({ warn: vi.fn() });

describe('a worker', () => {
  afterEach(() => vi.useRealTimers());

  it('asked during a pass makes exactly one more once it ends, then rests', async () => {
    const { state, pass } = controlledPass();
    const worker = createWorker({ name: 'test', intervalMs: 60_000, pass, log: quietLog(), failure: 'failed' });
    const first = worker.run();
    const joined = [worker.run(), worker.run()];
    expect(state.began).toBe(1);
    state.release();
    await eventually(() => expect(state.began).toBe(2));
    state.release();
    await Promise.all([first, ...joined]);
    expect(state.began).toBe(2);
  });

  it('logs a failed pass with its name and goes on at the next', async () => {
    const log = quietLog();
    let calls = 0;
    const worker = createWorker({
      name: 'outbox',
      intervalMs: 60_000,
      pass: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
      },
      log,
      failure: 'delivery paused',
    });
    await worker.run();
    expect(log.warn).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'database unreachable' }), worker: 'outbox' }, 'delivery paused');
    await worker.run();
    expect(calls).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('makes a pass at start and one every interval', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const worker = createWorker({ name: 'test', intervalMs: 30_000, pass: async () => void (calls += 1), log: quietLog(), failure: 'failed' });
    worker.start();
    worker.start();
    await worker.idle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(4);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(4);
  });

  it('stopped, waits for the pass under way, makes no other, and is asked in vain', async () => {
    const { state, pass } = controlledPass();
    const worker = createWorker({ name: 'test', intervalMs: 60_000, pass, log: quietLog(), failure: 'failed' });
    void worker.run();
    void worker.run();
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    state.release();
    await stopping;
    await worker.run();
    worker.start();
    await worker.idle();
    expect(state.began).toBe(1);
  });
});
