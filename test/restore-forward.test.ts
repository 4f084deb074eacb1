/**
 * An archive taken at an older schema level restores into this version: its
 * rows are brought forward through the migrations (in a scratch database) and
 * then restored as usual, into a fresh SQLite and a fresh PostgreSQL database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { Refusal } from '../src/server/backup/restore.js';
import { backupTo, editArchive, restoreFrom, snapshot, withoutRenewals } from './backup-fixtures.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { addedSinceFirst, appliedMigrations, expectBroughtForward, expectOldSiteWorks, oldSite, type OldSite } from './upgrade-fixtures.js';
import { migrationNames } from '../src/server/db/index.js';


describe.each(dialects())('an archive from an older schema level, taken on %s', (sourceDialect) => {
  let source: TestDatabase;
  let site: OldSite;
  let dir: string;
  let archive: string;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase(sourceDialect);
    const config = testConfig(source);
    site = await oldSite(source, config);
    dir = tempDir('ngo-restore-forward-');
    archive = path.join(dir, 'old.tar.gz');
    const db = source.open();
    try {
      await backupTo(config, db, archive);
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await source?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function target(dialect: (typeof sourceDialect)): Promise<TestDatabase> {
    const t = await createTestDatabase(dialect);
    targets.push(t);
    return t;
  }

  it.each(dialects())('restores into a fresh %s database: every row as it was plus the new columns, accounts sign in', async (targetDialect) => {
    const t = await target(targetDialect);
    const config = testConfig(t);
    const db = t.open();
    try {
      const result = await restoreFrom(config, db, archive);
      expect(result.broughtForwardFrom).toBe(site.level);
      expect(await appliedMigrations(db)).toEqual(migrationNames(targetDialect));
      expectBroughtForward(site.before, await snapshot(config, db), addedSinceFirst, withoutRenewals);
    } finally {
      await db.close();
    }
    const app = await buildApp(config, { logger: false, render: false });
    try {
      await expectOldSiteWorks(app, site);
    } finally {
      await app.close();
    }
  });

  it.each(dialects())('into a %s database that holds content: refused without --replace, replaced with it', async (targetDialect) => {
    const t = await target(targetDialect);
    const config = testConfig(t);
    const app = await buildApp(config, { logger: false, render: false });
    try {
      await app.services.db.kysely.insertInto('settings').values({ key: 'site', data: '{}', version: 9, updated_at: new Date().toISOString(), updated_by: null }).execute();
      const held = await snapshot(config, app.services.db);
      await expect(restoreFrom(config, app.services.db, archive)).rejects.toThrow('the database is not empty; add --replace to overwrite it');
      expect(await snapshot(config, app.services.db)).toEqual(held);
      await restoreFrom(config, app.services.db, archive, { replace: true });
      expectBroughtForward(site.before, await snapshot(config, app.services.db), addedSinceFirst, withoutRenewals);
    } finally {
      await app.close();
    }
  });

  it('refuses rows that cannot be brought forward and leaves the target as it was', async () => {
    // Two users with one id: the scratch database refuses them, so nothing reaches the target.
    const file = path.join(dir, 'duplicate-user.tar.gz');
    await editArchive(
      archive,
      file,
      (entries, manifest) => {
        const lines = (entries.get('tables/users.jsonl')?.toString('utf8') ?? '').split('\n').filter(Boolean);
        entries.set('tables/users.jsonl', Buffer.from([...lines, lines[0]].join('\n') + '\n'));
        const users = (manifest.tables as { name: string; rows: number }[]).find((x) => x.name === 'users');
        if (users) users.rows += 1;
      },
      true,
      testConfig(source).authSecret,
    );
    const t = await target(sourceDialect);
    const config = testConfig(t);
    const app = await buildApp(config, { logger: false, render: false });
    try {
      const held = await snapshot(config, app.services.db);
      const attempt = restoreFrom(config, app.services.db, file, { replace: true });
      await expect(attempt).rejects.toBeInstanceOf(Refusal);
      await expect(attempt).rejects.toThrow(`the archive's rows could not be brought forward from schema level ${site.level}`);
      expect(await snapshot(config, app.services.db)).toEqual(held);
    } finally {
      await app.close();
    }
  });
});
