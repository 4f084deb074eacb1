/**
 * `npm run bench:search`: the server time of staff title search
 * (`GET /api/collections/newstory/documents?q=…&limit=20`, what the staff
 * list asks for as someone types) over BENCH_STORIES stories (default 10,000).
 *
 * The server is built in-process (`buildApp`, as the tests build it) on a
 * temporary SQLite database and, when BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL) names a PostgreSQL server, on a fresh database there
 * (dropped afterwards). The stories go in through the content repository's
 * insert, so they are stored as the API stores them, with about 2 KB of text
 * each. Every query is asked through `app.inject` with a staff token, so the
 * time measured is the server's alone (routing, access, the queries, the JSON
 * answer) without a network. Searches of three characters or more, which the
 * trigram index serves, are reported apart from one- and two-character ones.
 *
 * Prints p50/p99/max per database and kind, with the load average at the
 * start and the end, as Markdown for docs/performance.md. BENCH_ROUNDS
 * (default 40) sets how many times each query is asked after a warm-up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { insertDocument } from '../src/server/content/repository.js';
import { ms, onEachDatabase, percentile, printTable } from './measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stories = Number(process.env.BENCH_STORIES ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);

/** What staff type: common and rare words, accents in either case, a number, a phrase, nothing found, one and two characters. */
const searches: { q: string; short: boolean }[] = [
  { q: 'kisumu', short: false },
  { q: 'water', short: false },
  { q: 'ÉGALITÉ', short: false },
  { q: 'égal', short: false },
  { q: 'straße', short: false },
  { q: '(4711)', short: false },
  { q: 'youth forum in nairobi', short: false },
  { q: 'no such story', short: false },
  { q: 'wat', short: false },
  { q: 'in', short: true },
  { q: 'k', short: true },
];

const adjectives = ['Community', 'Annual', 'Regional', 'Women-led', 'Youth', 'Emergency', 'Quarterly', 'National', 'Local', 'Open'];
const topics = ['water rights', 'budget hearing', 'youth forum', 'land dispute', 'health outreach', 'égalité workshop', 'school feeding', 'Straße campaign', 'tree planting', 'legal aid clinic', 'voter education', 'market day'];
const places = ['Kisumu', 'Nairobi', 'Mombasa', 'Garissa', 'Malindi', 'Eldoret', 'Nakuru', 'Kitale', 'Lamu', 'Thika', 'Naivasha', 'Machakos', 'Nyeri'];
const paragraph =
  'Residents met with county officials to discuss how the allocation is spent, which projects were finished and which were delayed, and what the community asks for next year. ';

function log(message: string): void {
  console.log(`[bench:search] ${message}`);
}

interface Row {
  database: string;
  kind: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

function summarise(database: string, kind: string, times: number[]): Row {
  const sorted = [...times].sort((a, b) => a - b);
  return { database, kind, requests: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

const listSchema = z.object({ documents: z.array(z.object({ id: z.string() })), total: z.number() });

async function measure(database: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-search-'));
  const email = 'bench-search@example.org';
  const password = crypto.randomBytes(18).toString('base64url');
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'production', BOOTSTRAP_SUPER_EMAIL: email, BOOTSTRAP_SUPER_PASSWORD: password };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const app = await buildApp({ ...configFromEnv(env), distDir: path.join(root, 'dist') }, { logger: false, render: false });
  try {
    const media = crypto.randomBytes(32).toString('hex');
    const at = new Date().toISOString();
    await app.services.db.kysely
      .insertInto('media')
      .values({ id: media, sha256: media, content_type: 'image/webp', kind: 'image', byte_size: 1000, width: 1600, height: 900, dominant_color: '#336699', variants: '[]', original_name: 'cover.webp', created_at: at, created_by: null })
      .execute();
    const filled = performance.now();
    await app.services.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < stories; i++) {
        const title = `${adjectives[i % adjectives.length]} ${topics[(i * 7) % topics.length]} in ${places[(i * 5) % places.length]} (${i})`;
        const data = {
          title,
          date: '2026-03-08',
          summary: paragraph.slice(0, 160),
          body: `<p>${paragraph.repeat(10)}</p>`,
          cover: { mediaId: media, alt: `A picture of ${title}`, decorative: false },
        };
        await insertDocument(trx, { id: crypto.randomUUID(), collection: 'newstory', data: JSON.stringify(data), status: i % 4 === 0 ? 'draft' : 'published', at, by: null });
      }
    });
    log(`${database}: ${stories} stories stored in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
    // What autovacuum does soon after a bulk load; the planner needs the statistics.
    if (databaseUrl) await sql`analyze documents`.execute(app.services.db.kysely);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    const token = z.object({ idToken: z.string() }).parse(signIn.json()).idToken;
    const headers = { authorization: `Bearer ${token}` };
    const ask = async (q: string): Promise<number> => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/collections/newstory/documents?q=${encodeURIComponent(q)}&limit=20`, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`q=${q}: ${res.statusCode} ${res.body}`);
      listSchema.parse(res.json());
      return ms;
    };
    for (const { q } of searches) {
      const answer = listSchema.parse((await app.inject({ method: 'GET', url: `/api/collections/newstory/documents?q=${encodeURIComponent(q)}&limit=20`, headers })).json());
      log(`${database}: q=${JSON.stringify(q)} finds ${answer.total}`);
      for (let i = 0; i < 5; i++) await ask(q);
    }
    const long: number[] = [];
    const short: number[] = [];
    const each = new Map<string, number[]>();
    for (let r = 0; r < rounds; r++) {
      for (const { q, short: isShort } of searches) {
        const ms = await ask(q);
        (isShort ? short : long).push(ms);
        each.set(q, [...(each.get(q) ?? []), ms]);
      }
    }
    for (const [q, times] of each) {
      const s = summarise(database, q, times);
      log(`${database}: q=${JSON.stringify(q)} p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms`);
    }
    return [summarise(database, '3 characters or more', long), summarise(database, '1 or 2 characters', short)];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runs = await onEachDatabase('bench_search', measure, log);
  printTable(
    runs,
    `${stories} stories in one collection, ${searches.length} searches × ${rounds} rounds after a warm-up, limit 20`,
    ['database', 'search', 'requests', 'p50 ms', 'p99 ms', 'max ms'],
    [false, false, true, true, true, true],
    runs.rows.map((r) => [r.database, r.kind, r.requests, ms(r.p50), ms(r.p99), ms(r.max)]),
  );
}

await main();
