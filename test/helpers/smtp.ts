/**
 * A real SMTP server for tests (the `smtp-server` package on a free port of
 * 127.0.0.1, or of another address of this machine), with every mail it
 * receives parsed by `mailparser`. It offers no STARTTLS and takes AUTH in
 * clear, recording every attempt: a password sent to it is seen. The site
 * talks to it over TCP exactly as it would to a mail provider.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export interface ReceivedMail {
  parsed: ParsedMail;
  /** The envelope's recipients, as the server was told them. */
  rcptTo: string[];
  raw: string;
}

export interface TestSmtp {
  /** `smtp://user:pass@127.0.0.1:port` for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The password of every AUTH the server received (none may reach a server off this machine without TLS). */
  authAttempts: string[];
  /** Waits until at least `count` mails have arrived (vi.waitFor, not a sleep) and returns them. */
  waitForMail(count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The mails whose envelope names `address`, in the order they came. */
  mailsTo(address: string): ReceivedMail[];
  /** Waits until at least `count` mails to `address` have arrived and returns them. */
  waitForMailTo(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export const smtpUser = 'site';
export const smtpPassword = 'smtp-secret-Xy7';

/** An IPv4 address of this machine that is not loopback (a mail server "elsewhere" for the tests), if it has one. */
export function nonLoopbackAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

/** Starts the server; `port` reuses a given port (a mail server that comes back after being down); `host` is the address it listens on. */
export async function startSmtp(port = 0, host = '127.0.0.1'): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const authAttempts: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      authAttempts.push(auth.password ?? '');
      if (auth.username === smtpUser && auth.password === smtpPassword) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ parsed, raw, rcptTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  const mailsTo = (address: string) => received.filter((m) => m.rcptTo.includes(address));
  return {
    url: `smtp://${smtpUser}:${smtpPassword}@${host}:${actual}`,
    port: actual,
    received,
    authAttempts,
    async waitForMail(count = 1, timeoutMs = 15_000) {
      await vi.waitFor(
        () => {
          if (received.length < count) throw new Error(`${received.length} of ${count} mails received`);
        },
        { timeout: timeoutMs, interval: 20 },
      );
      return received;
    },
    mailsTo,
    async waitForMailTo(address, count = 1, timeoutMs = 15_000) {
      await vi.waitFor(
        () => {
          const n = mailsTo(address).length;
          if (n < count) throw new Error(`${n} of ${count} mails to ${address} received`);
        },
        { timeout: timeoutMs, interval: 20 },
      );
      return mailsTo(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one link in a mail's text (reset and invitation mails carry exactly one). */
export function linksOf(mail: ReceivedMail): string[] {
  return [...(mail.parsed.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}
