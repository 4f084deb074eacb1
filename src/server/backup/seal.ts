/**
 * The seal of an unencrypted archive: HMAC-SHA256 of manifest.json's bytes
 * under a key derived (HKDF-SHA256, a purpose label of its own) from the
 * site's AUTH_SECRET. The manifest holds the SHA-256 and size of every other
 * file, so the seal covers the whole archive: an archive edited and given new
 * checksums no longer matches it. An encrypted archive needs none: AES-GCM
 * under the passphrase already authenticates every byte.
 */
import crypto from 'node:crypto';

const purpose = 'ngo-site backup manifest seal v1';

function sealKey(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(authSecret, 'utf8'), Buffer.alloc(0), purpose, 32));
}

/** The seal of a manifest, as the archive stores it (hex). */
export function sealManifest(authSecret: string, manifest: Buffer): Buffer {
  return Buffer.from(crypto.createHmac('sha256', sealKey(authSecret)).update(manifest).digest('hex') + '\n', 'utf8');
}

/** Whether `seal` is the manifest's seal under this secret (compared in constant time). */
export function sealMatches(authSecret: string, manifest: Buffer, seal: Buffer): boolean {
  const expected = sealManifest(authSecret, manifest);
  return seal.length === expected.length && crypto.timingSafeEqual(seal, expected);
}
