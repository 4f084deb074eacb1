/**
 * The registrations' scheduled work: once at start, then every `intervalMs`
 * (five minutes, so a reminder leaves within minutes of its time), the due
 * reminders are claimed and mailed (each once, whichever instances run the
 * pass: events/repository.ts `claimReminders`), then registrations past
 * their retention are deleted. The deletion runs on one instance at a time
 * (an advisory session lock, skipped when another holds it, as the
 * supporters' retention does), so each is counted in the audit log once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { registrationSettingsOf } from '../../shared/events.js';
import { appendAudit } from '../audit/repository.js';
import type { Db } from '../db/index.js';
import { advisoryLockKeys, withSessionLock } from '../db/session-lock.js';
import { findSupporters } from '../supporters/repository.js';
import * as repo from './repository.js';
import type { EventsService } from './service.js';
import { errorWithoutData } from '../personal-errors.js';

/**
 * Reminders, one pass: for each event with confirmed registrations not yet
 * reminded whose reminder time has come, the rows are claimed (one
 * conditional update: of several instances each row goes to one) and
 * mailed. An event already started is claimed without mail (too late to
 * remind). How many reminders were queued.
 */
export async function sendDueReminders(events: EventsService): Promise<number> {
  let sent = 0;
  for (const eventId of await repo.eventsAwaitingReminders(events.kysely)) {
    const event = await events.hooks.event(eventId);
    const settings = event ? registrationSettingsOf(event.original) : null;
    if (!event || !settings) continue;
    const now = events.now();
    const start = Date.parse(settings.startsAt);
    if (now.getTime() < start - settings.reminderHours * 3_600_000) continue;
    const claimed = await repo.claimReminders(events.kysely, eventId, now.toISOString());
    if (now.getTime() >= start) continue;
    const people = new Map((await findSupporters(events.kysely, claimed.map((r) => r.supporter_id))).map((p) => [p.id, p.email]));
    for (const row of claimed) {
      const email = people.get(row.supporter_id);
      if (!email) continue;
      await events.mailTo('reminder', row, email, null);
      sent += 1;
    }
  }
  return sent;
}

/** Retention, one pass: deletes the registrations past their time, with one audit line with the count (none when nothing went). */
export async function deleteExpiredRegistrations(events: EventsService): Promise<number> {
  return events.kysely.transaction().execute(async (trx) => {
    const removed = await repo.deleteExpiredRegistrations(trx, events.now().toISOString());
    if (removed > 0) await appendAudit(trx, { action: 'event.retention', actor: null, subject: `${removed} registrations` });
    return removed;
  });
}

export const defaultEventsIntervalMs = 5 * 60_000;

export interface EventsScheduleOptions {
  /** How often a pass runs. */
  intervalMs?: number;
}

/** What one pass did; `busy`: another instance was deleting, this one deleted nothing. */
export interface EventsPassReport {
  reminders: number;
  deleted: number;
  busy?: true;
}

export class EventsSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<EventsPassReport> | null = null;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly events: EventsService,
    private readonly log: FastifyBaseLogger,
    options: EventsScheduleOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? defaultEventsIntervalMs;
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** A scheduled pass; one still running is not doubled. Failures are logged and tried again at the next. */
  private tick(): Promise<EventsPassReport> {
    this.running ??= this.pass()
      .catch((err: unknown) => {
        this.log.error({ err: errorWithoutData(err) }, 'the registrations’ reminders or retention failed; tried again at the next pass');
        return { reminders: 0, deleted: 0 };
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  /** Runs a pass now, after any that is running (tests, and operators): what it did. */
  async runNow(): Promise<EventsPassReport> {
    await this.running;
    return this.pass();
  }

  private async pass(): Promise<EventsPassReport> {
    const reminders = await sendDueReminders(this.events);
    const done = await withSessionLock(this.db, advisoryLockKeys.eventsRetention, false, () => deleteExpiredRegistrations(this.events));
    const report: EventsPassReport = done.ran ? { reminders, deleted: done.value } : { reminders, deleted: 0, busy: true };
    if (report.reminders > 0 || report.deleted > 0) this.log.info(report, 'registrations: reminders queued, registrations past their time deleted');
    return report;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
