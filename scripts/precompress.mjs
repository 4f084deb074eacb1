// The browser app's built files, compressed once when they are built: next to
// each script and style sheet in dist/client/assets of at least
// src/shared/compression.json's `thresholdBytes`, a brotli copy (quality 11,
// the smallest) and a gzip one (level 9), each kept only where it is smaller
// than the file. The server sends the copy a browser accepts as it is
// (@fastify/static's `preCompressed`, src/server/site/routes.ts) instead of
// compressing the file again for every request. Source maps are left to the
// per-request compression: only developers' tools ask for them.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Below this the copies are not made, as the per-request compression does not compress (src/shared/compression.json). */
const { thresholdBytes } = JSON.parse(fs.readFileSync(path.join(root, 'src', 'shared', 'compression.json'), 'utf8'));
const compressed = /\.(js|css)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The copies of every file of `dir` worth compressing; says how many files and bytes. */
export async function precompress(dir) {
  const names = fs.readdirSync(dir).filter((name) => compressed.test(name));
  let files = 0;
  let before = 0;
  let after = 0;
  // zlib's work runs on libuv's threads: all files at once keep every core busy.
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const bytes = await fs.promises.readFile(file);
      if (bytes.length < thresholdBytes) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < bytes.length) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await fs.promises.writeFile(`${file}.gz`, gz);
      files++;
      before += bytes.length;
      after += Math.min(br.length, bytes.length);
    }),
  );
  return { files, before, after };
}
