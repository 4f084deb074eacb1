/** The MediaStore contract, for the filesystem store and the blob-table store on each database. */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/server/db/index.js';
import { FsMediaStore, PostgresMediaStore, keyFor, type MediaStore, type StoredObject } from '../src/server/media/store.js';
import { createTestDatabase, openMigrated, type TestDatabase } from './helpers/databases.js';
import { dialects } from './helpers/databases.js';

async function body(o: StoredObject): Promise<Buffer> {
  if ('bytes' in o) return o.bytes;
  const chunks: Buffer[] = [];
  for await (const c of o.stream as Readable) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const stores: { name: string; dialect: 'sqlite' | 'postgres'; kind: 'fs' | 'table' }[] = dialects().flatMap((dialect) => [
  { name: `filesystem store (${dialect} data dir)`, dialect, kind: 'fs' as const },
  { name: `blob-table store on ${dialect}`, dialect, kind: 'table' as const },
]);

describe.each(stores)('$name', ({ dialect, kind }) => {
  let t: TestDatabase;
  let db: Db;
  let store: MediaStore;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    db = await openMigrated(t);
    store = kind === 'fs' ? new FsMediaStore(path.join(t.dataDir, 'media')) : new PostgresMediaStore(db);
  });
  afterAll(async () => {
    await db?.close();
    await t?.drop();
  });

  it('stores, reads, lists and deletes by content-addressed key', async () => {
    const bytes = Buffer.from('%PDF-1.4 a small report\n%%EOF\n');
    const key = keyFor(bytes, 'application/pdf');
    expect(key).toMatch(/^[0-9a-f]{64}\.pdf$/);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes, 'application/pdf');
    await store.put(key, bytes, 'application/pdf');
    expect(await store.has(key)).toBe(true);
    const got = await store.get(key);
    expect(got).toMatchObject({ size: bytes.length, contentType: 'application/pdf' });
    expect((await body(got!)).equals(bytes)).toBe(true);
    const listed: string[] = [];
    for await (const k of store.list()) listed.push(k.key);
    expect(listed).toEqual([key]);
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await store.delete(key);
  });

  it('reads a byte range, reporting the whole size', async () => {
    const bytes = Buffer.from(Array.from({ length: 700_000 }, (_, i) => i % 251));
    const key = keyFor(bytes, 'image/webp');
    await store.put(key, bytes, 'image/webp');
    const part = await store.get(key, { start: 100, end: 199 });
    expect(part?.size).toBe(bytes.length);
    expect((await body(part!)).equals(bytes.subarray(100, 200))).toBe(true);
    // Large objects may stream: still the right bytes.
    const whole = await store.get(key);
    expect((await body(whole!)).equals(bytes)).toBe(true);
  });

  it('refuses keys that are not content addresses (no path escapes)', async () => {
    await expect(store.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/Not a media key/);
  });

  if (kind === 'fs') {
    it('writes under media/<first two hex>/ and leaves no temporary file behind', async () => {
      const bytes = Buffer.from('an image, honestly');
      const key = keyFor(bytes, 'image/png');
      await store.put(key, bytes, 'image/png');
      const dir = path.join(t.dataDir, 'media', key.slice(0, 2));
      expect(fs.readdirSync(dir)).toEqual([key]);
    });
  }
});
