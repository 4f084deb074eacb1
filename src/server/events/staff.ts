/**
 * Registrations for events as staff handle them (both roles; the policy in
 * shared/access.ts): an event's list with counts and the waitlist's order,
 * the same as a CSV file, attendance, a move from the waitlist by hand (even
 * past the places) or a cancellation (which gives the place to the first on
 * the waitlist), one mail to everyone registered, and the counts per event.
 * Audit lines carry counts and states, never a name, address or answer.
 */
import { z } from 'zod';
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import {
  registrationChangeSchema,
  registrationMailSchema,
  registrationSettingsOf,
  type Registration,
  type RegistrationCounts,
  type RegistrationsAnswer,
} from '../../shared/events.js';
import { recordIdPattern } from '../../shared/fields.js';
import { publicWordsFor } from '../../shared/public-words.js';
import { authorize, type Caller } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import { composeMail } from '../mail/compose.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { findSupporters, type SupporterRow } from '../supporters/repository.js';
import { registrationsCsv } from './csv.js';
import type { RegistrationMailKind } from './mails.js';
import * as repo from './repository.js';
import { stateOf, valuesOf, type EventsService } from './service.js';

const subject = { type: 'registrations' } as const;
const eventParamsSchema = z.strictObject({ id: z.string().regex(recordIdPattern, 'Not an event id.') });
const registrationParamsSchema = z.strictObject({ id: z.string().regex(recordIdPattern, 'Not an event id.'), registrationId: z.string().min(1).max(100) });

const actorOf = (caller: Caller) => (caller.principal ? { uid: caller.principal.uid } : null);

/** Rows as staff see them: with their person, and the waitlist's order (1 first). */
function present(rows: readonly repo.RegistrationRow[], people: readonly SupporterRow[]): Registration[] {
  const byId = new Map(people.map((p) => [p.id, p]));
  let position = 0;
  return rows.map((r) => ({
    id: r.id,
    supporterId: r.supporter_id,
    email: byId.get(r.supporter_id)?.email ?? '',
    name: byId.get(r.supporter_id)?.name ?? null,
    state: stateOf(r),
    lang: r.lang,
    values: valuesOf(r),
    waitlistPosition: r.state === 'waitlisted' ? ++position : null,
    attendedAt: r.attended_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export class EventsStaff {
  constructor(private readonly events: EventsService) {}

  private get kysely() {
    return this.events.kysely;
  }

  /** The published event `id`, whether or not it still takes registrations. */
  private async eventOf(id: string) {
    const event = await this.events.hooks.event(id);
    if (!event) throw new AppError('not-found', 'There is no such event.');
    return event;
  }

  /** `GET /api/events/:id/registrations` */
  async list(principal: Principal | null, rawParams: unknown): Promise<RegistrationsAnswer> {
    authorize(principal, 'read', subject);
    const { id } = parse(eventParamsSchema, rawParams);
    const event = await this.eventOf(id);
    // Registration turned off later: the people registered stay listed, with no places left to give.
    const settings = registrationSettingsOf(event.original);
    const startsAt = typeof event.original.startsAt === 'string' ? event.original.startsAt : '';
    const rows = await repo.registrationsOfEvent(this.kysely, id);
    const registrations = present(rows, await findSupporters(this.kysely, rows.map((r) => r.supporter_id)));
    const count = (state: Registration['state']) => registrations.filter((r) => r.state === state).length;
    return {
      event: { id, title: typeof event.original.title === 'string' ? event.original.title : '', startsAt: settings?.startsAt ?? startsAt, places: settings?.places ?? 0, waitlist: settings?.waitlist ?? false },
      counts: { confirmed: count('confirmed'), waitlisted: count('waitlisted'), cancelled: count('cancelled'), attended: registrations.filter((r) => r.state === 'confirmed' && r.attendedAt !== null).length },
      registrations,
    };
  }

  /** `GET /api/events/:id/registrations.csv`: spreadsheet-safe; an audit line with the count. */
  async csv(caller: Caller, rawParams: unknown): Promise<{ text: string; fileName: string }> {
    const answer = await this.list(caller.principal, rawParams);
    await appendAudit(this.kysely, { action: 'event.registrations-csv', actor: actorOf(caller), subjectId: answer.event.id, subject: `${answer.registrations.length} registrations`, ip: caller.ip });
    return { text: registrationsCsv(answer.registrations), fileName: `event-${answer.event.id.replace(/[^A-Za-z0-9-]/g, '')}-registrations.csv` };
  }

  /**
   * `PATCH /api/events/:id/registrations/:registrationId`: attendance (of a
   * confirmed place), a move from the waitlist to confirmed (by hand, even
   * past the places), or a cancellation (a confirmed place then goes to the
   * first on the waitlist). A cancelled registration stays cancelled (the
   * person registers again), and nobody is moved back to the waitlist.
   */
  async change(caller: Caller, rawParams: unknown, rawBody: unknown): Promise<Registration> {
    authorize(caller.principal, 'update', subject);
    const { id, registrationId } = parse(registrationParamsSchema, rawParams);
    const change = parse(registrationChangeSchema, rawBody);
    const found = await this.events.hooks.event(id);
    const settings = found ? registrationSettingsOf(found.original) : null;
    const done = await this.events.inEvent(id, async (trx) => {
      const row = await repo.registrationById(trx, id, registrationId);
      if (!row) throw new AppError('not-found', 'There is no such registration for this event.');
      const at = this.events.now().toISOString();
      const mails: { kind: RegistrationMailKind; row: repo.RegistrationRow }[] = [];
      let current = row;
      if (change.state !== undefined && change.state !== row.state) {
        if (row.state === 'cancelled') throw new AppError('failed-precondition', 'A cancelled registration stays cancelled: the person registers again.');
        if (change.state === 'waitlisted') throw new AppError('failed-precondition', 'A confirmed place is not moved back to the waitlist: cancel it instead.');
        await repo.setState(trx, row.id, change.state, at);
        current = { ...row, state: change.state, updated_at: at };
        mails.push({ kind: change.state === 'confirmed' ? 'promoted' : 'cancelled', row: current });
        if (change.state === 'cancelled' && row.state === 'confirmed' && settings) {
          for (const p of await this.events.promote(trx, id, settings.places)) mails.push({ kind: 'promoted', row: p });
        }
      }
      if (change.attended !== undefined) {
        if (current.state !== 'confirmed') throw new AppError('failed-precondition', 'Only a confirmed registration is marked as attended.');
        const attendedAt = change.attended ? (current.attended_at ?? at) : null;
        await repo.setAttended(trx, row.id, attendedAt, at);
        current = { ...current, attended_at: attendedAt, updated_at: at };
      }
      return { row, current, mails };
    });
    const what = [
      ...(done.current.state !== done.row.state ? [`${done.row.state} to ${done.current.state}`] : []),
      ...(done.mails.length > 1 ? [`${done.mails.length - 1} promoted from the waitlist`] : []),
      ...(change.attended !== undefined ? [change.attended ? 'attended' : 'not attended'] : []),
    ];
    await appendAudit(this.kysely, { action: 'event.registration-change', actor: actorOf(caller), subjectId: id, subject: `1 registration: ${what.join(', ') || 'unchanged'}`, ip: caller.ip });
    if (done.mails.length > 0) await this.events.afterChange(id, found, done.mails);
    const [person] = await findSupporters(this.kysely, [done.current.supporter_id]);
    const waitlist = done.current.state === 'waitlisted' ? await repo.registrationsOfEvent(this.kysely, id, ['waitlisted']) : [];
    const [presented] = present([done.current], person ? [person] : []);
    if (!presented) throw new AppError('internal');
    return { ...presented, waitlistPosition: done.current.state === 'waitlisted' ? waitlist.findIndex((r) => r.id === done.current.id) + 1 || null : null };
  }

  /** `POST /api/events/:id/mail`: one mail to every confirmed person (and the waitlist when asked), each with their cancel link. */
  async mailEveryone(caller: Caller, rawParams: unknown, rawBody: unknown): Promise<{ mailed: number }> {
    authorize(caller.principal, 'create', subject);
    const { id } = parse(eventParamsSchema, rawParams);
    const body = parse(registrationMailSchema, rawBody);
    await this.eventOf(id);
    const rows = await repo.registrationsOfEvent(this.kysely, id, body.includeWaitlist ? ['confirmed', 'waitlisted'] : ['confirmed']);
    const people = new Map((await findSupporters(this.kysely, rows.map((r) => r.supporter_id))).map((p) => [p.id, p.email]));
    const { name } = await this.events.hooks.organisation();
    let mailed = 0;
    for (const row of rows) {
      const to = people.get(row.supporter_id);
      if (!to) continue;
      // Staff's own words, with the cancel link in the person's language.
      const mail = composeMail({ subject: body.subject, organisation: name, heading: body.subject, paragraphs: [body.text], action: { label: publicWordsFor(row.lang).words.registration.mail.cancel, url: this.events.cancelUrl(row.id) } });
      await this.events.mail.enqueue({ ...mail, purpose: 'event-message', to });
      mailed += 1;
    }
    await appendAudit(this.kysely, { action: 'event.mail', actor: actorOf(caller), subjectId: id, subject: `${mailed} mails${body.includeWaitlist ? ', waitlist included' : ''}`, ip: caller.ip });
    return { mailed };
  }

  /** `GET /api/events/registration-counts`: per event taking registrations (or holding some), confirmed, waitlisted and places. */
  async counts(principal: Principal | null): Promise<RegistrationCounts> {
    authorize(principal, 'read', subject);
    const out: RegistrationCounts = {};
    for (const e of await this.events.hooks.events()) {
      const settings = registrationSettingsOf(e.data);
      if (settings) out[e.id] = { confirmed: 0, waitlisted: 0, places: settings.places };
    }
    for (const c of await repo.countsByEvent(this.kysely)) {
      const entry = (out[c.event_id] ??= { confirmed: 0, waitlisted: 0, places: 0 });
      if (c.state === 'confirmed') entry.confirmed = c.n;
      else if (c.state === 'waitlisted') entry.waitlisted = c.n;
    }
    return out;
  }
}
