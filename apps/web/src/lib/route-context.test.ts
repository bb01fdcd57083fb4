import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitFirstScreenReads, FIRST_SCREEN_WAIT_MS } from './route-context';

/** Whether the wait has ended after the given time. */
async function endedAfter(wait: Promise<void>, ms: number) {
  let ended = false;
  void wait.then(() => (ended = true));
  await vi.advanceTimersByTimeAsync(ms);
  return ended;
}

const never = () => new Promise<never>(() => undefined);

describe("the first screen's wait for its reads", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    onlineManager.setOnline(true);
  });

  function showShell() {
    const shell = document.createElement('div');
    shell.setAttribute('data-signed-in-shell', '');
    document.body.append(shell);
  }

  it('lasts until the reads have answered while the signed-in shell shows', async () => {
    showShell();
    let answer!: () => void;
    const reads = new Promise<void>((resolve) => (answer = resolve));

    const wait = awaitFirstScreenReads(() => reads);

    expect(await endedAfter(wait, FIRST_SCREEN_WAIT_MS - 1)).toBe(false);
    answer();
    expect(await endedAfter(wait, 0)).toBe(true);
  });

  it('ends when a read fails, so the screen shows the failure', async () => {
    showShell();

    expect(await endedAfter(awaitFirstScreenReads(() => Promise.reject(new Error('500'))), 0)).toBe(true);
  });

  it('gives up after FIRST_SCREEN_WAIT_MS on a weak signal', async () => {
    showShell();
    const wait = awaitFirstScreenReads(never);

    expect(await endedAfter(wait, FIRST_SCREEN_WAIT_MS - 1)).toBe(false);
    expect(await endedAfter(wait, 1)).toBe(true);
  });

  it('does not wait once the app has rendered (the shell gone): a later navigation shows its own placeholders', async () => {
    const reads = vi.fn(never);

    expect(await endedAfter(awaitFirstScreenReads(reads), 0)).toBe(true);
    expect(reads).not.toHaveBeenCalled();
  });

  it('does not wait offline', async () => {
    showShell();
    onlineManager.setOnline(false);

    expect(await endedAfter(awaitFirstScreenReads(never), 0)).toBe(true);
  });
});
