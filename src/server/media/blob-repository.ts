/** All SQL of the `media_blobs` table: the bytes of media when they are kept in the database (store.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Conn = Kysely<Database>;

export async function putBlob(db: Conn, key: string, bytes: Buffer, contentType: string): Promise<void> {
  await db
    .insertInto('media_blobs')
    .values({ key, content_type: contentType, byte_size: bytes.length, bytes, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })))
    .execute();
}

export async function findBlob(db: Conn, key: string) {
  return db.selectFrom('media_blobs').select(['content_type', 'byte_size', 'bytes']).where('key', '=', key).executeTakeFirst();
}

export async function deleteBlob(db: Conn, key: string): Promise<void> {
  await db.deleteFrom('media_blobs').where('key', '=', key).execute();
}

export async function hasBlob(db: Conn, key: string): Promise<boolean> {
  return (await db.selectFrom('media_blobs').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

/** Every key with when it was stored, in key order. */
export async function blobKeys(db: Conn): Promise<{ key: string; created_at: string }[]> {
  return db.selectFrom('media_blobs').select(['key', 'created_at']).orderBy('key').execute();
}
