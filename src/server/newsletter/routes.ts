/**
 * The newsletter's staff API (the service checks every call): issues
 * (create, list, one with its progress, send, pause, test, preview) and
 * subscribers (list, import, export). Answers are per caller, never cached.
 */
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import { callerOf } from '../http/caller.js';

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const newsletter = app.services.newsletter;

  app.get(apiPaths.newsletters.list, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.list(request.principal)));
  app.post(apiPaths.newsletters.list, async (request, reply) => reply.code(201).header('cache-control', 'no-store').send(await newsletter.create(callerOf(request), request.body)));
  app.get(apiPaths.newsletters.one, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.get(request.principal, request.params)));
  app.post(apiPaths.newsletters.send, async (request, reply) => reply.code(202).header('cache-control', 'no-store').send(await newsletter.send(callerOf(request), request.params, request.body ?? {})));
  app.post(apiPaths.newsletters.pause, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.pause(callerOf(request), request.params)));
  app.post(apiPaths.newsletters.test, async (request, reply) => reply.code(202).header('cache-control', 'no-store').send(await newsletter.test(callerOf(request), request.params)));
  // The mail's HTML, and a signed link the staff screen frames (a frame cannot send the token).
  app.get(apiPaths.newsletters.preview, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.preview(request.principal, request.params)));

  app.get(apiPaths.subscribers.list, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.subscribers(request.principal, request.query)));
  app.post(apiPaths.subscribers.import, async (request, reply) => reply.header('cache-control', 'no-store').send(await newsletter.import(callerOf(request), request.body)));
  app.get(apiPaths.subscribers.export, async (request, reply) => {
    const { text, fileName } = await newsletter.exportCsv(callerOf(request));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(text);
  });
}
