/**
 * Mail through a real SMTP server started in the test: contact messages reach
 * the organisation's contact address with Reply-To set to the visitor, a mail
 * server that is down delays mail without losing it or failing the request,
 * the SMTP password never goes without TLS to a server off this machine
 * (unless SMTP_ALLOW_PLAINTEXT_AUTH=yes), and with no SMTP_URL every mail is
 * written to DATA_DIR/outbox. Logs name mails by id and purpose only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../src/server/config.js';
import { isLoopbackAddress } from '../src/server/mail/transport.js';
import { defaultSiteSettings } from '../src/shared/settings.js';
import { buildAuthApp } from './auth-helpers.js';
import type { TestApp } from './helpers/app.js';
import { dialects } from './helpers/databases.js';
import { nonLoopbackAddress, smtpPassword, startSmtp, type TestSmtp } from './helpers/smtp.js';
import { logSink } from './helpers/log-sink.js';

/** An address of this machine that is not loopback: a mail server there stands for one across the network. */
// A server off this machine needs an address that is not loopback; CI machines have one (a missing one fails there, never skips).
const elsewhere = nonLoopbackAddress();


const visitor = {
  name: 'Amina Odhiambo',
  email: 'amina@example.net',
  message: 'We would like to volunteer at the youth forum in March.\nPlease tell us how.',
  consent: true,
};

function submit(t: TestApp, data: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/functions/submitContact', payload: { data }, remoteAddress: '203.0.113.9' });
}

describe.each(dialects())('mail on %s', (dialect) => {
  const open: { t?: TestApp; smtp?: TestSmtp }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.t?.close();
      await o.smtp?.close();
    }
  });
  afterAll(async () => {
    for (const o of open) {
      await o.t?.close();
      await o.smtp?.close();
    }
  });

  it('mails a contact message to the contact address from site settings, in the organisation name, with Reply-To set to the visitor', async () => {
    const smtp = await startSmtp();
    const logs = logSink();
    const t = await buildAuthApp(dialect, { smtpUrl: smtp.url, logLevel: 'info' }, { logger: true, logStream: logs.stream });
    open.push({ t, smtp });

    const res = await submit(t, visitor);
    expect(res.statusCode).toBe(200);
    const [mail] = await smtp.waitForMail(1);
    const parsed = mail!.parsed;
    expect(mail!.rcptTo).toEqual([defaultSiteSettings.contactEmail]);
    expect(parsed.from?.value).toEqual([{ name: defaultSiteSettings.organisationName, address: 'no-reply@localhost' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: visitor.name, address: visitor.email }]);
    expect(parsed.subject).toBe(`Message from the website: ${visitor.name}`);
    expect(parsed.text).toContain('We would like to volunteer at the youth forum in March.\nPlease tell us how.');
    expect(parsed.html).toContain('<html lang="en">');
    expect(parsed.html).toContain('volunteer at the youth forum in March.<br>Please tell us how.');
    // The message is stored as a contact whatever the mail does.
    const stored = await t.app.services.db.kysely.selectFrom('documents').select('data').where('collection', '=', 'customer').execute();
    expect(stored.map((r) => JSON.parse(r.data).email)).toEqual([visitor.email]);

    // The log names the mail by id and purpose; never the visitor's words, address or the SMTP password.
    await vi.waitFor(() => expect(logs.text()).toContain('mail sent'));
    expect(logs.text()).toContain('"purpose":"contact"');
    for (const secret of [visitor.email, 'volunteer', smtpPassword, defaultSiteSettings.contactEmail]) expect(logs.text()).not.toContain(secret);
  });

  it('cannot be made to send to anyone else: a line break and a Bcc header in the name stay part of the name', async () => {
    const smtp = await startSmtp();
    const t = await buildAuthApp(dialect, { smtpUrl: smtp.url });
    open.push({ t, smtp });

    const res = await submit(t, { ...visitor, name: 'Mallory\r\nBcc: victim@example.com\r\nX-Evil: 1' });
    expect(res.statusCode).toBe(200);
    const [mail] = await smtp.waitForMail(1);
    expect(mail!.rcptTo).toEqual([defaultSiteSettings.contactEmail]);
    expect(mail!.parsed.bcc).toBeUndefined();
    expect(mail!.parsed.headers.has('x-evil')).toBe(false);
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: 'Mallory Bcc: victim@example.com X-Evil: 1', address: visitor.email }]);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
  });

  it('sends a mail’s attachments as parts of their own type, and keeps none once it is sent', async () => {
    const smtp = await startSmtp();
    const t = await buildAuthApp(dialect, { smtpUrl: smtp.url });
    open.push({ t, smtp });

    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
    await t.app.services.mail.enqueue({
      subject: 'Your place is confirmed',
      text: 'See you there.',
      html: '<p>See you there.</p>',
      purpose: 'test-attachment',
      to: 'attendee@example.org',
      attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar }],
    });
    const [mail] = await smtp.waitForMail(1);
    const [file] = mail!.parsed.attachments;
    expect(file?.filename).toBe('event.ics');
    expect(file?.contentType).toBe('text/calendar');
    expect(file?.content.toString('utf8')).toBe(calendar);
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar;[\s\S]{0,80}method=PUBLISH/i);
    await vi.waitFor(async () => {
      const row = await t.app.services.db.kysely.selectFrom('mail_queue').select(['sent_at', 'attachments']).executeTakeFirstOrThrow();
      expect(row.sent_at).not.toBeNull();
      expect(row.attachments).toBeNull();
    });
  });

  it('keeps a mail while the mail server is down and sends it once the server is back, without failing the visitor', async () => {
    // A port with nothing listening: start a server to learn a free port, then stop it.
    const probe = await startSmtp();
    const port = probe.port;
    const url = probe.url;
    await probe.close();

    const logs = logSink();
    const t = await buildAuthApp(dialect, { smtpUrl: url, logLevel: 'info' }, { logger: true, logStream: logs.stream, mail: { retryDelaysMs: [100], pollMs: 60_000 } });
    open.push({ t });

    const res = await submit(t, visitor);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const row = await t.app.services.db.kysely.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.sent_at).toBeNull();
        expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(logs.text()).toContain('mail not sent; it will be tried again');
    expect(logs.text()).not.toContain(smtpPassword);

    const smtp = await startSmtp(port);
    open.push({ smtp });
    const [mail] = await smtp.waitForMail(1, 20_000);
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: visitor.name, address: visitor.email }]);
    await vi.waitFor(
      async () => {
        const row = await t.app.services.db.kysely.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
        expect(row.sent_at).not.toBeNull();
        // A sent mail's body is not kept (a reset link must not outlive its use in the database).
        expect(row.text_body).toBeNull();
        expect(row.html_body).toBeNull();
      },
      { timeout: 10_000, interval: 20 },
    );
    // Exactly one mail, even with retries.
    expect(smtp.received).toHaveLength(1);
  });

  it.skipIf(!elsewhere && !process.env.CI)('never sends the SMTP password without TLS to a server that is not on this machine: the mail waits and the queue says why', async () => {
    const smtp = await startSmtp(0, elsewhere);
    const logs = logSink();
    const t = await buildAuthApp(dialect, { smtpUrl: smtp.url, logLevel: 'info' }, { logger: true, logStream: logs.stream, mail: { retryDelaysMs: [60_000], pollMs: 60_000 } });
    open.push({ t, smtp });

    expect((await submit(t, visitor)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const row = await t.app.services.db.kysely.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
        expect(row.attempts).toBe(1);
        expect(row.sent_at).toBeNull();
        expect(row.last_error).toContain(`The SMTP server at smtp://${elsewhere}:${smtp.port} does not offer TLS (STARTTLS), so the password was not sent.`);
        expect(row.last_error).toContain('SMTP_ALLOW_PLAINTEXT_AUTH=yes');
      },
      { timeout: 15_000, interval: 20 },
    );
    // The server never saw an AUTH, so never the password; the mail is kept for a later try.
    expect(smtp.authAttempts).toEqual([]);
    expect(smtp.received).toEqual([]);
    expect(logs.text()).not.toContain(smtpPassword);
  });

  it.skipIf(!elsewhere && !process.env.CI)('sends it without TLS to such a server only when SMTP_ALLOW_PLAINTEXT_AUTH=yes says so', async () => {
    const smtp = await startSmtp(0, elsewhere);
    const t = await buildAuthApp(dialect, { smtpUrl: smtp.url, smtpAllowPlaintextAuth: true });
    open.push({ t, smtp });

    expect((await submit(t, visitor)).statusCode).toBe(200);
    const [mail] = await smtp.waitForMail(1);
    expect(mail!.rcptTo).toEqual([defaultSiteSettings.contactEmail]);
    expect(smtp.authAttempts).toEqual([smtpPassword]);
  });

  it('writes every mail as an .eml file in DATA_DIR/outbox when SMTP_URL is not set, and the log says so', async () => {
    const logs = logSink();
    const t = await buildAuthApp(dialect, { logLevel: 'info' }, { logger: true, logStream: logs.stream });
    open.push({ t });
    const outbox = path.join(t.db.dataDir, 'outbox');
    expect(logs.text()).toContain(`mail goes to the outbox folder ${outbox} (SMTP_URL is not set)`);

    expect((await submit(t, visitor)).statusCode).toBe(200);
    await vi.waitFor(() => expect(fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const file = fs.readdirSync(outbox).find((f) => f.endsWith('.eml'))!;
    const parsed = await simpleParser(fs.readFileSync(path.join(outbox, file)));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([{ name: '', address: defaultSiteSettings.contactEmail }]);
    expect(parsed.replyTo?.value).toEqual([{ name: visitor.name, address: visitor.email }]);
    expect(parsed.text).toContain('Please tell us how.');
    expect(logs.text()).not.toContain(visitor.email);
  });
});

describe('SMTP_ALLOW_PLAINTEXT_AUTH', () => {
  const env = { DATA_DIR: os.tmpdir(), AUTH_SECRET: 'x'.repeat(40), PAGE_WEIGHT_BROWSER: 'off' };

  it('is off unless set to "yes"; any other value is refused in words', () => {
    expect(configFromEnv(env).smtpAllowPlaintextAuth).toBe(false);
    expect(configFromEnv({ ...env, SMTP_ALLOW_PLAINTEXT_AUTH: 'yes' }).smtpAllowPlaintextAuth).toBe(true);
    expect(configFromEnv({ ...env, SMTP_ALLOW_PLAINTEXT_AUTH: 'no' }).smtpAllowPlaintextAuth).toBe(false);
    expect(() => configFromEnv({ ...env, SMTP_ALLOW_PLAINTEXT_AUTH: 'true' })).toThrow(/SMTP_ALLOW_PLAINTEXT_AUTH must be "yes" .* or "no"/);
  });

  it('only loopback counts as this machine: 127.0.0.0/8 and ::1, also IPv4-mapped', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', '', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
