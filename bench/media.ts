/**
 * `npm run bench:media`: the server time of the media library's list
 * (`GET /api/media`) over BENCH_MEDIA media rows (default 5,000) and
 * BENCH_BLOCKS stories (default 3,000), each story using one of the first
 * 2,000 pictures (so 3,000 are unused), as staff page, search and filter.
 *
 * Built in-process like bench/search.ts: a temporary SQLite database and,
 * when BENCH_DATABASE_URL (else TEST_DATABASE_URL) names a PostgreSQL server,
 * a fresh database there. Rows go in through the repositories (media rows
 * without bytes: the list never reads them). Each query is asked through
 * `app.inject` with a staff token, so the time is the server's alone. The
 * "after a block change" case announces a change of the stories' collection
 * before each request, so the usage index reads that collection again.
 *
 * Prints p50/p99/max per database and query, with the load average at the
 * start and the end, as Markdown for docs/performance.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { z } from 'zod';
import { mediaListSchema } from '../src/shared/media-library.js';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { insertDocument } from '../src/server/content/repository.js';
import { insertMediaRow, type Media } from '../src/server/media/repository.js';
import { ms, onEachDatabase, percentile, printTable } from './measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mediaCount = Number(process.env.BENCH_MEDIA ?? 5_000);
const blockCount = Number(process.env.BENCH_BLOCKS ?? 3_000);
const usedCount = Math.min(2_000, mediaCount);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

const queries: { name: string; query: string; rounds?: number; before?: 'block change' }[] = [
  { name: 'first page, newest', query: 'limit=48' },
  { name: 'a later page (offset 2,400)', query: 'limit=48&offset=2400' },
  { name: 'largest first', query: 'sort=largest&limit=48' },
  { name: 'search "hearing"', query: 'q=hearing&limit=48' },
  { name: 'search "école" (accent, case)', query: `q=${encodeURIComponent('ÉCOLE')}&limit=48` },
  { name: 'not used, first page', query: 'unused=true&limit=48' },
  { name: 'not used, offset 2,400', query: 'unused=true&limit=48&offset=2400' },
  { name: 'PDF only', query: 'kind=file&limit=48' },
  { name: 'first page after a block change', query: 'limit=48', rounds: 40, before: 'block change' },
];

const topics = ['budget hearing', 'water point', 'école primaire', 'youth forum', 'market day', 'tree planting', 'legal aid clinic', 'voter education'];
const places = ['Kisumu', 'Nairobi', 'Mombasa', 'Garissa', 'Malindi', 'Eldoret', 'Nakuru', 'Kitale'];

function log(message: string): void {
  console.log(`[bench:media] ${message}`);
}

interface Row {
  database: string;
  query: string;
  total: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

function mediaRow(i: number): Media {
  const id = crypto.createHash('sha256').update(`bench-media-${i}`).digest('hex');
  const pdf = i % 10 === 9;
  const name = `${topics[i % topics.length]} in ${places[(i * 3) % places.length]} ${i}.${pdf ? 'pdf' : 'jpg'}`;
  return {
    id,
    sha256: id,
    contentType: pdf ? 'application/pdf' : 'image/jpeg',
    kind: pdf ? 'pdf' : 'image',
    byteSize: 20_000 + ((i * 7919) % 3_000_000),
    width: pdf ? null : 1600,
    height: pdf ? null : 900,
    dominantColor: pdf ? null : '#336699',
    variants: pdf ? [] : ['480', '960', '1600'].map((name, k) => ({ name: name as '480' | '960' | '1600', width: Number(name), height: [270, 540, 900][k]!, bytes: 10_000 * (k + 1), key: `${id.slice(0, 60)}${k}abc.webp` })),
    originalName: name,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    createdBy: null,
    alt: i % 3 === 0 ? `People at the ${topics[i % topics.length]} in ${places[(i * 3) % places.length]}` : '',
    focalPoint: null,
    avifChecked: true,
  };
}

async function measure(database: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-media-'));
  const email = 'bench-media@example.org';
  const password = crypto.randomBytes(18).toString('base64url');
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'production', BOOTSTRAP_SUPER_EMAIL: email, BOOTSTRAP_SUPER_PASSWORD: password };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const app = await buildApp({ ...configFromEnv(env), distDir: path.join(root, 'dist') }, { logger: false, render: false });
  try {
    const filled = performance.now();
    const media = Array.from({ length: mediaCount }, (_, i) => mediaRow(i));
    await app.services.db.kysely.transaction().execute(async (trx) => {
      for (const m of media) await insertMediaRow(trx, m);
      const at = new Date().toISOString();
      for (let i = 0; i < blockCount; i++) {
        const picture = media[i % usedCount]!;
        const title = `Story ${i} from ${places[i % places.length]}`;
        const data = { title, date: '2026-03-08', summary: 'What happened and what comes next.', body: '<p>What happened and what comes next.</p>', cover: { mediaId: picture.id, alt: '', decorative: false } };
        await insertDocument(trx, { id: crypto.randomUUID(), collection: 'newstory', data: JSON.stringify(data), status: 'published', at, by: null });
      }
    });
    log(`${database}: ${mediaCount} media and ${blockCount} stories stored in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
    if (databaseUrl) await sql`analyze`.execute(app.services.db.kysely);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    const token = z.object({ idToken: z.string() }).parse(signIn.json()).idToken;
    const headers = { authorization: `Bearer ${token}` };
    const ask = async (query: string): Promise<{ ms: number; total: number }> => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/media?${query}`, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      return { ms, total: mediaListSchema.parse(res.json()).total };
    };
    const coldStarted = performance.now();
    await ask('limit=48');
    log(`${database}: first request (builds the usage index of ${blockCount} stories) ${(performance.now() - coldStarted).toFixed(1)} ms`);
    const rows: Row[] = [];
    for (const q of queries) {
      for (let i = 0; i < 5; i++) await ask(q.query);
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < (q.rounds ?? rounds); r++) {
        if (q.before === 'block change') app.services.changes.publish({ type: 'documents', collection: 'newstory' });
        const answer = await ask(q.query);
        times.push(answer.ms);
        total = answer.total;
      }
      const sorted = times.sort((a, b) => a - b);
      const row = { database, query: q.name, total, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
      log(`${database}: ${q.name}: total ${total}, p50 ${row.p50.toFixed(2)} ms, p99 ${row.p99.toFixed(2)} ms`);
      rows.push(row);
    }
    return rows;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = await onEachDatabase('bench_media', measure, log);
  printTable(
    runs,
    `${mediaCount} media, ${blockCount} stories using ${usedCount} of them, ${rounds} requests per query after a warm-up`,
    ['database', 'query', 'total', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
    [false, false, true, true, true, true, true],
    runs.rows.map((r) => [r.database, r.query, r.total, r.requests, ms(r.p50), ms(r.p99), ms(r.max)]),
  );
}

await main();
