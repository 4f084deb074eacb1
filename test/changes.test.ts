import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ChangeBus, pagesTouchedBy, type ChangeEvent } from '../src/server/changes.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';

const onPostgres = dialects().includes('postgres');

describe('which pages a change touches', () => {
  it('names the page of a block, every page for shared things, none for private collections', () => {
    expect(pagesTouchedBy({ type: 'documents', collection: 'home' })).toBe('home');
    expect(pagesTouchedBy({ type: 'documents', collection: 'fifthyouth' })).toBe('youthleadership');
    expect(pagesTouchedBy({ type: 'documents', collection: 'category' })).toBe('all');
    expect(pagesTouchedBy({ type: 'settings' })).toBe('all');
    expect(pagesTouchedBy({ type: 'media', id: 'x' })).toBe('all');
    expect(pagesTouchedBy({ type: 'reset' })).toBe('all');
    expect(pagesTouchedBy({ type: 'documents', collection: 'customer' })).toBe('none');
    expect(pagesTouchedBy({ type: 'documents', collection: 'item' })).toBe('none');
  });
});

describe.runIf(onPostgres)('change bus across instances (PostgreSQL)', () => {
  let t: TestDatabase;
  let poolA: pg.Pool;
  let poolB: pg.Pool;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    poolA = new pg.Pool({ connectionString: t.url, max: 3, application_name: 'bus-a' });
    poolB = new pg.Pool({ connectionString: t.url, max: 3 });
  });
  afterAll(async () => {
    await poolA?.end();
    await poolB?.end();
    await t?.drop();
  });

  const waitFor = async (events: ChangeEvent[], match: (e: ChangeEvent) => boolean, ms = 8000) => {
    await expect.poll(() => events.some(match), { timeout: ms, interval: 50, message: `no matching event in ${ms} ms` }).toBe(true);
  };

  it('survives losing its listening connection: caches are told to reset, and it hears other instances again', async () => {
    const a = new ChangeBus(poolA);
    const b = new ChangeBus(poolB);
    await a.start();
    await b.start();
    const heard: ChangeEvent[] = [];
    a.subscribe((e) => heard.push(e));
    try {
      b.publish({ type: 'documents', collection: 'home' });
      await waitFor(heard, (e) => e.type === 'documents');

      // The database ends A's listening connection (a restart or failover would do the same).
      const admin = new pg.Client({ connectionString: t.url });
      await admin.connect();
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'bus-a' AND query LIKE 'LISTEN%'`);
      expect(killed.rowCount).toBe(1);
      await admin.end();

      await waitFor(heard, (e) => e.type === 'reset');
      await waitFor(heard, () => a.listening, 10_000);
      heard.length = 0;
      b.publish({ type: 'settings' });
      await waitFor(heard, (e) => e.type === 'settings');
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 30_000);
});
