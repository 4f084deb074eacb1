/**
 * `npm run bench:page-publish`: the server time of one publish for one page
 * (`POST /api/site/pages/:id/publish`) when its text section holds
 * BENCH_BLOCKS blocks with changes not yet live (default 20), on SQLite and,
 * with BENCH_DATABASE_URL (a PostgreSQL server), on PostgreSQL. Beside it,
 * the same changes published the way a page had to be before: each block's
 * own publish, then the page's. Goal: the one publish of a page with 20
 * changed blocks within 500 ms (p99).
 *
 * The server is built in-process on a temporary database; before each round
 * every block gets a new pending change through the API's own save (not
 * timed). Every publish goes through `app.inject` with a staff token, so the
 * time is the server's alone (checks, one transaction, revisions, audit
 * lines). Prints p50/p99/max over BENCH_ROUNDS (default 20), with the load
 * average at the start and the end, as Markdown for docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { editorialApi } from '../src/shared/editorial.js';
import { siteApi } from '../src/shared/site-structure.js';
import { loadAverageText, percentile, withPostgres } from './measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const blocks = Number(process.env.BENCH_BLOCKS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const goalMs = 500;

const versioned = z.object({ id: z.string(), version: z.number() });
const pageSchema = z.object({ id: z.string(), version: z.number(), sections: z.array(z.object({ collection: z.string() })) });

interface Row {
  database: string;
  onePublish: number[];
  oneByOne: number[];
}

async function measure(database: string, databaseUrl: string | undefined): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-page-publish-'));
  const email = 'bench@example.org';
  const password = 'bench-PagePublish-2026!';
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'production', BOOTSTRAP_SUPER_EMAIL: email, BOOTSTRAP_SUPER_PASSWORD: password, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const app = await buildApp({ ...configFromEnv(env), distDir: path.join(root, 'dist') }, { logger: false, render: false });
  try {
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    const headers = { authorization: `Bearer ${z.object({ idToken: z.string() }).parse(signIn.json()).idToken}` };
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, version?: number) => {
      const res = await app.inject({ method, url, headers: { ...headers, ...(version !== undefined ? { 'if-match': `"${version}"` } : {}) }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<unknown>();
    };
    const page = pageSchema.parse(await call('POST', siteApi.pages, { path: '/bench-campaign', title: 'A campaign with many blocks', preset: 'campaign' }));
    const text = page.sections[1]?.collection ?? '';
    const ids: string[] = [];
    for (let i = 0; i < blocks; i += 1) {
      const made = versioned.parse(await call('POST', `/api/collections/${text}/documents`, { data: { title: `Block ${i}`, body: `<p>${'Words of the campaign. '.repeat(40)}</p>` }, status: 'draft' }));
      ids.push(made.id);
    }
    const pageVersion = async () => pageSchema.parse(await call('GET', siteApi.page(page.id))).version;
    // Every block gets a change not yet live, and the page one too (not timed).
    const change = async (round: number) => {
      for (const id of ids) {
        const doc = versioned.parse(await call('GET', `/api/collections/${text}/documents/${id}`));
        await call('PATCH', `/api/collections/${text}/documents/${id}`, { data: { title: `Block ${id.slice(0, 4)}, round ${round}` } }, doc.version);
      }
      await call('PATCH', siteApi.page(page.id), { description: `Round ${round}` }, await pageVersion());
    };
    const timed = async (fn: () => Promise<void>) => {
      const start = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const onePublish: number[] = [];
    const oneByOne: number[] = [];
    for (let round = 0; round < rounds + 2; round += 1) {
      await change(round * 2);
      const version = await pageVersion();
      const a = await timed(async () => {
        await call('POST', siteApi.pageStep(page.id, 'publish'), {}, version);
      });
      await change(round * 2 + 1);
      const versions = await Promise.all(ids.map(async (id) => versioned.parse(await call('GET', `/api/collections/${text}/documents/${id}`)).version));
      const before = await pageVersion();
      const b = await timed(async () => {
        for (const [i, id] of ids.entries()) await call('POST', editorialApi.publish(text, id), {}, versions[i]);
        await call('POST', editorialApi.publish('sitepage', page.id), {}, before);
      });
      // The first two rounds warm up.
      if (round >= 2) {
        onePublish.push(a);
        oneByOne.push(b);
      }
    }
    return { database, onePublish: onePublish.sort((x, y) => x - y), oneByOne: oneByOne.sort((x, y) => x - y) };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const loadBefore = loadAverageText();
  const rows: Row[] = [await measure('SQLite', undefined)];
  const server = process.env.BENCH_DATABASE_URL;
  if (server) rows.push(await withPostgres(server, 'bench_page_publish', (url) => measure('PostgreSQL', url)));
  const cell = (t: number[]) => `${percentile(t, 50).toFixed(0)} / ${percentile(t, 99).toFixed(0)} / ${t.at(-1)!.toFixed(0)}`;
  console.log('');
  console.log(`| database | changed blocks | rounds | one publish: p50 / p99 / max ms | block by block, then the page: p50 / p99 / max ms | goal (one publish p99) |`);
  console.log(`|---|---|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.database} | ${blocks} | ${rounds} | ${cell(r.onePublish)} | ${cell(r.oneByOne)} | ≤ ${goalMs} ms: ${percentile(r.onePublish, 99) <= goalMs ? 'met' : 'NOT met'} |`);
  console.log('');
  console.log(`Load average at the start: ${loadBefore}; at the end: ${loadAverageText()} (${os.cpus().length} cores).`);
}

await main();
