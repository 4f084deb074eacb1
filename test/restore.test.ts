/**
 * Restores that must be refused, and a restore that fails halfway: each leaves
 * the database exactly as it was. Plus encryption at rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_PASSPHRASE } from '../src/server/backup/envelope.js';
import { NOT_EMPTY, Refusal } from '../src/server/backup/restore.js';
import { migrationNames } from '../src/server/db/index.js';
import { SEAL_MISMATCH, UNSEALED } from '../src/server/backup/archive-reader.js';
import { MANIFEST_SEAL } from '../src/server/backup/format.js';
import { addContent, backupTo, editArchive, restoreFrom, snapshot, withoutRenewals, type Snapshot } from './backup-fixtures.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';

const passphrase = 'correct horse battery staple';

describe.each(dialects())('restore refusals on %s', (dialect) => {
  let site: TestApp;
  let dir: string;
  let archive: string;
  let before: Snapshot;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    site = await build(dialect);
    await addContent(site.app);
    dir = tempDir('ngo-restore-');
    archive = path.join(dir, 'site.tar.gz');
    await backupTo(site.app.services.config, site.app.services.db, archive);
    // Changed after the backup, so a restore that went ahead would visibly change the database.
    await site.app.services.db.kysely.updateTable('users').set({ display_name: 'Changed after the backup' }).execute();
    before = await snapshot(site.app.services.config, site.app.services.db);
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await site?.close();
  });

  /** The site's AUTH_SECRET: what seals its plain archives. */
  const secret = () => site.app.services.config.authSecret;

  async function expectRefused(file: string, message: RegExp | string, options: { replace?: boolean; passphrase?: string } = { replace: true }): Promise<void> {
    const attempt = restoreFrom(site.app.services.config, site.app.services.db, file, options);
    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toThrow(message);
    expect(await snapshot(site.app.services.config, site.app.services.db)).toEqual(before);
  }

  it('refuses an archive with one byte flipped', async () => {
    const bytes = fs.readFileSync(archive);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    const file = path.join(dir, 'flipped.tar.gz');
    fs.writeFileSync(file, bytes);
    await expectRefused(file, /damaged|checksum|does not match/);
  });

  it('refuses a truncated archive', async () => {
    const file = path.join(dir, 'truncated.tar.gz');
    fs.writeFileSync(file, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.6)));
    await expectRefused(file, /damaged or incomplete/);
  });

  it('refuses a row changed inside the archive (the checksum no longer matches)', async () => {
    const file = path.join(dir, 'edited-row.tar.gz');
    await editArchive(archive, file, (entries) => {
      const users = entries.get('tables/users.jsonl')?.toString('utf8') ?? '';
      entries.set('tables/users.jsonl', Buffer.from(users.replace('"role":"admin"', '"role":"super"')));
    }, false, secret());
    await expectRefused(file, 'checksum mismatch for tables/users.jsonl');
  });

  it('refuses a row changed inside the archive with every checksum recomputed: the seal no longer matches', async () => {
    const file = path.join(dir, 'resealed-by-hand.tar.gz');
    await editArchive(
      archive,
      file,
      (entries) => {
        const users = entries.get('tables/users.jsonl')?.toString('utf8') ?? '';
        entries.set('tables/users.jsonl', Buffer.from(users.replace('"role":"admin"', '"role":"super"')));
      },
      true,
    );
    await expectRefused(file, SEAL_MISMATCH);
    // Sealed again, but with a secret that is not this site's: refused the same way.
    const forged = path.join(dir, 'forged-seal.tar.gz');
    await editArchive(archive, forged, () => undefined, true, 'a guess at the secret, long enough to look real');
    await expectRefused(forged, SEAL_MISMATCH);
  });

  it('refuses an archive whose seal was removed unless the operator accepts an unsealed archive, and then says so', async () => {
    const file = path.join(dir, 'unsealed.tar.gz');
    await editArchive(archive, file, (entries) => entries.delete(MANIFEST_SEAL));
    await expectRefused(file, UNSEALED);
    await expectRefused(file, UNSEALED, { replace: true, passphrase: 'a passphrase does not stand in for the seal' });
    const target = await createTestDatabase(dialect);
    targets.push(target);
    const config = testConfig(target);
    const db = target.open();
    try {
      const result = await restoreFrom(config, db, file, { acceptUnsealed: true });
      expect(result.unsealed).toBe(true);
      const line = await db.kysely.selectFrom('audit_log').select('subject').where('action', '=', 'backup.restore').executeTakeFirstOrThrow();
      expect(line.subject).toContain('unsealed: accepted with --accept-unsealed');
    } finally {
      await db.close();
    }
  });

  it('refuses an archive from a newer schema level', async () => {
    const file = path.join(dir, 'newer.tar.gz');
    await editArchive(archive, file, (_entries, manifest) => {
      manifest.schemaLevel = '2099-01-01-from-the-future';
    }, false, secret());
    await expectRefused(file, `newer than this site's ${migrationNames(dialect).at(-1)}; upgrade the site first`);
  });

  it('refuses an archive whose schema level is not one of this site\'s migrations', async () => {
    const file = path.join(dir, 'unknown-level.tar.gz');
    await editArchive(archive, file, (_entries, manifest) => {
      manifest.schemaLevel = '2000-01-01-another-product';
    }, false, secret());
    await expectRefused(file, "the archive's schema level 2000-01-01-another-product is not one of this site's migrations");
  });

  it('refuses an archive whose page shows supporters\' records in a section, naming the page, even sealed', async () => {
    const file = path.join(dir, 'private-section.tar.gz');
    await editArchive(
      archive,
      file,
      (entries) => {
        const lines = (entries.get('tables/documents.jsonl')?.toString('utf8') ?? '').split('\n');
        const edited = lines.map((line) => {
          if (!line) return line;
          const row = JSON.parse(line) as Record<string, unknown>;
          if (row.collection !== 'sitepage' || row.id !== 'about') return line;
          const data = JSON.parse(String(row.data)) as { sections: unknown[] };
          data.sections.push({ id: 'contacts', kind: 'section', heading: null, collection: 'customer', options: {} });
          return JSON.stringify({ ...row, data: JSON.stringify(data) });
        });
        expect(edited).not.toEqual(lines);
        entries.set('tables/documents.jsonl', Buffer.from(edited.join('\n')));
      },
      true,
      secret(),
    );
    await expectRefused(file, /page about of the archive has a section that cannot be restored: .*“customer” is for staff only/);
  });

  it('refuses a database that is not empty without --replace', async () => {
    await expectRefused(archive, NOT_EMPTY, { replace: false });
  });

  it('leaves every row as it was when the transaction fails halfway (a duplicate key in one table)', async () => {
    const file = path.join(dir, 'duplicate.tar.gz');
    await editArchive(
      archive,
      file,
      (entries, manifest) => {
        const lines = (entries.get('tables/users.jsonl')?.toString('utf8') ?? '').split('\n').filter(Boolean);
        entries.set('tables/users.jsonl', Buffer.from([...lines, lines[0]].join('\n') + '\n'));
        const tables = manifest.tables as { name: string; rows: number }[];
        const users = tables.find((t) => t.name === 'users');
        if (users) users.rows += 1;
      },
      true,
      secret(),
    );
    const attempt = restoreFrom(site.app.services.config, site.app.services.db, file, { replace: true });
    await expect(attempt).rejects.toThrow();
    await expect(attempt).rejects.not.toBeInstanceOf(Refusal);
    expect(await snapshot(site.app.services.config, site.app.services.db)).toEqual(before);
  });

  describe('with BACKUP_PASSPHRASE', () => {
    let encrypted: string;
    beforeAll(async () => {
      encrypted = path.join(dir, 'site.tar.gz.enc');
      await backupTo(site.app.services.config, site.app.services.db, encrypted, passphrase);
    });

    it('writes no readable tar.gz: the archive is ciphertext', () => {
      const bytes = fs.readFileSync(encrypted);
      expect(bytes.subarray(0, 8).toString('ascii')).toBe('NGOBKEN1');
      expect(bytes.includes(Buffer.from('editor@example.org'))).toBe(false);
    });

    it('refuses a wrong passphrase, a missing one, and a flipped byte', async () => {
      await expectRefused(encrypted, WRONG_PASSPHRASE, { replace: true, passphrase: 'not the passphrase at all' });
      await expectRefused(encrypted, /encrypted; set BACKUP_PASSPHRASE/, { replace: true });
      const bytes = fs.readFileSync(encrypted);
      const at = bytes.length - 100;
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      const file = path.join(dir, 'flipped.tar.gz.enc');
      fs.writeFileSync(file, bytes);
      await expectRefused(file, WRONG_PASSPHRASE, { replace: true, passphrase });
    });

    it('restores with the right passphrase into a fresh database', async () => {
      const target = await createTestDatabase(dialect);
      targets.push(target);
      const config = testConfig(target);
      const db = target.open();
      try {
        await restoreFrom(config, db, encrypted, { passphrase });
        expect(withoutRenewals(await snapshot(config, db))).toEqual(withoutRenewals(before));
      } finally {
        await db.close();
      }
    });
  });
});
