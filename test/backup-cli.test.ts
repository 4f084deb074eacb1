/** `npm run cli -- backup` and `restore` through a real child process: exit codes and the one-line messages. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { signIn } from './auth-helpers.js';
import { addContent } from './backup-fixtures.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { SEAL_MISMATCH } from '../src/server/backup/archive-reader.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';



describe.each(dialects())('npm run cli -- backup / restore on %s', (dialect) => {
  let site: TestApp;
  let target: TestDatabase;
  let dir: string;
  let emails: { email: string; password: string }[];

  beforeAll(async () => {
    site = await build(dialect);
    const content = await addContent(site.app);
    emails = [content.super, content.admin];
    target = await createTestDatabase(dialect === 'sqlite' ? 'postgres' : 'sqlite');
    dir = tempDir('ngo-backup-cli-');
  });
  afterAll(async () => {
    await target?.drop();
    await site?.close();
  });

  it('backs up with --out (exit 0, quiet on a pipe but for the summary line) and refuses bad usage (exit 2)', async () => {
    const run = await runCli(site.db, ['backup', '--out', path.join(dir, 'site.tar.gz')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(/^backup: .*site\.tar\.gz \(\d+ rows, 1 media objects/);
    expect(fs.statSync(path.join(dir, 'site.tar.gz')).size).toBeGreaterThan(0);
    expect((await runCli(site.db, ['backup', '--bogus'])).code).toBe(2);
    expect((await runCli(site.db, ['restore'])).code).toBe(2);
  });

  it('writes to BACKUP_DIR by date and time, encrypted when BACKUP_PASSPHRASE is set', async () => {
    const backupDir = path.join(dir, 'nightly');
    const run = await runCli(site.db, ['backup'], { env: { BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: 'a long enough passphrase' } });
    expect(run.code, run.stderr).toBe(0);
    const [name] = fs.readdirSync(backupDir);
    expect(name).toMatch(/^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz\.enc$/);
    const wrong = await runCli(target, ['restore', path.join(backupDir, name ?? '')], { env: { BACKUP_PASSPHRASE: 'another long passphrase' } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('restore refused: wrong passphrase or damaged archive\n');
    expect(wrong.stderr).not.toContain('another long passphrase');
  });

  it('restores into an empty database of the other kind (exit 0); a second restore is refused (exit 1, one line)', async () => {
    const file = path.join(dir, 'site.tar.gz');
    // The target is another site (its own DATA_DIR, so its own secret): the archive's seal needs the source site's AUTH_SECRET.
    const foreign = await runCli(target, ['restore', file]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toBe(`restore refused: ${SEAL_MISMATCH}\n`);
    const env = { AUTH_SECRET: fs.readFileSync(path.join(site.db.dataDir, 'auth-secret'), 'utf8').trim() };
    const run = await runCli(target, ['restore', file], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('every session ended');
    const again = await runCli(target, ['restore', file], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('restore refused: the database is not empty; add --replace to overwrite it\n');
    const replaced = await runCli(target, ['restore', file, '--replace'], { env });
    expect(replaced.code, replaced.stderr).toBe(0);

    const app = await buildApp(testConfig(target), { logger: false, render: false });
    try {
      // The restore is on record, with the archive and who ran it; the line of the first restore was replaced with the rest.
      const lines = await app.services.db.kysely.selectFrom('audit_log').select(['subject', 'actor_id']).where('action', '=', 'backup.restore').execute();
      expect(lines).toHaveLength(1);
      expect(lines[0]?.actor_id).toBeNull();
      expect(lines[0]?.subject).toMatch(/^site\.tar\.gz \(taken .*\) restored by .+ on .+ \(command line\); every session ended$/);
      for (const user of emails) expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
