/**
 * The supporters over HTTP (staff only; the service checks every call): the
 * search, one person's export as a JSON file, their erasure, the forms with
 * answers kept, and a form's answers as a CSV file. Answers are per caller and never cached. A person
 * is named by id in a path, never by address.
 */
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import { callerOf } from '../http/caller.js';

export async function supportersRoutes(app: FastifyInstance): Promise<void> {
  const supporters = app.services.supporters;

  app.get(apiPaths.supporters.list, async (request, reply) => {
    const answer = await supporters.search(request.principal, request.query);
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get(apiPaths.supporters.export, async (request, reply) => {
    const { body, fileName } = await supporters.export(callerOf(request), request.params);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body, null, 2));
  });

  app.delete(apiPaths.supporters.one, async (request, reply) => {
    const erased = await supporters.erase(callerOf(request), request.params);
    return reply.header('cache-control', 'no-store').send({ erased });
  });

  app.get(apiPaths.forms.answered, async (request, reply) => {
    const answer = await supporters.answeredForms(request.principal);
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.get(apiPaths.forms.answersCsv, async (request, reply) => {
    const { text, fileName } = await supporters.answersCsv(callerOf(request), request.params, request.query);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(text);
  });
}
