/** Queue workers only, no HTTP: run more of these (on PostgreSQL) to share the work of big runs. */
import Fastify from 'fastify';
import { loadEncryptionKey } from './api-keys/sealing.js';
import { loadConfigOrExit } from './config.js';
import { withSafeLogging } from './http/errors.js';
import { openConfiguredDatabaseOrExit } from './db/open.js';
import { createEvaluationWorker } from './evaluations/tasks/evaluation-worker.js';
import { openLiveHub } from './evaluations/live/events-route.js';
import { Metrics } from './metrics/registry.js';
import { serveWorkerMetrics } from './metrics/worker-server.js';

const config = loadConfigOrExit();
// Fastify's pino logger, same format as the server's; no HTTP is served.
const log = Fastify({ logger: withSafeLogging({ level: config.logLevel }) }).log;
if (!config.databaseUrl)
  log.warn(
    'DATABASE_URL is unset: this worker opens the embedded database, which no server may have open at the same time',
  );
log.info(config.privateEndpointsNote);

const database = await openConfiguredDatabaseOrExit(config);
const live = await openLiveHub(config.databaseUrl, log);
const metrics = config.metricsPort === null ? undefined : new Metrics({ process: 'worker' });
const worker = createEvaluationWorker(
  database,
  config.providers,
  loadEncryptionKey(config.encryptionKey, config.dataDir, config.previousEncryptionKeys),
  log,
  { listenUrl: config.databaseUrl, live, metrics },
);
await worker.start();
const metricsServer =
  metrics && config.metricsPort !== null
    ? await serveWorkerMetrics(metrics, database, {
        host: config.host,
        port: config.metricsPort,
        token: config.metricsToken,
      })
    : null;
if (metricsServer) log.info(`metrics on http://${config.host}:${config.metricsPort}/metrics`);

let closing = false;
/** As the server's: running calls finish or go back to the queue, within SHUTDOWN_TIMEOUT_MS. */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
  setTimeout(() => {
    log.error(`did not stop within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  metricsServer?.close();
  await worker.stop(config.shutdownTimeoutMs / 2);
  await live.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
