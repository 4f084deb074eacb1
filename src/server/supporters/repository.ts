/**
 * All SQL of the supporters domain: `supporters` (a person by e-mail address,
 * kept in lower case and unique), `form_answers` and `consent_versions`. Same
 * queries on SQLite and PostgreSQL. Writes that two requests may race
 * (a new address, a new consent text) insert with ON CONFLICT DO NOTHING and
 * read the row that stands, so neither request fails.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { ConsentVersionsTable, Database, FormAnswersTable, SupportersTable } from '../db/schema.js';
import { likeContains } from '../db/like.js';

type Conn = Kysely<Database>;
export type SupporterRow = Selectable<SupportersTable>;
export type FormAnswerRow = Selectable<FormAnswersTable>;
export type ConsentVersionRow = Selectable<ConsentVersionsTable>;
/** An answer with the consent it was given under (null: none asked). */
export type AnswerWithConsent = FormAnswerRow & { consent: Pick<ConsentVersionRow, 'version' | 'lang' | 'text'> | null };

/** How many ids one `in (...)` list carries: far below both databases' parameter limits. */
const idsPerStatement = 500;

/** The person with this address (lower case), creating them when there is none; a missing name is filled in. */
export async function findOrCreateSupporter(db: Conn, input: { email: string; name: string | null; at: string }): Promise<SupporterRow> {
  await db
    .insertInto('supporters')
    .values({ id: crypto.randomUUID(), email: input.email, name: input.name, created_at: input.at, updated_at: input.at })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  if (input.name !== null) {
    await db.updateTable('supporters').set({ name: input.name, updated_at: input.at }).where('email', '=', input.email).where('name', 'is', null).execute();
  }
  return db.selectFrom('supporters').selectAll().where('email', '=', input.email).executeTakeFirstOrThrow();
}

/** The consent version of this text (by its hash) on a form in a language, making the next number when the text is new. */
export async function consentVersionFor(db: Conn, input: { formId: string; lang: string; text: string; at: string }): Promise<ConsentVersionRow> {
  const hash = crypto.createHash('sha256').update(input.text, 'utf8').digest('hex');
  const find = () => db.selectFrom('consent_versions').selectAll().where('form_id', '=', input.formId).where('lang', '=', input.lang).where('text_hash', '=', hash).executeTakeFirst();
  // Two new texts at once may take the same number: the one that loses tries the next.
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await find();
    if (found) return found;
    await db
      .insertInto('consent_versions')
      .values({
        id: crypto.randomUUID(),
        form_id: input.formId,
        lang: input.lang,
        version: sql<number>`(select coalesce(max(c.version), 0) + 1 from consent_versions c where c.form_id = ${input.formId} and c.lang = ${input.lang})`,
        text: input.text,
        text_hash: hash,
        created_at: input.at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const found = await find();
  if (!found) throw new Error('the consent text could not be given a version');
  return found;
}

export async function insertAnswer(db: Conn, row: FormAnswerRow): Promise<void> {
  await db.insertInto('form_answers').values(row).execute();
}

/** The person with this address (lower case), without making one. */
export async function findSupporterByEmail(db: Conn, email: string): Promise<SupporterRow | undefined> {
  return db.selectFrom('supporters').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findSupporter(db: Conn, id: string): Promise<SupporterRow | undefined> {
  return db.selectFrom('supporters').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Of these addresses (lower case), the ones no person has yet. */
export async function emailsWithoutPerson(db: Conn, emails: readonly string[]): Promise<string[]> {
  const known = new Set<string>();
  for (let i = 0; i < emails.length; i += idsPerStatement) {
    for (const r of await db.selectFrom('supporters').select('email').where('email', 'in', emails.slice(i, i + idsPerStatement)).execute()) known.add(r.email);
  }
  return emails.filter((e) => !known.has(e));
}

/** These people (any that exist), for the domains that keep things with a person (registrations for events). */
export async function findSupporters(db: Conn, ids: readonly string[]): Promise<SupporterRow[]> {
  const out: SupporterRow[] = [];
  for (let i = 0; i < ids.length; i += idsPerStatement) out.push(...(await db.selectFrom('supporters').selectAll().where('id', 'in', ids.slice(i, i + idsPerStatement)).execute()));
  return out;
}

/** People whose address or name contains the text (case-insensitive), newest first, at most `limit`. */
export async function searchSupporters(db: Conn, q: string, limit: number): Promise<SupporterRow[]> {
  const needle = likeContains(q.toLowerCase());
  return db
    .selectFrom('supporters')
    .selectAll()
    .where((eb) => eb.or([sql<SqlBool>`email like ${needle} escape '!'`, sql<SqlBool>`lower(coalesce(name, '')) like ${needle} escape '!'`]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The answers of these people, oldest first, each with its consent. */
export async function answersOf(db: Conn, supporterIds: readonly string[]): Promise<AnswerWithConsent[]> {
  const out: AnswerWithConsent[] = [];
  for (let i = 0; i < supporterIds.length; i += idsPerStatement) {
    const rows = await withConsent(db)
      .where('a.supporter_id', 'in', supporterIds.slice(i, i + idsPerStatement))
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute();
    out.push(...rows.map(toAnswerWithConsent));
  }
  return out;
}

/** A form's answers given in [from, to), oldest first, with the address and name of each person. */
export async function answersOfForm(db: Conn, formId: string, from: string, to: string): Promise<(AnswerWithConsent & { email: string; name: string | null })[]> {
  const rows = await withConsent(db)
    .innerJoin('supporters as s', 's.id', 'a.supporter_id')
    .select(['s.email', 's.name'])
    .where('a.form_id', '=', formId)
    .where('a.created_at', '>=', from)
    .where('a.created_at', '<', to)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...toAnswerWithConsent(r), email: r.email, name: r.name }));
}

function withConsent(db: Conn) {
  return db
    .selectFrom('form_answers as a')
    .leftJoin('consent_versions as c', 'c.id', 'a.consent_version_id')
    .selectAll('a')
    .select(['c.version as consent_version', 'c.lang as consent_lang', 'c.text as consent_text']);
}

function toAnswerWithConsent(r: FormAnswerRow & { consent_version: number | null; consent_lang: string | null; consent_text: string | null }): AnswerWithConsent {
  const { consent_version, consent_lang, consent_text, ...answer } = r;
  const base: FormAnswerRow = {
    id: answer.id,
    supporter_id: answer.supporter_id,
    form_id: answer.form_id,
    form_title: answer.form_title,
    lang: answer.lang,
    values: answer.values,
    consent_version_id: answer.consent_version_id,
    created_at: answer.created_at,
    expires_at: answer.expires_at,
  };
  return { ...base, consent: consent_version !== null && consent_lang !== null && consent_text !== null ? { version: Number(consent_version), lang: consent_lang, text: consent_text } : null };
}

/** Removes a person and their answers; how many answers went (undefined: no such person). */
export async function deleteSupporter(db: Conn, id: string): Promise<{ answers: number } | undefined> {
  const answers = await db.deleteFrom('form_answers').where('supporter_id', '=', id).executeTakeFirst();
  const person = await db.deleteFrom('supporters').where('id', '=', id).executeTakeFirst();
  if (Number(person.numDeletedRows) === 0) return undefined;
  return { answers: Number(answers.numDeletedRows) };
}

/** Removes the answers whose retention ended by `now`; how many. */
export async function deleteExpiredAnswers(db: Conn, now: string): Promise<number> {
  const res = await db.deleteFrom('form_answers').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** People with no answer left (candidates: the caller keeps those with contact messages). */
export async function supportersWithoutAnswers(db: Conn): Promise<Pick<SupporterRow, 'id' | 'email'>[]> {
  return db
    .selectFrom('supporters as s')
    .select(['s.id', 's.email'])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('form_answers as a').select('a.id').whereRef('a.supporter_id', '=', 's.id'))))
    .orderBy('s.id')
    .execute();
}

/** Removes these people if they still have no answer (one may have come meanwhile); how many went. */
export async function deleteSupportersWithoutAnswers(db: Conn, ids: readonly string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += idsPerStatement) {
    const res = await db
      .deleteFrom('supporters')
      .where('id', 'in', ids.slice(i, i + idsPerStatement))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('form_answers').select('form_answers.id').whereRef('form_answers.supporter_id', '=', 'supporters.id'))))
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  return removed;
}

/** Every form with answers kept: how many, the last one's time, and each title they were given under with its first time. */
export async function answeredForms(db: Conn): Promise<{ formId: string; answers: number; lastAnswerAt: string; titles: { title: string; first: string }[] }[]> {
  const counts = await db
    .selectFrom('form_answers')
    .select((eb) => ['form_id', eb.fn.countAll<string | number>().as('n'), eb.fn.max('created_at').as('last')])
    .groupBy('form_id')
    .execute();
  const titles = await db
    .selectFrom('form_answers')
    .select((eb) => ['form_id', 'form_title', eb.fn.min('created_at').as('first')])
    .groupBy(['form_id', 'form_title'])
    .execute();
  return counts.map((c) => ({
    formId: c.form_id,
    answers: Number(c.n),
    lastAnswerAt: String(c.last),
    titles: titles
      .filter((t) => t.form_id === c.form_id)
      .map((t) => ({ title: t.form_title, first: String(t.first) }))
      .sort((a, b) => a.first.localeCompare(b.first)),
  }));
}

/** These consent versions (any that exist): the domains that keep a consent with a person (newsletter subscriptions). */
export async function findConsentVersions(db: Conn, ids: readonly string[]): Promise<ConsentVersionRow[]> {
  const out: ConsentVersionRow[] = [];
  for (let i = 0; i < ids.length; i += idsPerStatement) out.push(...(await db.selectFrom('consent_versions').selectAll().where('id', 'in', ids.slice(i, i + idsPerStatement)).execute()));
  return out;
}
