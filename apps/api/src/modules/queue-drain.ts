/**
 * How a queue in the database (the e-mail outbox, the push queue) is worked through: one pass at a
 * time in this process; asked again during a pass, it makes one more pass once that one ends, so
 * nothing queued meanwhile waits for the next poll. A pass that fails (the database unreachable)
 * is reported and left: what it claimed comes due again after its lease.
 */
export interface QueueDrain {
  /** Works through what is due; resolves when no pass is running or asked for. */
  run: () => Promise<void>;
  /** Resolves when the pass under way, if any, ends. */
  idle: () => Promise<void>;
}

export function queueDrain(pass: () => Promise<void>, onError: (error: unknown) => void): QueueDrain {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          onError(error);
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const idle = async () => {
    await running;
  };
  return { run, idle };
}
