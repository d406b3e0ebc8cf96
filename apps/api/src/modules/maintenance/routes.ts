import type { FastifyInstance } from 'fastify';
import { filesDirectoryOf, type FileStore } from '../files/service.js';
import { runMaintenancePass } from './service.js';

/** How often the housekeeping pass runs. */
const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Background housekeeping, no routes: every hour, ephemeral uploads not attached within 24 hours
 * and idempotency records past their replay window are deleted. The timer starts when the server
 * is ready and a pass in flight is awaited on close.
 */
export async function registerMaintenanceModule(app: FastifyInstance): Promise<void> {
  const store: FileStore = { db: app.db, directory: filesDirectoryOf(app.config.dataDir) };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = runMaintenancePass(store, new Date()).catch((error: unknown) => {
        app.log.error({ err: error }, 'maintenance pass (expired files, idempotency records) failed');
      });
    }, MAINTENANCE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
