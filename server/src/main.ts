import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openConfiguredDatabaseOrExit } from './db/open.js';

const config = loadConfigOrExit();

const logger = {
  level: config.logLevel,
  ...(process.stdout.isTTY && !config.production
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : {}),
};
const database = await openConfiguredDatabaseOrExit(config);
const app = await buildApp({ config, database, logger, workers: !process.argv.includes('--no-workers') });

let closing = false;
/**
 * A graceful stop: /readyz turns 503 at once, the server stops accepting connections and lets the requests it has
 * finish, live streams end with `closing`, running calls finish or go back to the queue for another process, and the
 * process exits. Whatever still hangs after SHUTDOWN_TIMEOUT_MS is left: the process exits anyway, and a call it
 * held is taken over by another worker once its lease runs out.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
  app.readiness.stopping = true;
  setTimeout(() => {
    app.log.error(`did not stop within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting anyway`);
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (!config.devLogin) app.log.info(config.devLoginNote);
else if (config.devLoginNote) app.log.warn(`WARNING: ${config.devLoginNote}. Unset DEV_LOGIN unless this is intended.`);
app.log.info(config.privateEndpointsNote);
if (config.proxyNote) app.log.warn(`WARNING: ${config.proxyNote}.`);
const storage = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
app.log.info(
  `Promptgrid on http://${config.host}:${config.port} (${storage}${config.devLogin ? ', dev sign-in on' : ''})`,
);
