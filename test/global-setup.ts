/**
 * Runs once before every test run: checks that the services the tests need are
 * there. In CI a missing browser or database fails the run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (err) {
      throw new Error(`TEST_DATABASE_URL=${url} does not answer: ${String(err)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  } else if (process.env.CI) {
    throw new Error('TEST_DATABASE_URL must be set in CI');
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium) && process.env.CI) {
    throw new Error(`Chromium not found at ${chromium}: browser tests cannot run`);
  }
  // Browser tests run against the built app, as `npm start` serves it.
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
