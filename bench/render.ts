/**
 * `npm run bench:render`: what one change costs the server in CPU before
 * visitors see it: a page's bundle read again from the database and the page
 * rendered again by React, in the background, as after an editor's save.
 * The server is built in this process (React in production mode) on a fresh
 * SQLite database with the demo content, and nothing else runs while it
 * renders, so the process's CPU time between the change and the finished
 * render is that render's.
 *
 * Three pages in the same run, their renders taken in turn so the machine's
 * load weighs on each alike: the home page, /about (a seeded page with a
 * carousel, people and partners) and a page built from data
 * (bench/data-page.ts: created through the pages API from the campaign
 * preset, filled with published blocks, published). Each change is a saved
 * block of the page's first section, so each render is the first render of
 * the page's new version.
 *
 * Then, unless RENDER_PATH is set, the page built from data's own record
 * saved (its title, description or sections: the structure snapshot read
 * again and that page rendered again), and its address changed (announced as
 * a structure change as well: every kept page rendered again, here the three).
 *
 *   RENDER_RUNS  how many changes per page (default 1000, after 100 to warm up; a tenth of it for page records)
 *   RENDER_PATH  one published address only (any page, seeded or built from data)
 */
import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import type { ChangeEvent } from '../src/server/changes.js';
import { renderChannelName, type RenderMessage } from '../src/server/site/page-cache.js';
import { sitePageCollection } from '../src/shared/site-structure.js';
import { buildDataPage, dataPagePath, type StaffApi } from './data-page.js';
import { loadAverage } from './report.js';

if (process.env.NODE_ENV !== 'production') throw new Error('run it as `npm run bench:render` (React must load in production mode)');

const runs = Number(process.env.RENDER_RUNS ?? 1000);
const warmUp = 100;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

interface Target {
  path: string;
  label: string;
  /** The collection whose change is announced (the page's first section). */
  collection: string;
  cpu: number[];
  wall: number[];
  /** The first render of the page in this process (cold: nothing of it compiled or cached yet). */
  first: { cpu: number; wall: number } | null;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-render-'));
  const email = 'bench-render@example.org';
  const password = crypto.randomBytes(18).toString('base64url');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true', BOOTSTRAP_SUPER_EMAIL: email, BOOTSTRAP_SUPER_PASSWORD: password };
  // SQLite in the temporary folder, whatever the shell says.
  delete env.DATABASE_URL;
  const config = configFromEnv(env);
  const app = await buildApp(config, { logger: false, render: true });
  await app.ready();
  const { structure } = app.services;
  const load = { start: loadAverage() };
  const targets: Target[] = [];
  const recordCpu: number[] = [];
  const structureCpu: number[] = [];
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    const token = z.object({ idToken: z.string() }).parse(signIn.json()).idToken;
    const api: StaffApi = async <T>(method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
      if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${String(method)} ${url} → ${res.statusCode} ${res.body}`);
      return (res.body ? res.json() : undefined) as T;
    };
    const home = await api<{ media: Record<string, unknown> }>('GET', '/api/pages/home');
    const built = await buildDataPage(api, Object.keys(home.media));
    const only = process.env.RENDER_PATH;
    const wanted: [string, string][] = only
      ? [[only, only === built.path ? 'page built from data' : 'page']]
      : [
          ['/', 'home page (seeded)'],
          ['/about', 'seeded page'],
          [dataPagePath, `page built from data (campaign preset, ${built.blocks} blocks)`],
        ];
    for (const [pagePath, label] of wanted) {
      const found = await structure.resolve(pagePath);
      if (found.kind !== 'page') throw new Error(`${pagePath} is not a published page`);
      const page = await structure.livePage(found.id);
      const collection = page?.sections.find((s) => structure.pageOfCollectionNow(s.collection) === found.id)?.collection;
      if (!collection) throw new Error(`${pagePath} has no section of its own to change`);
      targets.push({ path: pagePath, label, collection, cpu: [], wall: [], first: null });
    }

    const get = async (pagePath: string) => {
      const res = await app.inject({ method: 'GET', url: pagePath, headers: { accept: 'text/html' } });
      if (res.statusCode !== 200) throw new Error(`GET ${pagePath} answered ${res.statusCode}`);
    };
    const rendered = (pagePath: string) =>
      new Promise<RenderMessage>((resolve) => {
        const listen = (message: unknown) => {
          const m = message as RenderMessage;
          if (m.path !== pagePath) return;
          diagnostics.unsubscribe(renderChannelName, listen);
          resolve(m);
        };
        diagnostics.subscribe(renderChannelName, listen);
      });
    for (const t of targets) {
      // Nothing has rendered this page yet: the visitor's request renders it.
      const done = rendered(t.path);
      const before = process.cpuUsage();
      await get(t.path);
      const used = process.cpuUsage(before);
      t.first = { cpu: (used.user + used.system) / 1000, wall: (await done).ms };
    }
    for (let i = 0; i < runs + warmUp; i++) {
      for (const t of targets) {
        // Visitors have read the kept copy (a copy nobody read is dropped, not rendered again).
        await get(t.path);
        const done = rendered(t.path);
        const before = process.cpuUsage();
        // What a saved block of this page announces (collection changes touch only their page).
        app.services.changes.publish({ type: 'documents', collection: t.collection });
        const message = await done;
        const used = process.cpuUsage(before);
        if (!message.background || message.status !== 200) throw new Error(`unexpected render: ${JSON.stringify(message)}`);
        if (i < warmUp) continue;
        t.cpu.push((used.user + used.system) / 1000);
        t.wall.push(message.ms);
      }
    }
    if (!only) {
      const dataPage = targets.find((t) => t.path === built.path)!;
      const renders = async (events: ChangeEvent[], expected: readonly string[]): Promise<number> => {
        const waiting = new Set(expected);
        const seen: RenderMessage[] = [];
        let settle: () => void = () => undefined;
        const all = new Promise<void>((resolve) => (settle = resolve));
        const listen = (message: unknown) => {
          const m = message as RenderMessage;
          seen.push(m);
          waiting.delete(m.path);
          if (waiting.size === 0) settle();
        };
        diagnostics.subscribe(renderChannelName, listen);
        const before = process.cpuUsage();
        for (const event of events) app.services.changes.publish(event);
        await all;
        const used = process.cpuUsage(before);
        // Renders queue one after the other with a turn of the event loop between them: any other would have started by now.
        for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
        diagnostics.unsubscribe(renderChannelName, listen);
        const wrong = seen.filter((m) => !m.background || m.status !== 200 || !expected.includes(m.path));
        if (wrong.length > 0 || seen.length !== expected.length) throw new Error(`expected one render of each of ${expected.join(', ')}, got ${JSON.stringify(seen)}`);
        return (used.user + used.system) / 1000;
      };
      const structureRuns = Math.max(10, Math.round(runs / 10));
      for (let i = 0; i < structureRuns + 10; i++) {
        for (const t of targets) await get(t.path);
        // A saved page record (its title, description or sections): the snapshot is read again, and that page alone rendered again.
        const own = await renders([{ type: 'documents', collection: sitePageCollection, id: built.id }], [dataPage.path]);
        for (const t of targets) await get(t.path);
        // A new address (or a page coming onto or off the site) is announced as a structure change too: every kept page is rendered again.
        const every = await renders([{ type: 'documents', collection: sitePageCollection, id: built.id }, { type: 'structure' }], targets.map((t) => t.path));
        if (i < 10) continue;
        recordCpu.push(own);
        structureCpu.push(every);
      }
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const end = loadAverage();
  const goal = 2;
  const f = (n: number) => n.toFixed(2);
  console.log(`Rendering each page again after a change (a saved block of its first section), ${runs} times per page after ${warmUp} to warm up, taken in turn; Node.js ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores)`);
  console.log(`load average (1, 5, 15 min) at the start ${load.start.join(', ')}, at the end ${end.join(', ')}`);
  console.log('');
  console.log('| page | CPU median ms | CPU p90 ms | CPU min ms | wall clock median ms | first render in the process: CPU / wall ms |');
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const t of targets) {
    console.log(`| ${t.path} (${t.label}) | ${f(median(t.cpu))} | ${f(quantile(t.cpu, 0.9))} | ${f(Math.min(...t.cpu))} | ${f(median(t.wall))} | ${t.first ? `${f(t.first.cpu)} / ${f(t.first.wall)}` : ''} |`);
  }
  if (structureCpu.length > 0) {
    const row = (label: string, v: number[]) => console.log(`| ${label} (${v.length} times) | ${f(median(v))} | ${f(quantile(v, 0.9))} | ${f(Math.min(...v))} | | |`);
    row(`${dataPagePath}'s page record saved: structure read again, that page rendered again`, recordCpu);
    row(`${dataPagePath}'s address changed: structure read again, the ${targets.length} pages above rendered again`, structureCpu);
  }
  console.log('');
  for (const t of targets) {
    const m = median(t.cpu);
    console.log(`target for ${t.path}: CPU median ≤ ${goal} ms: ${m <= goal ? 'met' : `missed by ${f(m - goal)} ms`}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
