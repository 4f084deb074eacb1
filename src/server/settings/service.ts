/**
 * The site settings, read one way: every reader in the server asks this
 * service. The stored row is read once and kept until a change says it is
 * stale (the change bus, changes.ts: a save here, a seed, a media replacement
 * or another instance's save over PostgreSQL). Reads inside a write's own
 * transaction (`readIn`) go to the row. Saving: access, validation, optimistic
 * concurrency, the audit record and the change announcement.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { siteSettingsFields, siteSettingsSchema, type SiteSettings } from '../../shared/settings.js';
import type { Principal } from '../../shared/access.js';
import type { FieldDef } from '../../shared/fields.js';
import { authorize, type Caller } from '../authorize.js';
import type { ChangeBus } from '../changes.js';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { appendAudit } from '../audit/repository.js';
import type { ExpectedVersion } from '../http/if-match.js';
import { parseRequest } from '../plugins/errors.js';
import * as repo from './repository.js';
import { AppError } from '../../shared/errors.js';
import { siteLanguagesOf } from '../../shared/languages.js';

/** Checks and cleans field data as every block's is (content/service.ts `prepareData`). */
export type PrepareData = (fields: readonly FieldDef[], schema: z.ZodType<Record<string, unknown>>, raw: unknown) => Promise<Record<string, unknown>>;

/**
 * What a save needs of other domains: block data's checks (content), and the
 * move of the addresses to a new default language (structure).
 */
export interface SettingsHooks {
  prepareData: PrepareData;
  /** Moves what is keyed by language `from` to `to`, or refuses (an AppError) with nothing changed. */
  moveDefaultLanguage(trx: Kysely<Database>, from: string, to: string): Promise<void>;
}

/** The settings as stored, with the version a save must name. */
export interface StoredSettings {
  data: SiteSettings;
  version: number;
}

const settingsBodySchema = z.strictObject({
  data: z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: 'Expected an object of field values' }),
});

export class SettingsService {
  private cached: Promise<StoredSettings> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeBus,
    private readonly hooks: SettingsHooks,
  ) {
    this.unsubscribe = changes.subscribe((event) => {
      if (event.type === 'settings' || event.type === 'reset') this.cached = null;
    });
  }

  close(): void {
    this.unsubscribe();
    this.cached = null;
  }

  /** The settings as stored now (kept in memory until a change drops them). */
  current(): Promise<StoredSettings> {
    if (!this.cached) {
      const reading = repo.readSiteSettings(this.db.kysely);
      this.cached = reading;
      // A failed read is not kept: the next reader tries again.
      reading.catch(() => {
        if (this.cached === reading) this.cached = null;
      });
    }
    return this.cached;
  }

  /** The settings as stored on the connection given (a write's own transaction), never the kept copy. */
  async readIn(conn: Kysely<Database>): Promise<StoredSettings> {
    return repo.readSiteSettings(conn);
  }

  async read(principal: Principal | null): Promise<StoredSettings> {
    authorize(principal, 'read', { type: 'settings' });
    return this.current();
  }

  async save(caller: Caller, expectedVersion: ExpectedVersion, body: unknown): Promise<StoredSettings> {
    const { principal } = caller;
    authorize(principal, 'update', { type: 'settings' });
    const version = expectedVersion();
    const input = parseRequest(settingsBodySchema, body);
    // The languages are kept as they are when a save leaves them out (the settings form edits the other fields).
    const stored = (await repo.readSiteSettings(this.db.kysely)).data;
    const sent = input.data;
    const withLanguages = 'languages' in sent || 'defaultLanguage' in sent ? sent : { ...sent, ...(stored.languages ? { languages: stored.languages, defaultLanguage: stored.defaultLanguage } : {}) };
    const data = await this.hooks.prepareData(siteSettingsFields, siteSettingsSchema, withLanguages);
    const at = new Date().toISOString();
    const row = await this.db.kysely.transaction().execute(async (trx) => {
      const before = siteLanguagesOf((await repo.readSiteSettings(trx)).data).defaultLanguage;
      const saved = await repo.saveSettingsIfVersion(trx, version, JSON.stringify(data), at, principal?.uid ?? null);
      if (!saved) return saved;
      const after = siteLanguagesOf(data).defaultLanguage;
      if (after !== before) await this.hooks.moveDefaultLanguage(trx, before, after);
      await appendAudit(trx, { action: 'settings.save', actor: principal ? { uid: principal.uid } : null, subject: 'Site settings', ip: caller.ip, at });
      return saved;
    });
    if (!row) throw new AppError('aborted');
    this.changes.publish({ type: 'settings' });
    return { data: JSON.parse(row.data) as SiteSettings, version: Number(row.version) };
  }
}
