/**
 * Runs once before every test run: checks that the services the tests need are
 * there. In CI a missing browser or database fails the run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { madeThisRun, testRunDirVariable } from './support/once-per-run.js';

/** A local PostgreSQL as on the development machines, tried when TEST_DATABASE_URL is not set. */
const localDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/test';
const localRedisUrl = 'redis://127.0.0.1:6379';

async function answers(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

export default async function setup(): Promise<() => void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const err = await answers(url);
    if (err) throw new Error(`TEST_DATABASE_URL=${url} does not answer: ${String(err)}`);
  } else if (process.env.CI) {
    throw new Error('TEST_DATABASE_URL must be set in CI');
  } else if (!(await answers(localDatabaseUrl))) {
    // `npm test` runs every test where a local PostgreSQL answers; the test workers inherit this.
    process.env.TEST_DATABASE_URL = localDatabaseUrl;
  }
  if (!process.env.TEST_REDIS_URL && !process.env.CI && (await redisAnswers(localRedisUrl))) {
    process.env.TEST_REDIS_URL = localRedisUrl;
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium) && process.env.CI) {
    throw new Error(`Chromium not found at ${chromium}: browser tests cannot run`);
  }
  // Browser tests run against the built app, as `npm start` serves it.
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  // This run's shared files (test/support/once-per-run.ts: the built servers' seeded DATA_DIR); the workers inherit the variable.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-test-run-'));
  process.env[testRunDirVariable] = runDir;
  return async () => {
    for (const made of madeThisRun(runDir)) {
      const { dataDir, database } = made as { dataDir?: unknown; database?: unknown };
      if (typeof dataDir === 'string') fs.rmSync(dataDir, { recursive: true, force: true });
      // A seeded PostgreSQL database the files' databases were copied from (test/helpers/app.ts buildSeeded).
      if (typeof database === 'string' && /^t_[0-9a-f]+$/.test(database) && process.env.TEST_DATABASE_URL) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
