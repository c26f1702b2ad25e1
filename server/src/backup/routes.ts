import fp from 'fastify-plugin';
import { ROUTES } from '@promptgrid/contract';
import type { App } from '../http/types.js';
import { callerOf, isDirectLoopback, sendsBearer } from '../http/local-caller.js';
import { issueBackupToken } from './backup-token.js';

/**
 * GET /admin/backup: the embedded database's consistent copy, for `npm run backup` while the server runs (the data
 * directory is locked to the server's process, so the command cannot open it itself). Only over loopback, never
 * through a proxy, and only with the token the server wrote into DATA_DIR when it started listening. PostgreSQL
 * deployments back up with pg_dump instead; the route does not exist there.
 */
export const backupRoute = fp(
  async (app: App) => {
    const { backup } = app.database;
    if (!backup) return;
    let token: string | null = null;
    app.addHook('onListen', () => {
      token = issueBackupToken(app.config.dataDir);
    });
    app.get(
      ROUTES.backup,
      { config: { public: true, ownCredentials: true }, schema: { hide: true } },
      async (request, reply) => {
        const caller = callerOf(request.raw);
        if (token === null || !isDirectLoopback(caller) || !sendsBearer(caller, token))
          return reply.code(401).send({ detail: 'A backup is taken with `npm run backup` on the server’s machine.' });
        request.log.info('backup: copying the embedded database');
        const copy = await backup();
        return reply
          .type('application/gzip')
          .header('content-disposition', 'attachment; filename="promptgrid-backup.tar.gz"')
          .send(Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength));
      },
    );
  },
  { name: 'promptgrid-backup', dependencies: ['config', 'promptgrid-database'] },
);
