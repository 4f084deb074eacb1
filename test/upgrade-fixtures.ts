/**
 * Shared by the upgrade and forward-restore tests: a database left at the first
 * migration with staff accounts, blocks, site settings, a refresh token and a
 * stored picture in it, as a site of that version would have held them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AppConfig } from '../src/server/config.js';
import { migrate, migrationNames, type Db, type Dialect } from '../src/server/db/index.js';
import { createMediaStore, keyFor, sha256Hex } from '../src/server/media/store.js';
import { getCollection } from '../src/shared/collections.js';
import { defaultSiteSettings } from '../src/shared/settings.js';
import { parseBackupName } from '../src/shared/backups.js';
import { signIn } from './auth-helpers.js';
import { snapshot, type Snapshot } from './backup-fixtures.js';
import { validData } from './content-fixtures.js';
import type { TestDatabase } from './helpers/databases.js';

export interface OldAccount {
  email: string;
  password: string;
}

export interface OldSite {
  /** The schema level the database was left at (the first migration). */
  level: string;
  accounts: OldAccount[];
  mediaId: string;
  /** Title of a published block on the home page. */
  homeTitle: string;
  /** Every row and media object, as the database held them at that level. */
  before: Snapshot;
}

export function firstLevel(dialect: Dialect): string {
  const first = migrationNames(dialect)[0];
  if (!first) throw new Error('the site has no migrations');
  return first;
}

/** Fills a fresh test database at the first migration; the database is closed again afterwards. */
export async function oldSite(t: TestDatabase, config: AppConfig): Promise<OldSite> {
  const db = t.open();
  try {
    const level = firstLevel(t.dialect);
    await migrate(db, { to: level });
    const now = new Date().toISOString();
    const accounts: OldAccount[] = [
      { email: 'founder@example.org', password: 'founder passphrase 1' },
      { email: 'editor@example.org', password: 'editor passphrase 2' },
    ];
    const ids: string[] = [];
    for (const [i, account] of accounts.entries()) {
      const id = crypto.randomUUID();
      ids.push(id);
      // The users table as the first migration made it (no token_epoch yet).
      await (db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('users')
        .values({
          id,
          email: account.email,
          display_name: i === 0 ? 'Founder' : 'Editor',
          // Low cost is fine for fixtures; the hash carries its own parameters.
          password_hash: await hash(account.password, { memoryCost: 1024, timeCost: 1, parallelism: 1 }),
          role: i === 0 ? 'super' : 'admin',
          disabled: 0,
          created_at: now,
          updated_at: now,
          last_sign_in_at: i === 0 ? now : null,
        })
        .execute();
    }
    await db.kysely
      .insertInto('refresh_tokens')
      .values({
        id: crypto.randomUUID(),
        family_id: crypto.randomUUID(),
        user_id: ids[0] ?? '',
        token_hash: sha256Hex(crypto.randomBytes(32)),
        created_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        used_at: null,
        revoked_at: null,
      })
      .execute();

    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
    const mediaId = sha256Hex(picture);
    await createMediaStore({ config, db }).put(keyFor(picture, 'image/png'), picture, 'image/png');
    await db.kysely
      .insertInto('media')
      .values({
        id: mediaId,
        sha256: mediaId,
        content_type: 'image/png',
        kind: 'image',
        byte_size: picture.length,
        width: 64,
        height: 48,
        dominant_color: '#1e785a',
        variants: '[]',
        original_name: 'before-the-upgrade.png',
        created_at: now,
        created_by: ids[1] ?? null,
      })
      .execute();

    const refs = { imageId: mediaId, fileId: mediaId };
    const blocks: { collection: string; label: string; status: 'draft' | 'published' }[] = [
      { collection: 'descriptionhome', label: 'Written before the upgrade', status: 'published' },
      { collection: 'descriptionhome', label: 'A draft from before', status: 'draft' },
      { collection: 'aboutvision', label: 'Vision from before', status: 'published' },
    ];
    for (const [i, block] of blocks.entries()) {
      const collection = getCollection(block.collection);
      if (!collection) throw new Error(`no collection ${block.collection}`);
      await db.kysely
        .insertInto('documents')
        .values({
          id: `before${i}`,
          collection: block.collection,
          data: JSON.stringify(validData(collection, refs, block.label)),
          position: i,
          status: block.status,
          version: 1,
          created_at: now,
          updated_at: now,
          created_by: ids[1] ?? null,
          updated_by: ids[1] ?? null,
        })
        .execute();
    }
    await db.kysely
      .insertInto('settings')
      .values({ key: 'site', data: JSON.stringify({ ...defaultSiteSettings, tagline: 'Settings from before the upgrade' }), version: 3, updated_at: now, updated_by: ids[0] ?? null })
      .execute();
    return { level, accounts, mediaId, homeTitle: 'Written before the upgrade title', before: await snapshot(config, db) };
  } finally {
    await db.close();
  }
}

/** A log stream for buildApp that keeps what pino wrote. */
export function captureLog(): { stream: Writable; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

/** The upgrade backups in a folder, oldest first. */
export function upgradeBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => parseBackupName(name)?.trigger === 'upgrade')
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * `after` holds every row of `before` unchanged, each with exactly the columns
 * later migrations added (`added`, per table: column and its default, or the
 * values a migration computed from the row), and
 * tables added since are empty. Media are the same bytes.
 */
export function expectBroughtForward(
  before: Snapshot,
  after: Snapshot,
  added: Record<string, Record<string, unknown> | ((row: Record<string, unknown>) => Record<string, unknown>)>,
  /** Applied to both sides: a restore's renewals (withoutRenewals) are not the migrations'. */
  normalise: (s: Snapshot) => Snapshot = (s) => s,
): void {
  expect(after.media).toEqual(before.media);
  for (const table of Object.keys(before.tables)) expect(after.tables, `table ${table} is still there`).toHaveProperty(table);
  const expectedTables: Record<string, string[]> = {};
  for (const table of Object.keys(after.tables)) {
    const add = added[table];
    expectedTables[table] = (before.tables[table] ?? []).map((line) => JSON.parse(line) as Record<string, unknown>).map((row) => JSON.stringify({ ...row, ...(typeof add === 'function' ? add(row) : add) }));
  }
  const expected = normalise({ tables: expectedTables, media: before.media });
  // A database from before pages were data gets the pages it starts with (structure/default-pages.ts) at its first start.
  const hadPages = (before.tables.documents ?? []).some((line) => startingPageRow('documents', line));
  // Likewise the audit chain's row (its head), made at the first start of a database from before the chain.
  const hadChain = (before.tables.audit_chain ?? []).length > 0;
  const startedHere = (table: string, line: string) => (!hadPages && startingPageRow(table, line)) || (!hadChain && table === 'audit_chain');
  const actual = normalise({ ...after, tables: Object.fromEntries(Object.entries(after.tables).map(([table, rows]) => [table, rows.filter((line) => !startedHere(table, line))])) });
  for (const [table, rows] of Object.entries(actual.tables)) {
    expect(rows.map(canonical).sort(), `${table}: every row as before, new columns at their defaults`).toEqual((expected.tables[table] ?? []).map(canonical).sort());
  }
}

/** A row the server writes when it gives an upgraded database its pages: a page record, its first revision, its address. */
function startingPageRow(table: string, line: string): boolean {
  if (table === 'site_paths') return true;
  const row = JSON.parse(line) as { collection?: unknown };
  return (table === 'documents' || table === 'revisions') && (row.collection === 'sitepage' || row.collection === 'sitenavigation');
}

/** The same row with its columns in name order, so rows compare whatever order the columns came in. */
function canonical(line: string): string {
  const row = JSON.parse(line) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.keys(row).sort().map((k) => [k, row[k]])));
}

/** Every account signs in with its password; the home page shows the old block; the picture is served. */
export async function expectOldSiteWorks(app: FastifyInstance, site: OldSite): Promise<void> {
  let token = '';
  for (const account of site.accounts) {
    const res = await signIn(app, account.email, account.password);
    expect(res.statusCode, res.body).toBe(200);
    token = (res.json() as { idToken: string }).idToken;
  }
  const home = await app.inject({ method: 'GET', url: '/api/pages/home' });
  expect(home.statusCode).toBe(200);
  expect(home.body).toContain(site.homeTitle);
  const media = await app.inject({ method: 'GET', url: `/api/media/${site.mediaId}`, headers: { authorization: `Bearer ${token}` } });
  expect(media.statusCode, media.body).toBe(200);
}

/** The migrations the database records as applied, straight from Kysely's table (each name once, if all is well). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
  return rows.rows.map((r) => r.name);
}

/** What the migrations after the first add to rows that existed before them. */
export const addedSinceFirst = {
  users: { token_epoch: '' },
  refresh_tokens: { user_agent: null, ip: null, last_used_at: null, session_created_at: null },
  // The fixture's blocks have an ASCII `title`: searched in lower case; no pending changes, schedule, confirmed check errors, trash mark or request key.
  documents: (row: Record<string, unknown>) => ({
    title_search: (JSON.parse(String(row.data)) as { title: string }).title.toLowerCase(),
    pending_data: null,
    publish_at: null,
    unpublish_at: null,
    deleted_at: null,
    deleted_by: null,
    publish_override: null,
    request_key: null,
  }),
  // No default alt text or focal point; the file name folded for the library's search; AVIF copies not made yet (the job makes them).
  media: (row: Record<string, unknown>) => ({ alt: '', focal_x: null, focal_y: null, search_text: `${String(row.original_name).toLowerCase()}\n`, avif_checked: 0 }),
};
