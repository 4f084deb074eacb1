/**
 * The site settings: access, validation, optimistic concurrency, the audit
 * record and the change announcement of a save. Routes are thin wrappers over
 * this; mail, functions and previews read the settings through it in-process.
 */
import type { z } from 'zod';
import { siteSettingsFields, siteSettingsSchema, type SiteSettings } from '../../shared/settings.js';
import type { Principal } from '../../shared/access.js';
import type { FieldDef } from '../../shared/fields.js';
import { authorize } from '../authorize.js';
import type { Services } from '../services.js';
import { appendAudit } from '../audit/repository.js';
import { staleVersion, type Caller } from '../content/editorial.js';
import { parse, settingsBodySchema } from '../content/requests.js';
import type { ExpectedVersion } from '../http/if-match.js';
import * as repo from './repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../../shared/errors.js';
import { siteLanguagesOf } from '../../shared/languages.js';

/** Checks and cleans field data as every block's is (content/service.ts `prepareData`). */
export type PrepareData = (fields: readonly FieldDef[], schema: z.ZodType<Record<string, unknown>>, raw: unknown) => Promise<Record<string, unknown>>;

export class SettingsService {
  constructor(
    private readonly services: Services,
    private readonly prepareData: PrepareData,
  ) {}

  private get db() {
    return this.services.db.kysely;
  }

  current(): Promise<{ data: SiteSettings; version: number }> {
    return repo.readSiteSettings(this.db);
  }

  async read(principal: Principal | null): Promise<{ data: SiteSettings; version: number }> {
    authorize(principal, 'read', { type: 'settings' });
    return this.current();
  }

  async save(caller: Caller, expectedVersion: ExpectedVersion, body: unknown): Promise<{ data: SiteSettings; version: number }> {
    const { principal } = caller;
    authorize(principal, 'update', { type: 'settings' });
    const version = expectedVersion();
    const input = parse(settingsBodySchema, body);
    // The languages are kept as they are when a save leaves them out (the settings form edits the other fields).
    const stored = (await this.current()).data;
    const sent = input.data as Record<string, unknown>;
    const withLanguages = 'languages' in sent || 'defaultLanguage' in sent ? sent : { ...sent, ...(stored.languages ? { languages: stored.languages, defaultLanguage: stored.defaultLanguage } : {}) };
    const data = await this.prepareData(siteSettingsFields, siteSettingsSchema, withLanguages);
    const at = new Date().toISOString();
    const row = await this.db.transaction().execute(async (trx) => {
      const before = siteLanguagesOf((await repo.readSiteSettings(trx)).data).defaultLanguage;
      const saved = await repo.saveSettingsIfVersion(trx, version, JSON.stringify(data), at, principal?.uid ?? null);
      if (!saved) return saved;
      const after = siteLanguagesOf(data).defaultLanguage;
      if (after !== before) await moveDefaultLanguage(trx, before, after);
      await appendAudit(trx, { action: 'settings.save', actor: principal ? { uid: principal.uid } : null, subject: 'Site settings', ip: caller.ip, at });
      return saved;
    });
    if (!row) throw staleVersion();
    this.services.changes.publish({ type: 'settings' });
    return { data: JSON.parse(row.data) as SiteSettings, version: Number(row.version) };
  }
}

/**
 * A new default language (a French site set up from the English start):
 * the blocks' own text is the default language's, so its addresses,
 * redirects and missing addresses move to the new code. Refused, with
 * nothing changed, once either language has translations: their words
 * would swap meaning with the originals'.
 */
async function moveDefaultLanguage(trx: Kysely<Database>, from: string, to: string): Promise<void> {
  const translated = await trx.selectFrom('translations').select('lang').where('lang', 'in', [from, to]).limit(1).executeTakeFirst();
  const heldInNew = await trx.selectFrom('site_paths').select('lang').where('lang', '=', to).limit(1).executeTakeFirst();
  if (translated || heldInNew) {
    const message = `The default language can change only while nothing is translated into ${to} or into ${from}.`;
    throw new AppError('failed-precondition', `defaultLanguage: ${message}`, { field: 'defaultLanguage', fields: { defaultLanguage: message } });
  }
  await trx.updateTable('site_paths').set({ lang: to }).where('lang', '=', from).execute();
  await trx.updateTable('redirects').set({ lang: to }).where('lang', '=', from).execute();
  await trx.updateTable('not_found').set({ lang: to }).where('lang', '=', from).execute();
}
