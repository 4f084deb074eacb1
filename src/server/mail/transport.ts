/**
 * Where mail goes: SMTP through nodemailer when SMTP_URL is set, else an
 * `.eml` file per mail in DATA_DIR/outbox (the same bytes an SMTP server would
 * receive, built by nodemailer), so a site without a mail server still keeps
 * every mail and an operator can open it. Neither ever logs a body, a link or
 * the SMTP password, and the password only travels over TLS unless the server
 * is on this machine or SMTP_ALLOW_PLAINTEXT_AUTH=yes says otherwise.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export type MailMessage = Mail.Options;

export interface MailTransport {
  /** Where mail goes, in words for the log (never the password). */
  readonly description: string;
  send(message: MailMessage, id: string): Promise<void>;
  /** Sends one of many mails going out together (a newsletter): over SMTP through a pool of kept connections. Absent: `send`. */
  sendBulk?(message: MailMessage, id: string): Promise<void>;
  /** Removes the copies it keeps of these mails (by queue id) and of any naming `address`; how many. Absent: it keeps none. */
  forget?(ids: readonly string[], address: string): Promise<number>;
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

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (also as an IPv4-mapped IPv6 address): a password sent there never leaves this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  if (net.isIPv4(v4)) return loopback.check(v4, 'ipv4');
  return net.isIPv6(address) && loopback.check(address, 'ipv6');
}

/**
 * Whether AUTH may be sent on a connection without TLS to `remoteAddress`
 * (the address the socket is connected to, not the host name: a name can
 * resolve anywhere). A STARTTLS that is missing, or stripped on the way, must
 * not hand the password to whoever listens.
 */
export function plaintextAuthAllowed(remoteAddress: string | undefined, allowPlaintextAuth: boolean): boolean {
  return allowPlaintextAuth || isLoopbackAddress(remoteAddress);
}

/** Said when TLS was required and the server did not offer it (the doctor and the mail log say the same). */
export function plaintextAuthRefusal(where: string): string {
  return `The SMTP server at ${where} does not offer TLS (STARTTLS), so the password was not sent. Use smtps:// (port 465) or a port with STARTTLS (587); only for a server on a network you trust, set SMTP_ALLOW_PLAINTEXT_AUTH=yes.`;
}

export interface SmtpOptions {
  /** SMTP_ALLOW_PLAINTEXT_AUTH=yes: send the password without TLS to a server that is not on this machine. */
  allowPlaintextAuth?: boolean | undefined;
}

export function smtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const parsed = new URL(url);
  // With a password over smtp://, the connection is opened here so the address it reached decides whether STARTTLS is required.
  const guarded = parsed.protocol === 'smtp:' && parsed.username !== '' && !options.allowPlaintextAuth;
  const getSocket: SMTPTransport.Options['getSocket'] = (socketOptions, callback) => {
    const socket = net.connect({ host: socketOptions.host ?? parsed.hostname, port: Number(socketOptions.port ?? (parsed.port || 587)) });
    const timer = setTimeout(() => socket.destroy(new Error(`Connection timeout: no answer in ${smtpTimeouts.connectionTimeout / 1000} s`)), smtpTimeouts.connectionTimeout);
    socket.once('error', (err) => {
      clearTimeout(timer);
      callback(err);
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      callback(null, { connection: socket, requireTLS: !plaintextAuthAllowed(socket.remoteAddress, false) });
    });
  };
  const transporter = nodemailer.createTransport({ url, ...smtpTimeouts, ...(guarded ? { getSocket } : {}) });
  // A pool of two kept connections for mail that goes out in bulk, made when first used: one connection, EHLO and AUTH per mail would cost each a round of waits.
  let pooled: ReturnType<typeof nodemailer.createTransport> | null = null;
  const sendThrough = async (through: ReturnType<typeof nodemailer.createTransport>, message: MailMessage) => {
    try {
      await through.sendMail(message);
    } catch (err) {
      // The server answered STARTTLS with a refusal (or never offered it): nodemailer stopped before AUTH.
      const e = err as { code?: string; command?: string; response?: unknown };
      if (guarded && e.code === 'ETLS' && e.command === 'STARTTLS' && e.response) throw new Error(plaintextAuthRefusal(describeSmtpUrl(url)), { cause: err });
      throw err;
    }
  };
  return {
    description: `SMTP at ${describeSmtpUrl(url)}`,
    send: (message) => sendThrough(transporter, message),
    sendBulk(message) {
      pooled ??= nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...smtpTimeouts, ...(guarded ? { getSocket } : {}) });
      return sendThrough(pooled, message);
    },
    close: () => {
      transporter.close();
      pooled?.close();
    },
  };
}

/**
 * Whether a kept mail names the address (lower case): in its bytes as they
 * are, or once quoted-printable's soft line breaks and escapes are undone
 * (a long line may be broken inside the address).
 */
function mentions(bytes: Buffer | null, needle: string): boolean {
  if (!bytes) return false;
  const raw = bytes.toString('latin1');
  const text = raw.toLowerCase();
  if (text.includes(needle)) return true;
  const unfolded = text.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (unfolded.includes(needle)) return true;
  // Base64 parts (a body with other scripts than Latin): decoded block by block.
  for (const block of raw.matchAll(/\n\n([A-Za-z0-9+/=\r\n]{16,})(?:\n\n|\n--|$)/g)) {
    const decoded = Buffer.from((block[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8').toLowerCase();
    if (decoded.includes(needle)) return true;
  }
  return false;
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
    async forget(ids, address) {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      const needle = address.toLowerCase();
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const byId = ids.some((id) => name.endsWith(`-${id}.eml`) || name.endsWith(`-${id}.eml.part`));
        if (!byId && !mentions(await fs.promises.readFile(file).catch(() => null), needle)) continue;
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    close: () => undefined,
  };
}
