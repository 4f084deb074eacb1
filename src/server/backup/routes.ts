/**
 * The backups API (super-admins only): `GET /api/backups` lists them with the
 * running one and the last failure, `POST /api/backups` starts "Back up now"
 * (202), `GET /api/backups/:name` downloads one. HTTP only; the rules, the
 * scheduler and the run records are in backup/service.ts. The scheduler
 * starts when the server is ready and stops, with any running backup, on close.
 */
import { apiPaths } from '../../shared/api-paths.js';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BackupService, type BackupServiceOptions } from './service.js';

export type BackupsRoutesOptions = BackupServiceOptions;

export async function backupsRoutes(app: FastifyInstance, options: BackupsRoutesOptions): Promise<void> {
  const backups = new BackupService(app.services, app.log, options);
  app.addHook('onReady', async () => backups.start());
  app.addHook('onClose', async () => backups.stop());

  app.get(apiPaths.backups.list, async (request, reply) => {
    const list = await backups.list(request.principal);
    return reply.header('cache-control', 'no-store').send(list);
  });

  app.post(apiPaths.backups.list, async (request, reply) => {
    const started = await backups.startManual(request.principal);
    return reply.status(202).header('cache-control', 'no-store').send(started);
  });

  // Archives are compressed already: no second compression, and Content-Length stays the file's size.
  app.get<{ Params: { name: string } }>(apiPaths.backups.one, { compress: false }, async (request, reply) => {
    const file = await backups.openDownload(request.principal, request.params.name);
    reply
      .header('content-type', file.name.endsWith('.enc') ? 'application/octet-stream' : 'application/gzip')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('content-length', String(file.bytes))
      .header('cache-control', 'private, no-store');
    if (request.method === 'HEAD') {
      // Fastify answers HEAD through this handler; the unread file must be closed here.
      file.stream.destroy();
      return reply.send(Readable.from([]));
    }
    return reply.send(file.stream);
  });
}
