/**
 * Backups as an operator meets them: a site with demo content, an edit, an
 * upload and two staff accounts is backed up and restored into a fresh SQLite
 * and a fresh PostgreSQL database, and everything comes back.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { unpack, addContent, backupTo, restoreFrom, snapshot, withoutRenewals, type SiteContent } from './backup-fixtures.js';
import { signIn } from './auth-helpers.js';
import { buildSeeded, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { manifestSchema } from '../src/server/backup/format.js';
import { migrationNames } from '../src/server/db/index.js';

/**
 * Table names straight from the catalogue, written independently of the backup
 * code. Two exceptions: backup_runs records this server's own backup files, so
 * archives leave it out (catalogue.ts, installationTables); and SQLite's
 * title search index documents_title_fts with its shadow tables is derived
 * from the documents rows (catalogue.ts, derivedTables).
 */
async function catalogueTables(t: TestApp): Promise<string[]> {
  const { kysely, dialect } = t.app.services.db;
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(kysely)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(kysely);
  const derived = (n: string) => n === 'documents_title_fts' || n.startsWith('documents_title_fts_');
  return rows.rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_migration') && n !== 'backup_runs' && !derived(n)).sort();
}

describe.each(dialects())('backup of a site on %s', (dialect) => {
  let source: TestApp;
  let content: SiteContent;
  let archive: string;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await buildSeeded(dialect);
    content = await addContent(source.app);
    archive = path.join(tempDir('ngo-backup-'), 'site.tar.gz');
    const started = Date.now();
    const result = await backupTo(source.app.services.config, source.app.services.db, archive);
    console.info(`backup of the demo site on ${dialect}: ${Date.now() - started} ms, ${result.rows} rows, ${result.mediaObjects} media objects, ${result.bytes} bytes`);
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await source?.close();
  });

  it('lists every table of the database in the manifest, with its row count', async () => {
    const manifest = manifestSchema.parse(JSON.parse((await unpack(archive)).get('manifest.json')?.toString('utf8') ?? ''));
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(await catalogueTables(source));
    const users = await source.app.services.db.kysely.selectFrom('users').select('id').execute();
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBe(users.length);
    // The newest migration this code has (migration names sort in the order they run).
    expect(manifest.schemaLevel).toBe(migrationNames(dialect).at(-1));
    expect(manifest.source.dialect).toBe(dialect);
  });

  it.each(dialects())('restores into a fresh %s database: same rows, same media bytes, same home page, accounts sign in', async (targetDialect) => {
    const target = await createTestDatabase(targetDialect);
    targets.push(target);
    const config = testConfig(target);
    const db = target.open();
    const started = Date.now();
    try {
      const result = await restoreFrom(config, db, archive);
      console.info(`restore of the demo site from ${dialect} into ${targetDialect}: ${Date.now() - started} ms, ${result.rows} rows, ${result.mediaObjects} media objects`);
      expect(withoutRenewals(await snapshot(config, db))).toEqual(withoutRenewals(await snapshot(source.app.services.config, source.app.services.db)));
    } finally {
      await db.close();
    }
    const app = await buildApp(config, { logger: false, render: false });
    try {
      const before = await source.app.inject({ method: 'GET', url: '/api/pages/home' });
      const after = await app.inject({ method: 'GET', url: '/api/pages/home' });
      expect(after.statusCode).toBe(200);
      expect(after.body).toBe(before.body);
      expect(after.body).toContain('(edited before the backup)');
      let idToken = '';
      for (const user of [content.super, content.admin]) {
        const res = await signIn(app, user.email, user.password);
        expect(res.statusCode, res.body).toBe(200);
        idToken = (res.json() as { idToken: string }).idToken;
      }
      // The sessions of before the backup ended with the restore; a new sign-in opens the pictures.
      expect((await app.inject({ method: 'GET', url: `/api/media/${content.mediaId}`, headers: content.admin.headers })).statusCode).toBe(401);
      const media = await app.inject({ method: 'GET', url: `/api/media/${content.mediaId}`, headers: { authorization: `Bearer ${idToken}` } });
      expect(media.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
