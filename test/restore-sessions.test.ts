/**
 * A restore brings back rows as they were when the backup was taken, refresh
 * tokens, links and sign-in challenges among them. None of them may open the
 * restored site: every session ends, unused links are withdrawn, challenges
 * are dropped; and the restore itself is the newest line of the audit log.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinkApi } from '../src/shared/account-links.js';
import type { SignInAnswer } from '../src/shared/auth.js';
import { issueActionCode } from '../src/server/auth/invitations/repository.js';
import { insertChallenge } from '../src/server/auth/two-factor/repository.js';
import { backupTo, restoreFrom } from './backup-fixtures.js';
import { build, type TestApp } from './helpers/app.js';
import { dialects, tempDir } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { refresh, refreshCookie, signIn } from './auth-helpers.js';

describe.each(dialects())('after a restore on %s', (dialect) => {
  let site: TestApp;
  let superUser: TestUser;
  let admin: TestUser;
  /** A browser signed in before the backup, and signed out after it. */
  let laptop: { idToken: string; cookie: string };
  let resetToken: string;
  let invitationToken: string;
  let epochsBefore: Map<string, string>;
  let archive: string;
  /** The audit log just after the restore, newest first. */
  let auditAfter: { action: string; actor_id: string | null; subject: string | null }[];

  beforeAll(async () => {
    site = await build(dialect);
    const { app } = site;
    superUser = await createUser(app, 'super');
    admin = await createUser(app, 'admin');
    const res = await signIn(app, admin.email, admin.password);
    expect(res.statusCode, res.body).toBe(200);
    laptop = { idToken: (res.json() as SignInAnswer).idToken, cookie: refreshCookie(res)! };
    resetToken = (await issueActionCode(app.services.db.kysely, { purpose: 'password-reset', email: admin.email, userId: admin.uid })).token;
    invitationToken = (await issueActionCode(app.services.db.kysely, { purpose: 'invitation', email: 'newcomer@example.org', role: 'admin', createdBy: superUser.uid })).token;
    const now = new Date();
    await insertChallenge(app.services.db.kysely, admin.uid, crypto.randomBytes(32).toString('hex'), now.toISOString(), new Date(now.getTime() + 300_000).toISOString());
    epochsBefore = new Map((await app.services.db.kysely.selectFrom('users').select(['id', 'token_epoch']).execute()).map((u) => [u.id, u.token_epoch]));

    archive = path.join(tempDir('ngo-restore-sessions-'), 'before-the-sign-out.tar.gz');
    await backupTo(app.services.config, app.services.db, archive);
    // After the backup the laptop signs out: the backup still holds its session as live.
    expect((await app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { refresh_token: laptop.cookie } })).statusCode).toBe(204);
    await restoreFrom(app.services.config, app.services.db, archive, { replace: true });
    auditAfter = await app.services.db.kysely.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').execute();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('a session signed out after the backup does not come back: neither its refresh cookie nor its idToken works', async () => {
    const renewed = await refresh(site.app, laptop.cookie);
    expect(renewed.statusCode, renewed.body).toBe(401);
    expect(renewed.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
    const call = await site.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${laptop.idToken}` } });
    expect(call.statusCode).toBe(401);
  });

  it('every session of every account ends: idTokens and refresh tokens of before the restore are refused', async () => {
    for (const user of [superUser, admin]) {
      expect((await site.app.inject({ method: 'GET', url: '/api/account', headers: user.headers })).statusCode).toBe(401);
      expect((await refresh(site.app, user.refreshToken)).statusCode).toBe(401);
    }
    const live = await site.app.services.db.kysely.selectFrom('refresh_tokens').select('id').where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(0);
    // Each account has a fresh epoch, none of them one it had before.
    const epochs = await site.app.services.db.kysely.selectFrom('users').select(['id', 'token_epoch']).execute();
    for (const u of epochs) expect(u.token_epoch).not.toBe(epochsBefore.get(u.id));
    expect(new Set(epochs.map((u) => u.token_epoch)).size).toBe(epochs.length);
    // Passwords were restored: signing in again works.
    expect((await signIn(site.app, admin.email, admin.password)).statusCode).toBe(200);
  });

  it('links handed out before it are withdrawn, and sign-in challenges dropped', async () => {
    const reset = await site.app.inject({ method: 'POST', url: accountLinkApi.passwordResetCheck, payload: { token: resetToken } });
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    expect(reset.json()).toMatchObject({ error: { code: expect.stringMatching(/^auth\/(invalid|expired)-action-code$/) } });
    const invitation = await site.app.inject({ method: 'POST', url: accountLinkApi.invitationCheck, payload: { token: invitationToken } });
    expect(invitation.statusCode).toBeGreaterThanOrEqual(400);
    expect((await site.app.services.db.kysely.selectFrom('sign_in_challenges').select('id').execute())).toHaveLength(0);
  });

  it('the restore is the newest line of the audit log: which archive, when it was taken, who restored it', async () => {
    const lines = auditAfter;
    expect(lines[0]).toMatchObject({ action: 'backup.restore', actor_id: null });
    expect(lines[0]?.subject).toMatch(/^before-the-sign-out\.tar\.gz \(taken \d{4}-\d{2}-\d{2}T[^)]*\) restored by the restore tests; every session ended$/);
    // The sign-out after the backup is gone with the rest of that time; the restore's line is what remains of it.
    expect(lines.filter((l) => l.action === 'backup.restore')).toHaveLength(1);
  });
});
