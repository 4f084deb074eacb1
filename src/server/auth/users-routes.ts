/**
 * The users API (super only): list, create with a role, change role or name,
 * disable and enable, set a password, delete. The last active super-admin can
 * be neither demoted, disabled nor deleted.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can, type Action } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import { transaction, type Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { zodToAppError } from '../plugins/errors.js';
import { displayNameSchema, roleSchema } from '../../shared/users.js';
import { createAccount, findUserById, toUserView, type UserRow } from './accounts.js';
import { assertAcceptablePassword } from './common-passwords.js';
import { hashPassword } from './passwords.js';
import { revokeUserTokens } from './refresh-tokens.js';

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

function parse<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw zodToAppError(parsed.error, prefix);
  return parsed.data;
}

function authorize(request: FastifyRequest, action: Action): void {
  if (can(request.principal, action, { type: 'users' })) return;
  throw request.principal ? new AppError('permission-denied', 'Only a super-admin can manage user accounts.') : new AppError('unauthenticated');
}

// Serialises changes that could remove a super-admin, so two at once cannot both see "another super remains".
async function lockSupers(db: Db, trx: Kysely<Database>): Promise<void> {
  if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(7305001)`.execute(trx);
  // SQLite: one writer at a time, and this process runs one transaction at a time on its connection.
}

async function otherActiveSupers(trx: Kysely<Database>, uid: string): Promise<number> {
  const r = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('role', '=', 'super')
    .where('disabled', '=', 0)
    .where('id', '!=', uid)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;

  app.get('/api/users', async (request) => {
    authorize(request, 'read');
    const { q, limit, offset } = parse(listQuery, request.query);
    let base = db.kysely.selectFrom('users');
    if (q) {
      const pattern = `%${escapeLike(q.toLowerCase())}%`;
      base = base.where((eb) =>
        eb.or([
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(display_name)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('email').limit(limit).offset(offset).execute(),
      base
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ]);
    return { users: rows.map(toUserView), total };
  });

  app.post('/api/users', async (request, reply) => {
    authorize(request, 'create');
    const body = parse(createBody, request.body);
    const user = await createAccount(db.kysely, body);
    request.log.info({ uid: user.uid, role: user.role }, 'user created');
    return reply.status(201).send(user);
  });

  app.get('/api/users/:uid', async (request) => {
    authorize(request, 'read');
    const { uid } = parse(uidParams, request.params);
    const user = await findUserById(db.kysely, uid);
    if (!user) throw new AppError('not-found', 'There is no such user.');
    return toUserView(user);
  });

  app.patch('/api/users/:uid', async (request) => {
    authorize(request, 'update');
    const { uid } = parse(uidParams, request.params);
    const body = parse(patchBody, request.body);
    if (body.password !== undefined) await assertAcceptablePassword(body.password);
    // Hashing is slow by design: done before the transaction so it holds no lock meanwhile.
    const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

    const updated = await transaction(db, async (trx): Promise<UserRow> => {
      const current = await trx.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
      if (!current) throw new AppError('not-found', 'There is no such user.');
      const losesSuper = current.role === 'super' && !current.disabled && ((body.role !== undefined && body.role !== 'super') || body.disabled === true);
      if (losesSuper) {
        await lockSupers(db, trx);
        if ((await otherActiveSupers(trx, uid)) === 0) {
          throw new AppError(
            'failed-precondition',
            body.disabled === true
              ? 'This is the last active super-admin: make another user super-admin before disabling this one.'
              : 'This is the last active super-admin: make another user super-admin before changing this role.',
          );
        }
      }
      const changes: Partial<UserRow> = { updated_at: new Date().toISOString() };
      if (body.displayName !== undefined) changes.display_name = body.displayName;
      if (body.role !== undefined) changes.role = body.role;
      if (body.disabled !== undefined) changes.disabled = body.disabled ? 1 : 0;
      if (passwordHash !== undefined) {
        changes.password_hash = passwordHash;
        // Whole seconds, as in a token's iat: tokens issued from the next second on stay valid.
        changes.tokens_valid_after = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
      }
      await trx.updateTable('users').set(changes).where('id', '=', uid).execute();
      // A disabled account or a new password ends every open session.
      if (body.disabled === true || passwordHash !== undefined) await revokeUserTokens(trx, uid);
      return { ...current, ...changes };
    });
    request.log.info(
      { uid, role: body.role, disabled: body.disabled, passwordChanged: passwordHash !== undefined },
      'user updated',
    );
    return toUserView(updated);
  });

  app.delete('/api/users/:uid', async (request, reply) => {
    authorize(request, 'delete');
    const { uid } = parse(uidParams, request.params);
    await transaction(db, async (trx) => {
      const current = await trx.selectFrom('users').select(['id', 'role', 'disabled']).where('id', '=', uid).executeTakeFirst();
      if (!current) throw new AppError('not-found', 'There is no such user.');
      if (current.role === 'super' && !current.disabled) {
        await lockSupers(db, trx);
        if ((await otherActiveSupers(trx, uid)) === 0) {
          throw new AppError('failed-precondition', 'This is the last active super-admin: make another user super-admin before deleting this one.');
        }
      }
      await trx.deleteFrom('refresh_tokens').where('user_id', '=', uid).execute();
      await trx.deleteFrom('users').where('id', '=', uid).execute();
    });
    request.log.info({ uid }, 'user deleted');
    return reply.status(204).send();
  });
}
