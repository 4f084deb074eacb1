/**
 * `npm run bench:revisions`: the server time of a block's History list
 * (`GET /api/collections/:name/documents/:id/revisions`) when the block has
 * BENCH_REVISIONS revisions (default 1,000), on SQLite. Goal: at most 100 ms.
 *
 * The server is built in-process on a temporary SQLite database; the block
 * gets its revisions through the API's own saves (PATCH with If-Match, each
 * a revision and an audit line, as an editor's saves make them). Every list is
 * asked through `app.inject` with a staff token, so the time is the server's
 * alone (routing, access, the query, the JSON answer). Prints p50/p99/max over
 * BENCH_ROUNDS (default 50) after a warm-up, with the load average at the
 * start and the end, as Markdown for docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { editorialApi } from '../src/shared/editorial.js';
import { loadAverageText, percentile } from './measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const revisions = Number(process.env.BENCH_REVISIONS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
const goalMs = 100;

async function main(): Promise<void> {
  const loadBefore = loadAverageText();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-revisions-'));
  const email = 'bench@example.org';
  const password = 'bench-Revisions-2026!';
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'production', BOOTSTRAP_SUPER_EMAIL: email, BOOTSTRAP_SUPER_PASSWORD: password };
  const app = await buildApp({ ...configFromEnv(env), distDir: path.join(root, 'dist') }, { logger: false, render: false });
  try {
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    const headers = { authorization: `Bearer ${z.object({ idToken: z.string() }).parse(signIn.json()).idToken}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/collections/newstory/documents',
      headers,
      payload: { data: { title: 'A story with a long history', date: '2026-11-24', body: '<p>First words.</p>' }, status: 'published' },
    });
    let doc = z.object({ id: z.string(), version: z.number() }).parse(created.json());
    const filling = Date.now();
    for (let i = 1; i < revisions; i += 1) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/collections/newstory/documents/${doc.id}`,
        headers: { ...headers, 'if-match': `"${doc.version}"` },
        payload: { data: { body: `<p>Words of save ${i}. ${'More words. '.repeat(20)}</p>` } },
      });
      if (res.statusCode !== 200) throw new Error(`save ${i} failed: ${res.statusCode} ${res.body}`);
      doc = z.object({ id: z.string(), version: z.number() }).parse(res.json());
    }
    console.log(`[bench:revisions] ${revisions} revisions made through the API in ${((Date.now() - filling) / 1000).toFixed(1)} s`);
    const url = editorialApi.revisions('newstory', doc.id);
    const ask = async (): Promise<number> => {
      const start = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const listed = z.object({ revisions: z.array(z.unknown()) }).parse(res.json()).revisions.length;
      if (listed !== revisions) throw new Error(`listed ${listed} revisions, expected ${revisions}`);
      return ms;
    };
    for (let i = 0; i < 5; i += 1) await ask();
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) times.push(await ask());
    times.sort((a, b) => a - b);
    const [p50, p99, max] = [percentile(times, 50), percentile(times, 99), times.at(-1)!];
    console.log('');
    console.log(`| database | revisions | requests | p50 ms | p99 ms | max ms | goal |`);
    console.log(`|---|---|---|---|---|---|---|`);
    console.log(`| SQLite | ${revisions} | ${rounds} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${max.toFixed(1)} | ≤ ${goalMs} ms: ${p99 <= goalMs ? 'met' : 'NOT met'} |`);
    console.log('');
    console.log(`Load average at the start: ${loadBefore}; at the end: ${loadAverageText()} (${os.cpus().length} cores).`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
