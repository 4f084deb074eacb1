/**
 * `npm run bench`: builds if needed, starts the built server on a temporary
 * database with a realistic home page and request logging as `npm start` has
 * it, runs every case of bench/cases/*.ts with wrk (each compared case also
 * against a bare node:http server and nginx sending the same bytes), prints
 * the table and writes it to bench/results/<label>.json and docs/performance.md.
 *
 *   BENCH_DURATION    seconds per load (default 10)
 *   BENCH_ROUNDS      a compared load in this many rounds taken in turn with the bare server and nginx (default 5; 1: one after the other)
 *   BENCH_ONLY        only the cases whose name contains this text (the docs are then left alone)
 *   BENCH_SERVER_DIR  run the server built in another checkout (e.g. a `git worktree` of an older commit)
 *   BENCH_LABEL       name of the results file and of the docs section (default "latest")
 *   BENCH_CPU_PROF    a folder: the server runs with `node --cpu-prof` and writes its profile there on exit
 *   BENCH_LOG_LEVEL   the server's LOG_LEVEL (default info, as `npm start`)
 *   BENCH_DATABASE_URL  a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): the bench creates a
 *                     database of its own there for the run and drops it afterwards; SQLite when absent
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchRounds, createContext, discoverCases, ensureBuilt, root, runCases, startBuiltServer } from './harness.js';
import { goals, loadAverage, markdown, updateDocs, writeResults, type RunInfo } from './report.js';
import { ensureRealisticHome } from './seed-home.js';
import { checkWrk } from './wrk.js';
import { describePinning, pinServer } from './cpus.js';
import pg from 'pg';

/** A fresh PostgreSQL database for one run, on the server BENCH_DATABASE_URL names. */
async function temporaryDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function describeCheckout(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'describe', '--always', '--dirty', '--exclude', '*'], { encoding: 'utf8' }).trim();
  } catch {
    return dir;
  }
}

async function main(): Promise<void> {
  const wrk = checkWrk();
  const serverRoot = path.resolve(process.env.BENCH_SERVER_DIR ?? root);
  const label = process.env.BENCH_LABEL ?? 'latest';
  if (!/^[a-z0-9-]+$/.test(label)) throw new Error('BENCH_LABEL: lower-case letters, digits and dashes only');
  ensureBuilt(serverRoot);
  const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-log-')), 'server.log');
  const database = process.env.BENCH_DATABASE_URL ? await temporaryDatabase(process.env.BENCH_DATABASE_URL) : null;
  const startLoad = loadAverage();
  const server = await startBuiltServer({
    root: serverRoot,
    logFile,
    // Behind a proxy on the loopback, as deployed: visitors' addresses come in X-Forwarded-For (the form answers' rate limits count them).
    env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', TRUST_PROXY: '127.0.0.1', ...(database ? { DATABASE_URL: database.url } : {}) },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  }).catch(async (err: unknown) => {
    await database?.drop();
    throw err;
  });
  let failed = false;
  try {
    pinServer(server.pid);
    const ctx = createContext(server);
    const content = await ensureRealisticHome(ctx);
    ctx.log(`server: ${serverRoot} (${describeCheckout(serverRoot)}); home page: ${content}; load average ${startLoad.join(', ')}`);
    const cases = await discoverCases(ctx);
    const { load, measures, nginx } = await runCases(ctx, cases);
    const info: RunInfo = {
      label,
      at: new Date().toISOString(),
      server: describeCheckout(serverRoot),
      node: process.version,
      wrk,
      nginx,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      seconds: ctx.duration,
      rounds: benchRounds(ctx.duration),
      loadAverage: { start: startLoad, end: loadAverage() },
      content: database ? `${content}; PostgreSQL` : `${content}; SQLite`,
      cores: describePinning(),
    };
    const text = markdown(info, load, measures);
    console.log(`\n${text}\n`);
    const requests = load.reduce((n, r) => n + r.ours.requests, 0);
    const logBytes = fs.statSync(logFile).size;
    console.log(`server log: ${logBytes} bytes for ${requests} measured requests (≈ ${Math.round(logBytes / Math.max(1, requests))} bytes per request, warm-ups included)`);
    console.log(`results: ${writeResults(root, info, load, measures)}`);
    if (!process.env.BENCH_ONLY) console.log(`docs: ${updateDocs(root, info, text)}`);
    const bad = load.filter((r) => r.ours.badStatus > 0 || r.ours.socketErrors > 0);
    if (bad.length > 0) {
      console.error(`cases with errors: ${bad.map((r) => `${r.name} (${r.ours.badStatus} bad statuses, ${r.ours.socketErrors} socket errors)`).join('; ')}`);
      failed = true;
    }
    if (goals(load).some((g) => g.includes('missed'))) console.log('some targets were missed (see above)');
  } catch (err) {
    console.error(server.output().slice(-20_000));
    throw err;
  } finally {
    const how = await server.stop();
    if (profileDir) console.log(`CPU profile of the server (exit ${how.code ?? how.signal}): ${profileDir}`);
    fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
    await database?.drop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
