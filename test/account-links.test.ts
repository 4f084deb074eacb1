/**
 * Password reset and invitations, end to end over a real SMTP server started
 * in the test: the mail is received, parsed, and its one link is what the
 * staff screen would open. Expiry is tested by moving Date forward.
 */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountLinkApi, accountLinkPaths, invitationPath, invitationResendPath, passwordResetRequestedMessage, tokenFromFragment } from '../src/shared/account-links.js';
import { deviceCookie } from '../src/server/auth/sessions/sign-in-device.js';
import { buildAuthApp, refresh, refreshCookie, signIn } from './auth-helpers.js';
import type { TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { linksOf, startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp.js';
import { createUser, type TestUser } from './helpers/users.js';
import { editorialApi, type AuditAnswer, type AuditEntry } from '../src/shared/editorial.js';

const publicUrl = 'https://ngo.example.org';
const newPassword = 'a fresh and unusual passphrase';

/** The token of a mail's only link, after checking that it points where the contract says. */
function tokenOf(mail: ReceivedMail, path: string): string {
  const links = linksOf(mail);
  expect(links).toHaveLength(1);
  const url = new URL(links[0]!);
  expect(`${url.origin}${url.pathname}`).toBe(`${publicUrl}${path}`);
  expect(url.search).toBe('');
  const token = tokenFromFragment(url.hash);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The HTML part carries the same single link.
  expect(mail.parsed.html).toContain(links[0]!);
  return token!;
}

describe.each(dialects())('account links on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const logs: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    t = await buildAuthApp(dialect, { smtpUrl: smtp.url, publicUrl, logLevel: 'info' }, { logger: true, logStream: stream });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.app.accountLinks.idle();
    await t.app.services.mail.idle();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Mails that arrived for an address since the test began. */
  function mailsTo(email: string): ReceivedMail[] {
    return smtp.received.filter((m) => m.rcptTo.includes(email));
  }

  async function settled(): Promise<void> {
    await t.app.accountLinks.idle();
    await t.app.services.mail.idle();
  }

  function requestReset(email: string, ip = '198.51.100.7') {
    return t.app.inject({ method: 'POST', url: accountLinkApi.passwordReset, payload: { email }, remoteAddress: ip });
  }

  function confirm(token: string, password: string) {
    return t.app.inject({ method: 'POST', url: accountLinkApi.passwordResetConfirm, payload: { token, password } });
  }

  async function resetToken(email: string): Promise<string> {
    const before = mailsTo(email).length;
    expect((await requestReset(email)).statusCode).toBe(202);
    await settled();
    await vi.waitFor(() => expect(mailsTo(email).length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    return tokenOf(mailsTo(email).at(-1)!, accountLinkPaths.resetPassword);
  }

  describe('password reset', () => {
    it('answers an unknown and a known address alike; only the known one gets a mail, with one link to the reset screen', async () => {
      const u = await createUser(t.app, 'admin');
      const unknown = await requestReset('nobody-here@example.org');
      const known = await requestReset(u.email);
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: passwordResetRequestedMessage });
      expect(known.headers['cache-control']).toBe('no-store');

      await settled();
      await vi.waitFor(() => expect(mailsTo(u.email)).toHaveLength(1), { timeout: 10_000, interval: 20 });
      expect(mailsTo('nobody-here@example.org')).toHaveLength(0);
      const mail = mailsTo(u.email)[0]!;
      expect(mail.parsed.subject).toBe('Choose a new password for Tujenge Civic Alliance');
      expect(mail.parsed.from?.value[0]?.name).toBe('Tujenge Civic Alliance');
      expect(mail.parsed.text).toContain('The link works once, for 30 minutes.');
      tokenOf(mail, accountLinkPaths.resetPassword);
    });

    it('sets the new password once: the link then refuses a second use, the old password and every old session stop working', async () => {
      const u = await createUser(t.app, 'admin');
      const oldSession = refreshCookie(await signIn(t.app, u.email, u.password), true)!;
      expect(oldSession).toBeDefined();
      const token = await resetToken(u.email);

      const check = await t.app.inject({ method: 'POST', url: accountLinkApi.passwordResetCheck, payload: { token } });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ email: u.email });

      // idToken times are whole seconds: the reset happens in a later second than the old token.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1100);
      const first = await confirm(token, newPassword);
      expect(first.statusCode).toBe(204);

      const second = await confirm(token, 'yet another unusual passphrase');
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/already been used/) } });

      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(401);
      expect((await refresh(t.app, oldSession, true)).statusCode).toBe(401);
      const stale = await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: u.headers });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ error: { code: 'auth/user-token-expired' } });
      expect((await signIn(t.app, u.email, newPassword)).statusCode).toBe(200);
    });

    it('refuses a link older than 30 minutes with auth/expired-action-code, and the password stays as it was', async () => {
      const u = await createUser(t.app, 'admin');
      const token = await resetToken(u.email);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31 * 60_000);
      const res = await confirm(token, newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/expired-action-code', message: expect.stringMatching(/expired/) } });
      const check = await t.app.inject({ method: 'POST', url: accountLinkApi.passwordResetCheck, payload: { token } });
      expect(check.json()).toMatchObject({ error: { code: 'auth/expired-action-code' } });
      vi.useRealTimers();
      expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    });

    it('writes the request, the new password and the sessions it ended in the audit log, with no link or password', async () => {
      const boss = await createUser(t.app, 'super');
      const u = await createUser(t.app, 'admin');
      const auditLines = async (action: AuditEntry['action']) => {
        const res = await t.app.inject({ method: 'GET', url: `${editorialApi.audit}?action=${action}&limit=1000`, headers: boss.headers });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as AuditAnswer).entries;
      };
      expect((await requestReset('nobody-at-all@example.org', '198.51.100.61')).statusCode).toBe(202);
      const token = await resetToken(u.email);
      const requests = await auditLines('auth.password-reset-request');
      expect(requests.find((e) => e.subject === 'nobody-at-all@example.org: no active account, nothing sent')).toMatchObject({ actor: null, subjectId: null, ip: '198.51.100.61' });
      expect(requests.find((e) => e.subjectId === u.uid)).toMatchObject({ actor: null, subject: `${u.email}: link sent`, ip: '198.51.100.7' });

      expect((await confirm(token, newPassword)).statusCode).toBe(204);
      expect((await auditLines('auth.password-reset')).find((e) => e.subjectId === u.uid)).toMatchObject({ actor: { uid: u.uid }, subject: u.email });
      expect((await auditLines('auth.sign-out')).find((e) => e.subjectId === u.uid)).toMatchObject({ actor: { uid: u.uid }, subject: `${u.email}: every session ended by the password reset` });
      const all = JSON.stringify([...(await auditLines('auth.password-reset-request')), ...(await auditLines('auth.password-reset')), ...(await auditLines('auth.sign-out'))]);
      expect(all).not.toContain(token);
      expect(all).not.toContain(newPassword);
    });

    it('refuses a weak password without using the link up, and a made-up token in plain words', async () => {
      const u = await createUser(t.app, 'admin');
      const token = await resetToken(u.email);
      const weak = await confirm(token, 'password');
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: { code: 'auth/weak-password', field: 'password' } });
      expect((await confirm('not-a-real-token', newPassword)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code' } });
      expect((await confirm(token, newPassword)).statusCode).toBe(204);
    });

    it('a newer link replaces the earlier one', async () => {
      const u = await createUser(t.app, 'admin');
      const first = await resetToken(u.email);
      const second = await resetToken(u.email);
      expect((await confirm(first, newPassword)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code' } });
      expect((await confirm(second, newPassword)).statusCode).toBe(204);
    });

    it("throttles an attacker's requests for a colleague's address (429 with Retry-After, no more mails) without blocking the colleague's own", async () => {
      const u = await createUser(t.app, 'admin');
      // The colleague signed in from their browser before: it carries a device cookie (Secure: PUBLIC_URL is https).
      const signedIn = await signIn(t.app, u.email, u.password, '198.51.100.99');
      const device = signedIn.cookies.find((c) => c.name === deviceCookie.nameFor(true));
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/api/auth', maxAge: deviceCookie.maxAgeSeconds });
      const fromDevice = (ip: string) =>
        t.app.inject({ method: 'POST', url: accountLinkApi.passwordReset, payload: { email: u.email }, remoteAddress: ip, cookies: { [deviceCookie.nameFor(true)]: device!.value } });

      const attacker = '198.51.100.20';
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await requestReset(u.email, attacker));
      expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([202, 202, 202]);
      expect(answers[3]!.statusCode).toBe(429);
      expect(answers[3]!.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
      await settled();
      await vi.waitFor(() => expect(mailsTo(u.email)).toHaveLength(3), { timeout: 10_000, interval: 20 });

      // The colleague, from their own address, still gets a link.
      expect((await requestReset(u.email, '198.51.100.30')).statusCode).toBe(202);
      // Spread over addresses, the attacker reaches the account's cap (6 requests, refused ones too, from clients it has not seen)...
      expect((await requestReset(u.email, '198.51.100.40')).statusCode).toBe(202);
      expect((await requestReset(u.email, '198.51.100.50')).statusCode).toBe(429);
      // ...which the colleague's own browser is not held to, even at the attacker's address.
      expect((await fromDevice(attacker)).statusCode).toBe(202);
      await settled();
      await vi.waitFor(() => expect(mailsTo(u.email)).toHaveLength(6), { timeout: 10_000, interval: 20 });
    });

    it('answers a malformed address with auth/invalid-email', async () => {
      const res = await requestReset('not an address');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/invalid-email', field: 'email' } });
    });
  });

  describe('invitations', () => {
    function invite(headers: Record<string, string>, email: string, role = 'admin') {
      return t.app.inject({ method: 'POST', url: accountLinkApi.invitations, payload: { email, role }, headers });
    }

    async function invitationToken(email: string, count = 1): Promise<string> {
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count), { timeout: 10_000, interval: 20 });
      return tokenOf(mailsTo(email).at(-1)!, accountLinkPaths.acceptInvitation);
    }

    function accept(token: string, password = newPassword, displayName = 'Wanjiru Kamau') {
      return t.app.inject({ method: 'POST', url: accountLinkApi.invitationAccept, payload: { token, displayName, password } });
    }

    it('lets the invitee choose a name and password, signs them in with the invited role, and is then used up', async () => {
      const boss = await createUser(t.app, 'super');
      const email = 'wanjiru@example.org';
      const res = await invite(boss.headers, ' Wanjiru@Example.org ', 'admin');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, role: 'admin', status: 'pending', invitedBy: 'super user' });
      const token = await invitationToken(email);
      expect(mailsTo(email)[0]!.parsed.subject).toBe('super user invited you to the website of Tujenge Civic Alliance');

      const listed = await t.app.inject({ method: 'GET', url: accountLinkApi.invitations, headers: boss.headers });
      expect(listed.json().invitations).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'admin', status: 'pending' })]));

      const check = await t.app.inject({ method: 'POST', url: accountLinkApi.invitationCheck, payload: { token } });
      expect(check.json()).toMatchObject({ email, role: 'admin', organisation: 'Tujenge Civic Alliance' });

      const weak = await accept(token, 'password');
      expect(weak.json()).toMatchObject({ error: { code: 'auth/weak-password' } });

      const accepted = await accept(token);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ user: { email, displayName: 'Wanjiru Kamau', claims: { admin: true, super: false } } });
      expect(refreshCookie(accepted, true)).toBeDefined();

      const signedIn = await signIn(t.app, email, newPassword);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { claims: { admin: true, super: false } } });
      const work = await t.app.inject({ method: 'GET', url: '/api/collections/customer/documents', headers: { authorization: `Bearer ${signedIn.json().idToken as string}` } });
      expect(work.statusCode).toBe(200);

      expect((await accept(token)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code' } });
      const after = await t.app.inject({ method: 'GET', url: accountLinkApi.invitations, headers: boss.headers });
      expect(after.json().invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    });

    it('ends the session the browser held when the invitee accepts in it (a shared office computer)', async () => {
      const boss = await createUser(t.app, 'super');
      const held = refreshCookie(await signIn(t.app, boss.email, boss.password), true)!;
      expect(held).toBeDefined();
      const email = 'shared-desk@example.org';
      expect((await invite(boss.headers, email, 'admin')).statusCode).toBe(201);
      const token = await invitationToken(email);
      const accepted = await t.app.inject({ method: 'POST', url: accountLinkApi.invitationAccept, payload: { token, displayName: 'Achieng Otieno', password: newPassword }, cookies: { '__Secure-refresh_token': held } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await refresh(t.app, held, true)).statusCode).toBe(401);
      expect((await refresh(t.app, refreshCookie(accepted, true), true)).statusCode).toBe(200);
    });

    it('refuses a withdrawn invitation', async () => {
      const boss = await createUser(t.app, 'super');
      const email = 'withdrawn@example.org';
      const { id } = (await invite(boss.headers, email, 'super')).json() as { id: string };
      const token = await invitationToken(email);
      expect((await t.app.inject({ method: 'DELETE', url: invitationPath(id), headers: boss.headers })).statusCode).toBe(204);
      const res = await accept(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
      expect((await signIn(t.app, email, newPassword)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: invitationPath(id), headers: boss.headers })).statusCode).toBe(404);
    });

    it('refuses an invitation after 7 days; resending gives a new link that works and ends the old one', async () => {
      const boss = await createUser(t.app, 'super');
      const email = 'late@example.org';
      const { id } = (await invite(boss.headers, email)).json() as { id: string };
      const oldToken = await invitationToken(email);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 7 * 86_400_000 + 60_000);
      const expired = await accept(oldToken);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: { code: 'auth/expired-action-code' } });
      // A week later the first idToken has long expired: a colleague signed in now looks at the list.
      const colleague = await createUser(t.app, 'super');
      const listed = await t.app.inject({ method: 'GET', url: accountLinkApi.invitations, headers: colleague.headers });
      expect(listed.json().invitations).toEqual(expect.arrayContaining([expect.objectContaining({ id, status: 'expired' })]));

      const resent = await t.app.inject({ method: 'POST', url: invitationResendPath(id), headers: colleague.headers });
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ email, status: 'pending' });
      const newToken = await invitationToken(email, 2);
      expect(newToken).not.toBe(oldToken);
      expect((await accept(oldToken)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code' } });
      expect((await accept(newToken)).statusCode).toBe(200);
    });

    function withdrawals(invitationId: string) {
      return t.app.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.invitation-withdraw').where('subject_id', '=', invitationId).execute();
    }

    const loseSuper: Record<'demoted' | 'disabled' | 'deleted', (boss: TestUser, sender: TestUser) => Promise<LightMyRequestResponse>> = {
      demoted: (boss, sender) => t.app.inject({ method: 'PATCH', url: `/api/users/${sender.uid}`, headers: boss.headers, payload: { role: 'admin' } }),
      disabled: (boss, sender) => t.app.inject({ method: 'PATCH', url: `/api/users/${sender.uid}`, headers: boss.headers, payload: { disabled: true } }),
      deleted: (boss, sender) => t.app.inject({ method: 'DELETE', url: `/api/users/${sender.uid}`, headers: boss.headers }),
    };

    it.each(['demoted', 'disabled', 'deleted'] as const)('withdraws the open invitations of a super-admin who is %s, with a line in the audit log', async (how) => {
      const boss = await createUser(t.app, 'super');
      const sender = await createUser(t.app, 'super');
      const email = `sent-by-${how}@example.org`;
      const { id } = (await invite(sender.headers, email, 'super')).json() as { id: string };
      const token = await invitationToken(email);
      // Another colleague's invitation is not touched.
      const otherEmail = `kept-${how}@example.org`;
      await invite(boss.headers, otherEmail);
      const otherToken = await invitationToken(otherEmail);

      const changed = await loseSuper[how](boss, sender);
      expect(changed.statusCode, changed.body).toBeLessThan(300);

      const check = await t.app.inject({ method: 'POST', url: accountLinkApi.invitationCheck, payload: { token } });
      expect(check.statusCode).toBe(400);
      const res = await accept(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
      expect((await signIn(t.app, email, newPassword)).statusCode).toBe(401);
      const listed = await t.app.inject({ method: 'GET', url: accountLinkApi.invitations, headers: boss.headers });
      expect(listed.json().invitations.map((i: { id: string }) => i.id)).not.toContain(id);
      const lines = await withdrawals(id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ actor_id: boss.uid, subject: expect.stringContaining(`${email}: role super, sent by ${sender.email}`) });

      expect((await accept(otherToken)).statusCode).toBe(200);
    });

    it('refuses, and withdraws for good, an invitation whose sender lost the role without it being withdrawn', async () => {
      const sender = await createUser(t.app, 'super');
      const email = 'missed@example.org';
      const { id } = (await invite(sender.headers, email, 'super')).json() as { id: string };
      const token = await invitationToken(email);
      // As if the sender had been demoted before invitations were withdrawn with the role.
      const users = () => t.app.services.db.kysely.updateTable('users').where('id', '=', sender.uid);
      await users().set({ role: 'admin' }).execute();

      const check = await t.app.inject({ method: 'POST', url: accountLinkApi.invitationCheck, payload: { token } });
      expect(check.json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
      const res = await accept(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
      expect((await signIn(t.app, email, newPassword)).statusCode).toBe(401);
      expect(await withdrawals(id)).toHaveLength(1);

      // A later promotion does not bring it back; neither does a disabled super-admin's invitation work.
      await users().set({ role: 'super' }).execute();
      expect((await accept(token)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
      const disabledEmail = 'missed-disabled@example.org';
      await invite(sender.headers, disabledEmail);
      const disabledToken = await invitationToken(disabledEmail);
      await users().set({ disabled: 1 }).execute();
      expect((await accept(disabledToken)).json()).toMatchObject({ error: { code: 'auth/invalid-action-code', message: expect.stringMatching(/withdrawn/) } });
    });

    it('refuses to invite an address that already has an account, and an unknown role', async () => {
      const boss = await createUser(t.app, 'super');
      const existing = await createUser(t.app, 'admin');
      const taken = await invite(boss.headers, existing.email);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ error: { code: 'auth/email-already-in-use', field: 'email' } });
      const bad = await invite(boss.headers, 'role@example.org', 'owner');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', field: 'role' } });
      expect(mailsTo(existing.email)).toHaveLength(0);
    });
  });

  it('never writes a token or a link into the log', async () => {
    await settled();
    const text = logs.join('');
    expect(text).toContain('password reset link sent');
    expect(text).toContain('invitation sent');
    for (const mail of smtp.received) {
      for (const link of linksOf(mail)) {
        expect(text).not.toContain(link);
        expect(text).not.toContain(tokenFromFragment(new URL(link).hash)!);
      }
    }
    expect(text).not.toContain(newPassword);
  });
});
