/** The product's name and version, from package.json (the manifest records which code took a backup). */
import fs from 'node:fs';
import { z } from 'zod';

const packageSchema = z.object({ name: z.string(), version: z.string() });

export async function productVersion(): Promise<{ name: string; version: string }> {
  const text = await fs.promises.readFile(new URL('../../../package.json', import.meta.url), 'utf8');
  const { name, version } = packageSchema.parse(JSON.parse(text));
  return { name, version };
}
