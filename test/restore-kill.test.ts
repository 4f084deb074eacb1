/**
 * A restore killed with SIGKILL at any moment leaves the database as it was or
 * wholly restored, never a mix: the command line restore is started on a site
 * and killed at moments spread over how long a whole restore takes.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo, restoreFrom, snapshot, withoutRenewals } from './backup-fixtures.js';
import { buildSeeded, testAuthSecret, testConfig, type TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { buildApp } from '../src/server/app.js';

describe.each(dialects())('a restore killed at a random moment on %s', (dialect) => {
  let site: TestApp;
  let scratch: TestDatabase;
  let archive: string;
  let undo: string;
  let before: Record<string, string[]>;
  let after: Record<string, string[]>;

  beforeAll(async () => {
    site = await buildSeeded(dialect);
    // Enough rows that the restore's transaction takes a while to write.
    const now = new Date().toISOString();
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      id: crypto.randomUUID(),
      collection: 'customer',
      data: JSON.stringify({ name: `Supporter ${i}`, email: `supporter${i}@example.org`, message: 'x'.repeat(400) }),
      position: i + 10,
      status: 'draft' as const,
      version: 1,
      created_at: now,
      updated_at: now,
      created_by: null,
      updated_by: null,
    }));
    for (let i = 0; i < rows.length; i += 500) await site.app.services.db.kysely.insertInto('documents').values(rows.slice(i, i + 500)).execute();
    const dir = tempDir('ngo-kill-');
    archive = path.join(dir, 'site.tar.gz');
    await backupTo(site.app.services.config, site.app.services.db, archive);
    // Changed after the backup: a finished restore undoes these, a half one would keep some.
    await site.app.services.db.kysely.updateTable('documents').set({ version: 99 }).where('collection', '=', 'customer').execute();
    await site.app.services.db.kysely.deleteFrom('documents').where('collection', '=', 'home').execute();
    undo = path.join(dir, 'before.tar.gz');
    await backupTo(site.app.services.config, site.app.services.db, undo);
    before = withoutRenewals(await snapshot(site.app.services.config, site.app.services.db)).tables;

    scratch = await createTestDatabase(dialect);
    const app = await buildApp(testConfig(scratch), { logger: false, render: false });
    await app.ready();
    await restoreFrom(app.services.config, app.services.db, archive);
    after = withoutRenewals(await snapshot(app.services.config, app.services.db)).tables;
    await app.close();
  }, 300_000);
  afterAll(async () => {
    await scratch?.drop();
    await site?.close();
  });

  it('is never half done', async () => {
    // How long a whole restore takes from the command line, start-up included.
    const started = Date.now();
    const whole = await runCli(scratch, ['restore', archive, '--replace'], { env: { AUTH_SECRET: testAuthSecret } });
    expect(whole.code, whole.stderr).toBe(0);
    const duration = Date.now() - started;

    const outcomes: string[] = [];
    for (const fraction of [0.35, 0.5, 0.65, 0.8, 0.9, 0.97, 1.0, 1.05]) {
      const at = Math.round(duration * fraction * (0.9 + Math.random() * 0.2));
      let timer: NodeJS.Timeout | undefined;
      const run = await runCli(site.db, ['restore', archive, '--replace'], { env: { AUTH_SECRET: testAuthSecret }, onStart: (child) => (timer = setTimeout(() => child.kill('SIGKILL'), at)) });
      clearTimeout(timer);
      const now = withoutRenewals(await snapshot(site.app.services.config, site.app.services.db)).tables;
      const state = JSON.stringify(now) === JSON.stringify(before) ? 'as before' : JSON.stringify(now) === JSON.stringify(after) ? 'restored' : 'mixed';
      outcomes.push(`${at} ms: ${run.code === null ? 'killed' : `exit ${run.code}`}, ${state}`);
      expect(state, outcomes.join('; ')).not.toBe('mixed');
      if (state === 'restored') await restoreFrom(site.app.services.config, site.app.services.db, undo, { replace: true });
    }
    console.log(`restore killed on ${dialect} (a whole restore takes ${duration} ms): ${outcomes.join('; ')}`);
  }, 300_000);
});
