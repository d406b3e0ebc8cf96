import type { FastifyInstance } from 'fastify';
import { filesDirectoryOf, type FileStore } from '../files/service.js';
import { runMaintenancePass } from './service.js';

/** How often the housekeeping pass runs. */
const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** How often queued email is looked for (mail queued by a process that stopped before sending it). */
const OUTBOX_INTERVAL_MS = 60 * 1000;

/**
 * Background housekeeping, no routes: every hour, ephemeral uploads not attached within 24 hours
 * and idempotency records past their replay window are deleted; every minute, queued email still
 * waiting is handed to the transport. The timers start when the server is ready and work in
 * flight is awaited on close.
 */
export async function registerMaintenanceModule(app: FastifyInstance): Promise<void> {
  const store: FileStore = { db: app.db, directory: filesDirectoryOf(app.config.dataDir) };
  let timer: NodeJS.Timeout | undefined;
  let outboxTimer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let dispatching: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = runMaintenancePass(store, new Date()).catch((error: unknown) => {
        app.log.error({ err: error }, 'maintenance pass (expired files, idempotency records) failed');
      });
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
    outboxTimer = setInterval(() => {
      dispatching = app.outbox.dispatchQueued().catch((error: unknown) => {
        app.log.error({ err: error }, 'sending queued email failed');
      });
    }, OUTBOX_INTERVAL_MS);
    outboxTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(outboxTimer);
    await Promise.all([running, dispatching]);
  });
}
