/**
 * `npm run bench:render`: what one change costs the server in CPU before
 * visitors see it: the home page's page bundle read again from the database
 * and the page rendered again by React, in the background, as after an
 * editor's save. The server is built in this process (React in production
 * mode) on a fresh SQLite database with the demo content, and nothing else
 * runs while it renders, so the process's CPU time between the change and
 * the finished render is that render's.
 *
 *   RENDER_RUNS  how many changes (default 1000, after 100 to warm up)
 *   RENDER_PATH  the page (default /)
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { configFromEnv } from '../src/server/config.js';
import { collections } from '../src/shared/collections.js';
import { pages } from '../src/shared/pages.js';
import { renderChannelName, type RenderMessage } from '../src/server/render/page-cache.js';
import { loadAverage } from './report.js';

if (process.env.NODE_ENV !== 'production') throw new Error('run it as `npm run bench:render` (React must load in production mode)');

const runs = Number(process.env.RENDER_RUNS ?? 1000);
const pagePath = process.env.RENDER_PATH ?? '/';
const warmUp = 100;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

async function main(): Promise<void> {
  const page = pages.find((p) => p.path === pagePath);
  if (!page) throw new Error(`RENDER_PATH ${pagePath} is not a public page`);
  const collection = collections.find((c) => c.page === page.name)?.name ?? null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-render-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' };
  // SQLite in the temporary folder, whatever the shell says.
  delete env.DATABASE_URL;
  const config = configFromEnv(env);
  const app = await buildApp(config, { logger: false, render: true });
  await app.ready();
  const load = { start: loadAverage() };
  const cpu: number[] = [];
  const wall: number[] = [];
  try {
    const get = async () => {
      const res = await app.inject({ method: 'GET', url: pagePath, headers: { accept: 'text/html' } });
      if (res.statusCode !== 200) throw new Error(`GET ${pagePath} answered ${res.statusCode}`);
    };
    await get();
    for (let i = 0; i < runs + warmUp; i++) {
      // Visitors have read the kept copy (a copy nobody read is dropped, not rendered again).
      await get();
      const rendered = new Promise<RenderMessage>((resolve) => {
        const listen = (message: unknown) => {
          const m = message as RenderMessage;
          if (m.path !== pagePath) return;
          diagnostics.unsubscribe(renderChannelName, listen);
          resolve(m);
        };
        diagnostics.subscribe(renderChannelName, listen);
      });
      const before = process.cpuUsage();
      // What a saved block of this page announces (collection changes touch only their page).
      app.services.changes.publish(collection ? { type: 'documents', collection } : { type: 'reset' });
      const message = await rendered;
      const used = process.cpuUsage(before);
      if (!message.background || message.status !== 200) throw new Error(`unexpected render: ${JSON.stringify(message)}`);
      if (i < warmUp) continue;
      cpu.push((used.user + used.system) / 1000);
      wall.push(message.ms);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const end = loadAverage();
  const line = (name: string, v: number[]) => `${name}: median ${median(v).toFixed(2)} ms, p90 ${quantile(v, 0.9).toFixed(2)} ms, min ${Math.min(...v).toFixed(2)} ms`;
  console.log(`Rendering ${pagePath} again after a change (${collection ? `a ${collection} block` : 'everything'}), ${runs} times, Node.js ${process.version}`);
  console.log(`load average at the start ${load.start.join(', ')}, at the end ${end.join(', ')}`);
  console.log(line('CPU (page bundle from the database + React render + ETag)', cpu));
  console.log(line('wall clock of the render', wall));
  const goal = 2;
  console.log(`target: CPU median ≤ ${goal} ms: ${median(cpu) <= goal ? 'met' : `missed by ${(median(cpu) - goal).toFixed(2)} ms`}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
