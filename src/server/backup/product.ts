/** The product's name and version, from package.json (the manifest records which code took a backup). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const packageSchema = z.object({ name: z.string(), version: z.string() });

/**
 * The nearest package.json above this module: src/server/backup/ when run from
 * source (tsx, tests, the command line), dist/server/ in the built server.
 */
async function packageJson(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      return await fs.promises.readFile(path.join(dir, 'package.json'), 'utf8');
    } catch (err) {
      const parent = path.dirname(dir);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === dir) throw err;
      dir = parent;
    }
  }
}

export async function productVersion(): Promise<{ name: string; version: string }> {
  const { name, version } = packageSchema.parse(JSON.parse(await packageJson()));
  return { name, version };
}
