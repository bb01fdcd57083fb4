import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Worker } from '../workers/worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background workers, started once the app is ready and drained when it closes. */
    workers: { list: readonly Worker[]; idle(): Promise<void> };
  }
}

/**
 * Starts the app's workers when it is ready and stops them, one after another in the order given,
 * when it closes: a worker may hand work to one after it (reminders queue pushes), which then
 * still sends it.
 */
export const workers = fp(async (app: FastifyInstance, { list }: { list: readonly Worker[] }) => {
  app.decorate('workers', {
    list,
    async idle() {
      for (const worker of list) await worker.idle();
    },
  });
  app.addHook('onReady', async () => {
    for (const worker of list) worker.start();
  });
  app.addHook('onClose', async () => {
    for (const worker of list) await worker.stop();
  });
});
