import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { testConfig } from './helpers/app.js';
import { signIn } from './auth-helpers.js';



describe.each(dialects())('npm run cli -- user add on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates a super-admin with the password from stdin, prints its uid, and the account can sign in', async () => {
    const run = await runCli(db, ['user', 'add', '--email', 'Founder@Example.org', '--role', 'super', '--name', 'Abena Founder'], { stdin: 'founder passphrase here\nignored second line\n' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const uid = run.stdout.trim();
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);

    const app = await buildApp(testConfig(db), { logger: false, render: false });
    try {
      const row = await app.services.db.kysely.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'founder@example.org', role: 'super', display_name: 'Abena Founder', disabled: 0 });
      const res = await signIn(app, 'founder@example.org', 'founder passphrase here');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { uid, claims: { admin: false, super: true } } });
    } finally {
      await app.close();
    }
  });

  it('creates an admin from a password without a final newline', async () => {
    const run = await runCli(db, ['user', 'add', '--email', 'editor@example.org', '--role', 'admin'], { stdin: 'editor passphrase' });
    expect(run.code).toBe(0);
    const app = await buildApp(testConfig(db), { logger: false, render: false });
    try {
      expect((await signIn(app, 'editor@example.org', 'editor passphrase')).json()).toMatchObject({ user: { claims: { admin: true, super: false } } });
    } finally {
      await app.close();
    }
  });

  it('exits 1 with a clear message for a duplicate e-mail', async () => {
    const run = await runCli(db, ['user', 'add', '--email', 'FOUNDER@example.org', '--role', 'admin'], { stdin: 'another passphrase\n' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already exists/);
    expect(run.stdout).toBe('');
  });

  it('exits 1 with a clear message for a weak or a common password', async () => {
    const short = await runCli(db, ['user', 'add', '--email', 'weak@example.org', '--role', 'admin'], { stdin: 'short\n' });
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 8 characters/);
    const common = await runCli(db, ['user', 'add', '--email', 'weak@example.org', '--role', 'admin'], { stdin: 'password123\n' });
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/common/);
  });

  it('exits 1 with a clear message for a bad role, a missing e-mail or a bad e-mail', async () => {
    const role = await runCli(db, ['user', 'add', '--email', 'x@example.org', '--role', 'owner'], { stdin: 'some passphrase\n' });
    expect(role.code).toBe(1);
    expect(role.stderr).toMatch(/--role must be super or admin/);
    const none = await runCli(db, ['user', 'add', '--role', 'admin'], { stdin: 'some passphrase\n' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/--email is required/);
    const email = await runCli(db, ['user', 'add', '--email', 'not-an-email', '--role', 'admin'], { stdin: 'some passphrase\n' });
    expect(email.code).toBe(1);
    expect(email.stderr).toMatch(/not a valid e-mail/);

    const app = await buildApp(testConfig(db), { logger: false, render: false });
    try {
      const emails = (await app.services.db.kysely.selectFrom('users').select('email').orderBy('email').execute()).map((u) => u.email);
      expect(emails).toEqual(['editor@example.org', 'founder@example.org']);
    } finally {
      await app.close();
    }
  });
});
