/**
 * `npm run soak`: the built server on SQLite under steady visitors while an
 * editor saves a block every 2 s, with the garbage collector under pressure
 * (a 1 MB young generation and a full collection forced between saves). It
 * must stay up the whole time and exit cleanly only when told to. Prints one
 * line every 10 s with the server's memory.
 *
 *   SOAK_SECONDS   how long (default 600)
 *   SOAK_VISITORS  concurrent visitors (default 4)
 *   SOAK_GC_PRESSURE=0  Node's own collector settings instead of the pressure
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBuiltServer } from '../test/support/built-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const visitors = Number(process.env.SOAK_VISITORS ?? 4);

/** Resident and peak memory of a process, in MB, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const gcPressure = path.join(root, 'bench', 'gc-pressure.mjs');
  // SOAK_GC_PRESSURE=0 runs with Node's own collector settings (to compare memory between Node lines).
  const pressure = process.env.SOAK_GC_PRESSURE === '0' ? [] : ['--expose-gc', '--max-semi-space-size=1', '--import', gcPressure];
  const server = await startBuiltServer({ nodeArgs: pressure });
  const base = server.url;
  const email = server.superEmail;
  const password = server.superPassword;
  const exited = () => server.exited();

  const signIn = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const auth = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${base}/api/collections/descriptionhome/documents`, { headers: auth })).json()) as { documents: { id: string; version: number }[] };
  const block = list.documents[0];
  if (!block) throw new Error('the demo content has no home page section to edit');
  const bundle = (await (await fetch(`${base}/api/pages/home`)).json()) as { media: Record<string, { variants: { url: string }[] }> };
  const mediaUrl = Object.values(bundle.media).flatMap((m) => m.variants.map((v) => v.url))[0] ?? '/api/health';

  const stopAt = Date.now() + seconds * 1000;
  const counts = { requests: 0, failures: 0, saves: 0, saveFailures: 0 };
  const paths = ['/', '/events', '/about', '/api/pages/home', mediaUrl, '/sitemap.xml'];

  async function visitor(n: number): Promise<void> {
    for (let i = n; Date.now() < stopAt && !exited(); i++) {
      const res = await fetch(base + paths[i % paths.length], { headers: { 'accept-encoding': i % 2 ? 'br' : 'identity' } }).catch(() => null);
      counts.requests++;
      if (!res?.ok) counts.failures++;
      await res?.arrayBuffer().catch(() => undefined);
    }
  }

  async function editor(): Promise<void> {
    let version = block!.version;
    for (let i = 0; Date.now() < stopAt && !exited(); i++) {
      const res = await fetch(`${base}/api/collections/descriptionhome/documents/${block!.id}`, {
        method: 'PATCH',
        headers: { ...auth, 'if-match': String(version) },
        // Saved and published in one step: a change visitors see, as the soak means it.
        body: JSON.stringify({ data: { title: `Who we are (${i})` }, status: 'published' }),
      }).catch(() => null);
      if (res?.ok) {
        version = ((await res.json()) as { version: number }).version;
        counts.saves++;
      } else {
        counts.saveFailures++;
        await res?.text();
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  const started = Date.now();
  console.log(`soak: Node.js ${process.version}, ${seconds} s, ${visitors} visitors and an editor saving every 2 s, ${pressure.length ? 'collector under pressure' : "Node's own collector settings"}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const report = setInterval(() => {
    if (exited() || !server.pid) return;
    const m = memoryOf(server.pid);
    const t = Math.round((Date.now() - started) / 1000);
    console.log(`soak: ${String(t).padStart(4)} s  ${counts.requests} requests (${counts.failures} failed)  ${counts.saves} saves (${counts.saveFailures} failed)  rss ${m.rss} MB  peak ${m.peak} MB  load ${os.loadavg()[0]!.toFixed(2)}`);
  }, 10_000);
  await Promise.all([editor(), ...Array.from({ length: visitors }, (_, n) => visitor(n))]);
  clearInterval(report);

  const died = exited();
  if (died || !server.pid) {
    await server.stop();
    throw new Error(`the server died during the soak (code ${died?.code}, signal ${died?.signal}):\n${server.output().slice(-4000)}`);
  }
  const final = memoryOf(server.pid);
  const { code, signal, killed } = await server.stop();
  console.log(`soak: done: ${counts.requests} requests (${counts.failures} failed), ${counts.saves} saves (${counts.saveFailures} failed); rss at the end ${final.rss} MB, peak ${final.peak} MB; exit on SIGTERM: code ${code}, signal ${signal}${killed ? ' (did not stop within 5 s: killed)' : ''}`);
  if (killed) process.exitCode = 1;
  if (code !== 0 || counts.failures > 0 || counts.saveFailures > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
