/**
 * Preview links: staff make one for a page (and a draft block on it), list a
 * page's live ones and revoke them; anyone holding the link opens the page as
 * it will be once published. The token is 32 random bytes handed out once in
 * the answer; the database keeps only its SHA-256, and the audit log names
 * the page and the link's id, never the token.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { authorize } from '../authorize.js';
import { appendAudit } from '../audit/repository.js';
import { defaultPreviewLinkDays, previewBodySchema, previewPathPrefix, type PreviewLinkAnswer } from '../../shared/editorial.js';
import { AppError } from '../../shared/errors.js';
import type { SitePage } from '../../shared/site-structure.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import { previewListQuerySchema, type PreviewLinksAnswer, type PreviewRefusal } from '../../shared/preview-links.js';
import type { Principal } from '../../shared/access.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { Services } from '../services.js';
import { parseRequest as parse } from '../plugins/errors.js';
import { previewBundle } from './bundle.js';
import * as repo from './repository.js';
import { findPageBlock } from '../content/repository.js';
import { namesOfUsers } from '../auth/accounts/repository.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

function noSuchPage(): AppError {
  return new AppError('not-found', 'There is no such page.');
}

/** What opening a link gives: the page to render, or why there is none. */
export type PreviewOpening =
  | { ok: true; page: SitePage; bundle: PageBundle; expiresAt: string }
  | { ok: false; reason: PreviewRefusal };

export interface PreviewServiceOptions {
  /** The clock (tests move it). */
  now?: () => Date;
}

export class PreviewService {
  private readonly now: () => Date;

  constructor(
    private readonly services: Services,
    private readonly settings: () => Promise<SiteSettings>,
    options: PreviewServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private get db() {
    return this.services.db.kysely;
  }

  private get lifetimeMs(): number {
    return (this.services.config.previewLinkDays ?? defaultPreviewLinkDays) * 86_400_000;
  }

  async create(principal: Principal | null, body: unknown, ip: string | null): Promise<PreviewLinkAnswer> {
    authorize(principal, 'create', { type: 'preview' });
    const input = parse(previewBodySchema, body);
    const page = await this.services.structure.workingPage(input.page);
    if (!page) throw noSuchPage();
    if (input.document !== undefined) {
      const block = await findPageBlock(this.db, page.sections.map((s) => s.collection), input.document);
      if (!block) {
        const message = `This block is not on the page ${page.title} (or it is in the trash).`;
        throw new AppError('invalid-argument', `document: ${message}`, { field: 'document', fields: { document: message } });
      }
    }
    const language = await this.services.translations.requested({ lang: input.lang });
    const token = repo.newPreviewToken();
    const now = this.now();
    const row: repo.PreviewLinkRow = {
      id: crypto.randomUUID(),
      token_hash: repo.hashPreviewToken(token),
      page: page.id,
      document_id: input.document ?? null,
      created_by: principal?.uid ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.lifetimeMs).toISOString(),
      revoked_at: null,
      lang: language?.code ?? null,
    };
    await this.db.transaction().execute(async (trx) => {
      await repo.insertPreviewLink(trx, row);
      await appendAudit(trx, { action: 'preview.create', actor: principal ? { uid: principal.uid } : null, subjectId: row.id, subject: language ? `${page.title} (${language.name})` : page.title, ip, at: row.created_at });
    });
    return { id: row.id, url: `${this.services.config.publicUrl}${previewPathPrefix}${token}`, expiresAt: row.expires_at };
  }

  async list(principal: Principal | null, query: unknown): Promise<PreviewLinksAnswer> {
    authorize(principal, 'read', { type: 'preview' });
    const { page: name } = parse(previewListQuerySchema, query);
    const page = await this.services.structure.workingPage(name);
    if (!page) throw noSuchPage();
    const rows = await repo.livePreviewLinks(this.db, page.id, this.now().toISOString());
    // Whoever made each link, by the name colleagues know them by (none for an account deleted since).
    const names = await namesOfUsers(this.db, [...new Set(rows.flatMap((r) => (r.created_by ? [r.created_by] : [])))]);
    return {
      links: rows.map((r) => ({
        id: r.id,
        page: r.page,
        document: r.document_id,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        createdBy: r.created_by && names.has(r.created_by) ? { uid: r.created_by, name: names.get(r.created_by) ?? '' } : null,
      })),
    };
  }

  async revoke(principal: Principal | null, params: unknown, ip: string | null): Promise<void> {
    authorize(principal, 'delete', { type: 'preview' });
    const { id } = parse(idParams, params);
    const at = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const link = await repo.findPreviewLink(trx, id);
      const title = link ? (await this.services.structure.workingPage(link.page))?.title : undefined;
      if (!link) throw new AppError('not-found', 'There is no such preview link.');
      // Revoking twice changes nothing and records nothing more.
      if (!(await repo.revokePreviewLink(trx, id, at))) return;
      await appendAudit(trx, { action: 'preview.revoke', actor: principal ? { uid: principal.uid } : null, subjectId: id, subject: title ?? link.page, ip, at });
    });
  }

  /** The page a token opens, built afresh (never cached), or why it opens none. */
  async open(token: string): Promise<PreviewOpening> {
    // Tokens are 43 URL-safe characters; anything else is not one of ours and costs no query.
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, reason: 'unknown' };
    const link = await repo.findPreviewLinkByToken(this.db, token);
    if (!link) return { ok: false, reason: 'unknown' };
    if (link.revoked_at) return { ok: false, reason: 'revoked' };
    if (Date.parse(link.expires_at) <= this.now().getTime()) return { ok: false, reason: 'expired' };
    const page = await this.services.structure.workingPage(link.page);
    if (!page) return { ok: false, reason: 'unknown' };
    // A preview shows the navigation's unpublished changes too.
    const structure = await this.services.structure.current();
    const lang = link.lang && link.lang !== structure.languages.defaultLanguage && structure.languages.languages.some((l) => l.code === link.lang) ? link.lang : null;
    const navigation = lang ? await this.services.structure.publicNavigation(lang) : await this.services.structure.previewNavigation();
    const bundle = await previewBundle(this.services.db, page, link.document_id, await this.settings(), navigation, structure, lang, this.services.structure);
    return { ok: true, page, bundle, expiresAt: link.expires_at };
  }
}
