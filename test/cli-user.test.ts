import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';
import { testConfig } from './helpers/app.js';
import { signIn } from './auth-helpers.js';

const root = path.resolve(__dirname, '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(db: TestDatabase, args: string[], stdin: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: db.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
  if (db.dialect === 'postgres') env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;
  delete env.BOOTSTRAP_SUPER_EMAIL;
  delete env.BOOTSTRAP_SUPER_PASSWORD;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(dialects())('npm run cli -- user add on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('creates a super-admin with the password from stdin, prints its uid, and the account can sign in', async () => {
    const run = await cli(db, ['user', 'add', '--email', 'Founder@Example.org', '--role', 'super', '--name', 'Abena Founder'], 'founder passphrase here\nignored second line\n');
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
    const run = await cli(db, ['user', 'add', '--email', 'editor@example.org', '--role', 'admin'], 'editor passphrase');
    expect(run.code).toBe(0);
    const app = await buildApp(testConfig(db), { logger: false, render: false });
    try {
      expect((await signIn(app, 'editor@example.org', 'editor passphrase')).json()).toMatchObject({ user: { claims: { admin: true, super: false } } });
    } finally {
      await app.close();
    }
  });

  it('exits 1 with a clear message for a duplicate e-mail', async () => {
    const run = await cli(db, ['user', 'add', '--email', 'FOUNDER@example.org', '--role', 'admin'], 'another passphrase\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already exists/);
    expect(run.stdout).toBe('');
  });

  it('exits 1 with a clear message for a weak or a common password', async () => {
    const short = await cli(db, ['user', 'add', '--email', 'weak@example.org', '--role', 'admin'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/at least 8 characters/);
    const common = await cli(db, ['user', 'add', '--email', 'weak@example.org', '--role', 'admin'], 'password123\n');
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/common/);
  });

  it('exits 1 with a clear message for a bad role, a missing e-mail or a bad e-mail', async () => {
    const role = await cli(db, ['user', 'add', '--email', 'x@example.org', '--role', 'owner'], 'some passphrase\n');
    expect(role.code).toBe(1);
    expect(role.stderr).toMatch(/--role must be super or admin/);
    const none = await cli(db, ['user', 'add', '--role', 'admin'], 'some passphrase\n');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/--email is required/);
    const email = await cli(db, ['user', 'add', '--email', 'not-an-email', '--role', 'admin'], 'some passphrase\n');
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
