/**
 * Sending the newsletter: the queue is `newsletter_deliveries` in the
 * database, one row per issue and reader, so a restart loses nothing: the
 * next start goes on where the last one stopped. Each instance claims a batch
 * of waiting deliveries (repository.ts `claimDeliveries`: one conditional
 * UPDATE, so no two instances take the same mail), sends each reader their
 * own mail through the site's mail transport, and marks it sent right after
 * the mail server took it. The rate is the operator's (mails a minute,
 * NEWSLETTER_RATE_PER_MINUTE) across every instance: the mails sent in the
 * last minute and those being sent are counted, and claimed, under one
 * transaction lock. An instance that stops finishes the mail it is sending
 * and lets the rest of its batch go; one that dies holds its batch until its
 * claim ends (`claimMs`; on SQLite, where one process sends, until the next
 * start), and the mail it was handing over at that moment may go twice: the
 * only mail a crash can repeat.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { advisoryLockKeys, takeTransactionLock } from '../db/session-lock.js';
import type { ComposedMail } from '../mail/compose.js';
import type { MailQueue } from '../mail/index.js';
import { errorWithoutData } from '../personal-errors.js';
import { personalise } from './mails.js';
import * as repo from './repository.js';
import type { NewsletterService } from './service.js';

export interface NewsletterSenderOptions {
  /** Mails a minute across every instance (default 60). */
  ratePerMinute?: number;
  /** How many deliveries one claim takes at most (default 50). */
  batchSize?: number;
  /** How often scheduled and waiting issues are looked for (default 15 s). */
  pollMs?: number;
  /** How long a claim holds a batch for a sender that died (default 5 min). */
  claimMs?: number;
  /** Tries before a mail counts as failed (default 3), a minute apart. */
  maxAttempts?: number;
  retryMs?: number;
}

const windowMs = 60_000;

export class NewsletterSender {
  private readonly rate: number;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly claimMs: number;
  private readonly maxAttempts: number;
  private readonly retryMs: number;
  private timer: NodeJS.Timeout | null = null;
  private wake: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly issues = new Map<string, Promise<ComposedMail | null>>();

  constructor(
    private readonly db: Db,
    private readonly service: NewsletterService,
    private readonly mail: MailQueue,
    /** The address of the List-Unsubscribe mailto (the sender's). */
    private readonly mailto: string,
    private readonly log: FastifyBaseLogger,
    options: NewsletterSenderOptions = {},
  ) {
    this.rate = options.ratePerMinute ?? 60;
    this.batchSize = options.batchSize ?? 50;
    this.pollMs = options.pollMs ?? 15_000;
    this.claimMs = options.claimMs ?? 5 * 60_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryMs = options.retryMs ?? 60_000;
  }

  async start(): Promise<void> {
    if (this.closed || this.timer) return;
    // On SQLite only one process sends, so what a claim holds at start was held by a process that died: it
    // goes now rather than when its claim ends. On PostgreSQL another instance may be sending it.
    if (this.db.dialect === 'sqlite') await repo.releaseEveryClaim(this.db.kysely);
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Sends what may be sent now; a kick while sending runs another round after it. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((err: unknown) => this.log.error({ err: errorWithoutData(err) }, 'newsletter: a round of sending failed; it is tried again'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closed) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Runs a round now, after any that is running (tests): resolves when it is done. */
  async runNow(): Promise<void> {
    await this.running;
    if (this.closed) return;
    this.running = this.round().finally(() => (this.running = null));
    await this.running;
  }

  /** Finishes the mail being sent, lets the rest of the batch go, and stops. */
  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wake) clearTimeout(this.wake);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async round(): Promise<void> {
    await this.service.startScheduled();
    for (;;) {
      if (this.closed) return;
      const { batch, full } = await this.claim();
      if (batch.length === 0) {
        await repo.finishIssues(this.db.kysely, this.service.now().toISOString());
        // The minute's allowance is spent: look again when part of it is free.
        if (full && (await repo.anySending(this.db.kysely))) this.wakeIn(Math.max(100, Math.ceil(windowMs / this.rate)));
        return;
      }
      for (let i = 0; i < batch.length; i++) {
        if (this.closed) {
          await repo.releaseDeliveries(this.db.kysely, batch.slice(i).map((d) => d.id));
          return;
        }
        await this.sendOne(batch[i]!);
      }
      await repo.finishIssues(this.db.kysely, this.service.now().toISOString());
    }
  }

  private wakeIn(ms: number): void {
    if (this.wake || this.closed) return;
    this.wake = setTimeout(() => {
      this.wake = null;
      this.kick();
    }, ms);
    this.wake.unref();
  }

  /** A batch within the rate, claimed under the lock every instance takes to count and claim. */
  private async claim(): Promise<{ batch: repo.ClaimedDelivery[]; full: boolean }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      await takeTransactionLock(this.db, trx, advisoryLockKeys.newsletterSend);
      const now = this.service.now();
      const used = await repo.mailsInWindow(trx, new Date(now.getTime() - windowMs).toISOString(), now.toISOString());
      const allowed = Math.min(this.batchSize, this.rate - used);
      if (allowed <= 0) return { batch: [], full: true };
      const batch = await repo.claimDeliveries(trx, this.db.dialect, now.toISOString(), new Date(now.getTime() + this.claimMs).toISOString(), allowed);
      return { batch, full: false };
    });
  }

  private issue(id: string): Promise<ComposedMail | null> {
    let mail = this.issues.get(id);
    if (!mail) {
      mail = this.service.composed(id);
      this.issues.set(id, mail);
      mail.catch(() => this.issues.delete(id));
    }
    return mail;
  }

  private async sendOne(d: repo.ClaimedDelivery): Promise<void> {
    const kysely = this.db.kysely;
    // A reader who left after the issue started gets nothing.
    if (d.subscription_state !== 'confirmed') {
      await repo.finishDelivery(kysely, d.id, { state: 'skipped', attempts: d.attempts, at: null, error: null });
      return;
    }
    const issue = await this.issue(d.newsletter_id);
    if (!issue) {
      await repo.finishDelivery(kysely, d.id, { state: 'skipped', attempts: d.attempts, at: null, error: null });
      return;
    }
    const unsubscribe = this.service.unsubscribeUrl(d.subscription_id, d.newsletter_id);
    const attempts = d.attempts + 1;
    try {
      await this.mail.deliver({
        ...personalise(issue, unsubscribe),
        id: d.id,
        to: d.email,
        headers: {
          // RFC 2369 and RFC 8058: mail programs offer "Unsubscribe" and POST to the https address, one click.
          'List-Unsubscribe': `<${unsubscribe}>, <mailto:${this.mailto}?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'List-Id': `<newsletter.${this.mailto.split('@')[1] ?? 'localhost'}>`,
        },
      });
    } catch (err) {
      const failed = attempts >= this.maxAttempts;
      const error = JSON.stringify(errorWithoutData(err));
      await repo.finishDelivery(kysely, d.id, {
        state: failed ? 'failed' : 'waiting',
        attempts,
        at: null,
        error,
        retryAt: failed ? null : new Date(this.service.now().getTime() + this.retryMs).toISOString(),
      });
      this.log.warn({ delivery: d.id, attempts, failed }, 'newsletter mail not sent');
      return;
    }
    await repo.finishDelivery(kysely, d.id, { state: 'sent', attempts, at: this.service.now().toISOString(), error: null });
  }
}
