/**
 * Reading an archive back: the whole file is read and checked (its size
 * limits as it streams in, the seal, manifest, every checksum, every row
 * line) before a restore touches anything.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as createExtract } from 'tar-stream';
import { WRONG_PASSPHRASE, isEncrypted, openDecrypted } from './envelope.js';
import {
  MANIFEST,
  MANIFEST_SEAL,
  MEDIA_STORE_TABLE,
  archiveLimits,
  describeBytes,
  manifestSchema,
  rowSchema,
  streamChunkBytes,
  type ArchiveLimits,
  type Manifest,
  type NeutralRow,
} from './format.js';
import { sealMatches } from './seal.js';

/** A reason to refuse, shown to the operator as one line. */
export class Refusal extends Error {}

/** An archive bigger than a limit: said as it is, even for an encrypted archive (whose other damage all reads as a wrong passphrase). */
class LimitRefusal extends Refusal {}

/** The keys an archive is opened and checked with: the passphrase of an encrypted one, the site's AUTH_SECRET for the seal of a plain one. */
export interface ArchiveKeys {
  passphrase?: string | undefined;
  authSecret: string;
}

export interface VerifyOptions {
  /** Accept a plain archive that carries no seal (one made before archives were sealed); the result says so. */
  acceptUnsealed?: boolean | undefined;
  /** For tests: smaller limits than archiveLimits. */
  limits?: ArchiveLimits | undefined;
}

export const UNSEALED =
  'the archive carries no seal: it was made before archives were sealed, or the seal was removed. If you know where this file comes from, restore it with --accept-unsealed';
export const SEAL_MISMATCH =
  "the archive's seal does not match: it was changed after it was written, or it was made by a site with another AUTH_SECRET (restore with that site's AUTH_SECRET set)";

/** Counts every unpacked byte and refuses once there are more than the limit. */
function unpackedMeter(limit: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > limit) callback(new LimitRefusal(`the archive unpacks to more than ${describeBytes(limit)}, the most an archive may hold`));
      else callback(null, chunk);
    },
  });
}

interface Entry {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** Calls `onEntry` for every file in the archive, in order; any damage becomes one Refusal. */
export async function readArchive(file: string, passphrase: string | undefined, onEntry: (entry: Entry) => Promise<void>, limits: ArchiveLimits = archiveLimits): Promise<void> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw new Refusal(`cannot read ${file}`);
  }
  if (!stat.isFile()) throw new Refusal(`${file} is not a file`);
  const encrypted = await isEncrypted(file);
  if (encrypted && !passphrase) throw new Refusal('the archive is encrypted; set BACKUP_PASSPHRASE to restore it');
  let source: Readable;
  try {
    source = encrypted && passphrase ? await openDecrypted(file, passphrase) : fs.createReadStream(file, { highWaterMark: streamChunkBytes });
  } catch {
    throw new Refusal(WRONG_PASSPHRASE);
  }
  const extract = createExtract();
  const piping = pipeline(source, createGunzip({ chunkSize: streamChunkBytes }), unpackedMeter(limits.totalBytes), extract);
  piping.catch(() => undefined); // awaited below; this only keeps an early failure from being reported as unhandled
  let entries = 0;
  try {
    for await (const entry of extract) {
      entries += 1;
      if (entries > limits.entries) throw new LimitRefusal(`the archive holds more than ${limits.entries} files, the most an archive may hold`);
      const tooBig = (): LimitRefusal => new LimitRefusal(`${entry.header.name} in the archive is larger than ${describeBytes(limits.entryBytes)}, the most one file may hold`);
      // The header says how long the entry is: refused before a byte of it is kept.
      if ((entry.header.size ?? 0) > limits.entryBytes) throw tooBig();
      const chunks: Buffer[] = [];
      let size = 0;
      // Hashed as the pieces arrive, so a large file never costs one long synchronous step.
      const hash = crypto.createHash('sha256');
      for await (const chunk of entry) {
        size += (chunk as Buffer).length;
        if (size > limits.entryBytes) throw tooBig();
        chunks.push(chunk as Buffer);
        hash.update(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (entry.header.type !== 'file') throw new Refusal(`the archive holds an unexpected ${entry.header.type} ${entry.header.name}`);
      await onEntry({ name: entry.header.name, bytes, sha256: hash.digest('hex') });
    }
    await piping;
  } catch (err) {
    source.destroy();
    if (err instanceof LimitRefusal || (err instanceof Refusal && !encrypted)) throw err;
    // With encryption, any damage (a changed byte, a wrong key) first shows as garbage: one message for all.
    if (encrypted) throw new Refusal(WRONG_PASSPHRASE);
    throw new Refusal(`the archive is damaged or incomplete (${err instanceof Error ? err.message : String(err)})`);
  }
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** A plain archive without a seal, accepted because the caller asked to (`acceptUnsealed`). */
  unsealed: boolean;
  /** Every table's rows, parsed and checked against the manifest's columns. */
  rows: Map<string, NeutralRow[]>;
}

/** Lines checked between two turns of the event loop (a restore or read-back may share its process with the site). */
const linesPerTurn = 1000;

async function parseLines(table: Manifest['tables'][number], bytes: Buffer): Promise<NeutralRow[]> {
  const text = bytes.toString('utf8');
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const columns = new Set(table.columns.map((c) => c.name));
  const rows: NeutralRow[] = [];
  for (const [i, line] of lines.entries()) {
    if (i > 0 && i % linesPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    let parsed: NeutralRow;
    try {
      parsed = rowSchema.parse(JSON.parse(line));
    } catch {
      throw new Refusal(`table ${table.name}, line ${i + 1}: not a valid row`);
    }
    const keys = Object.keys(parsed);
    if (keys.length !== columns.size || keys.some((k) => !columns.has(k))) throw new Refusal(`table ${table.name}, line ${i + 1}: columns differ from the manifest`);
    rows.push(parsed);
  }
  return rows;
}

/** Reads the whole archive, checking every file against the manifest (which comes last). */
export async function verifyArchive(file: string, keys: ArchiveKeys, options: VerifyOptions = {}): Promise<VerifiedArchive> {
  const limits = options.limits ?? archiveLimits;
  const seen = new Map<string, { sha256: string; size: number }>();
  const tableBytes = new Map<string, Buffer>();
  let tableTotal = 0;
  let manifestBytes: Buffer | null = null;
  let sealBytes: Buffer | null = null;
  await readArchive(
    file,
    keys.passphrase,
    async ({ name, bytes, sha256 }) => {
      if (seen.has(name) || (name === MANIFEST && manifestBytes) || (name === MANIFEST_SEAL && sealBytes)) throw new Refusal(`the archive holds ${name} twice`);
      if (name === MANIFEST) {
        manifestBytes = bytes;
        return;
      }
      if (name === MANIFEST_SEAL) {
        sealBytes = bytes;
        return;
      }
      seen.set(name, { sha256, size: bytes.length });
      const media = /^media\/([0-9a-f]{64})\./.exec(name);
      // Media keys are content addresses: the name itself says what the bytes must hash to.
      if (media && media[1] !== sha256) throw new Refusal(`${name} does not match its content`);
      if (name.startsWith('tables/')) {
        tableTotal += bytes.length;
        if (tableTotal > limits.tableBytes) throw new LimitRefusal(`the archive's tables are larger than ${describeBytes(limits.tableBytes)} together, the most an archive may hold`);
        tableBytes.set(name, bytes);
      }
    },
    limits,
  );
  if (!manifestBytes) throw new Refusal('the archive has no manifest; is it a backup of this site?');
  // A plain archive must carry the seal of this site's secret; an encrypted one is authenticated by its passphrase (GCM).
  const encrypted = await isEncrypted(file);
  let unsealed = false;
  if (!encrypted) {
    if (sealBytes) {
      if (!sealMatches(keys.authSecret, manifestBytes, sealBytes)) throw new Refusal(SEAL_MISMATCH);
    } else if (options.acceptUnsealed) unsealed = true;
    else throw new Refusal(UNSEALED);
  } else if (sealBytes) throw new Refusal(`the archive holds ${MANIFEST_SEAL}, which an encrypted archive never does`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse((manifestBytes as Buffer).toString('utf8')));
  } catch {
    throw new Refusal('the archive manifest is not valid');
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = seen.get(name);
    if (!actual) throw new Refusal(`the archive is missing ${name}`);
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) throw new Refusal(`checksum mismatch for ${name}`);
  }
  for (const name of seen.keys()) if (!manifest.files[name]) throw new Refusal(`the archive holds ${name}, which its manifest does not list`);
  for (const m of manifest.media) if (!manifest.files[`media/${m.key}`]) throw new Refusal(`the archive is missing media/${m.key}`);
  const rows = new Map<string, NeutralRow[]>();
  for (const table of manifest.tables) {
    if (table.file === null) {
      if (table.name !== MEDIA_STORE_TABLE) throw new Refusal(`the archive has no rows for table ${table.name}`);
      continue;
    }
    const bytes = tableBytes.get(table.file);
    if (!bytes) throw new Refusal(`the archive is missing ${table.file}`);
    const parsed = await parseLines(table, bytes);
    if (parsed.length !== table.rows) throw new Refusal(`table ${table.name} has ${parsed.length} rows; the manifest says ${table.rows}`);
    rows.set(table.name, parsed);
  }
  return { manifest, rows, unsealed };
}
