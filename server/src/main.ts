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
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (!config.devLogin) app.log.info(config.devLoginNote);
else if (config.devLoginNote) app.log.warn(`WARNING: ${config.devLoginNote}. Unset DEV_LOGIN unless this is intended.`);
if (config.proxyNote) app.log.warn(`WARNING: ${config.proxyNote}.`);
const storage = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
app.log.info(
  `Promptgrid on http://${config.host}:${config.port} (${storage}${config.devLogin ? ', dev sign-in on' : ''})`,
);
