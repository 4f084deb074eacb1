/**
 * Demo content: a new install shows a believable NGO site, not empty pages.
 * The blocks are in ./content/, the pictures and PDFs in ./demo-media.ts.
 */
import { advisoryLockKeys, takeTransactionLock } from '../db/session-lock.js';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { collectionDataSchema, getCollection } from '../../shared/collections.js';
import { demoLanguages } from './content/kiswahili.js';
import { seedTranslations } from './translations.js';
import { defaultSiteSettings, siteSettingsSchema, type SiteSettings } from '../../shared/settings.js';
import { AppError } from '../../shared/errors.js';
import { structureCollections } from '../../shared/declarations.js';

import { countUsers, createAccount } from '../auth/accounts/accounts.js';
import { titleSearchFor } from '../content/repository.js';
import { sanitizeRichTextFields } from '../content/sanitize.js';
import { saveSettingsIfVersion } from '../settings/repository.js';
import { createMediaStore } from '../media/store.js';
import type { Services } from '../services.js';
import { demoCategories, demoContent, demoPublications, type CategorySlug } from './content/index.js';
import { mediaLookup, pictures, seedMedia } from './demo-media.js';
import { seedRegistrations } from './registrations.js';
import { youthWorkshopId } from './content/events.js';
import { registrationSettingsOf } from '../../shared/events.js';
import { deleteBlocksOutside, documentCollections, hasBlocksOutside, insertSeededDocuments } from '../content/repository.js';
import { deleteTranslationsOutside } from '../translations/repository.js';
import { deleteAllSettings } from '../settings/repository.js';
import { allMediaIds, deleteAllMedia } from '../media/repository.js';

export const demoAdminEmail = 'admin@tujenge.example.org';

type SeedServices = Pick<Services, 'config' | 'db' | 'changes'>;
export type Progress = (line: string) => void;

export interface SeedReport {
  documents: number;
  collections: number;
  images: number;
  files: number;
  ms: number;
}

/** Creates the demo super-admin when nobody can sign in yet; prints the password once. */
export async function ensureDemoAdmin(services: SeedServices): Promise<void> {
  if (services.config.bootstrapSuperEmail) return;
  if ((await countUsers(services.db.kysely)) > 0) return;
  const password = crypto.randomBytes(12).toString('base64url');
  try {
    await createAccount(services.db.kysely, { email: demoAdminEmail, password, role: 'super', displayName: 'Site administrator' }, { skipCommonCheck: true });
  } catch (err) {
    // Another instance starting at the same moment created it (and printed its password).
    if (err instanceof AppError && err.code === 'auth/email-already-in-use') return;
    throw err;
  }
  // console, not the logger: the password must appear once, on this terminal, never in log files.
  console.log(
    [
      '',
      '  A super-admin account was created for this new site:',
      `    e-mail:   ${demoAdminEmail}`,
      `    password: ${password}`,
      `  Sign in at ${services.config.publicUrl}/login. Write the password down now: it is not shown again.`,
      '',
    ].join('\n'),
  );
}

/** Content blocks, not the structure: a new site has its pages and navigation (structure/default-pages.ts) and no blocks yet. */
async function hasDocuments(services: SeedServices): Promise<boolean> {
  return hasBlocksOutside(services.db.kysely, [...structureCollections]);
}

/** Seeds the demo content; does nothing when documents exist (checked again inside the transaction). */
export async function seedDemo(services: SeedServices, progress: Progress): Promise<SeedReport | null> {
  const started = Date.now();
  const store = createMediaStore(services);
  const ids = await seedMedia(services, store, progress);
  const categoryIds = Object.fromEntries(demoCategories.map((c) => [c.slug, crypto.randomUUID()])) as Record<CategorySlug, string>;
  const now = new Date();
  const blocks = demoContent(mediaLookup(ids), categoryIds, now);

  // Validated and sanitised exactly as the content API would, so the demo is valid content.
  const rows = blocks.map((b, index) => {
    const c = getCollection(b.collection);
    if (!c) throw new Error(`seed: unknown collection ${b.collection}`);
    const parsed = collectionDataSchema(c).safeParse(sanitizeRichTextFields(c.fields, b.data));
    if (!parsed.success) throw new Error(`seed: invalid ${b.collection} block ${index}: ${parsed.error.message}`);
    const data = JSON.stringify(parsed.data);
    return { id: b.id ?? crypto.randomUUID(), collection: b.collection, status: b.status, data, title_search: titleSearchFor(b.collection, data) };
  });
  const settings: SiteSettings = {
    ...defaultSiteSettings,
    logo: { mediaId: ids.get('site-logo') ?? '', alt: defaultSiteSettings.organisationName, decorative: false },
    phone: '+000 22 000 1234',
    address: 'Plot 14, Uhuru Road, Bahari',
    ...demoLanguages,
  };
  const settingsData = JSON.stringify(siteSettingsSchema.parse(settings));

  const at = now.toISOString();
  const inserted = await services.db.kysely.transaction().execute(async (trx) => {
    // Several instances may start at once on one PostgreSQL: only the first seeds.
    await takeTransactionLock(services.db, trx, advisoryLockKeys.seedDemo);
    if (await hasBlocksOutside(trx, [...structureCollections])) return false;
    const positions = new Map<string, number>();
    const values = rows.map((r) => {
      const position = positions.get(r.collection) ?? 0;
      positions.set(r.collection, position + 1);
      return { ...r, position, version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null };
    });
    await insertSeededDocuments(trx, values);
    // Version 0: only when no settings are saved yet.
    await saveSettingsIfVersion(trx, 0, settingsData, at, null);
    await seedTranslations(trx, values, JSON.parse(settingsData) as Record<string, unknown>, at);
    const workshop = values.find((v) => v.id === youthWorkshopId);
    const registration = workshop ? registrationSettingsOf(JSON.parse(workshop.data) as Record<string, unknown>) : null;
    if (workshop && registration) {
      await seedRegistrations(trx, services.config.authSecret, { id: workshop.id, title: 'Youth leadership workshop', endsAt: registration.endsAt, retentionMonths: registration.retentionMonths }, now);
    }
    return true;
  });
  if (!inserted) {
    progress('seed: another process seeded the content first; nothing to do');
    return null;
  }
  const collections = new Set(rows.map((r) => r.collection));
  for (const collection of collections) services.changes.publish({ type: 'documents', collection });
  services.changes.publish({ type: 'settings' });
  const report: SeedReport = { documents: rows.length, collections: collections.size, images: pictures().length, files: Object.keys(demoPublications).length, ms: Date.now() - started };
  progress(`seed: ${report.documents} blocks in ${report.collections} collections, ${report.images} pictures and ${report.files} PDF reports, in ${(report.ms / 1000).toFixed(1)} s`);
  return report;
}

/** At start-up: the demo super-admin when nobody can sign in, and the demo content on an empty database. */
export async function seedIfEmpty(services: Services, log: FastifyBaseLogger): Promise<void> {
  await ensureDemoAdmin(services);
  if (await hasDocuments(services)) return;
  log.info('seed: the database has no content yet; adding the demo content');
  await seedDemo(services, (line) => log.info(line));
}

/** `npm run seed -- --reset`: removes every block, the settings and all media, keeping user accounts, the pages and the navigation. */
export async function resetContent(services: SeedServices, progress: Progress): Promise<void> {
  const store = createMediaStore(services);
  const media = await allMediaIds(services.db.kysely);
  const collections = await documentCollections(services.db.kysely);
  await services.db.kysely.transaction().execute(async (trx) => {
    await deleteBlocksOutside(trx, [...structureCollections]);
    await deleteTranslationsOutside(trx, [...structureCollections]);
    await deleteAllSettings(trx);
    await deleteAllMedia(trx);
  });
  let removed = 0;
  for await (const { key } of store.list()) {
    await store.delete(key);
    removed += 1;
  }
  for (const collection of collections) services.changes.publish({ type: 'documents', collection });
  services.changes.publish({ type: 'settings' });
  for (const id of media) services.changes.publish({ type: 'media', id });
  progress(`seed: removed every block, the site settings and ${media.length} media (${removed} stored files); user accounts are kept`);
}
