/**
 * Where mail goes: SMTP through nodemailer when SMTP_URL is set, else an
 * `.eml` file per mail in DATA_DIR/outbox (the same bytes an SMTP server would
 * receive, built by nodemailer), so a site without a mail server still keeps
 * every mail and an operator can open it. Neither ever logs a body, a link or
 * the SMTP password.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

export type MailMessage = Mail.Options;

export interface MailTransport {
  /** Where mail goes, in words for the log (never the password). */
  readonly description: string;
  send(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

/** How long a mail server may take before a try counts as failed (a down server must not hold a try for minutes). */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The SMTP URL without its password, for the log. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'the SMTP server in SMTP_URL';
  }
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...smtpTimeouts });
  return {
    description: `SMTP at ${describeSmtpUrl(url)}`,
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export function outboxTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `the outbox folder ${dir} (SMTP_URL is not set)`,
    async send(message, id) {
      const info = await builder.sendMail(message);
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('the mail could not be built');
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
      // Written whole under a temporary name, then renamed: a reader never sees half a mail.
      const file = path.join(dir, name);
      await fs.promises.writeFile(`${file}.part`, bytes, { mode: 0o600 });
      await fs.promises.rename(`${file}.part`, file);
    },
    close: () => undefined,
  };
}
