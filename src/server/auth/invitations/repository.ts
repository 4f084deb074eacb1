/**
 * Single-use links (password reset, invitation): the token is 32 random bytes
 * handed to the mail once; the database keeps only its SHA-256, so a copy of
 * the database opens no account. Using a link is a conditional update inside
 * the caller's transaction: of two uses at once, exactly one wins.
 */
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { actionCodeLifetimeSeconds, type ActionCodePurpose, type InvitationRole } from '../../../shared/account-links.js';
import { AppError } from '../../../shared/errors.js';
import type { ActionCodesTable, Database } from '../../db/schema.js';

export type ActionCodeRow = Selectable<ActionCodesTable>;

export function hashActionToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface NewActionCode {
  purpose: ActionCodePurpose;
  email: string;
  userId?: string | null;
  role?: InvitationRole | null;
  createdBy?: string | null;
}

/** Stores a new code and returns its row and the token for the mail (never stored). */
export async function issueActionCode(db: Kysely<Database>, code: NewActionCode, now = new Date()): Promise<{ row: ActionCodeRow; token: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const row: ActionCodeRow = {
    id: crypto.randomUUID(),
    purpose: code.purpose,
    token_hash: hashActionToken(token),
    email: code.email,
    user_id: code.userId ?? null,
    role: code.role ?? null,
    created_by: code.createdBy ?? null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + actionCodeLifetimeSeconds[code.purpose] * 1000).toISOString(),
    used_at: null,
    revoked_at: null,
  };
  await db.insertInto('action_codes').values(row).execute();
  return { row, token };
}

/** Why a link does not work, in the catalogue's codes and plain words. */
function refusal(row: ActionCodeRow | undefined, now: Date, purpose: ActionCodePurpose): AppError {
  const what = purpose === 'invitation' ? 'invitation' : 'password reset link';
  if (row && !row.used_at && !row.revoked_at && Date.parse(row.expires_at) <= now.getTime()) {
    return new AppError(
      'auth/expired-action-code',
      purpose === 'invitation'
        ? 'This invitation has expired. Ask the person who invited you to send a new one.'
        : 'This password reset link has expired (links work for 30 minutes). Ask for a new one.',
    );
  }
  if (row?.revoked_at) return new AppError('auth/invalid-action-code', `This ${what} was withdrawn. Ask for a new one.`);
  if (row?.used_at) return new AppError('auth/invalid-action-code', `This ${what} has already been used. Ask for a new one if you need it again.`);
  return new AppError('auth/invalid-action-code', `This ${what} is not valid. Check that you opened the whole link from the mail.`);
}

/** The code a token stands for, when it still works; else the refusal (expired, used, withdrawn or unknown). */
export async function checkActionCode(db: Kysely<Database>, purpose: ActionCodePurpose, token: string, now = new Date()): Promise<ActionCodeRow> {
  const row = await db.selectFrom('action_codes').selectAll().where('token_hash', '=', hashActionToken(token)).where('purpose', '=', purpose).executeTakeFirst();
  if (!row || row.used_at || row.revoked_at || Date.parse(row.expires_at) <= now.getTime()) throw refusal(row, now, purpose);
  return row;
}

/** Marks the code used if it still works, else throws its refusal; run it in the transaction that acts on it. */
export async function useActionCode(trx: Kysely<Database>, purpose: ActionCodePurpose, token: string, now = new Date()): Promise<ActionCodeRow> {
  const hash = hashActionToken(token);
  const at = now.toISOString();
  const result = await trx
    .updateTable('action_codes')
    .set({ used_at: at })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  const row = await trx.selectFrom('action_codes').selectAll().where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1 || !row) throw refusal(row, now, purpose);
  return row;
}

/** Withdraws every unused code of this purpose for an address (a new link replaces the earlier ones). */
export async function revokeActionCodesFor(db: Kysely<Database>, purpose: ActionCodePurpose, email: string, now = new Date()): Promise<void> {
  await db
    .updateTable('action_codes')
    .set({ revoked_at: now.toISOString() })
    .where('purpose', '=', purpose)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Invitations neither used nor withdrawn, newest first (expired ones too: they can be sent again). */
export function openInvitations(db: Kysely<Database>): Promise<ActionCodeRow[]> {
  return db
    .selectFrom('action_codes')
    .selectAll()
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
}

export function findActionCode(db: Kysely<Database>, purpose: ActionCodePurpose, id: string): Promise<ActionCodeRow | undefined> {
  return db.selectFrom('action_codes').selectAll().where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst();
}

/** Withdraws one unused code; false when there was none to withdraw. */
export async function revokeActionCode(db: Kysely<Database>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('action_codes')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws every link not yet used (after a restore: links handed out before it must not open the restored site). */
export async function revokeAllPendingActionCodes(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.updateTable('action_codes').set({ revoked_at: now.toISOString() }).where('used_at', 'is', null).where('revoked_at', 'is', null).execute();
}

/**
 * Withdraws the open invitations an account sent: it stopped being an active
 * super-admin (demoted, disabled or deleted). Run it in that change's
 * transaction; answers the rows withdrawn, for the audit log.
 */
export function withdrawInvitationsBy(trx: Kysely<Database>, senderId: string, now = new Date()): Promise<ActionCodeRow[]> {
  return trx
    .updateTable('action_codes')
    .set({ revoked_at: now.toISOString() })
    .where('purpose', '=', 'invitation')
    .where('created_by', '=', senderId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .execute();
}

/** The refusal of an invitation whose sender is no longer an active super-admin. */
export function senderLostRights(): AppError {
  return new AppError('auth/invalid-action-code', 'This invitation was withdrawn: the person who sent it can no longer invite colleagues. Ask a super-admin for a new one.');
}
