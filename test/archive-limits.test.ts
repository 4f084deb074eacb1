/**
 * An archive cannot make a restore or a read-back exhaust memory: the reader
 * checks each entry's size (from its header, then as it streams), the number
 * of entries, the tables held for checking and everything unpacked, and
 * refuses with a line naming the limit. Crafted archives, no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { pack as createPack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { Refusal, verifyArchive } from '../src/server/backup/archive-reader.js';
import { createEncryptor } from '../src/server/backup/envelope.js';
import { archiveLimits, type ArchiveLimits } from '../src/server/backup/format.js';
import { tempDir } from './helpers/databases.js';

const keys = { authSecret: 'a-secret-long-enough-for-the-seal-0123456789' };
const MiB = 1024 * 1024;

/** A ustar header for a regular file of `size` bytes (size as 11 octal digits, at most 8 GiB − 1). */
function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000600\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  h.write('00000000000\0', 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

/** Writes entries as a .tar.gz; a number stands for that many zero bytes (which gzip shrinks to almost nothing). */
async function writeArchive(file: string, entries: [string, Buffer | number][]): Promise<void> {
  const pack = createPack();
  const done = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const [name, content] of entries) {
    const bytes = typeof content === 'number' ? Buffer.alloc(content) : content;
    await new Promise<void>((resolve, reject) => pack.entry({ name, size: bytes.length }, bytes, (err) => (err ? reject(err) : resolve())));
  }
  pack.finalize();
  await done;
}

async function expectRefused(file: string, message: string | RegExp, options: { limits?: ArchiveLimits; passphrase?: string } = {}): Promise<void> {
  const attempt = verifyArchive(file, { ...keys, passphrase: options.passphrase }, { limits: options.limits });
  await expect(attempt).rejects.toBeInstanceOf(Refusal);
  await expect(attempt).rejects.toThrow(message);
}

describe('archive limits', () => {
  const dir = tempDir('ngo-archive-limits-');

  it('refuses an entry whose header claims more than one file may hold, before reading it (the limits as shipped)', async () => {
    const file = path.join(dir, 'huge-header.tar.gz');
    // 8 GiB announced, a few bytes given: the header alone is refused, as it would be with the bytes behind it.
    fs.writeFileSync(file, gzipSync(Buffer.concat([tarHeader('tables/users.jsonl', 8 * 1024 * MiB - 1), Buffer.alloc(512)])));
    await expectRefused(file, `tables/users.jsonl in the archive is larger than ${archiveLimits.entryBytes / MiB} MiB, the most one file may hold`);
  });

  it('refuses a decompression bomb: a small file unpacking to more than an entry may hold', async () => {
    const file = path.join(dir, 'bomb.tar.gz');
    await writeArchive(file, [['media/bomb', 64 * MiB]]);
    expect(fs.statSync(file).size).toBeLessThan(MiB);
    await expectRefused(file, 'media/bomb in the archive is larger than 8 MiB, the most one file may hold', { limits: { ...archiveLimits, entryBytes: 8 * MiB } });
  });

  it('refuses an archive that unpacks to more than the whole limit, however it is split', async () => {
    const file = path.join(dir, 'many-large.tar.gz');
    await writeArchive(
      file,
      Array.from({ length: 12 }, (_, i): [string, number] => [`media/part-${i}`, 2 * MiB]),
    );
    await expectRefused(file, 'the archive unpacks to more than 16 MiB, the most an archive may hold', { limits: { ...archiveLimits, entryBytes: 4 * MiB, totalBytes: 16 * MiB } });
  });

  it('refuses more entries than an archive may hold', async () => {
    const file = path.join(dir, 'many-entries.tar.gz');
    await writeArchive(
      file,
      Array.from({ length: 50 }, (_, i): [string, Buffer] => [`media/empty-${i}`, Buffer.alloc(0)]),
    );
    await expectRefused(file, 'the archive holds more than 20 files, the most an archive may hold', { limits: { ...archiveLimits, entries: 20 } });
  });

  it('refuses tables that together are more than may be held for checking', async () => {
    const file = path.join(dir, 'large-tables.tar.gz');
    await writeArchive(file, [
      ['tables/a.jsonl', 3 * MiB],
      ['tables/b.jsonl', 3 * MiB],
    ]);
    await expectRefused(file, "the archive's tables are larger than 4 MiB together, the most an archive may hold", { limits: { ...archiveLimits, tableBytes: 4 * MiB } });
  });

  it('names the limit for an encrypted archive too, rather than blaming the passphrase', async () => {
    const plain = path.join(dir, 'to-encrypt.tar.gz');
    await writeArchive(plain, [['media/bomb', 32 * MiB]]);
    const passphrase = 'a passphrase long enough for the test';
    const { header, cipher } = await createEncryptor(passphrase);
    const body = Buffer.concat([cipher.update(fs.readFileSync(plain)), cipher.final()]);
    const file = path.join(dir, 'bomb.tar.gz.enc');
    fs.writeFileSync(file, Buffer.concat([header, body, cipher.getAuthTag()]));
    await expectRefused(file, 'media/bomb in the archive is larger than 8 MiB, the most one file may hold', { passphrase, limits: { ...archiveLimits, entryBytes: 8 * MiB } });
  });
});
