/**
 * The mail queue: a mail is written to the database first (`enqueue`, which
 * answers at once), then sent in the background; a try that fails is tried
 * again later with growing waits, for as long as it takes, so a mail server
 * that is down delays mail but never loses it and never fails the request
 * that asked for it. Every instance sends due mail; a conditional update
 * (`claimMail`) makes sure each mail is sent by one of them. Logs say which
 * mail (id and purpose), never its address, body or link.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { ComposedMail } from './compose.js';
import { claimMail, deleteMailMentioning, dueMailIds, insertQueuedMail, markMailFailed, markMailSent, type MailAttachment, type QueuedMailRow } from './repository.js';

export type { MailAttachment } from './repository.js';
import type { MailTransport } from './transport.js';

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail extends ComposedMail {
  /** What the mail is for, in the log and the queue (e.g. `password-reset`). */
  purpose: string;
  to: string;
  replyTo?: MailAddress | undefined;
  /** Files sent with the mail, kept with it in the queue until it is sent. */
  attachments?: readonly MailAttachment[] | undefined;
}

export interface MailQueueOptions {
  /** Waits after the 1st, 2nd, … failed try; the last one repeats (default 10 s, 1 min, 5 min, 15 min, 30 min). */
  retryDelaysMs?: readonly number[];
  /** How often due mail is looked for besides right after a mail is queued (default 15 s). */
  pollMs?: number;
  /** Signs every mail (DKIM) for this domain with this key and selector. */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | undefined;
}

/** A mail sent at once through the transport by a domain keeping its own queue (the newsletter's deliveries). */
export interface DirectMail extends ComposedMail {
  /** Its id in that queue (the Message-ID and the outbox file name). */
  id: string;
  to: string;
  headers?: Record<string, string>;
}

export const defaultRetryDelaysMs = [10_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000] as const;
/** How long an instance holds a mail while sending it; a sender that dies lets it go after this. */
const claimMs = 2 * 60_000;

/** The wait before try number `attempts + 1`. */
export function retryDelayMs(delays: readonly number[], attempts: number): number {
  return delays[Math.min(attempts, delays.length) - 1] ?? delays[delays.length - 1] ?? 60_000;
}

/** A failure in words for the queue row and the log: the first line, without addresses' passwords. */
function failureText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? '').replace(/\/\/[^@/\s]*@/g, '//').slice(0, 300);
}

export class MailQueue {
  private readonly delays: readonly number[];
  private readonly pollMs: number;
  private readonly dkim: MailQueueOptions['dkim'];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: () => Promise<MailAddress>,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.delays = options.retryDelaysMs?.length ? options.retryDelaysMs : defaultRetryDelaysMs;
    this.pollMs = options.pollMs ?? 15_000;
    this.dkim = options.dkim;
  }

  /**
   * Sends one mail now, through the same transport, sender and signature as
   * queued mail, and resolves once the mail server took it (or rejects). For
   * a domain that keeps its own queue of mails and their states.
   */
  async deliver(mail: DirectMail): Promise<void> {
    const from = await this.from();
    const send = this.transport.sendBulk?.bind(this.transport) ?? this.transport.send.bind(this.transport);
    await send(
      {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id.replace(/[^A-Za-z0-9.-]/g, '.')}@${from.address.split('@')[1] ?? 'localhost'}>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(this.dkim ? { dkim: this.dkim } : {}),
      },
      mail.id.replace(/[^A-Za-z0-9-]/g, '-'),
    );
  }

  get description(): string {
    return this.transport.description;
  }

  /** Starts looking for due mail now and every `pollMs` (mail queued before a restart goes out after it). */
  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stores a mail to send and starts sending it; resolves once it is stored, not sent. */
  async enqueue(mail: OutgoingMail): Promise<string> {
    const id = crypto.randomUUID();
    await insertQueuedMail(this.db.kysely, {
      id,
      purpose: mail.purpose,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
      at: new Date().toISOString(),
    });
    this.log.info({ mailId: id, purpose: mail.purpose }, 'mail queued');
    this.kick();
    return id;
  }

  /** Sends what is due, once at a time; a kick while sending runs another round after it. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((err: unknown) => this.log.warn({ err: failureText(err) }, 'mail queue: could not read due mail'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when no round of sending is running (tests, and closing). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport.close();
  }

  /**
   * Forgets an address (an erasure of the person): every mail kept for it,
   * sent or waiting, to it, answering to it or naming it, leaves the queue, and
   * the copies the transport keeps (the outbox folder's files) go too. How
   * many mails were removed from the queue and how many kept copies.
   */
  async forget(address: string): Promise<{ mails: number; files: number }> {
    const ids = await deleteMailMentioning(this.db.kysely, address);
    // A mail this instance was sending as its row went is written by now: its copy is found below.
    await this.idle();
    const files = this.transport.forget ? await this.transport.forget(ids, address) : 0;
    this.log.info({ mails: ids.length, files }, 'mail of an erased person removed');
    return { mails: ids.length, files };
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const now = new Date();
      const ids = await dueMailIds(this.db.kysely, now.toISOString(), 20);
      if (ids.length === 0) return;
      let sentAny = false;
      for (const id of ids) {
        if (this.closed) return;
        const row = await claimMail(this.db.kysely, id, new Date().toISOString(), new Date(Date.now() + claimMs).toISOString());
        if (row) sentAny = (await this.sendOne(row)) || sentAny;
      }
      // Everything due failed: wait for the next try's time instead of spinning.
      if (!sentAny) return;
    }
  }

  private async sendOne(row: QueuedMailRow): Promise<boolean> {
    const attempts = Number(row.attempts) + 1;
    try {
      const replyTo = row.reply_to ? (JSON.parse(row.reply_to) as MailAddress) : undefined;
      const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
      const from = await this.from();
      await this.transport.send(
        {
          from,
          to: row.to_address,
          ...(replyTo ? { replyTo } : {}),
          subject: row.subject,
          text: row.text_body ?? '',
          html: row.html_body ?? undefined,
          messageId: `<${row.id}@${from.address.split('@')[1] ?? 'localhost'}>`,
          ...(this.dkim ? { dkim: this.dkim } : {}),
          ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
        },
        row.id,
      );
    } catch (err) {
      const waitMs = retryDelayMs(this.delays, attempts);
      const next = new Date(Date.now() + waitMs);
      const error = failureText(err);
      await markMailFailed(this.db.kysely, row.id, attempts, next.toISOString(), error);
      this.log.warn({ mailId: row.id, purpose: row.purpose, attempts, nextAttemptAt: next.toISOString(), err: error }, 'mail not sent; it will be tried again');
      // The next try is due after the wait: look again then, even if nothing else kicks the queue.
      setTimeout(() => this.kick(), waitMs + 5).unref();
      return false;
    }
    await markMailSent(this.db.kysely, row.id, attempts, new Date().toISOString());
    this.log.info({ mailId: row.id, purpose: row.purpose, attempts }, `mail sent to ${this.transport.description}`);
    return true;
  }
}
