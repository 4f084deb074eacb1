/**
 * `npm run bench:scale`: the site as several instances behind the proxy
 * `setup --instances N` writes (nginx, HTTPS with a self-signed certificate),
 * on one PostgreSQL database, one Redis and one DATA_DIR, on this machine:
 *
 *  1. Requests per second for the cached home page through the proxy with
 *     1, 2 and 3 instances (each N with the upstreams setup writes for N).
 *     On two cores this shows what coordination costs, not a speed-up: the
 *     instances, nginx and wrk share the same two cores.
 *  2. Three instances under the visitors' load (wrk) while two editors save
 *     and publish a home-page slide in turn, five blocks are due to be
 *     published by the scheduler during the run, and one instance is killed
 *     with SIGKILL half-way and started again. Reported: requests that failed
 *     at the client (wrk's errors and non-2xx answers, the editors' refused
 *     saves; an editor's write goes as the staff app sends it, with an
 *     Idempotency-Key, resent when its answer is cut off), acknowledged saves lost (every save answered 200 must be a
 *     revision of its block afterwards), the time from a publish to its text
 *     on the home page of every running instance (asked directly, not through
 *     the proxy), and scheduled publishes done more than once (goal 0).
 *
 * Needs wrk, nginx, openssl, PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) and Redis (BENCH_REDIS_URL or TEST_REDIS_URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { setup } from '../src/server/deploy/setup.js';
import { installedPaths } from '../src/server/deploy/files.js';
import { editorialApi, type RevisionDetail, type RevisionSummary } from '../src/shared/editorial.js';
import { requestKeyHeader, resendDelaysMs, resentAfterStatuses } from '../src/shared/request-key.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { freePort, startBuiltServer, type RunningServer } from '../test/support/built-server.js';
import { localNginxFiles, missingTools, selfSignedCertificate, startNginx, type Background } from '../test/support/proxies.js';
import { apiSignIn } from '../e2e/helpers/staff.js';
import { loadAverageText, percentile, withPostgres } from './measure.js';
import { checkWrk, runWrk, type WrkResult } from './wrk.js';

const seconds = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const postgresServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const domain = 'site.test';
const browser = { accept: 'text/html', 'accept-encoding': 'br' };
const insecure = new https.Agent({ keepAlive: true, rejectUnauthorized: false });

/** Three ports in a row that nothing listens on (the upstreams setup writes are consecutive). */
async function consecutivePorts(n: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await freePort();
    if (first + n > 65535) continue;
    const taken = await Promise.all(
      Array.from({ length: n - 1 }, (_, i) =>
        fetch(`http://127.0.0.1:${first + i + 1}/`).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!taken.some(Boolean)) return first;
  }
  throw new Error(`no ${n} free ports in a row`);
}

/** A call through the proxy (HTTPS, its certificate not checked): status and JSON body, never a throw for a refusal. */
function call(origin: string, method: string, pathname: string, token: string, body?: unknown, ifMatch?: number, requestKey?: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, host: domain };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (ifMatch !== undefined) headers['if-match'] = String(ifMatch);
    if (requestKey !== undefined) headers[requestKeyHeader] = requestKey;
    const req = https.request(`${origin}${pathname}`, { method, headers, agent: insecure, servername: domain }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', () => resolve({ status: 0, json: null }));
    });
    req.on('error', () => resolve({ status: 0, json: null }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Writes resent because their answer never came (the instance that had them was killed). */
const resent: string[] = [];

/**
 * A conditional write as the staff app sends it (src/web/api-client.ts): with
 * an Idempotency-Key, resent with it after a cut-off connection or a 502/503/504.
 */
async function conditionalWrite(origin: string, method: string, pathname: string, token: string, body: unknown, ifMatch: number, who: string): Promise<{ status: number; json: unknown }> {
  const key = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    const answer = await call(origin, method, pathname, token, body, ifMatch, key);
    const wait = resendDelaysMs[attempt];
    if (wait === undefined || (answer.status !== 0 && !resentAfterStatuses.includes(answer.status))) return answer;
    resent.push(`${who}: ${method} ${answer.status || 'cut off'}`);
    await delay(wait);
  }
}

async function directJson<T>(server: RunningServer, token: string, pathname: string): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Save {
  id: string;
  title: string;
}

async function main(): Promise<void> {
  const wrkVersion = checkWrk();
  const missing = missingTools(['nginx', 'openssl']);
  if (missing.length) throw new Error(`bench:scale needs ${missing.join(', ')} (apt-get install -y nginx openssl)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-scale-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const loadBefore = loadAverageText();
  const started = new Date();

  await withPostgres(postgresServer, 'bench_scale', async (databaseUrl) => {
    const httpPort = await freePort();
    const httpsPort = await freePort();
    const base = await consecutivePorts(3);
    const env = (port: number) => ({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `https://${domain}:${httpsPort}`, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' });
    // The first start seeds the demo and makes DATA_DIR/auth-secret; the others start on what it made.
    const instances: (RunningServer | null)[] = [await startBuiltServer({ env: env(base) })];
    instances.push(...(await Promise.all([startBuiltServer({ env: env(base + 1) }), startBuiltServer({ env: env(base + 2) })])));
    const running = () => instances.filter((s): s is RunningServer => s !== null);
    const cert = selfSignedCertificate(dir, domain);
    const proxy: { nginx: Background | null } = { nginx: null };
    const nginxFor = async (n: number) => {
      await proxy.nginx?.stop();
      const root = path.join(dir, `root-${n}`);
      const shared = n > 1 ? ['--database-url', databaseUrl, '--redis-url', redisUrl] : [];
      const code = await setup(['--domain', domain, '--email', `admin@${domain}`, '--proxy', 'nginx', '--port', String(base), '--instances', String(n), ...shared, '--prefix', root, '--yes'], { out: () => undefined, env: {} });
      if (code !== 0) throw new Error(`setup --instances ${n} failed`);
      const files = localNginxFiles({ http: path.join(root, installedPaths.nginxHttp), https: path.join(root, installedPaths.nginxHttps) }, path.join(dir, `nginx-${n}`), { httpPort, httpsPort }, installedPaths);
      const live = path.join(files.letsencrypt, 'live', domain);
      fs.mkdirSync(live, { recursive: true });
      fs.copyFileSync(cert.cert, path.join(live, 'fullchain.pem'));
      fs.copyFileSync(cert.key, path.join(live, 'privkey.pem'));
      proxy.nginx = await startNginx(path.join(dir, `nginx-${n}`), [files.httpConf, files.httpsConf], { url: `http://127.0.0.1:${httpPort}/` }, { workers: 'auto' });
    };
    const origin = `https://127.0.0.1:${httpsPort}`;
    const home = `${origin}/`;
    const wrk = (s: number) => runWrk({ url: home, headers: { ...browser, Host: domain }, connections, seconds: s });

    try {
      // 1. Requests per second with 1, 2 and 3 instances.
      const scaling: [number, WrkResult][] = [];
      for (const n of [1, 2, 3]) {
        await nginxFor(n);
        await wrk(2);
        const r = await wrk(seconds);
        scaling.push([n, r]);
        console.error(`${n} instance(s): ${r.requestsPerSecond} req/s`);
      }

      // 2. Three instances, editors saving, scheduled publishes, one instance killed and started again.
      const { idToken: token } = await apiSignIn(instances[0]!.url, instances[0]!.superEmail, instances[0]!.superPassword);
      const slides = (await directJson<{ documents: ContentDocument[] }>(instances[0]!, token, '/api/collections/home/documents?limit=2')).documents;
      const stories = (await directJson<{ documents: ContentDocument[] }>(instances[0]!, token, '/api/collections/newstory/documents?limit=5')).documents;
      if (slides.length < 2 || stories.length < 5) throw new Error('the demo has fewer than 2 home slides or 5 stories');
      for (const s of slides) if (typeof s.data.title !== 'string') throw new Error('a home slide has no title');

      // Five stories changed as drafts, each due to be published by the scheduler during the run.
      const runMs = seconds * 2 * 1000;
      const scheduledAt = Date.now() + 3000;
      for (const [i, story] of stories.entries()) {
        const saved = await call(origin, 'PATCH', `/api/collections/newstory/documents/${story.id}`, token, { data: { ...story.data, title: `Scheduled ${i} ${Date.now()}` } }, story.version);
        if (saved.status !== 200) throw new Error(`scheduling: PATCH answered ${saved.status} ${JSON.stringify(saved.json)}`);
        const at = new Date(scheduledAt + (i * runMs) / stories.length).toISOString();
        const scheduled = await call(origin, 'POST', editorialApi.publish('newstory', story.id), token, { at }, (saved.json as ContentDocument).version);
        if (scheduled.status !== 200 && scheduled.status !== 202) throw new Error(`scheduling: publish at ${at} answered ${scheduled.status} ${JSON.stringify(scheduled.json)}`);
      }

      const visitors = wrk(runMs / 1000);
      const acknowledged: Save[] = [];
      const refusedSaves: string[] = [];
      const seenAfterMs: number[] = [];
      let editing = true;
      const editor = async (slide: ContentDocument, who: string) => {
        let version = slide.version;
        for (let n = 0; editing; n++) {
          const title = `${who} ${n} ${Date.now()}`;
          let saved = await conditionalWrite(origin, 'PATCH', `/api/collections/home/documents/${slide.id}`, token, { data: { ...slide.data, title } }, version, who);
          if (saved.status === 412 || saved.status === 409 || saved.status === 0 || saved.status >= 500) {
            // Refused or cut off (an instance killed under it): say so, read the block again and go on.
            refusedSaves.push(`${who}: ${saved.status}`);
            const fresh = await call(origin, 'GET', `/api/collections/home/documents/${slide.id}`, token);
            if (fresh.status === 200) version = (fresh.json as ContentDocument).version;
            continue;
          }
          if (saved.status !== 200) throw new Error(`${who}: PATCH answered ${saved.status} ${JSON.stringify(saved.json)}`);
          version = (saved.json as ContentDocument).version;
          acknowledged.push({ id: slide.id, title });
          const publishedAt = Date.now();
          saved = await conditionalWrite(origin, 'POST', editorialApi.publish('home', slide.id), token, {}, version, `${who} publish`);
          if (saved.status !== 200) {
            refusedSaves.push(`${who} publish: ${saved.status}`);
            continue;
          }
          version = (saved.json as ContentDocument).version;
          // The published title on the home page of every instance that runs, asked directly.
          const targets = running();
          const pending = new Set(targets);
          while (pending.size > 0 && Date.now() - publishedAt < 10_000) {
            await Promise.all(
              [...pending].map(async (s) => {
                const html = await fetch(`${s.url}/`, { headers: browser }).then(
                  (r) => r.text(),
                  () => '',
                );
                if (html.includes(title)) pending.delete(s);
              }),
            );
            if (pending.size > 0) await delay(10);
          }
          const took = pending.size === 0 ? Date.now() - publishedAt : Number.POSITIVE_INFINITY;
          if (took > 1000) console.error(`${who}: "${title}" on every instance after ${took} ms (instances then: ${targets.map((t) => new URL(t.url).port).join(', ')})`);
          seenAfterMs.push(took);
          await delay(200);
        }
      };
      const editors = Promise.all([editor(slides[0]!, 'Editor A'), editor(slides[1]!, 'Editor B')]);

      // Half-way: instance 2 killed with SIGKILL, started again 5 s later on the same port.
      await delay(runMs / 2);
      const killed = instances[1]!;
      process.kill(killed.pid!, 'SIGKILL');
      instances[1] = null;
      await killed.stop();
      const killedAt = Date.now();
      await delay(5000);
      instances[1] = await startBuiltServer({ env: env(base + 1) });
      const backAfterMs = Date.now() - killedAt;
      const load = await visitors;
      editing = false;
      await editors;

      // Acknowledged saves: each must be a revision of its block.
      const lost: Save[] = [];
      for (const slide of slides) {
        const list = await directJson<{ revisions: RevisionSummary[] }>(instances[0]!, token, editorialApi.revisions('home', slide.id));
        const titles = new Set<string>();
        for (const r of list.revisions.filter((x) => x.action === 'save')) {
          const detail = await directJson<RevisionDetail>(instances[0]!, token, editorialApi.revision('home', slide.id, r.id));
          if (typeof detail.data.title === 'string') titles.add(detail.data.title);
        }
        for (const s of acknowledged.filter((a) => a.id === slide.id)) if (!titles.has(s.title)) lost.push(s);
      }
      // Scheduled publishes: each story published exactly once since it was scheduled. The last is due near the end of
      // the run: its publishes are counted once every story has one (or after two minutes), and again 5 s later.
      const publishesOf = async () =>
        Promise.all(
          stories.map(async (story) => {
            const list = await directJson<{ revisions: RevisionSummary[] }>(instances[0]!, token, editorialApi.revisions('newstory', story.id));
            return list.revisions.filter((r) => r.action === 'publish' && Date.parse(r.at) >= scheduledAt - 1000).length;
          }),
        );
      const waitUntil = Date.now() + 120_000;
      while ((await publishesOf()).some((n) => n === 0) && Date.now() < waitUntil) await delay(500);
      await delay(5000);
      const publishes = await publishesOf();

      const seen = seenAfterMs.filter(Number.isFinite).sort((a, b) => a - b);
      const report = [
        `## Several instances behind nginx (\`npm run bench:scale\`, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
        '',
        `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node.js ${process.version}, ${wrkVersion}, ${connections} connections, ${seconds} s per measure; PostgreSQL and Redis on the same machine; nginx with the site files \`setup --instances N --proxy nginx\` writes (HTTPS, worker_processes auto). Load average ${loadBefore} before, ${loadAverageText()} after.`,
        '',
        '| instances | requests/s | p50 | p99 | failed at the client |',
        '|--:|--:|--:|--:|--:|',
        ...scaling.map(([n, r]) => `| ${n} | ${r.requestsPerSecond.toLocaleString('en')} | ${r.p50Ms.toFixed(2)} ms | ${r.p99Ms.toFixed(2)} ms | ${r.badStatus + r.socketErrors} |`),
        '',
        `Three instances for ${runMs / 1000} s, instance 2 killed with SIGKILL half-way and answering again ${(backAfterMs / 1000).toFixed(1)} s later, two editors saving and publishing:`,
        '',
        '| measure | result | goal |',
        '|---|--:|--:|',
        `| visitors' requests | ${load.requests.toLocaleString('en')} (${load.requestsPerSecond.toLocaleString('en')}/s) | |`,
        `| visitors' requests that failed at the client | ${load.badStatus + load.socketErrors} | 0 |`,
        `| editors' saves acknowledged | ${acknowledged.length} | |`,
        `| editors' writes resent after their answer was cut off (as the staff app does, with their key) | ${resent.length}${resent.length ? ` (${resent.join('; ')})` : ''} | |`,
        `| editors' saves or publishes refused or cut off (told to the editor) | ${refusedSaves.length}${refusedSaves.length ? ` (${[...new Set(refusedSaves)].join('; ')})` : ''} | 0 |`,
        `| acknowledged saves lost | ${lost.length} | 0 |`,
        `| publish → text on the home page of every instance, median / p95 / max | ${seen.length ? `${percentile(seen, 50)} / ${percentile(seen, 95)} / ${seen[seen.length - 1]} ms` : 'none'} (${seenAfterMs.length - seen.length} not seen within 10 s) | ≤ 1,000 ms |`,
        `| scheduled publishes done more than once | ${publishes.filter((n) => n > 1).length} of ${publishes.length} (times each was done: ${publishes.join(', ')}) | 0 |`,
        `| scheduled publishes not done | ${publishes.filter((n) => n === 0).length} of ${publishes.length} | 0 |`,
      ].join('\n');
      console.log(report);
    } finally {
      await proxy.nginx?.stop();
      await Promise.all(running().map((s) => s.stop()));
    }
  });
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
