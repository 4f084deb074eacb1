import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { ensureBootstrapSuper } from '../src/server/auth/accounts/bootstrap.js';
import { createTestDatabase, dialects } from './helpers/databases.js';
import { testConfig } from './helpers/app.js';
import { signIn } from './auth-helpers.js';

const password = 'first super admin passphrase';

function capture(): { stream: Writable; text: () => string } {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => log };
}

describe.each(dialects())('bootstrap super-admin on %s', (dialect) => {
  it('creates the first super-admin when no user exists, logs it without the password, and only once', async () => {
    const db = await createTestDatabase(dialect);
    const log = capture();
    const config = testConfig(db, { bootstrapSuperEmail: 'Director@NGO.example.org', bootstrapSuperPassword: password, logLevel: 'info' });
    try {
      const app = await buildApp(config, { logger: true, logStream: log.stream, render: false });
      try {
        const users = await app.services.db.kysely.selectFrom('users').selectAll().execute();
        expect(users).toHaveLength(1);
        expect(users[0]).toMatchObject({ email: 'director@ngo.example.org', role: 'super', disabled: 0 });
        const res = await signIn(app, 'director@ngo.example.org', password);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ user: { claims: { admin: false, super: true } } });
        expect(log.text()).toContain('created the first super-admin');
        expect(log.text()).not.toContain(password);
      } finally {
        await app.close();
      }
      // A restart with the same settings does not create it again.
      const again = await buildApp(config, { logger: false, render: false });
      try {
        expect(await again.services.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(1);
      } finally {
        await again.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('does nothing when a user already exists', async () => {
    const db = await createTestDatabase(dialect);
    try {
      const first = await buildApp(testConfig(db), { logger: false, render: false });
      await first.inject({ method: 'GET', url: '/api/health' });
      await first.services.db.kysely
        .insertInto('users')
        .values({
          id: 'existing',
          email: 'existing@example.org',
          display_name: '',
          password_hash: 'x',
          role: 'admin',
          disabled: 0,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          last_sign_in_at: null,
          token_epoch: '',
        })
        .execute();
      await first.close();
      const app = await buildApp(testConfig(db, { bootstrapSuperEmail: 'boss@example.org', bootstrapSuperPassword: password }), { logger: false, render: false });
      try {
        const emails = (await app.services.db.kysely.selectFrom('users').select('email').execute()).map((u) => u.email);
        expect(emails).toEqual(['existing@example.org']);
      } finally {
        await app.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('refuses a bootstrap password shorter than the policy allows, creating nothing', async () => {
    const db = await createTestDatabase(dialect);
    const app = await buildApp(testConfig(db), { logger: false, render: false });
    try {
      const services = { ...app.services, config: { ...app.services.config, bootstrapSuperEmail: 'boss@example.org', bootstrapSuperPassword: 'short' } };
      await expect(ensureBootstrapSuper(services, app.log)).rejects.toThrow(/BOOTSTRAP_SUPER_PASSWORD must be between 8 and 4096 characters/);
      expect(await app.services.db.kysely.selectFrom('users').select('id').execute()).toHaveLength(0);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
