/**
 * Registration for events (shared/events.ts; docs/architecture.md, "Events"):
 * a person (a supporter, by e-mail address) registers once per event. Places
 * are taken inside one transaction per event that first takes the event's
 * lock (a PostgreSQL advisory lock on the event's id; SQLite's write lock),
 * then counts the confirmed places and decides: confirmed while places are
 * left, else waitlisted (or `closed` without a waitlist). So an event is never
 * overbooked, however many instances take registrations at once. A confirmed
 * place given up (the cancel link, staff) goes to the first on the waitlist
 * in the same transaction. Mails go through the mail queue after the commit;
 * a registration is kept whatever happens to them. Reminders and retention
 * are the schedule's (schedule.ts).
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../shared/errors.js';
import { registrationCancelPath, registrationOpenAt, registrationSettingsOf, type EventPlaces, type RegistrationOutcome, type RegistrationSettings } from '../../shared/events.js';
import { formAnswerValueSchema, type FormAnswerValue } from '../../shared/forms.js';
import type { SupporterRegistration } from '../../shared/supporters.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { advisoryLockKeys, takeTransactionLockOn } from '../db/session-lock.js';
import type { MailQueue } from '../mail/index.js';
import { findOrCreateSupporter, findSupporterByEmail, findSupporters } from '../supporters/repository.js';
import { addMonths, normaliseEmail } from '../supporters/service.js';
import { cancelTokenHash, cancelTokenOf, cancelTokenPattern } from './cancel-token.js';
import { registrationMail, type RegistrationMailKind } from './mails.js';
import * as repo from './repository.js';
import { errorWithoutData } from '../personal-errors.js';

/** A published event as a registration finds it. */
export interface EventBlock {
  id: string;
  collection: string;
  /** Live data in the default language, staff-only fields too (the registration settings). */
  original: Record<string, unknown>;
  /** As the page in the language asked shows it (the default language's when untranslated). */
  shown: Record<string, unknown>;
  /** That language. */
  lang: string;
  /** The event's page on the site in that language (a path). */
  path: string;
}

/** What registrations ask of others, wired in app.ts (content, the public site and the settings sit beside it). */
export interface EventsHooks {
  /** The published event `id` in `lang` (else the default language); null when there is none. */
  event(id: string, lang?: string): Promise<EventBlock | null>;
  /** Every published event (its id and live data): the staff's counts. */
  events(): Promise<{ id: string; data: Record<string, unknown> }[]>;
  /** The organisation's name and time zone, for the mails. */
  organisation(): Promise<{ name: string; timeZone: string }>;
  /** An event's places changed: its cached pages are rendered again. */
  placesChanged(event: Pick<EventBlock, 'id' | 'collection'>): void;
}

export interface EventsOptions {
  /** The clock (tests move it): closing times, reminders, retention. */
  now?: () => Date;
}

export interface RegisterInput {
  eventId: string;
  /** The language of the page the person registered on. */
  lang?: string | undefined;
  email: string;
  name: string | null;
  values: Record<string, FormAnswerValue>;
  /** The event and its registration settings, when the caller has read them already (the public form's route): not read again. */
  loaded?: { event: EventBlock; settings: RegistrationSettings } | undefined;
}

type Conn = Kysely<Database>;
const answersSchema = z.record(z.string(), formAnswerValueSchema);
type Row = repo.RegistrationRow;

export class EventsService {
  readonly now: () => Date;

  constructor(
    private readonly db: Db,
    readonly mail: Pick<MailQueue, 'enqueue'>,
    private readonly site: { publicUrl: string; authSecret: string },
    readonly hooks: EventsHooks,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
    options: EventsOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  get kysely(): Conn {
    return this.db.kysely;
  }

  /** Runs `work` in a transaction holding the event's lock; tried again when the transaction fails (a person removed meanwhile). */
  async inEvent<T>(eventId: string, work: (trx: Conn) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.kysely.transaction().execute(async (trx) => {
          await takeTransactionLockOn(this.db, trx, advisoryLockKeys.eventPlaces, eventId);
          return work(trx);
        });
      } catch (err) {
        if (err instanceof AppError || attempt >= 3) throw err;
      }
    }
  }

  /** The places of an event as visitors see them; null when people do not register for it here. */
  async placesOf(eventId: string, data: Record<string, unknown>): Promise<EventPlaces | null> {
    const settings = registrationSettingsOf(data);
    if (!settings) return null;
    const confirmed = await repo.confirmedCount(this.kysely, eventId);
    return { open: registrationOpenAt(settings, this.now()), places: settings.places, left: Math.max(0, settings.places - confirmed), waitlist: settings.waitlist, closesAt: settings.closesAt };
  }

  /** The event `id` with its registration settings; not found when it takes no registrations here. */
  async eventWithSettings(id: string, lang?: string): Promise<{ event: EventBlock; settings: RegistrationSettings }> {
    const event = await this.hooks.event(id, lang);
    const settings = event ? registrationSettingsOf(event.original) : null;
    if (!event || !settings) throw new AppError('not-found', 'There is no such event taking registrations.');
    return { event, settings };
  }

  /**
   * Registers a person for an event: `confirmed` or `waitlist`, `already`
   * (registered before: the confirmation goes again), or `closed` (past the
   * closing time, or full without a waitlist: nothing is kept).
   */
  async register(input: RegisterInput): Promise<{ outcome: RegistrationOutcome; registrationId: string | null }> {
    const { event, settings } = input.loaded ?? (await this.eventWithSettings(input.eventId, input.lang));
    const now = this.now();
    if (!registrationOpenAt(settings, now)) return { outcome: 'closed', registrationId: null };
    const email = normaliseEmail(input.email);
    if (!email) throw new AppError('invalid-argument', 'email: A registration needs an e-mail address.', { field: 'email' });
    const name = input.name?.trim() || null;
    const values = JSON.stringify(input.values);
    // Within the reminder's time already: the confirmation is the reminder.
    const remindedAt = now.getTime() >= Date.parse(settings.startsAt) - settings.reminderHours * 3_600_000 ? now.toISOString() : null;
    const taken = await this.inEvent(event.id, async (trx): Promise<{ outcome: RegistrationOutcome; row: Row | null }> => {
      const at = this.now().toISOString();
      const known = await findSupporterByEmail(trx, email);
      const existing = known ? await repo.findRegistration(trx, event.id, known.id) : undefined;
      if (existing && existing.state !== 'cancelled') return { outcome: 'already', row: existing };
      const confirmed = await repo.confirmedCount(trx, event.id);
      const state = confirmed < settings.places ? 'confirmed' : settings.waitlist ? 'waitlisted' : null;
      if (!state) return { outcome: 'closed', row: null };
      const outcome = state === 'confirmed' ? 'confirmed' : 'waitlist';
      const expiresAt = addMonths(new Date(settings.endsAt), settings.retentionMonths).toISOString();
      if (existing) {
        await repo.renewRegistration(trx, existing.id, { state, lang: event.lang, values, expiresAt, remindedAt, at });
        return { outcome, row: { ...existing, state, lang: event.lang, values, expires_at: expiresAt, reminded_at: remindedAt, attended_at: null, cancel_used_at: null, created_at: at, updated_at: at } };
      }
      // Made now, or found with a missing name filled in.
      const person = await findOrCreateSupporter(trx, { email, name, at });
      const id = crypto.randomUUID();
      const row: Row = {
        id,
        event_id: event.id,
        event_title: typeof event.original.title === 'string' ? event.original.title : '',
        supporter_id: person.id,
        state,
        lang: event.lang,
        values,
        attended_at: null,
        reminded_at: remindedAt,
        cancel_token_hash: cancelTokenHash(cancelTokenOf(this.site.authSecret, id)),
        cancel_used_at: null,
        created_at: at,
        updated_at: at,
        expires_at: expiresAt,
      };
      await repo.insertRegistration(trx, row);
      return { outcome, row };
    });
    if (taken.row) await this.mailTo(taken.row.state === 'confirmed' ? 'confirmed' : 'waitlist', taken.row, email, event);
    if (taken.outcome === 'confirmed' || taken.outcome === 'waitlist') this.hooks.placesChanged(event);
    return { outcome: taken.outcome, registrationId: taken.row?.id ?? null };
  }

  /**
   * Gives confirmed places free below the event's number to the first on the
   * waitlist (inside the event's transaction); the registrations promoted.
   */
  async promote(trx: Conn, eventId: string, places: number): Promise<Row[]> {
    const promoted: Row[] = [];
    const at = this.now().toISOString();
    for (let confirmed = await repo.confirmedCount(trx, eventId); confirmed < places; confirmed++) {
      const next = await repo.firstWaitlisted(trx, eventId);
      if (!next) break;
      await repo.setState(trx, next.id, 'confirmed', at);
      promoted.push({ ...next, state: 'confirmed', updated_at: at });
    }
    return promoted;
  }

  /** The registration a cancel link names, still to cancel: its event's title in the person's language; null when the link does not work. */
  async cancelLink(token: string): Promise<{ row: Row; event: EventBlock | null; title: string; lang: string } | null> {
    if (!cancelTokenPattern.test(token)) return null;
    const row = await repo.registrationByCancelHash(this.kysely, cancelTokenHash(token));
    if (!row || row.cancel_used_at !== null || row.state === 'cancelled') return null;
    const event = await this.hooks.event(row.event_id, row.lang);
    const title = event && typeof event.shown.title === 'string' ? event.shown.title : row.event_title;
    return { row, event, title, lang: row.lang };
  }

  /**
   * Cancels by the link (once): a confirmed place goes to the first on the
   * waitlist, who is mailed. Null when the link does not work; `cancelled`
   * false when it stopped working meanwhile (used at once from two tabs).
   */
  async cancelByLink(token: string): Promise<{ cancelled: boolean; title: string; lang: string } | null> {
    const found = await this.cancelLink(token);
    if (!found) return null;
    const { row, event, title, lang } = found;
    const settings = event ? registrationSettingsOf(event.original) : null;
    const done = await this.inEvent(row.event_id, async (trx) => {
      // Read again under the event's lock: staff may have moved the person meanwhile.
      const current = await repo.registrationById(trx, row.event_id, row.id);
      if (!current || !(await repo.useCancelLink(trx, row.id, this.now().toISOString()))) return null;
      return { current, promoted: current.state === 'confirmed' && settings ? await this.promote(trx, row.event_id, settings.places) : [] };
    });
    if (!done) return { cancelled: false, title, lang };
    await this.afterChange(row.event_id, event, [{ kind: 'cancelled', row: { ...done.current, state: 'cancelled' } }, ...done.promoted.map((p) => ({ kind: 'promoted' as const, row: p }))]);
    return { cancelled: true, title, lang };
  }

  /** Mails after a change (each in its person's language) and the event's pages rendered again. */
  async afterChange(eventId: string, event: EventBlock | null, mails: { kind: RegistrationMailKind; row: Row }[]): Promise<void> {
    const people = new Map((await findSupporters(this.kysely, mails.map((m) => m.row.supporter_id))).map((p) => [p.id, p.email]));
    for (const { kind, row } of mails) {
      const email = people.get(row.supporter_id);
      if (email) await this.mailTo(kind, row, email, null);
    }
    if (event) this.hooks.placesChanged(event);
    else this.log.info({ event: eventId }, 'registrations changed for an event no longer on the site');
  }

  /** The cancel link of a registration, absolute. */
  cancelUrl(registrationId: string): string {
    return `${this.site.publicUrl}${registrationCancelPath(cancelTokenOf(this.site.authSecret, registrationId))}`;
  }

  /** Queues one mail about a registration, in its language; a failure is logged (the registration stands). */
  async mailTo(kind: RegistrationMailKind, row: Row, email: string, shown: EventBlock | null): Promise<void> {
    try {
      const event = shown && shown.lang === row.lang ? shown : await this.hooks.event(row.event_id, row.lang);
      if (!event) return;
      const d = event.shown;
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const { name, timeZone } = await this.hooks.organisation();
      const startsAt = text(event.original.startsAt);
      await this.mail.enqueue(
        registrationMail({
          kind,
          event: { id: event.id, title: text(d.title), location: text(d.location), description: text(d.description), startsAt, endsAt: text(event.original.endsAt) || startsAt, url: `${this.site.publicUrl}${event.path}` },
          lang: row.lang,
          to: email,
          cancelUrl: kind === 'cancelled' ? null : this.cancelUrl(row.id),
          organisation: name,
          timeZone,
          host: new URL(this.site.publicUrl).hostname,
          now: this.now(),
        }),
      );
    } catch (err) {
      this.log.error({ err: errorWithoutData(err), registration: row.id }, 'a registration’s mail could not be queued');
    }
  }

  /** The registrations of these people as the supporters' search and export show them. */
  async registrationsOf(supporterIds: readonly string[], db: Conn): Promise<(SupporterRegistration & { supporterId: string })[]> {
    const rows = await repo.registrationsOfPeople(db, supporterIds);
    return rows.map((r) => ({
      id: r.id,
      supporterId: r.supporter_id,
      eventId: r.event_id,
      eventTitle: r.event_title,
      state: stateOf(r),
      lang: r.lang,
      values: valuesOf(r),
      attendedAt: r.attended_at,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }
}

/** A row's state as the shared type names it (the column holds nothing else). */
export function stateOf(row: Pick<Row, 'state'>): 'confirmed' | 'waitlisted' | 'cancelled' {
  return row.state === 'confirmed' || row.state === 'waitlisted' ? row.state : 'cancelled';
}

/** A row's answers, by question id (what the public form checked; anything else reads as none). */
export function valuesOf(row: Pick<Row, 'values'>): Record<string, FormAnswerValue> {
  try {
    const parsed = answersSchema.safeParse(JSON.parse(row.values));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
