/**
 * The newsletter (docs/architecture.md, "Newsletter"): readers subscribe
 * with an address and a language (double opt-in: a pending subscription and
 * a confirmation mail with a signed link; nothing is sent before they
 * confirm), staff write issues from the site's stories and events and send
 * them to the confirmed readers of the issue's language, now or at a set
 * time (sender.ts sends the queue). A reader is a person of the supporters'
 * place, so their export, erasure and retention cover the subscription; the
 * text they agreed to is a consent version there, kept with the time they
 * confirmed. Audit lines carry counts and ids, never an address.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Principal } from '../../shared/access.js';
import { AppError } from '../../shared/errors.js';
import {
  newNewsletterSchema,
  newsletterConfirmPath,
  newsletterFormId,
  newsletterItemSchema,
  newsletterLimits,
  newsletterPreviewPattern,
  newsletterUnsubscribePath,
  sendNewsletterSchema,
  subscribersImportSchema,
  subscribersQuerySchema,
  type Newsletter,
  type NewsletterItem,
  type NewsletterState,
  type Subscriber,
  type SubscribersAnswer,
  type SubscriptionExport,
  type SubscriptionState,
} from '../../shared/newsletter.js';
import { authorize, type Caller } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { MailQueue } from '../mail/index.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { consentVersionFor, findOrCreateSupporter } from '../supporters/repository.js';
import { normaliseEmail } from '../supporters/service.js';
import { csvBom, csvRow } from '../supporters/csv.js';
import { composeIssue, confirmationMail, personalise, type IssueItem } from './mails.js';
import * as repo from './repository.js';
import { issuePreviewToken, newsletterToken, readIssuePreviewToken, readNewsletterToken } from './tokens.js';

const subject = { type: 'newsletters' } as const;
type Conn = Kysely<Database>;

/** What the newsletter asks of others, wired in app.ts (content, the public site and the settings sit beside it). */
export interface NewsletterHooks {
  /** The organisation's name (site settings), as mails speak in it. */
  organisation(): Promise<string>;
  /** A published story or event as its page in `lang` shows it; null when there is none. */
  item(item: NewsletterItem, lang: string): Promise<IssueItem | null>;
}

export interface NewsletterOptions {
  /** The clock (tests move it): scheduled issues, subscription times. */
  now?: () => Date;
}

const idParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
const emailSchema = z.email();

/** A subscription as a page shows it: its language, its state, and whether the link is good. */
export interface SubscriptionLink {
  subscriptionId: string;
  issueId: string | null;
  lang: string;
  state: SubscriptionState;
}

export class NewsletterService {
  readonly now: () => Date;
  /** Called when an issue starts sending (the sender looks at once). */
  onSending: () => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly site: { publicUrl: string; authSecret: string },
    private readonly hooks: NewsletterHooks,
    private readonly log: FastifyBaseLogger,
    options: NewsletterOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private get kysely(): Conn {
    return this.db.kysely;
  }

  /**
   * A reader subscribes (the footer's form, a form's "keep me informed"): a
   * pending subscription in their language, with the text they were shown as
   * its consent, and a confirmation mail. An address already confirmed gets
   * nothing (the page says the same to everyone, so nobody learns who reads);
   * one pending or unsubscribed is asked to confirm again.
   */
  async subscribe(input: { email: string; lang: string; source: string; consentText: string }): Promise<void> {
    const email = normaliseEmail(input.email);
    if (!emailSchema.safeParse(email).success) throw new AppError('invalid-argument', 'email: Enter a valid e-mail address.', { field: 'email' });
    const at = this.now().toISOString();
    const sub = await this.kysely.transaction().execute(async (trx) => {
      const person = await findOrCreateSupporter(trx, { email, name: null, at });
      const consent = await consentVersionFor(trx, { formId: newsletterFormId, lang: input.lang, text: input.consentText, at });
      const existing = await repo.findSubscriptionOf(trx, person.id);
      if (existing?.state === 'confirmed') return null;
      if (existing) {
        await repo.updateSubscription(trx, existing.id, { state: 'pending', lang: input.lang, source: input.source, consent_version_id: consent.id, unsubscribed_at: null, unsubscribed_by: null, updated_at: at });
        return existing.id;
      }
      const id = crypto.randomUUID();
      await repo.insertSubscription(trx, {
        id,
        supporter_id: person.id,
        lang: input.lang,
        state: 'pending',
        source: input.source,
        consent_version_id: consent.id,
        created_at: at,
        updated_at: at,
        confirmed_at: null,
        unsubscribed_at: null,
        unsubscribed_by: null,
      });
      return (await repo.findSubscriptionOf(trx, person.id))?.id ?? id;
    });
    if (!sub) return;
    const organisation = await this.hooks.organisation();
    const url = `${this.site.publicUrl}${newsletterConfirmPath(newsletterToken(this.site.authSecret, 'confirm', sub))}`;
    await this.mail.enqueue({ ...confirmationMail(input.lang, organisation, url), purpose: 'newsletter-confirm', to: email });
  }

  /** What a confirmation or unsubscribe link names; null: not a link of this site, or its reader is gone. */
  async link(purpose: 'confirm' | 'unsubscribe', token: string): Promise<SubscriptionLink | null> {
    const read = readNewsletterToken(this.site.authSecret, purpose, token);
    if (!read) return null;
    const row = await repo.findSubscription(this.kysely, read.subscriptionId);
    if (!row) return null;
    return { subscriptionId: row.id, issueId: read.issueId, lang: row.lang, state: row.state as SubscriptionState };
  }

  /** The confirmation link's button: pending becomes confirmed, with its time (once; a confirmed one stays as it is). */
  async confirm(link: SubscriptionLink): Promise<boolean> {
    if (link.state === 'confirmed') return true;
    const at = this.now().toISOString();
    return repo.updateSubscription(this.kysely, link.subscriptionId, { state: 'confirmed', confirmed_at: at, updated_at: at }, ['pending']);
  }

  /** One click (the page's button, or a mail program's RFC 8058 POST): unsubscribed at once, counted against the issue. */
  async unsubscribe(link: SubscriptionLink): Promise<void> {
    const at = this.now().toISOString();
    const left = await repo.updateSubscription(this.kysely, link.subscriptionId, { state: 'unsubscribed', unsubscribed_at: at, unsubscribed_by: link.issueId, updated_at: at }, ['confirmed', 'pending']);
    if (left && link.issueId) await repo.countUnsubscribe(this.kysely, link.issueId);
  }

  /** Undoing an unsubscribe from its page: confirmed again (their confirmation stands). */
  async undoUnsubscribe(link: SubscriptionLink): Promise<void> {
    const at = this.now().toISOString();
    const row = await repo.findSubscription(this.kysely, link.subscriptionId);
    if (!row || row.state !== 'unsubscribed') return;
    await repo.updateSubscription(this.kysely, link.subscriptionId, { state: row.confirmed_at ? 'confirmed' : 'pending', unsubscribed_at: null, unsubscribed_by: null, updated_at: at }, ['unsubscribed']);
  }

  /** A reader's unsubscribe link for an issue (absolute). */
  unsubscribeUrl(subscriptionId: string, issueId: string | null): string {
    return `${this.site.publicUrl}${newsletterUnsubscribePath(newsletterToken(this.site.authSecret, 'unsubscribe', subscriptionId, issueId))}`;
  }

  // ---- Staff: issues ----

  async create(caller: Caller, body: unknown): Promise<{ id: string }> {
    authorize(caller.principal, 'create', subject);
    const input = parse(newNewsletterSchema, body);
    for (const item of input.items) {
      if (!(await this.hooks.item(item, input.lang))) throw new AppError('invalid-argument', `items: There is no published story or event ${item.collection}/${item.id}.`, { field: 'items' });
    }
    const id = crypto.randomUUID();
    const at = this.now().toISOString();
    await repo.insertNewsletter(this.kysely, {
      id,
      lang: input.lang,
      subject: input.subject,
      intro: input.intro,
      items: JSON.stringify(input.items),
      state: 'draft',
      send_at: null,
      archived: input.archived ? 1 : 0,
      unsubscribes: 0,
      created_by: caller.principal?.uid ?? null,
      created_at: at,
      updated_at: at,
      sent_at: null,
    });
    await appendAudit(this.kysely, { action: 'newsletter.create', actor: caller.principal ? { uid: caller.principal.uid } : null, subjectId: id, subject: input.subject, ip: caller.ip });
    return { id };
  }

  private async row(rawParams: unknown): Promise<repo.NewsletterRow> {
    const { id } = parse(idParamsSchema, rawParams);
    const row = await repo.findNewsletter(this.kysely, id);
    if (!row) throw new AppError('not-found', 'There is no such newsletter.');
    return row;
  }

  private async views(rows: readonly repo.NewsletterRow[]): Promise<Newsletter[]> {
    const counts = await repo.deliveryCounts(this.kysely, rows.map((r) => r.id));
    return rows.map((r) => {
      const of = (state: string) => counts.find((c) => c.newsletter_id === r.id && c.state === state)?.n ?? 0;
      return {
        id: r.id,
        lang: r.lang,
        subject: r.subject,
        intro: r.intro,
        items: z.array(newsletterItemSchema).parse(JSON.parse(r.items)),
        state: r.state as NewsletterState,
        sendAt: r.send_at,
        archived: Number(r.archived) === 1,
        createdAt: r.created_at,
        sentAt: r.sent_at,
        unsubscribes: Number(r.unsubscribes),
        progress: { sent: of('sent'), failed: of('failed'), left: of('waiting'), skipped: of('skipped') },
      };
    });
  }

  async list(principal: Principal | null): Promise<{ newsletters: Newsletter[] }> {
    authorize(principal, 'read', subject);
    return { newsletters: await this.views(await repo.listNewsletters(this.kysely)) };
  }

  async get(principal: Principal | null, rawParams: unknown): Promise<Newsletter> {
    authorize(principal, 'read', subject);
    const [view] = await this.views([await this.row(rawParams)]);
    return view!;
  }

  /**
   * Sends an issue to the confirmed readers of its language: now (one
   * delivery each is made at once, the readers of that moment) or at `at`
   * (made then). A paused issue goes on where it stopped. 412 for one sent.
   */
  async send(caller: Caller, rawParams: unknown, body: unknown): Promise<Newsletter> {
    authorize(caller.principal, 'update', subject);
    const row = await this.row(rawParams);
    const { at } = parse(sendNewsletterSchema, body);
    const now = this.now();
    const when = at ? new Date(at) : null;
    if (when && when.getTime() > now.getTime()) {
      if (!(await repo.moveNewsletter(this.kysely, row.id, ['draft', 'scheduled', 'paused'], { state: 'scheduled', send_at: when.toISOString(), updated_at: now.toISOString() }))) {
        throw new AppError('failed-precondition', 'This newsletter is being sent or was sent.');
      }
    } else if (!(await this.startSending(row.id, ['draft', 'scheduled', 'paused']))) {
      throw new AppError('failed-precondition', 'This newsletter is being sent or was sent.');
    }
    await appendAudit(this.kysely, { action: 'newsletter.send', actor: caller.principal ? { uid: caller.principal.uid } : null, subjectId: row.id, subject: when ? `scheduled for ${when.toISOString()}` : 'now', ip: caller.ip });
    this.onSending();
    return this.get(caller.principal, rawParams);
  }

  /** Moves an issue to sending and makes its deliveries, in one transaction (of two instances, one does it). */
  async startSending(id: string, from: readonly NewsletterState[]): Promise<boolean> {
    return this.kysely.transaction().execute(async (trx) => {
      const row = await repo.findNewsletter(trx, id);
      if (!row) return false;
      if (!(await repo.moveNewsletter(trx, id, from, { state: 'sending', updated_at: this.now().toISOString() }))) return false;
      await repo.createDeliveries(trx, id, row.lang);
      return true;
    });
  }

  /** Scheduled issues whose time came start sending (the sender's pass). */
  async startScheduled(): Promise<void> {
    for (const row of await repo.dueScheduled(this.kysely, this.now().toISOString())) {
      if (await this.startSending(row.id, ['scheduled'])) this.log.info({ newsletter: row.id }, 'scheduled newsletter started');
    }
  }

  async pause(caller: Caller, rawParams: unknown): Promise<Newsletter> {
    authorize(caller.principal, 'update', subject);
    const row = await this.row(rawParams);
    if (!(await repo.moveNewsletter(this.kysely, row.id, ['sending', 'scheduled'], { state: 'paused', updated_at: this.now().toISOString() }))) {
      throw new AppError('failed-precondition', 'Only a newsletter being sent or scheduled can be paused.');
    }
    await appendAudit(this.kysely, { action: 'newsletter.pause', actor: caller.principal ? { uid: caller.principal.uid } : null, subjectId: row.id, subject: row.subject, ip: caller.ip });
    return this.get(caller.principal, rawParams);
  }

  /** The issue's mail, with `unsubscribeMark` where each reader's link goes (kept by the sender per issue). */
  async composed(id: string): Promise<ReturnType<typeof composeIssue> | null> {
    const row = await repo.findNewsletter(this.kysely, id);
    if (!row) return null;
    return this.compose(row);
  }

  private async compose(row: repo.NewsletterRow) {
    const items = z.array(newsletterItemSchema).parse(JSON.parse(row.items));
    const shown = (await Promise.all(items.map((i) => this.hooks.item(i, row.lang)))).filter((i): i is IssueItem => i !== null);
    return composeIssue({ lang: row.lang, subject: row.subject, intro: row.intro, items: shown, organisation: await this.hooks.organisation() });
  }

  /** The issue as its mail's HTML (with a link that unsubscribes nobody), and a signed link to it for a frame (an hour). */
  async preview(principal: Principal | null, rawParams: unknown): Promise<{ html: string; url: string }> {
    authorize(principal, 'read', subject);
    const row = await this.row(rawParams);
    const mail = await this.compose(row);
    const token = issuePreviewToken(this.site.authSecret, row.id, this.now().getTime() + 3_600_000);
    return { html: personalise(mail, `${this.site.publicUrl}/newsletter/unsubscribe/preview`).html, url: newsletterPreviewPattern.replace(':token', token) };
  }

  /** The issue a preview link shows, as its mail's HTML; null when the link is not (or no longer) good. */
  async previewByLink(token: string): Promise<string | null> {
    const id = readIssuePreviewToken(this.site.authSecret, token, this.now().getTime());
    const row = id ? await repo.findNewsletter(this.kysely, id) : undefined;
    if (!row) return null;
    return personalise(await this.compose(row), `${this.site.publicUrl}/newsletter/unsubscribe/preview`).html;
  }

  /** One mail of the issue to the caller's own address (its unsubscribe link works for nobody). */
  async test(caller: Caller, rawParams: unknown): Promise<{ to: string }> {
    authorize(caller.principal, 'read', subject);
    const row = await this.row(rawParams);
    const to = caller.principal?.email ?? '';
    const mail = personalise(await this.compose(row), `${this.site.publicUrl}/newsletter/unsubscribe/preview`);
    await this.mail.enqueue({ ...mail, subject: `[TEST] ${mail.subject}`, purpose: 'newsletter-test', to });
    return { to };
  }

  // ---- Staff: subscribers ----

  async subscribers(principal: Principal | null, rawQuery: unknown): Promise<SubscribersAnswer> {
    authorize(principal, 'read', subject);
    const filter = parse(subscribersQuerySchema, rawQuery);
    const rows = await repo.listSubscriptions(this.kysely, filter);
    const counts: SubscribersAnswer['counts'] = {};
    for (const c of await repo.subscriptionCounts(this.kysely)) {
      const byState = (counts[c.lang] ??= { pending: 0, confirmed: 0, unsubscribed: 0 });
      byState[c.state as SubscriptionState] = c.n;
    }
    return { subscribers: rows.map(toSubscriber), counts };
  }

  /**
   * Subscribers from a CSV file with an `email` column (and `lang`, else the
   * language given): confirmed at once, their consent's source kept (where
   * they agreed, outside the site). An address already subscribed keeps its
   * state (an unsubscribed reader is never added back). Which rows had no
   * valid address.
   */
  async import(caller: Caller, body: unknown): Promise<{ added: number; already: number; invalid: number[] }> {
    authorize(caller.principal, 'create', subject);
    const input = parse(subscribersImportSchema, body);
    const rows = parseCsvRows(input.csv);
    const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
    const emailAt = header.indexOf('email');
    if (emailAt < 0) throw new AppError('invalid-argument', 'csv: The first line must name the columns, one of them "email".', { field: 'csv' });
    if (rows.length - 1 > newsletterLimits.importRowsMax) throw new AppError('invalid-argument', `csv: At most ${newsletterLimits.importRowsMax} rows at once.`, { field: 'csv' });
    const langAt = header.indexOf('lang');
    const at = this.now().toISOString();
    const consentText = `Imported: ${input.source}`;
    let added = 0;
    let already = 0;
    const invalid: number[] = [];
    await this.kysely.transaction().execute(async (trx) => {
      for (let i = 1; i < rows.length; i++) {
        const cells = rows[i]!;
        if (cells.every((c) => c.trim() === '')) continue;
        const email = normaliseEmail(cells[emailAt] ?? '');
        const lang = langAt >= 0 && /^[a-z]{2,3}$/i.test((cells[langAt] ?? '').trim()) ? (cells[langAt] ?? '').trim().toLowerCase() : input.lang;
        if (!emailSchema.safeParse(email).success) {
          invalid.push(i + 1);
          continue;
        }
        const person = await findOrCreateSupporter(trx, { email, name: null, at });
        if (await repo.findSubscriptionOf(trx, person.id)) {
          already += 1;
          continue;
        }
        const consent = await consentVersionFor(trx, { formId: newsletterFormId, lang, text: consentText, at });
        await repo.insertSubscription(trx, {
          id: crypto.randomUUID(),
          supporter_id: person.id,
          lang,
          state: 'confirmed',
          source: `import: ${input.source}`,
          consent_version_id: consent.id,
          created_at: at,
          updated_at: at,
          confirmed_at: at,
          unsubscribed_at: null,
          unsubscribed_by: null,
        });
        added += 1;
      }
    });
    await appendAudit(this.kysely, { action: 'newsletter.import', actor: caller.principal ? { uid: caller.principal.uid } : null, subject: `${added} added, ${already} already subscribed, ${invalid.length} invalid`, ip: caller.ip });
    return { added, already, invalid };
  }

  /** Every subscriber as CSV (spreadsheet-safe), with an audit line of the count. */
  async exportCsv(caller: Caller): Promise<{ text: string; fileName: string }> {
    authorize(caller.principal, 'read', subject);
    const rows = await repo.listSubscriptions(this.kysely, {});
    await appendAudit(this.kysely, { action: 'newsletter.export', actor: caller.principal ? { uid: caller.principal.uid } : null, subject: `${rows.length} subscribers`, ip: caller.ip });
    const lines = [['email', 'lang', 'state', 'source', 'created', 'confirmed', 'unsubscribed', 'consent'], ...rows.map((r) => [r.email, r.lang, r.state, r.source, r.created_at, r.confirmed_at ?? '', r.unsubscribed_at ?? '', r.consent_text ?? ''])];
    return { text: csvBom + lines.map(csvRow).join(''), fileName: `newsletter-subscribers-${this.now().toISOString().slice(0, 10)}.csv` };
  }

  /** These people's subscriptions (the supporters' export and retention). */
  async subscriptionsOf(supporterIds: readonly string[], db: Conn): Promise<(SubscriptionExport & { supporterId: string })[]> {
    return (await repo.subscriptionsOf(db, supporterIds)).map((r) => {
      const { id: _id, email: _email, ...kept } = toSubscriber(r);
      return kept;
    });
  }

  /** The sent issues shown on the site in a language, newest first. */
  async archive(lang: string): Promise<{ id: string; subject: string; sentAt: string }[]> {
    return (await repo.archivedNewsletters(this.kysely, lang)).map((r) => ({ id: r.id, subject: r.subject, sentAt: r.sent_at ?? r.updated_at }));
  }

  /** One sent issue shown on the site, with its items as their pages show them; null when it is not shown. */
  async archivedIssue(id: string): Promise<{ lang: string; subject: string; intro: string; sentAt: string; items: IssueItem[] } | null> {
    const row = await repo.findNewsletter(this.kysely, id);
    if (!row || row.state !== 'sent' || Number(row.archived) !== 1) return null;
    const items = z.array(newsletterItemSchema).parse(JSON.parse(row.items));
    const shown = (await Promise.all(items.map((i) => this.hooks.item(i, row.lang)))).filter((i): i is IssueItem => i !== null);
    return { lang: row.lang, subject: row.subject, intro: row.intro, sentAt: row.sent_at ?? row.updated_at, items: shown };
  }
}

function toSubscriber(r: repo.SubscriptionWithPerson): Subscriber {
  return {
    id: r.id,
    supporterId: r.supporter_id,
    email: r.email,
    lang: r.lang,
    state: r.state as SubscriptionState,
    source: r.source,
    createdAt: r.created_at,
    confirmedAt: r.confirmed_at,
    unsubscribedAt: r.unsubscribed_at,
    consentText: r.consent_text,
  };
}

/** CSV rows (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes), a byte-order mark dropped. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
