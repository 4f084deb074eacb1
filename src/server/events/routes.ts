/**
 * Registrations for events over HTTP (staff only; the staff service checks
 * every call): an event's list, its CSV file, a change to one registration,
 * a mail to everyone registered, the counts per event. Answers are per
 * caller and never cached. A person is named by id, never by address.
 */
import type { FastifyInstance } from 'fastify';
import { apiPaths } from '../../shared/api-paths.js';
import { callerOf } from '../http/caller.js';

export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const staff = app.eventsStaff;

  app.get(apiPaths.events.counts, async (request, reply) => reply.header('cache-control', 'no-store').send(await staff.counts(request.principal)));

  app.get(apiPaths.events.registrations, async (request, reply) => reply.header('cache-control', 'no-store').send(await staff.list(request.principal, request.params)));

  app.get(apiPaths.events.registrationsCsv, async (request, reply) => {
    const { text, fileName } = await staff.csv(callerOf(request), request.params);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('text/csv; charset=utf-8; header=present')
      .send(text);
  });

  app.patch(apiPaths.events.registration, async (request, reply) => reply.header('cache-control', 'no-store').send(await staff.change(callerOf(request), request.params, request.body)));

  app.post(apiPaths.events.mail, async (request, reply) => reply.header('cache-control', 'no-store').send(await staff.mailEveryone(callerOf(request), request.params, request.body)));
}
