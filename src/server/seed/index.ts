/**
 * Demo content: a new install shows a believable NGO site, not empty pages.
 * Pictures are drawn here (SVG rendered by sharp) and go through the same
 * ingest pipeline as staff uploads, so they have variants like any upload.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { collectionDataSchema, getCollection } from '../../shared/collections.js';
import { defaultSiteSettings, siteSettingsSchema, type SiteSettings } from '../../shared/settings.js';
import { AppError } from '../../shared/errors.js';
import { countUsers, createAccount } from '../auth/accounts.js';
import { sanitizeRichTextFields } from '../content/sanitize.js';
import { ingestMedia } from '../media/ingest.js';
import { createMediaStore, type MediaStore } from '../media/store.js';
import type { Services } from '../services.js';
import { coverSvg, heroSvg, logoSvg, palettes, portraitSvg, siteLogoSvg, type PortraitStyle, type Scene } from './compositions.js';
import { demoCategories, demoContent, demoPublications, type CategorySlug, type DemoMedia, type FileRef, type HeroName, type ImageRef, type PublicationName } from './content/index.js';
import { reportPdf } from './pdf.js';

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

const heroes: Record<HeroName, { scene: Scene; palette: keyof typeof palettes; alt: string }> = {
  assembly: { scene: 'assembly', palette: 'dawn', alt: 'Residents gathered in the open air around a speaker on a small stage' },
  townhall: { scene: 'townhall', palette: 'civic', alt: 'People gathered outside a district council building' },
  classroom: { scene: 'classroom', palette: 'teal', alt: 'Young people raising their hands during a training session' },
  market: { scene: 'market', palette: 'harvest', alt: 'Traders and shoppers at a busy village market' },
  march: { scene: 'march', palette: 'violet', alt: 'Women marching together with placards' },
  landscape: { scene: 'landscape', palette: 'dusk', alt: 'Homesteads and acacia trees on the hills at dusk' },
  assembly2: { scene: 'assembly', palette: 'coral', alt: 'A large crowd listening to a woman speaker' },
  classroom2: { scene: 'classroom', palette: 'civic', alt: 'Participants at a budget literacy workshop' },
  landscape2: { scene: 'landscape', palette: 'harvest', alt: 'Village homes among fields at sunrise' },
  march2: { scene: 'march', palette: 'teal', alt: 'Young people marching with banners' },
  townhall2: { scene: 'townhall', palette: 'dusk', alt: 'A council building at dusk with residents in front' },
  market2: { scene: 'market', palette: 'coral', alt: 'A village market with traders under coloured awnings' },
};

const partnerLogos: Record<string, { mark: Parameters<typeof logoSvg>[1]; colour: string; accent: string }> = {
  'Nordlys Foundation for Democracy': { mark: 'star', colour: '#1d4ed8', accent: '#f59e0b' },
  'Amani Women’s Fund': { mark: 'drop', colour: '#be185d', accent: '#fde68a' },
  'Open Budget Collective': { mark: 'hexagon', colour: '#047857', accent: '#fbbf24' },
  'Mwanga Community Radio': { mark: 'wave', colour: '#c2410c', accent: '#fff7ed' },
  'Fairshare Trust': { mark: 'circle', colour: '#0f766e', accent: '#99f6e4' },
  'Association of Women Councillors': { mark: 'triangle', colour: '#7c3aed', accent: '#f0abfc' },
  'Lakeside Legal Aid Centre': { mark: 'wave', colour: '#1e3a8a', accent: '#bfdbfe' },
  'Kisima Water Users Association': { mark: 'drop', colour: '#0369a1', accent: '#e0f2fe' },
  'Civic Tech Hub Bahari': { mark: 'hexagon', colour: '#111827', accent: '#22d3ee' },
  'Marangu Farmers’ Cooperative': { mark: 'leaf', colour: '#4d7c0f', accent: '#fef08a' },
  'Youth Voices Network': { mark: 'star', colour: '#e11d48', accent: '#fde68a' },
};

const publicationPalettes: Record<PublicationName, keyof typeof palettes> = { scorecard: 'teal', budget: 'civic', annual: 'coral' };
/** Portrait looks, by the index the content uses (matched loosely to the fictional people). */
const portraitLooks: { style: PortraitStyle; earrings: boolean }[] = [
  { style: 'headwrap', earrings: true },
  { style: 'long', earrings: false },
  { style: 'short', earrings: false },
  { style: 'bun', earrings: true },
  { style: 'headwrap', earrings: false },
  { style: 'short', earrings: false },
  { style: 'short', earrings: false },
  { style: 'bun', earrings: false },
  { style: 'short', earrings: false },
  { style: 'long', earrings: true },
];
const portraitCount = portraitLooks.length;

interface Picture {
  key: string;
  svg: () => string;
  format: 'jpeg' | 'png';
  name: string;
}

function pictures(): Picture[] {
  const list: Picture[] = [];
  for (const [name, h] of Object.entries(heroes)) {
    list.push({ key: `hero:${name}`, svg: () => heroSvg(h.scene, palettes[h.palette] ?? palettes.dawn!, name.length * 101 + name.charCodeAt(0)), format: 'jpeg', name: `hero-${name}.jpg` });
  }
  portraitLooks.forEach((look, i) => list.push({ key: `portrait:${i + 1}`, svg: () => portraitSvg(i + 1, look), format: 'jpeg', name: `portrait-${i + 1}.jpg` }));
  for (const [name, l] of Object.entries(partnerLogos)) list.push({ key: `logo:${name}`, svg: () => logoSvg(name, l.mark, l.colour, l.accent), format: 'png', name: `logo-${name}.png` });
  for (const [name, pub] of Object.entries(demoPublications)) {
    const pal = palettes[publicationPalettes[name as PublicationName]] ?? palettes.teal!;
    list.push({ key: `cover:${name}`, svg: () => coverSvg(pub.title, pub.year, pal, name.length * 13), format: 'jpeg', name: `cover-${name}.jpg` });
  }
  list.push({ key: 'site-logo', svg: () => siteLogoSvg(), format: 'png', name: 'tujenge-logo.png' });
  return list;
}

/** Runs `fn` over `items` with at most `limit` at once (the machine may have two cores). */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Draws every picture and ingests it with the PDFs; returns media ids by key. */
async function seedMedia(services: SeedServices, store: MediaStore, progress: Progress): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const all = pictures();
  progress(`seed: drawing ${all.length} pictures and writing ${Object.keys(demoPublications).length} PDF reports…`);
  let done = 0;
  await pool(all, 2, async (pic) => {
    const rendered = sharp(Buffer.from(pic.svg()));
    const bytes = pic.format === 'jpeg' ? await rendered.jpeg({ quality: 92 }).toBuffer() : await rendered.png().toBuffer();
    const { info } = await ingestMedia(services, store, { bytes, originalName: pic.name });
    ids.set(pic.key, info.id);
    done += 1;
    if (done % 10 === 0) progress(`seed: ${done}/${all.length} pictures`);
  });
  for (const [name, pub] of Object.entries(demoPublications)) {
    const pdf = reportPdf(pub.title, `Tujenge Civic Alliance · ${pub.year}`, pub.sections);
    const { info } = await ingestMedia(services, store, { bytes: pdf, originalName: pub.file });
    ids.set(`pdf:${name}`, info.id);
  }
  return ids;
}

function mediaLookup(ids: Map<string, string>): DemoMedia {
  const id = (key: string): string => {
    const value = ids.get(key);
    if (!value) throw new Error(`seed: no picture ${key}`);
    return value;
  };
  return {
    hero: (name: HeroName, alt?: string): ImageRef => ({ mediaId: id(`hero:${name}`), alt: alt ?? heroes[name].alt, decorative: false }),
    portrait: (index: number, alt: string): ImageRef => ({ mediaId: id(`portrait:${((index - 1) % portraitCount) + 1}`), alt, decorative: false }),
    logo: (name: string): ImageRef => ({ mediaId: id(`logo:${name}`), alt: `${name} logo`, decorative: false }),
    cover: (name: PublicationName): ImageRef => ({ mediaId: id(`cover:${name}`), alt: `Cover of “${demoPublications[name].title}”`, decorative: false }),
    pdf: (name: PublicationName): FileRef => ({ mediaId: id(`pdf:${name}`), name: demoPublications[name].file }),
  };
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

async function hasDocuments(services: SeedServices): Promise<boolean> {
  return !!(await services.db.kysely.selectFrom('documents').select('id').limit(1).executeTakeFirst());
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
    return { id: b.id ?? crypto.randomUUID(), collection: b.collection, status: b.status, data: JSON.stringify(parsed.data) };
  });
  const settings: SiteSettings = {
    ...defaultSiteSettings,
    logo: { mediaId: ids.get('site-logo') ?? '', alt: defaultSiteSettings.organisationName, decorative: false },
    phone: '+000 22 000 1234',
    address: 'Plot 14, Uhuru Road, Bahari',
  };
  const settingsData = JSON.stringify(siteSettingsSchema.parse(settings));

  const at = now.toISOString();
  const inserted = await services.db.kysely.transaction().execute(async (trx) => {
    // Several instances may start at once on one PostgreSQL: only the first seeds.
    if (services.db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${7_311_001})`.execute(trx);
    if (await trx.selectFrom('documents').select('id').limit(1).executeTakeFirst()) return false;
    const positions = new Map<string, number>();
    const values = rows.map((r) => {
      const position = positions.get(r.collection) ?? 0;
      positions.set(r.collection, position + 1);
      return { ...r, position, version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null };
    });
    for (let i = 0; i < values.length; i += 50) await trx.insertInto('documents').values(values.slice(i, i + 50)).execute();
    await trx
      .insertInto('settings')
      .values({ key: 'site', data: settingsData, version: 1, updated_at: at, updated_by: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
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

/** `npm run seed -- --reset`: removes every document, the settings and all media, keeping user accounts. */
export async function resetContent(services: SeedServices, progress: Progress): Promise<void> {
  const store = createMediaStore(services);
  const media = await services.db.kysely.selectFrom('media').select('id').execute();
  const collections = await services.db.kysely.selectFrom('documents').select('collection').distinct().execute();
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('documents').execute();
    await trx.deleteFrom('settings').execute();
    await trx.deleteFrom('media').execute();
  });
  let removed = 0;
  for await (const { key } of store.list()) {
    await store.delete(key);
    removed += 1;
  }
  for (const { collection } of collections) services.changes.publish({ type: 'documents', collection });
  services.changes.publish({ type: 'settings' });
  for (const { id } of media) services.changes.publish({ type: 'media', id });
  progress(`seed: removed every block, the site settings and ${media.length} media (${removed} stored files); user accounts are kept`);
}
