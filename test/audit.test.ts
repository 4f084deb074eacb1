/**
 * The audit log: every recorded action (sign-in, failed sign-in, sign-out,
 * password change and reset, accounts created, changed and deleted,
 * invitations, two-factor reset, media upload and delete) appears with who,
 * from which address and about what; the filters, pages and total; the CSV
 * export (every matching line, RFC 4180 quoting, formulas neutralised); only
 * super-admins read it and nothing changes it over HTTP; no line holds a
 * password, token, code or secret; and the command line's prune refuses bad
 * dates and keeps the chain whole (audit-chain.test.ts: the chain itself).
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueActionCode } from '../src/server/auth/invitations/repository.js';
import { runAuditCommand } from '../src/server/commands/audit.js';
import { appendAudit, eachAuditLine, listAudit, type AuditRecord } from '../src/server/audit/repository.js';
import { accountLinkApi, invitationPath } from '../src/shared/account-links.js';
import { auditActionLabels, auditPageSize, auditQuerySchema, editorialApi, type AuditAnswer, type AuditEntry } from '../src/shared/editorial.js';
import { buildAuthApp, refreshCookie, signIn } from './auth-helpers.js';
import type { TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { dialects, testAuthSecret } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { parseCsv } from './helpers/csv.js';
import { multipartFile } from './helpers/upload.js';

async function pngBytes(): Promise<Buffer> {
  const [r, g, b] = crypto.randomBytes(3);
  return sharp({ create: { width: 20, height: 12, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

const multipart = (bytes: Buffer, name: string) => multipartFile(bytes, name, 'image/png');

const strongPassword = () => `Audit-${crypto.randomBytes(9).toString('base64url')}!`;

describe.each(dialects())('audit log on %s', (dialect) => {
  let t: TestApp;
  let superUser: TestUser;
  let admin: TestUser;
  let none: TestUser;
  let disabled: TestUser;
  /** Every password, token, code and secret the journeys below used: none may reach a line. */
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await buildAuthApp(dialect);
    superUser = await createUser(t.app, 'super', { email: 'chief@example.org' });
    admin = await createUser(t.app, 'admin', { email: 'editor@example.org' });
    none = await createUser(t.app, 'none');
    disabled = await createUser(t.app, 'super', { disabled: true });
    await t.app.services.db.kysely.updateTable('users').set({ display_name: 'Amina Chief' }).where('id', '=', superUser.uid).execute();
    for (const u of [superUser, admin, none, disabled]) secrets.push(u.password, u.token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = (query: string, user: TestUser | null = superUser, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url: `${editorialApi.audit}${query}`, headers: { ...(user?.headers ?? {}), ...headers } });

  async function lines(query = ''): Promise<AuditAnswer> {
    const res = await read(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditAnswer;
  }

  /** The newest line of an action about a subject id, or about a subject text. */
  async function lineOf(action: AuditEntry['action'], match: (e: AuditEntry) => boolean): Promise<AuditEntry> {
    const { entries } = await lines(`?action=${action}&limit=1000`);
    const found = entries.find(match);
    if (!found) throw new Error(`no ${action} line matches; lines: ${JSON.stringify(entries.slice(0, 5))}`);
    return found;
  }

  it('records sign-in, failed sign-in and sign-out with the account, the address and the subject', async () => {
    const ok = await signIn(t.app, admin.email, admin.password, '198.51.100.10');
    expect(ok.statusCode, ok.body).toBe(200);
    const { idToken } = ok.json() as { idToken: string };
    const refresh = refreshCookie(ok)!;
    secrets.push(idToken, refresh);
    expect(await lineOf('auth.sign-in', (e) => e.ip === '198.51.100.10')).toMatchObject({
      actor: { uid: admin.uid, name: 'admin user', email: admin.email },
      subjectId: admin.uid,
      subject: admin.email,
      collection: null,
    });

    // A wrong password for an account: that account, never the password typed.
    const typed = `wrong-${crypto.randomBytes(6).toString('hex')}`;
    secrets.push(typed);
    expect((await signIn(t.app, admin.email, typed, '198.51.100.11')).statusCode).toBe(401);
    expect(await lineOf('auth.sign-in-failed', (e) => e.ip === '198.51.100.11')).toMatchObject({ actor: { uid: admin.uid, email: admin.email }, subject: admin.email });

    // An address that is no account: nobody, and the address as typed.
    const typedToo = `guess-${crypto.randomBytes(6).toString('hex')}`;
    secrets.push(typedToo);
    expect((await signIn(t.app, 'Nobody@Example.org', typedToo, '198.51.100.12')).statusCode).toBe(401);
    expect(await lineOf('auth.sign-in-failed', (e) => e.ip === '198.51.100.12')).toMatchObject({ actor: null, subjectId: null, subject: 'nobody@example.org' });

    // A disabled account with its right password.
    expect((await signIn(t.app, disabled.email, disabled.password, '198.51.100.13')).statusCode).toBe(403);
    expect(await lineOf('auth.sign-in-failed', (e) => e.ip === '198.51.100.13')).toMatchObject({ actor: { uid: disabled.uid }, subject: `${disabled.email}: account disabled` });

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { refresh_token: refresh }, remoteAddress: '198.51.100.14' });
    expect(out.statusCode).toBe(204);
    expect(await lineOf('auth.sign-out', (e) => e.ip === '198.51.100.14')).toMatchObject({ actor: { uid: admin.uid, name: 'admin user' }, subject: admin.email });
    // Signing out with the same, now dead, cookie changes nothing and adds no line.
    const before = (await lines('?action=auth.sign-out')).total;
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', cookies: { refresh_token: refresh }, remoteAddress: '198.51.100.14' });
    expect((await lines('?action=auth.sign-out')).total).toBe(before);
  });

  it('records an own password change and a password reset by mail link', async () => {
    const user = await createUser(t.app, 'admin');
    const newPassword = strongPassword();
    secrets.push(user.password, user.token, newPassword);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword },
      remoteAddress: '198.51.100.20',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await lineOf('auth.password-change', (e) => e.subjectId === user.uid)).toMatchObject({ actor: { uid: user.uid }, ip: '198.51.100.20', subject: user.email });

    const { token } = await issueActionCode(t.app.services.db.kysely, { purpose: 'password-reset', email: user.email, userId: user.uid });
    const resetPassword = strongPassword();
    secrets.push(token, resetPassword);
    const reset = await t.app.inject({ method: 'POST', url: accountLinkApi.passwordResetConfirm, payload: { token, password: resetPassword }, remoteAddress: '198.51.100.21' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await lineOf('auth.password-reset', (e) => e.subjectId === user.uid)).toMatchObject({ actor: { uid: user.uid }, ip: '198.51.100.21', subject: user.email });
  });

  it('records accounts created, changed (a role change in words) and deleted, and invitations sent and accepted', async () => {
    const password = strongPassword();
    secrets.push(password);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: superUser.headers,
      payload: { email: 'new.editor@example.org', displayName: 'New Editor', role: 'admin', password },
      remoteAddress: '198.51.100.30',
    });
    expect(created.statusCode, created.body).toBe(201);
    const uid = (created.json() as { uid: string }).uid;
    expect(await lineOf('user.create', (e) => e.subjectId === uid)).toMatchObject({
      actor: { uid: superUser.uid, name: 'Amina Chief', email: superUser.email },
      ip: '198.51.100.30',
      subject: 'new.editor@example.org: role admin',
    });

    const promoted = await t.app.inject({ method: 'PATCH', url: `/api/users/${uid}`, headers: superUser.headers, payload: { role: 'super' }, remoteAddress: '198.51.100.31' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await lineOf('user.update', (e) => e.subjectId === uid && e.ip === '198.51.100.31')).toMatchObject({
      actor: { uid: superUser.uid },
      subject: 'new.editor@example.org: role admin → super',
    });
    const newPassword = strongPassword();
    secrets.push(newPassword);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${uid}`, headers: superUser.headers, payload: { disabled: true, password: newPassword }, remoteAddress: '198.51.100.32' });
    expect(await lineOf('user.update', (e) => e.subjectId === uid && e.ip === '198.51.100.32')).toMatchObject({ subject: 'new.editor@example.org: disabled; password set' });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${uid}`, headers: superUser.headers, remoteAddress: '198.51.100.33' });
    expect(removed.statusCode).toBe(204);
    expect(await lineOf('user.delete', (e) => e.subjectId === uid)).toMatchObject({ actor: { uid: superUser.uid }, ip: '198.51.100.33', subject: 'new.editor@example.org (super)' });

    const invited = await t.app.inject({ method: 'POST', url: accountLinkApi.invitations, headers: superUser.headers, payload: { email: 'Invitee@Example.org', role: 'admin' }, remoteAddress: '198.51.100.34' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await lineOf('user.invite', (e) => e.ip === '198.51.100.34')).toMatchObject({ actor: { uid: superUser.uid }, subject: 'invitee@example.org: role admin' });
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: invitationPath((invited.json() as { id: string }).id),
      headers: superUser.headers,
      remoteAddress: '198.51.100.35',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await lineOf('user.invitation-withdraw', (e) => e.ip === '198.51.100.35')).toMatchObject({ actor: { uid: superUser.uid }, subject: 'invitee@example.org: role admin' });

    // Accepting it creates the account: the invitee's own line, from their address.
    const { token } = await issueActionCode(t.app.services.db.kysely, { purpose: 'invitation', email: 'joiner@example.org', role: 'admin', createdBy: superUser.uid });
    const joinerPassword = strongPassword();
    secrets.push(token, joinerPassword);
    const accepted = await t.app.inject({
      method: 'POST',
      url: accountLinkApi.invitationAccept,
      payload: { token, displayName: 'Joiner', password: joinerPassword },
      remoteAddress: '198.51.100.35',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const joiner = (accepted.json() as { user: { uid: string }; idToken: string }).user.uid;
    secrets.push((accepted.json() as { idToken: string }).idToken, refreshCookie(accepted)!);
    expect(await lineOf('user.create', (e) => e.subjectId === joiner)).toMatchObject({
      actor: { uid: joiner, name: 'Joiner', email: 'joiner@example.org' },
      ip: '198.51.100.35',
      subject: 'joiner@example.org: role admin, by accepting an invitation',
    });
    expect(await lineOf('auth.sign-in', (e) => e.subjectId === joiner)).toMatchObject({ ip: '198.51.100.35' });
  });

  it('records two-factor sign-in (a wrong code as a failed sign-in) and a super-admin resetting a colleague’s second factor', async () => {
    const user = await createUser(t.app, 'admin');
    secrets.push(user.password, user.token);
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/setup', headers: user.headers });
    const { secret } = setup.json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const code = totp.generate();
    const enabled = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/enable', headers: user.headers, payload: { password: user.password, code }, remoteAddress: '198.51.100.40' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    secrets.push(secret, code, ...recoveryCodes);
    expect(await lineOf('user.update', (e) => e.subjectId === user.uid && e.ip === '198.51.100.40')).toMatchObject({ subject: `${user.email}: two-factor sign-in turned on` });

    const first = await signIn(t.app, user.email, user.password, '198.51.100.41');
    expect(first.statusCode).toBe(401);
    const { challenge } = (first.json() as { mfa: { challenge: string } }).mfa;
    secrets.push(challenge);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/second-factor', payload: { challenge, code: '000000' === code ? '111111' : '000000' }, remoteAddress: '198.51.100.41' });
    expect(wrong.statusCode).toBe(401);
    expect(await lineOf('auth.sign-in-failed', (e) => e.ip === '198.51.100.41')).toMatchObject({ actor: { uid: user.uid }, subject: `${user.email}: wrong second-factor code` });
    const recovery = recoveryCodes[0]!;
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/second-factor', payload: { challenge, code: recovery }, remoteAddress: '198.51.100.41' });
    expect(second.statusCode, second.body).toBe(200);
    secrets.push((second.json() as { idToken: string }).idToken, refreshCookie(second)!);
    expect(await lineOf('auth.sign-in', (e) => e.ip === '198.51.100.41')).toMatchObject({ actor: { uid: user.uid }, subject: `${user.email}: with a recovery code` });

    const reset = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.uid}/second-factor`, headers: superUser.headers, remoteAddress: '198.51.100.42' });
    expect(reset.statusCode).toBe(204);
    expect(await lineOf('user.two-factor-reset', (e) => e.subjectId === user.uid)).toMatchObject({ actor: { uid: superUser.uid, name: 'Amina Chief' }, ip: '198.51.100.42', subject: user.email });
  });

  it('records media uploads and deletes with the original file name', async () => {
    const form = multipart(await pngBytes(), 'annual report, 2026.png');
    const up = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload, remoteAddress: '198.51.100.50' });
    expect(up.statusCode, up.body).toBe(201);
    const id = (up.json() as { id: string }).id;
    expect(await lineOf('media.upload', (e) => e.subjectId === id)).toMatchObject({ actor: { uid: admin.uid, name: 'admin user' }, ip: '198.51.100.50', subject: 'annual report, 2026.png' });
    // The same bytes again store nothing new: no second line.
    const again = await t.app.inject({ method: 'POST', url: '/api/media', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(again.statusCode).toBe(200);
    expect((await lines('?action=media.upload&limit=1000')).entries.filter((e) => e.subjectId === id)).toHaveLength(1);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: superUser.headers, remoteAddress: '198.51.100.51' });
    expect(del.statusCode).toBe(204);
    expect(await lineOf('media.delete', (e) => e.subjectId === id)).toMatchObject({ actor: { uid: superUser.uid }, ip: '198.51.100.51', subject: 'annual report, 2026.png' });
  });

  describe('reading', () => {
    const collection = `audit-${dialect}`;
    const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

    beforeAll(async () => {
      const db = t.app.services.db.kysely;
      // 120 lines over three days, two actors and two actions; several share one instant (the order falls back to the id).
      for (let i = 0; i < 120; i++) {
        const record: AuditRecord = {
          action: i % 3 === 0 ? 'content.publish' : 'content.save',
          actor: i % 2 === 0 ? { uid: admin.uid } : { uid: superUser.uid },
          collection,
          subjectId: `doc-${i}`,
          subject: `Story ${i}`,
          ip: '203.0.113.9',
          at: `${days[i % 3]}T${String(8 + Math.floor(i / 10)).padStart(2, '0')}:00:00.000Z`,
        };
        await appendAudit(db, record);
      }
    });

    it('filters by person, action, collection and period, newest first, with the total', async () => {
      const all = await lines(`?collection=${collection}`);
      expect(all.total).toBe(120);
      expect(all.entries).toHaveLength(auditPageSize);
      const times = all.entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);

      const byAdmin = await lines(`?collection=${collection}&actor=${admin.uid}&limit=1000`);
      expect(byAdmin.total).toBe(60);
      expect(byAdmin.entries.every((e) => e.actor?.uid === admin.uid)).toBe(true);

      const published = await lines(`?collection=${collection}&action=content.publish&limit=1000`);
      expect(published.total).toBe(40);
      expect(published.entries.every((e) => e.action === 'content.publish')).toBe(true);

      const oneDay = await lines(`?collection=${collection}&from=2026-03-02&to=2026-03-02&limit=1000`);
      expect(oneDay.total).toBe(40);
      expect(oneDay.entries.every((e) => e.at.startsWith('2026-03-02'))).toBe(true);
      expect((await lines(`?collection=${collection}&from=2026-03-02`)).total).toBe(80);
      expect((await lines(`?collection=${collection}&to=2026-03-01`)).total).toBe(40);

      const combined = await lines(`?collection=${collection}&actor=${superUser.uid}&action=content.save&from=2026-03-03&to=2026-03-03`);
      // Odd lines (the super-admin's) on the third day (i % 3 === 2) are saves: i % 6 === 5, twenty of them.
      expect(combined.total).toBe(20);
      expect(combined.entries.every((e) => e.actor?.uid === superUser.uid && e.action === 'content.save' && e.at.startsWith('2026-03-03'))).toBe(true);
      expect((await lines(`?collection=nothing-here`)).entries).toEqual([]);
    });

    it('pages through the lines: each line once, in order', async () => {
      const seen: AuditEntry[] = [];
      for (let offset = 0; offset < 120; offset += 50) {
        const page = await lines(`?collection=${collection}&offset=${offset}`);
        expect(page.total).toBe(120);
        seen.push(...page.entries);
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen.map((e) => e.id)).size).toBe(120);
      expect((await lines(`?collection=${collection}&offset=100`)).entries).toHaveLength(20);
      expect((await lines(`?collection=${collection}&offset=500`)).entries).toHaveLength(0);

      // The export's walk, a few lines at a time, reads the same lines in the same order.
      const walked: string[] = [];
      for await (const row of eachAuditLine(t.app.services.db.kysely, { collection }, 7)) walked.push(row.id);
      const listed = (await listAudit(t.app.services.db.kysely, auditQuerySchema.parse({ collection, limit: 1000 }))).rows.map((r) => r.id);
      expect(walked).toEqual(listed);
    });

    it('answers JSON with Cache-Control: no-store', async () => {
      const res = await read(`?collection=${collection}&limit=1`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const { entries } = res.json() as AuditAnswer;
      expect(Object.keys(entries[0]!).sort()).toEqual(['action', 'actor', 'at', 'collection', 'id', 'ip', 'revisionId', 'subject', 'subjectId']);
    });

    it('exports every matching line as CSV: header row, RFC 4180 quoting, formulas neutralised', async () => {
      const db = t.app.services.db.kysely;
      const tricky = `tricky-${dialect}`;
      const subjects = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-3', '@SUM(A1)', 'plain, with a comma', 'a "quoted" word', 'two\nlines', '\tTabbed', 'ordinary'];
      // Written straight into the table: the recorder keeps subjects on one line, but a line break or a tab in a cell must still come out quoted.
      for (const [i, subject] of subjects.entries()) {
        await db
          .insertInto('audit_log')
          .values({
            id: crypto.randomUUID(),
            at: `2026-04-01T10:00:0${i}.000Z`,
            actor_id: admin.uid,
            actor_name: 'admin user',
            actor_email: admin.email,
            action: 'content.save',
            collection: tricky,
            subject_id: null,
            subject,
            revision_id: null,
            ip: '203.0.113.7',
          })
          .execute();
      }
      const res = await read(`?collection=${tricky}`, superUser, { accept: 'text/csv' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-${today}.csv"`);
      expect(res.headers['cache-control']).toContain('no-store');
      const records = parseCsv(res.body);
      expect(records[0]).toEqual(['Time (UTC)', 'Who', 'E-mail', 'Account id', 'Action', 'Action code', 'Collection', 'Subject', 'Subject id', 'Revision', 'Address']);
      const rows = records.slice(1);
      expect(rows).toHaveLength(subjects.length);
      // Newest first; the cells a spreadsheet would run start with an apostrophe, the rest are as they were.
      expect(rows.map((r) => r[7])).toEqual(
        [...subjects].reverse().map((s) => (/^[=+\-@\t]/.test(s) ? `'${s}` : s)),
      );
      expect(rows[0]).toEqual(['2026-04-01T10:00:08.000Z', 'admin user', admin.email, admin.uid, auditActionLabels['content.save'], 'content.save', tricky, 'ordinary', '', '', '203.0.113.7']);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(res.body).toContain('"a ""quoted"" word"');
      expect(res.body).toContain('"two\nlines"');
      for (const line of res.body.split('\r\n').filter(Boolean)) expect(line).not.toMatch(/^[=+\-@]/);

      // Every matching line, not a page of them, with the same filters as the JSON.
      const big = parseCsv((await read(`?collection=${collection}&action=content.save&limit=5`, superUser, { accept: 'text/csv' })).body);
      expect(big).toHaveLength(1 + 80);
      expect(big.slice(1).every((r) => r[5] === 'content.save' && r[6] === collection)).toBe(true);
      // JSON stays the answer when JSON is preferred or nothing is said.
      expect((await read(`?collection=${collection}&limit=1`, superUser, { accept: 'application/json, text/csv;q=0.5' })).headers['content-type']).toMatch(/^application\/json/);
      // Lines written by hand are not in the chain (`audit verify` would name them): they go again.
      await db.deleteFrom('audit_log').where('collection', '=', tricky).execute();
    });
  });

  it('lets only super-admins read it: anonymous 401, admin and role-less 403, a disabled account as everywhere', async () => {
    const anonymous = await read('', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    for (const user of [admin, none]) {
      for (const headers of [{}, { accept: 'text/csv' }] as Record<string, string>[]) {
        const res = await read('', user, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'permission-denied' } });
      }
    }
    const off = await read('', disabled);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ error: { code: 'auth/user-disabled' } });
    // A refused caller learns nothing of the query's shape.
    expect((await read('?action=nope', admin)).statusCode).toBe(403);
  });

  it('refuses a bad query with 400 invalid-argument naming the field', async () => {
    const cases: [string, string][] = [
      ['?action=content.nope', 'action'],
      ['?from=2026-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?limit=0', 'limit'],
      ['?limit=5000', 'limit'],
      ['?offset=-1', 'offset'],
      ['?colour=blue', 'colour'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'invalid-argument', field } });
    }
  });

  it('has no route that changes a line: PATCH, PUT, POST and DELETE answer 404 or 405 and the lines stay as they were', async () => {
    const db = t.app.services.db.kysely;
    const before = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const [one] = before;
    for (const method of ['PATCH', 'PUT', 'POST', 'DELETE'] as const) {
      for (const url of [editorialApi.audit, `${editorialApi.audit}/${one!.id}`]) {
        const res = await t.app.inject({ method, url, headers: superUser.headers, payload: { subject: 'rewritten' } });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect(await db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('holds no password, token, code or secret in any column of any line', async () => {
    const rows = await t.app.services.db.kysely.selectFrom('audit_log').selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ['auth.sign-in', 'auth.sign-in-failed', 'auth.sign-out', 'auth.password-change', 'auth.password-reset', 'user.create', 'user.update', 'user.delete', 'user.invite', 'user.invitation-withdraw', 'user.two-factor-reset', 'media.upload', 'media.delete']) {
      expect(actions, action).toContain(action);
    }
    expect(secrets.filter((s) => !s || s.length < 6)).toEqual([]);
    const leaks: string[] = [];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null) continue;
        const text = String(value);
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${row.action}.${column} holds a secret`);
        // Nothing shaped like a token either: a JWT, or a long run of base64url.
        if (/eyJ[\w-]+\.[\w-]+\./.test(text) || /[A-Za-z0-9_-]{40,}/.test(text.replace(/[0-9a-f-]{36}/g, '').replace(/[0-9a-f]{64}/g, ''))) leaks.push(`${row.action}.${column}: ${text}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses a bad prune date, and keeps older lines written after newer ones (the chain stays whole)', async () => {
    const db = t.app.services.db.kysely;
    // Written now with earlier times: they come after this morning's lines in the chain (audit-chain.test.ts prunes a chain's start).
    for (const at of ['2025-06-01T12:00:00.000Z', '2025-12-31T23:59:59.999Z']) await appendAudit(db, { action: 'auth.sign-in', actor: null, subject: 'old line', at });
    const keep = await appendAudit(db, { action: 'auth.sign-in', actor: null, subject: 'kept line', at: '2026-01-01T00:00:00.000Z' });
    const count = async () => Number((await db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const total = await count();

    const said: string[] = [];
    const output = { out: (l: string) => said.push(l), err: (l: string) => said.push(`error: ${l}`) };
    for (const bad of [['prune', '--before', '2026-02-30'], ['prune', '--before', 'yesterday'], ['prune', '--before', '2999-01-01'], ['prune'], ['purge', '--before', '2026-01-01']]) {
      said.length = 0;
      expect(await runAuditCommand(t.app.services.db, bad, output), bad.join(' ')).not.toBe(0);
      expect(said.join('\n'), bad.join(' ')).toMatch(/^error: /);
    }
    expect(await count()).toBe(total);

    said.length = 0;
    expect(await runAuditCommand(t.app.services.db, ['prune', '--before', '2026-01-01'], output)).toBe(0);
    expect(said).toEqual(['Removed 0 audit log lines older than 2026-01-01 (00:00 UTC). 2 older lines were kept: they come after a newer line in the chain.']);
    // Only the prune's own line was added.
    expect(await count()).toBe(total + 1);
    expect(await db.selectFrom('audit_log').select('id').where('id', '=', keep).executeTakeFirst()).toBeDefined();
    expect(await runAuditCommand(t.app.services.db, ['verify'], output)).toBe(0);
  });

  it('runs as `npm run cli -- audit prune --before DATE`', async () => {
    await appendAudit(t.app.services.db.kysely, { action: 'auth.sign-in', actor: null, subject: 'older line', at: '2025-01-01T00:00:00.000Z' });
    const env = { AUTH_SECRET: testAuthSecret };
    const bad = await runCli(t.db, ['audit', 'prune', '--before', '01/01/2026'], { env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--before must be a date such as 2026-01-01');
    const run = await runCli(t.db, ['audit', 'prune', '--before', '2025-06-01'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('Removed 0 audit log lines older than 2025-06-01 (00:00 UTC). 1 older line was kept: it comes after a newer line in the chain.');
    const verify = await runCli(t.db, ['audit', 'verify'], { env });
    expect(verify.stdout).toMatch(/^ok: \d+ lines, chain intact\n$/);
  }, 30_000);
});
