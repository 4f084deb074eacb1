/**
 * Encryption at rest: AES-256-GCM (node:crypto) with a key from scrypt.
 * File layout: header (magic, scrypt cost, random salt, random nonce) |
 * ciphertext of the .tar.gz | 16-byte GCM tag. The header is authenticated
 * too (additional data), so changing the cost or salt fails like any damage.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { streamChunkBytes } from './format.js';

const MAGIC = Buffer.from('NGOBKEN1', 'ascii');
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 3 + SALT_BYTES + NONCE_BYTES;
/** scrypt cost: N = 2^15, r = 8, p = 1 (about 32 MiB and a tenth of a second). */
const DEFAULT_COST = { logN: 15, r: 8, p: 1 };

export const WRONG_PASSPHRASE = 'wrong passphrase or damaged archive';

/** On libuv's thread pool, so a running server keeps answering while the key is derived. */
function deriveKey(passphrase: string, salt: Buffer, cost: { logN: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** cost.logN;
  return new Promise((resolve, reject) => {
    crypto.scrypt(passphrase, salt, 32, { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export interface Encryptor {
  header: Buffer;
  cipher: crypto.CipherGCM;
}

/** A fresh salt and nonce for one archive; write `header`, then the cipher's output, then `cipher.getAuthTag()`. */
export async function createEncryptor(passphrase: string): Promise<Encryptor> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([DEFAULT_COST.logN, DEFAULT_COST.r, DEFAULT_COST.p]), salt, nonce]);
  const cipher = crypto.createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, DEFAULT_COST), nonce);
  cipher.setAAD(header);
  return { header, cipher };
}

/** Is this file an encrypted archive (by its first bytes, whatever its name)? */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The decrypted .tar.gz as a stream. GCM authenticates only at the end: the
 * stream errors there if the passphrase is wrong or any byte changed, so
 * callers must read it to its end before trusting what it said.
 */
export async function openDecrypted(file: string, passphrase: string): Promise<Readable> {
  const size = (await fs.promises.stat(file)).size;
  if (size < HEADER_BYTES + TAG_BYTES) throw new Error(WRONG_PASSPHRASE);
  const handle = await fs.promises.open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const [logN = 0, r = 0, p = 0] = header.subarray(MAGIC.length, MAGIC.length + 3);
  // Bounds keep a damaged header from asking scrypt for gigabytes.
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 8) throw new Error(WRONG_PASSPHRASE);
  const salt = header.subarray(MAGIC.length + 3, MAGIC.length + 3 + SALT_BYTES);
  const nonce = header.subarray(MAGIC.length + 3 + SALT_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt, { logN, r, p }), nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const body = fs.createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1, highWaterMark: streamChunkBytes });
  body.on('error', (err) => decipher.destroy(err));
  return body.pipe(decipher);
}
