/**
 * Asks the SMTP server of SMTP_URL what a send would: greeting, EHLO,
 * STARTTLS when offered (or TLS from the start for smtps://), AUTH PLAIN,
 * and MAIL FROM with the sender, then RSET and QUIT: nothing is sent. With a
 * test address, a real mail goes out through the site's own transport
 * afterwards. Each failure is said in words with its fix; the password never
 * appears, and is never sent without TLS to a server off this machine unless
 * SMTP_ALLOW_PLAINTEXT_AUTH=yes.
 */
import net from 'node:net';
import tls from 'node:tls';
import { describeSmtpUrl, plaintextAuthAllowed, plaintextAuthRefusal, smtpTransport, type SmtpOptions } from '../mail/transport.js';

export type SmtpOutcome = { ok: true } | { ok: false; message: string; fix: string };

const timeoutMs = 10_000;

class Dialogue {
  private buffer = '';
  private waiting: ((reply: { code: number; text: string }) => void) | null = null;
  private failed: Error | null = null;
  private onFail: ((err: Error) => void) | null = null;

  constructor(public socket: net.Socket) {
    this.attach(socket);
  }

  attach(socket: net.Socket): void {
    this.socket = socket;
    this.buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    socket.on('data', (d: string) => {
      this.buffer += d;
      // A reply ends with a line "NNN text" (not "NNN-text").
      const lines = this.buffer.split('\r\n');
      const done = lines.findIndex((l) => /^\d{3}( |$)/.test(l));
      if (done >= 0 && this.waiting) {
        const reply = { code: Number(lines[done]!.slice(0, 3)), text: lines.slice(0, done + 1).join('\n') };
        this.buffer = lines.slice(done + 1).join('\r\n');
        const w = this.waiting;
        this.waiting = null;
        w(reply);
      }
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.onFail?.(err);
  }

  reply(): Promise<{ code: number; text: string }> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.onFail = reject;
      this.waiting = resolve;
      this.socket.emit('data', '');
    });
  }

  async command(line: string): Promise<{ code: number; text: string }> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  detach(): net.Socket {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('error');
    this.socket.removeAllListeners('close');
    this.socket.setTimeout(0);
    return this.socket;
  }
}

function connect(url: URL): Promise<net.Socket> {
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve, reject) => {
    const socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
    const timer = setTimeout(() => socket.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export async function smtpProbe(smtpUrl: string, from: string, mailTo?: string, options: SmtpOptions = {}): Promise<SmtpOutcome> {
  const url = new URL(smtpUrl);
  const where = describeSmtpUrl(smtpUrl);
  let socket: net.Socket;
  try {
    socket = await connect(url);
  } catch (err) {
    return { ok: false, message: `The SMTP server at ${where} does not answer (${(err as Error).message}): no mail leaves the site.`, fix: 'Check the host and port in SMTP_URL (your mail provider gives them; 587 for STARTTLS, 465 for smtps://) and that the firewall lets this machine out.' };
  }
  const d = new Dialogue(socket);
  // The address the connection reached, before any TLS: what decides whether a password may go in clear.
  const remoteAddress = socket.remoteAddress;
  let secured = url.protocol === 'smtps:';
  try {
    const greeting = await d.reply();
    if (greeting.code !== 220) return { ok: false, message: `The SMTP server at ${where} refused the connection: ${greeting.text}.`, fix: 'Ask your mail provider.' };
    let ehlo = await d.command('EHLO ngo-site-doctor');
    if (ehlo.code !== 250) return { ok: false, message: `The SMTP server at ${where} refused EHLO: ${ehlo.text}.`, fix: 'Ask your mail provider.' };
    if (url.protocol === 'smtp:' && /STARTTLS/i.test(ehlo.text)) {
      const start = await d.command('STARTTLS');
      if (start.code !== 220) return { ok: false, message: `The SMTP server at ${where} refused STARTTLS: ${start.text}.`, fix: 'Ask your mail provider.' };
      const plain = d.detach();
      const tlsSocket = await new Promise<tls.TLSSocket>((resolve, reject) => {
        const s = tls.connect({ socket: plain, servername: url.hostname }, () => resolve(s));
        s.once('error', reject);
      });
      d.attach(tlsSocket);
      secured = true;
      ehlo = await d.command('EHLO ngo-site-doctor');
    }
    if (url.username && !secured && !plaintextAuthAllowed(remoteAddress, options.allowPlaintextAuth ?? false)) {
      return { ok: false, message: plaintextAuthRefusal(where), fix: 'Change SMTP_URL to smtps://…:465, or to the port your provider offers STARTTLS on (587). If a STARTTLS the server offers is missing here, something between this machine and the server removes it.' };
    }
    if (url.username) {
      const user = decodeURIComponent(url.username);
      const pass = decodeURIComponent(url.password);
      const auth = await d.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`);
      if (auth.code !== 235) return { ok: false, message: `The SMTP server at ${where} refused the user name and password in SMTP_URL (${auth.code}).`, fix: 'Copy the SMTP user name and password from your mail provider again (special characters URL-encoded, e.g. @ as %40).' };
    }
    const mail = await d.command(`MAIL FROM:<${from}>`);
    if (mail.code !== 250) return { ok: false, message: `The SMTP server at ${where} does not accept ${from} as the sender: ${mail.text}.`, fix: 'Set MAIL_FROM to an address your mail provider lets you send from (often one of your own domain, verified with them).' };
    await d.command('RSET');
    await d.command('QUIT').catch(() => undefined);
  } catch (err) {
    return { ok: false, message: `The SMTP server at ${where} broke off the conversation: ${(err as Error).message}.`, fix: 'Check that the port matches the protocol (587 with smtp://, 465 with smtps://).' };
  } finally {
    d.socket.destroy();
  }
  if (mailTo) {
    // The site's own transport: the test mail goes out exactly as the site's mail does.
    const transport = smtpTransport(smtpUrl, options);
    try {
      await transport.send({ from, to: mailTo, subject: 'Test mail from the site doctor', text: `This test mail was sent by \`npm run cli -- doctor --mail-to\`. Mail from the site reaches ${mailTo}.\n` }, 'doctor');
    } catch (err) {
      return { ok: false, message: `The SMTP server at ${where} accepted the sender but the test mail to ${mailTo} failed: ${(err as Error).message}.`, fix: 'Check the recipient, and the provider\'s sending limits.' };
    } finally {
      transport.close();
    }
  }
  return { ok: true };
}
