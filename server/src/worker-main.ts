/** Queue workers only, no HTTP: run more of these (on PostgreSQL) to share the work of big runs. */
import Fastify from 'fastify';
import { loadEncryptionKey } from './api-keys/sealing.js';
import { loadConfigOrExit } from './config.js';
import { withSafeLogging } from './http/errors.js';
import { openConfiguredDatabaseOrExit } from './db/open.js';
import { createEvaluationWorker } from './evaluations/tasks/evaluation-worker.js';
import { openLiveHub } from './evaluations/live/events-route.js';

const config = loadConfigOrExit();
// Fastify's pino logger, same format as the server's; no HTTP is served.
const log = Fastify({ logger: withSafeLogging({ level: config.logLevel }) }).log;
if (!config.databaseUrl)
  log.warn(
    'DATABASE_URL is unset: this worker opens the embedded database, which no server may have open at the same time',
  );

const database = await openConfiguredDatabaseOrExit(config);
const live = await openLiveHub(config.databaseUrl, log);
const worker = createEvaluationWorker(
  database,
  config.providers,
  loadEncryptionKey(config.encryptionKey, config.dataDir, config.previousEncryptionKeys),
  log,
  { listenUrl: config.databaseUrl, live },
);
await worker.start();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  await worker.stop();
  await live.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
