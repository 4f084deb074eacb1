/**
 * `npm run bench:backup`: how fast a backup and a restore are against the
 * system's own tools on the same data, and how much a backup running inside
 * the server delays editors' saves.
 *
 *   1. Throughput. A site on SQLite with BENCH_BLOCKS blocks (default 10,000)
 *      and BENCH_MEDIA_MB megabytes of media (default 500, in 1 MB objects of
 *      random bytes, which compress like photographs: not at all) is backed up
 *      with `npm run cli -- backup` and restored with `npm run cli -- restore`
 *      into an empty folder, each timed as a user runs it (a new process).
 *      References in the same run: `tar czf` of the same data folder and
 *      `tar xzf` of that archive.
 *   2. Saves during a backup. The built server on that data; ten editors each
 *      save their own block in a loop for BENCH_SAVE_SECONDS (default 10) with
 *      no backup, then while "Back up now" (POST /api/backups) runs. Prints
 *      save latency p50/p99/max for both.
 *
 * Writes bench/results/backup-<time>.json and prints a Markdown table for
 * docs/performance.md, with the load average at the start and the end.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { buildApp } from '../src/server/app.js';
import { configFromEnv, type AppConfig } from '../src/server/config.js';
import { createMediaStore, keyFor } from '../src/server/media/store.js';
import { backupListSchema, backupStartedSchema } from '../src/shared/backup-api.js';
import { backupsApiPath } from '../src/shared/backups.js';
import { ensureBuilt, root, startBuiltServer } from './harness.js';
import { loadAverageText, percentile } from './measure.js';

const run = promisify(execFile);
const blocks = Number(process.env.BENCH_BLOCKS ?? 10_000);
const mediaMb = Number(process.env.BENCH_MEDIA_MB ?? 500);
const saveSeconds = Number(process.env.BENCH_SAVE_SECONDS ?? 10);
const editors = 10;

function log(message: string): void {
  console.log(`[bench:backup] ${message}`);
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The editors' account, made when the data is prepared. */
const editor = { email: 'bench-editor@example.org', password: crypto.randomBytes(12).toString('base64url') };

function configFor(dataDir: string): AppConfig {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', NODE_ENV: 'production', BOOTSTRAP_SUPER_EMAIL: editor.email, BOOTSTRAP_SUPER_PASSWORD: editor.password };
  return { ...configFromEnv(env), distDir: path.join(root, 'dist') };
}

/** The demo site, plus `blocks` stories copied from a demo story, plus `mediaMb` 1 MB media objects. */
async function prepare(dataDir: string): Promise<{ rows: number }> {
  const config = configFor(dataDir);
  const app = await buildApp(config, { logger: false, render: false });
  try {
    const db = app.services.db.kysely;
    const template = await db.selectFrom('documents').selectAll().where('collection', '=', 'newstory').executeTakeFirstOrThrow();
    const base = (await db.selectFrom('documents').select((eb) => eb.fn.max('position').as('p')).where('collection', '=', template.collection).executeTakeFirst())?.p ?? 0;
    const now = new Date().toISOString();
    const rows = Array.from({ length: blocks }, (_, i) => ({
      ...template,
      id: `bench${String(i).padStart(6, '0')}`,
      data: template.data.replace(/"title":"([^"]*)"/, `"title":"$1 (${i})"`),
      position: Number(base) + i + 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('documents').values(rows.slice(i, i + 500)).execute();
    const store = createMediaStore({ config, db: app.services.db });
    for (let i = 0; i < mediaMb; i++) {
      const bytes = crypto.randomBytes(1024 * 1024);
      await store.put(keyFor(bytes, 'image/jpeg'), bytes, 'image/jpeg');
    }
    const count = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { rows: Number(count.n) };
  } finally {
    await app.close();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, value };
}

function cli(args: string[], env: Record<string, string>): Promise<unknown> {
  return run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'src/server/cli.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

interface SaveStats {
  saves: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

function stats(latencies: number[], failures: number): SaveStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { saves: sorted.length, failures, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

const documentSchema = z.object({ id: z.string(), version: z.number(), data: z.record(z.string(), z.unknown()) });

/** Ten editors, each saving one block of its own in a loop until `until()` says stop. */
async function editorsSave(url: string, token: string, ids: string[], until: () => boolean): Promise<SaveStats> {
  const latencies: number[] = [];
  let failures = 0;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await Promise.all(
    ids.map(async (id, editor) => {
      const res = await fetch(`${url}/api/collections/newstory/documents/${id}`, { headers });
      let doc = documentSchema.parse(await res.json());
      let n = 0;
      while (!until()) {
        n += 1;
        const data = { ...doc.data, title: `Editor ${editor}, save ${n}` };
        const started = performance.now();
        const save = await fetch(`${url}/api/collections/newstory/documents/${id}`, { method: 'PATCH', headers: { ...headers, 'if-match': String(doc.version) }, body: JSON.stringify({ data }) });
        const body: unknown = await save.json();
        latencies.push(performance.now() - started);
        if (save.status !== 200) {
          failures += 1;
          const again = await fetch(`${url}/api/collections/newstory/documents/${id}`, { headers });
          doc = documentSchema.parse(await again.json());
        } else doc = documentSchema.parse(body);
      }
    }),
  );
  return stats(latencies, failures);
}

async function savesDuringBackup(dataDir: string): Promise<{ idle: SaveStats; backup: SaveStats; backupSeconds: number }> {
  const server = await startBuiltServer({ env: { DATA_DIR: dataDir, SEED_DEMO: 'false', BACKUP_DIR: path.join(dataDir, 'backups') } });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(editor) });
    const token = z.object({ idToken: z.string() }).parse(await signIn.json()).idToken;
    const ids = Array.from({ length: editors }, (_, i) => `bench${String(i * 97).padStart(6, '0')}`);
    log(`saves with no backup, ${saveSeconds} s`);
    const idleEnd = Date.now() + saveSeconds * 1000;
    const idle = await editorsSave(server.url, token, ids, () => Date.now() > idleEnd);
    log('saves while "Back up now" runs');
    const auth = { authorization: `Bearer ${token}` };
    const started = await fetch(`${server.url}${backupsApiPath}`, { method: 'POST', headers: auth });
    if (started.status !== 202) throw new Error(`POST ${backupsApiPath}: ${started.status} ${await started.text()}`);
    const { name } = backupStartedSchema.parse(await started.json());
    const begun = performance.now();
    let running = true;
    const watcher = (async () => {
      while (running) {
        const list = backupListSchema.parse(await (await fetch(`${server.url}${backupsApiPath}`, { headers: auth })).json());
        if (!list.running) {
          running = false;
          const entry = list.backups.find((b) => b.name === name);
          if (!entry?.verified) throw new Error(`backup ${name} did not end verified: ${JSON.stringify(list.lastFailure)}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const backup = await editorsSave(server.url, token, ids, () => !running);
    await watcher;
    return { idle, backup, backupSeconds: (performance.now() - begun) / 1000 };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-backup-'));
  const loadBefore = loadAverageText(' ');
  try {
    const dataDir = path.join(work, 'data');
    log(`preparing ${blocks} blocks and ${mediaMb} MB of media in ${dataDir}`);
    const { rows } = await prepare(dataDir);
    const dataBytes = folderBytes(dataDir);
    const mb = dataBytes / 1024 / 1024;
    log(`data folder: ${mb.toFixed(0)} MB, ${rows} blocks; load average ${loadAverageText(' ')}`);

    const tarFile = path.join(work, 'reference.tar.gz');
    const tarC = await timed(() => run('tar', ['czf', tarFile, '-C', dataDir, '.']));
    log(`tar czf: ${tarC.seconds.toFixed(1)} s`);
    const archive = path.join(work, 'site.tar.gz');
    const backup = await timed(() => cli(['backup', '--out', archive], { DATA_DIR: dataDir }));
    log(`backup: ${backup.seconds.toFixed(1)} s, ${(fs.statSync(archive).size / 1024 / 1024).toFixed(0)} MB`);
    const untarDir = path.join(work, 'untar');
    fs.mkdirSync(untarDir);
    const tarX = await timed(() => run('tar', ['xzf', tarFile, '-C', untarDir]));
    log(`tar xzf: ${tarX.seconds.toFixed(1)} s`);
    const restoreDir = path.join(work, 'restored');
    const restore = await timed(() => cli(['restore', archive], { DATA_DIR: restoreDir }));
    log(`restore: ${restore.seconds.toFixed(1)} s`);
    fs.rmSync(untarDir, { recursive: true, force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });

    const saves = await savesDuringBackup(dataDir);
    const loadAfter = loadAverageText(' ');
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      loadAverage: { before: loadBefore, after: loadAfter },
      data: { blocks: rows, mediaMb, folderMb: Math.round(mb) },
      seconds: { tarCzf: tarC.seconds, backup: backup.seconds, tarXzf: tarX.seconds, restore: restore.seconds },
      ratios: { backupVsTarCzf: tarC.seconds / backup.seconds, restoreVsTarXzf: tarX.seconds / restore.seconds },
      saves,
    };
    const resultsDir = path.join(root, 'bench/results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `backup-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
    const f1 = (n: number) => n.toFixed(1);
    const rate = (seconds: number) => `${f1(mb / seconds)} MB/s`;
    console.log(`
Data: ${rows} blocks, ${mediaMb} MB of media, ${mb.toFixed(0)} MB on disk; Node ${process.version}; load average ${loadBefore} (start), ${loadAfter} (end).

| what | seconds | speed | ÷ reference |
| --- | --: | --: | --: |
| \`tar czf\` of the data folder (reference) | ${f1(tarC.seconds)} | ${rate(tarC.seconds)} | |
| \`npm run cli -- backup\` | ${f1(backup.seconds)} | ${rate(backup.seconds)} | ${result.ratios.backupVsTarCzf.toFixed(2)}× |
| \`tar xzf\` of that archive (reference) | ${f1(tarX.seconds)} | ${rate(tarX.seconds)} | |
| \`npm run cli -- restore\` into an empty folder | ${f1(restore.seconds)} | ${rate(restore.seconds)} | ${result.ratios.restoreVsTarXzf.toFixed(2)}× |

| ten editors saving | saves | failed | p50 ms | p99 ms | max ms |
| --- | --: | --: | --: | --: | --: |
| no backup running | ${saves.idle.saves} | ${saves.idle.failures} | ${f1(saves.idle.p50)} | ${f1(saves.idle.p99)} | ${f1(saves.idle.max)} |
| while "Back up now" runs (${f1(saves.backupSeconds)} s) | ${saves.backup.saves} | ${saves.backup.failures} | ${f1(saves.backup.p50)} | ${f1(saves.backup.p99)} | ${f1(saves.backup.max)} |

results: ${path.relative(root, file)}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
