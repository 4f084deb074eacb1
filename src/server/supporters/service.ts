/**
 * The supporters domain: one place for the people who wrote to the
 * organisation. A person is found by e-mail address (lower case); the
 * answers they gave to forms editors built are kept with them, each with the
 * consent text they agreed to (its version) and the day retention deletes it;
 * their contact messages (blocks of the `customer` collection, which content
 * owns) are read through the content service and shown with them. Staff
 * search, export one person's data, download a form's answers as CSV; a
 * super-admin erases a person everywhere. Audit lines say what happened with
 * counts only: no name, address or answer reaches them.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import { formAnswerValueSchema, type FormAnswerValue } from '../../shared/forms.js';
import {
  formAnswersCsvQuerySchema,
  type AnsweredForm,
  supporterSearch,
  type Supporter,
  type SupporterAnswer,
  type SupporterExport,
  type SupporterMessage,
  type SupporterRegistration,
} from '../../shared/supporters.js';
import { z } from 'zod';
import type { SubscriptionExport } from '../../shared/newsletter.js';
import { authorize, type Caller } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import type { ContactRecord } from '../content/repository.js';
import { forgetDeletedRows, type Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { parseRequest as parse } from '../plugins/errors.js';
import * as repo from './repository.js';
import { formAnswersCsv } from './csv.js';

const subject = { type: 'supporters' } as const;

/** What the supporters domain asks of others, wired in app.ts (content and mail sit beside it, not below). */
export interface SupportersHooks {
  /** The contact messages (customer blocks, not in the trash) of these addresses. */
  contactMessagesOf(emails: readonly string[], db: Kysely<Database>): Promise<ContactRecord[]>;
  /** The people (address in lower case, name) of contact messages whose address or name contains `q`; at most `limit` messages read. */
  contactPeopleMatching(q: string, limit: number, db: Kysely<Database>): Promise<{ email: string; name: string | null }[]>;
  /** Removes every contact block of the address for good (revisions, translations, preview links too); how many. */
  eraseContactsOf(email: string, db: Kysely<Database>): Promise<number>;
  /** Removes every mail kept for the address (the queue and the outbox folder); how many. */
  forgetMail(email: string): Promise<{ mails: number; files: number }>;
  /** The registrations for events of these people (events/service.ts): shown with them, and retention keeps whoever has one. */
  registrationsOf(supporterIds: readonly string[], db: Kysely<Database>): Promise<(SupporterRegistration & { supporterId: string })[]>;
  /** The newsletter subscriptions of these people (newsletter/service.ts): in their export, and retention keeps whoever has one. */
  subscriptionsOf(supporterIds: readonly string[], db: Kysely<Database>): Promise<(SubscriptionExport & { supporterId: string })[]>;
}

export interface RecordAnswerInput {
  formId: string;
  formTitle: string;
  lang: string;
  email: string;
  name: string | null;
  values: Record<string, FormAnswerValue>;
  /** The consent text shown with the form in its language; null when the form asks none. */
  consentText: string | null;
  retentionMonths: number;
}

/** The instant `months` calendar months after `from` (UTC; the 31st of a shorter month is its last day). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const searchQuerySchema = z.strictObject({
  q: z
    .string('Type at least two characters of a name or an e-mail address.')
    .trim()
    .min(supporterSearch.minLength, `Type at least ${supporterSearch.minLength} characters of a name or an e-mail address.`)
    .max(supporterSearch.maxLength, `A search is at most ${supporterSearch.maxLength} characters.`),
});

const idParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

/** An address as it is kept: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toAnswer(row: repo.AnswerWithConsent): SupporterAnswer {
  const values = z.record(z.string(), formAnswerValueSchema).parse(JSON.parse(row.values));
  return {
    id: row.id,
    formId: row.form_id,
    formTitle: row.form_title,
    lang: row.lang,
    values,
    consent: row.consent ? { version: row.consent.version, lang: row.consent.lang, text: row.consent.text, at: row.created_at } : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

function toMessage(record: ContactRecord): SupporterMessage {
  return { id: record.id, message: typeof record.data.message === 'string' ? record.data.message : '', createdAt: record.createdAt };
}

/** A file name for one person's export: their id and the day, never their address. */
export function exportFileName(id: string, at: Date): string {
  return `supporter-${id.replace(/[^A-Za-z0-9-]/g, '')}-${at.toISOString().slice(0, 10)}.json`;
}

/** A form's CSV file name: the form's id and the days it covers. */
export function answersCsvFileName(formId: string, from: string | undefined, to: string | undefined): string {
  return `form-${formId.replace(/[^A-Za-z0-9-]/g, '')}-answers${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
}

export interface SupportersOptions {
  /** The clock (tests inject one): when an answer is given, and what retention calls now. */
  now?: () => Date;
}

export class SupportersService {
  readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly hooks: SupportersHooks,
    options: SupportersOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private get kysely() {
    return this.db.kysely;
  }

  /**
   * Keeps a form's answer with its person: finds or creates them by address
   * (a missing name is filled in), gives the consent text its version (the
   * same text keeps its version, a changed one gets the next) and stores the
   * answer, to be deleted `retentionMonths` after now, all in one transaction.
   * Two answers of a new address at once make one person (the unique address
   * and ON CONFLICT); a transaction that still fails (a person removed by
   * retention meanwhile) is tried again.
   */
  async recordAnswer(input: RecordAnswerInput): Promise<{ supporterId: string; answerId: string }> {
    const email = normaliseEmail(input.email);
    if (!email) throw new AppError('invalid-argument', 'email: An answer needs an e-mail address.', { field: 'email' });
    const values = z.record(z.string(), formAnswerValueSchema).parse(input.values);
    const months = z.number().int().positive().parse(input.retentionMonths);
    const name = input.name?.trim() || null;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.kysely.transaction().execute(async (trx) => {
          const at = this.now();
          const person = await repo.findOrCreateSupporter(trx, { email, name, at: at.toISOString() });
          const consent = input.consentText === null ? null : await repo.consentVersionFor(trx, { formId: input.formId, lang: input.lang, text: input.consentText, at: at.toISOString() });
          const answerId = crypto.randomUUID();
          await repo.insertAnswer(trx, {
            id: answerId,
            supporter_id: person.id,
            form_id: input.formId,
            form_title: input.formTitle,
            lang: input.lang,
            values: JSON.stringify(values),
            consent_version_id: consent?.id ?? null,
            created_at: at.toISOString(),
            expires_at: addMonths(at, months).toISOString(),
          });
          return { supporterId: person.id, answerId };
        });
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }

  /** A contact message came (functions/contact.ts): its person is found or made, so a search finds them. */
  async recordContact(input: { email: string; name: string | null }): Promise<{ supporterId: string }> {
    const email = normaliseEmail(input.email);
    const person = await repo.findOrCreateSupporter(this.kysely, { email, name: input.name?.trim() || null, at: this.now().toISOString() });
    return { supporterId: person.id };
  }

  /** People whose address or name contains `q` (case-insensitive), with their answers and contact messages. */
  async search(principal: Principal | null, rawQuery: unknown): Promise<{ people: Supporter[] }> {
    authorize(principal, 'read', subject);
    const { q } = parse(searchQuerySchema, rawQuery);
    // Whoever wrote through the contact form (or was typed in on the contacts screen) is a person too, even
    // when the message came before people were kept: found or made here, so they have an id to export or erase.
    // One read per search; a write only for the addresses no person has yet (typing a search asks again and again).
    const contacts = await this.hooks.contactPeopleMatching(q, supporterSearch.limit, this.kysely);
    const missing = new Set(await repo.emailsWithoutPerson(this.kysely, contacts.map((p) => p.email)));
    const at = this.now().toISOString();
    for (const p of contacts.filter((c) => missing.has(c.email))) await repo.findOrCreateSupporter(this.kysely, { ...p, at });
    const rows = await repo.searchSupporters(this.kysely, q, supporterSearch.limit);
    const answers = await repo.answersOf(this.kysely, rows.map((r) => r.id));
    const messages = await this.hooks.contactMessagesOf(rows.map((r) => r.email), this.kysely);
    const registrations = await this.hooks.registrationsOf(rows.map((r) => r.id), this.kysely);
    return {
      people: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        createdAt: r.created_at,
        answers: answers.filter((a) => a.supporter_id === r.id).map(toAnswer),
        messages: messages.filter((m) => m.email === r.email).map(toMessage),
        registrations: registrations.filter((g) => g.supporterId === r.id).map(({ supporterId: _, ...g }) => g),
      })),
    };
  }

  private async person(rawParams: unknown): Promise<repo.SupporterRow> {
    const { id } = parse(idParamsSchema, rawParams);
    const row = await repo.findSupporter(this.kysely, id);
    if (!row) throw new AppError('not-found', 'There is no such person.');
    return row;
  }

  /** Everything held about one person, as one JSON document (a subject access request); an audit line with counts. */
  async export(caller: Caller, rawParams: unknown): Promise<{ body: SupporterExport; fileName: string }> {
    authorize(caller.principal, 'read', subject);
    const row = await this.person(rawParams);
    const answers = (await repo.answersOf(this.kysely, [row.id])).map(toAnswer);
    const records = await this.hooks.contactMessagesOf([row.email], this.kysely);
    const registrations = (await this.hooks.registrationsOf([row.id], this.kysely)).map(({ supporterId: _, ...g }) => g);
    const subscription = (await this.hooks.subscriptionsOf([row.id], this.kysely)).map(({ supporterId: _, ...n }) => n)[0] ?? null;
    const at = new Date();
    await appendAudit(this.kysely, {
      action: 'supporter.export',
      actor: caller.principal ? { uid: caller.principal.uid } : null,
      subjectId: row.id,
      subject: `${answers.length} answers, ${registrations.length} registrations, ${records.length} contact messages`,
      ip: caller.ip,
    });
    return {
      fileName: exportFileName(row.id, at),
      body: {
        exportedAt: at.toISOString(),
        person: { id: row.id, email: row.email, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at },
        answers,
        registrations,
        contactRecords: records.map((r) => ({ id: r.id, createdAt: r.createdAt, fields: r.data })),
        newsletter: subscription,
      },
    };
  }

  /**
   * Erases a person everywhere: their row, their answers, their contact
   * messages (with revisions, translations and preview links), then every mail
   * kept for their address (the queue, the outbox folder). The audit line
   * says that an erasure happened and how much went, never who.
   */
  async erase(caller: Caller, rawParams: unknown): Promise<{ answers: number; messages: number; mails: number }> {
    authorize(caller.principal, 'delete', subject);
    const row = await this.person(rawParams);
    const removed = await this.kysely.transaction().execute(async (trx) => {
      const gone = await repo.deleteSupporter(trx, row.id);
      if (!gone) throw new AppError('not-found', 'There is no such person.');
      const messages = await this.hooks.eraseContactsOf(row.email, trx);
      return { answers: gone.answers, messages };
    });
    const mail = await this.hooks.forgetMail(row.email);
    await forgetDeletedRows(this.db);
    await appendAudit(this.kysely, {
      action: 'supporter.erase',
      actor: caller.principal ? { uid: caller.principal.uid } : null,
      subject: `1 person, ${removed.answers} answers, ${removed.messages} contact messages, ${mail.mails} mails`,
      ip: caller.ip,
    });
    return { ...removed, mails: mail.mails };
  }

  /** Every form with answers kept (staff), named by its titles, the most recently answered first. */
  async answeredForms(principal: Principal | null): Promise<{ forms: AnsweredForm[] }> {
    authorize(principal, 'read', subject);
    const rows = await repo.answeredForms(this.kysely);
    return {
      forms: rows
        .map((r) => ({ id: r.formId, titles: r.titles.map((t) => t.title), answers: r.answers, lastAnswerAt: r.lastAnswerAt }))
        .sort((a, b) => b.lastAnswerAt.localeCompare(a.lastAnswerAt) || a.id.localeCompare(b.id)),
    };
  }

  /** A form's answers in whole UTC days [from, to] as CSV text (spreadsheet-safe); an audit line with the count. */
  async answersCsv(caller: Caller, rawParams: unknown, rawQuery: unknown): Promise<{ text: string; fileName: string }> {
    authorize(caller.principal, 'read', subject);
    const { id: formId } = parse(idParamsSchema, rawParams);
    const { from, to } = parse(formAnswersCsvQuerySchema, rawQuery);
    const start = from ? `${from}T00:00:00.000Z` : '';
    const end = to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString() : '9999-12-31T23:59:59.999Z';
    const rows = await repo.answersOfForm(this.kysely, formId, start, end);
    await appendAudit(this.kysely, {
      action: 'supporter.answers-csv',
      actor: caller.principal ? { uid: caller.principal.uid } : null,
      subjectId: formId,
      subject: `${rows.length} answers${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}`,
      ip: caller.ip,
    });
    return { text: formAnswersCsv(rows.map((r) => ({ ...toAnswer(r), email: r.email, name: r.name }))), fileName: answersCsvFileName(formId, from, to) };
  }

  /**
   * Retention, one pass: deletes the answers whose time ended by `now`, then
   * the people left with no answer, registration or contact message, and writes one
   * audit line with the counts (none when nothing went). One transaction.
   */
  async deleteExpired(now: Date): Promise<{ answers: number; people: number }> {
    return this.kysely.transaction().execute(async (trx) => {
      const answers = await repo.deleteExpiredAnswers(trx, now.toISOString());
      const bare = await repo.supportersWithoutAnswers(trx);
      const writing = new Set((await this.hooks.contactMessagesOf(bare.map((p) => p.email), trx)).map((m) => m.email));
      const registered = new Set((await this.hooks.registrationsOf(bare.map((p) => p.id), trx)).map((g) => g.supporterId));
      const subscribed = new Set((await this.hooks.subscriptionsOf(bare.map((p) => p.id), trx)).map((n) => n.supporterId));
      const people = await repo.deleteSupportersWithoutAnswers(trx, bare.filter((p) => !writing.has(p.email) && !registered.has(p.id) && !subscribed.has(p.id)).map((p) => p.id));
      if (answers > 0 || people > 0) {
        await appendAudit(trx, { action: 'supporter.retention', actor: null, subject: `${answers} answers, ${people} people` });
      }
      return { answers, people };
    });
  }
}
