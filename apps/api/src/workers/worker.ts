/**
 * The one way the server works in the background: the e-mail outbox, push delivery, reminders,
 * unread-message alerts and the daily retention run are each a worker. Every instance runs every
 * worker; a pass claims its work in the database (a lease on a row, or a conditional update of
 * `scheduled_jobs`), so each item is done by one instance, and what a pass claimed but could not
 * finish comes due again when its lease ends.
 */
export interface Worker {
  readonly name: string;
  /**
   * Makes a pass now. Asked again during one, it makes one more once that one ends, so nothing
   * queued meanwhile waits for the next interval. Resolves when no pass is running or asked for.
   * After stop(), it does nothing.
   */
  run(): Promise<void>;
  /** Resolves when the pass under way, if any, ends. */
  idle(): Promise<void>;
  /** A pass now (not awaited: a slow relay never holds a start), then one every interval. */
  start(): void;
  /** No more passes; resolves when the one under way ends (drain on shutdown). */
  stop(): Promise<void>;
}

export interface WorkerLog {
  warn(details: { err: unknown; worker: string }, message: string): void;
}

export interface WorkerDefinition {
  /** Named in the logs. */
  name: string;
  /** How often every instance makes a pass without being asked (retries, work other processes queued). */
  intervalMs: number;
  /** One pass: claims what is due and does it. */
  pass: () => Promise<void>;
  log: WorkerLog;
  /** Logged when a pass fails (the database unreachable); the next pass tries again. */
  failure: string;
}

export function createWorker({ name, intervalMs, pass, log, failure }: WorkerDefinition): Worker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const run = () => {
    if (stopped) return Promise.resolve();
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
          log.warn({ err: error, worker: name }, failure);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const idle = async () => {
    await running;
  };

  return {
    name,
    run,
    idle,
    start() {
      if (timer || stopped) return;
      void run();
      timer = setInterval(() => void run(), intervalMs).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await idle();
    },
  };
}
