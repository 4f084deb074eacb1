/** All SQL about staff accounts: rows of `users`, typed, never the API's view. */
import { advisoryLockKeys, takeTransactionLock } from '../../db/session-lock.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, uid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
}

export function countUsers(db: Kysely<Database>): Promise<number> {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of accounts by e-mail, optionally those whose e-mail or name contains `q`, and how many match in all. */
export async function searchUsers(db: Kysely<Database>, q: string | undefined, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(display_name)`, 'like', sql`${pattern} escape '\\'`)]),
    );
  }
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('email').limit(limit).offset(offset).execute(),
    base
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
  ]);
  return { rows, total };
}

// Serialises changes that could remove a super-admin, so two at once cannot both see "another super remains".
export async function lockSupers(db: Db, trx: Kysely<Database>): Promise<void> {
  await takeTransactionLock(db, trx, advisoryLockKeys.lastSuper);
  // SQLite: one writer at a time, and this process runs one transaction at a time on its connection.
}

export async function otherActiveSupers(trx: Kysely<Database>, uid: string): Promise<number> {
  const r = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('role', '=', 'super')
    .where('disabled', '=', 0)
    .where('id', '!=', uid)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function updateUserRow(trx: Kysely<Database>, uid: string, changes: Partial<UserRow>): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', uid).execute();
}

/** Deletes an account and its refresh tokens. */
export async function deleteUserRow(trx: Kysely<Database>, uid: string): Promise<void> {
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', uid).execute();
  await trx.deleteFrom('users').where('id', '=', uid).execute();
}

export async function recordSignIn(db: Kysely<Database>, uid: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', uid).execute();
}

/**
 * What resolving a caller needs of their account, and whether the session `sid`
 * is still live (a token of the family neither revoked nor expired): one query,
 * the session found through refresh_tokens' index on family_id.
 */
export async function findCaller(db: Kysely<Database>, uid: string, sid: string, now: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'disabled', 'token_epoch'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', sid)
            .whereRef('refresh_tokens.user_id', '=', 'users.id')
            .where('refresh_tokens.revoked_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        )
        .as('session_live'),
    )
    .where('id', '=', uid)
    .executeTakeFirst();
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return row ? { ...row, session_live: Boolean(row.session_live) } : undefined;
}

/** Every account's id. */
export async function userIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('users').select('id').execute()).map((r) => r.id);
}

export async function setTokenEpoch(db: Kysely<Database>, uid: string, epoch: string): Promise<void> {
  await db.updateTable('users').set({ token_epoch: epoch }).where('id', '=', uid).execute();
}

/** How each of these accounts is named to colleagues: its display name, or its e-mail when it has none. */
export async function namesOfUsers(db: Kysely<Database>, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name', 'email']).where('id', 'in', uids).execute();
  return new Map(rows.map((u) => [u.id, u.display_name || u.email]));
}
