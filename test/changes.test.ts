import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ChangeBus, pagesTouchedBy, type ChangeEvent } from '../src/server/changes.js';
import { createTestDatabase, dialects, type TestDatabase } from './helpers/databases.js';

const onPostgres = dialects().includes('postgres');

describe('which pages a change touches', () => {
  // The site structure's answer for a few collections: on a page, site data (null), unknown (undefined).
  const pageOf = (c: string) => ({ home: 'home', fifthyouth: 'youthleadership', 's-abcdefghij': 'page-id-1', customer: null, item: null })[c] as string | null | undefined;
  it('names the page of a block, every page for shared things, none for private collections', () => {
    expect(pagesTouchedBy({ type: 'documents', collection: 'home' }, pageOf)).toBe('home');
    expect(pagesTouchedBy({ type: 'documents', collection: 'fifthyouth' }, pageOf)).toBe('youthleadership');
    expect(pagesTouchedBy({ type: 'documents', collection: 's-abcdefghij' }, pageOf)).toBe('page-id-1');
    expect(pagesTouchedBy({ type: 'documents', collection: 'category' }, pageOf)).toBe('all');
    expect(pagesTouchedBy({ type: 'settings' }, pageOf)).toBe('all');
    expect(pagesTouchedBy({ type: 'media', id: 'x' }, pageOf)).toBe('all');
    expect(pagesTouchedBy({ type: 'reset' }, pageOf)).toBe('all');
    expect(pagesTouchedBy({ type: 'structure' }, pageOf)).toBe('all');
    expect(pagesTouchedBy({ type: 'documents', collection: 'customer' }, pageOf)).toBe('none');
    expect(pagesTouchedBy({ type: 'documents', collection: 'item' }, pageOf)).toBe('none');
    // A collection the structure does not know (a page record, a section just added elsewhere): every page.
    expect(pagesTouchedBy({ type: 'documents', collection: 'sitepage' }, pageOf)).toBe('all');
    // One page record's own change: that page (a new address comes with a structure event as well).
    expect(pagesTouchedBy({ type: 'documents', collection: 'sitepage', id: 'about' }, pageOf)).toBe('about');
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
