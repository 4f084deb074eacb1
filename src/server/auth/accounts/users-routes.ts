/** The users API over HTTP: request parsing and status codes; the rules are in users-service.ts. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { displayNameSchema, roleSchema } from '../../../shared/users.js';
import { parseRequest as parse } from '../../plugins/errors.js';
import { UsersService } from './users-service.js';
import { apiPaths } from '../../../shared/api-paths.js';

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const createBody = z.strictObject({
  email: z.string({ error: 'The e-mail address is required.' }),
  displayName: displayNameSchema.optional(),
  role: roleSchema,
  password: z.string({ error: 'The password is required.' }),
});

const patchBody = z.strictObject({
  displayName: displayNameSchema.optional(),
  role: roleSchema.optional(),
  disabled: z.boolean().optional(),
  password: z.string().optional(),
});

const uidParams = z.object({ uid: z.string().min(1).max(100) });


export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const users = new UsersService(app.services.db);

  app.get(apiPaths.users.list, async (request) => users.list(request.principal, () => parse(listQuery, request.query)));

  app.post(apiPaths.users.list, async (request, reply) => {
    const user = await users.create(request.principal, () => parse(createBody, request.body), { ip: request.ip });
    request.log.info({ uid: user.uid, role: user.role }, 'user created');
    return reply.status(201).send(user);
  });

  app.get(apiPaths.users.one, async (request) => users.get(request.principal, () => parse(uidParams, request.params)));

  app.patch(apiPaths.users.one, async (request) => {
    let body: z.infer<typeof patchBody> = {};
    const user = await users.update(request.principal, () => {
      const { uid } = parse(uidParams, request.params);
      body = parse(patchBody, request.body);
      return { uid, changes: body };
    }, { ip: request.ip });
    request.log.info({ uid: user.uid, role: body.role, disabled: body.disabled, passwordChanged: body.password !== undefined }, 'user updated');
    return user;
  });

  app.delete(apiPaths.users.one, async (request, reply) => {
    let uid = '';
    await users.remove(request.principal, () => ({ uid: (uid = parse(uidParams, request.params).uid) }), { ip: request.ip });
    request.log.info({ uid }, 'user deleted');
    return reply.status(204).send();
  });
}
