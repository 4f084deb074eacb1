/**
 * The benchmark harness: starts the BUILT server (dist/server/main.js) on a
 * temporary DATA_DIR, loads it with autocannon, prints a table and writes
 * bench/results/latest.json. Every number is also given as a ratio to the
 * trivial-route ceiling of the same server, because absolute numbers depend
 * on the machine and ratios travel.
 *
 * Case modules live in bench/cases/*.ts and export
 *   `cases(ctx: BenchContext): BenchCase[] | Promise<BenchCase[]>`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBuiltServer, type RunningServer } from '../test/support/built-server.js';

export type { RunningServer };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What every case module gets. */
export interface BenchContext {
  /** Origin of the running server, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The server's process id (CPU accounting). */
  pid: number | undefined;
  dataDir: string;
  superEmail: string;
  superPassword: string;
  /** Seconds each load case runs (BENCH_DURATION, default 10). */
  duration: number;
  connections: number;
  /** A fresh super-admin idToken (signed in once, then reused). */
  token(): Promise<string>;
  /** JSON call as the super-admin; throws on a non-2xx answer. */
  api<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** Multipart upload of one file to POST /api/media as the super-admin. */
  upload<T>(bytes: Uint8Array, fileName: string, contentType: string): Promise<T>;
  log(message: string): void;
}

/** A load case: autocannon hammers one request. */
export interface LoadCase {
  name: string;
  /** Path on the server (`/api/pages/home`) or absolute URL. Either this or `setup`. */
  url?: string;
  /** Prepares what to load (e.g. uploads an image first); runs before the load. */
  setup?: (ctx: BenchContext) => Promise<{ url: string; headers?: Record<string, string> }>;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** The status every answer must have (default: any 2xx). */
  expectStatus?: number;
  /** The trivial route the others are compared with (one per run; measured first and last). */
  ceiling?: boolean;
}

/** A measurement that is not a request rate (e.g. the time to ingest an upload). */
export interface MeasureCase {
  name: string;
  measure: (ctx: BenchContext) => Promise<{ value: number; unit: string; detail?: string }>;
}

export type BenchCase = LoadCase | MeasureCase;

export interface LoadResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioToCeiling: number | null;
  /**
   * Server CPU time per request (user + system, microseconds). Unlike req/s it
   * barely depends on what else the machine is doing, so it is the steadier
   * number on a shared machine.
   */
  cpuMicrosPerRequest: number | null;
  requests: number;
  errors: number;
  unexpectedStatus: number;
  statusCodes: Record<string, number>;
}

export interface MeasureResult {
  name: string;
  value: number;
  unit: string;
  detail?: string | undefined;
}


function isMeasure(c: BenchCase): c is MeasureCase {
  return typeof (c as MeasureCase).measure === 'function';
}

export function benchDuration(): number {
  const raw = process.env.BENCH_DURATION;
  const n = raw ? Number(raw) : 10;
  return Number.isFinite(n) && n > 0 ? n : 10;
}

/** Builds dist/ unless it is up to date (scripts/build.mjs decides). */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('dist/server/main.js is missing after the build');
}

/** The built server, started as `npm start` would (one implementation for browser tests and benchmarks). */
export { startBuiltServer };

export function createContext(server: RunningServer, log: (m: string) => void = (m) => console.log(m)): BenchContext {
  let token: string | null = null;
  const getToken = async () => {
    if (token) return token;
    const res = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.superEmail, password: server.superPassword }),
    });
    if (!res.ok) throw new Error(`sign-in as the bootstrap super-admin failed: ${res.status} ${await res.text()}`);
    token = ((await res.json()) as { idToken: string }).idToken;
    return token;
  };
  const ctx: BenchContext = {
    url: server.url,
    pid: server.pid,
    dataDir: server.dataDir,
    superEmail: server.superEmail,
    superPassword: server.superPassword,
    duration: benchDuration(),
    connections: 50,
    token: getToken,
    async api<T>(method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
      const res = await fetch(`${server.url}${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${await getToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async upload<T>(bytes: Uint8Array, fileName: string, contentType: string): Promise<T> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
      const res = await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${await getToken()}` }, body: form });
      const text = await res.text();
      if (!res.ok) throw new Error(`POST /api/media → ${res.status} ${text}`);
      return JSON.parse(text) as T;
    },
    log,
  };
  return ctx;
}

/** CPU seconds (user + system) a process has used so far; null where /proc is not available. */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields overall.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

function runAutocannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Runs the cases in order. The ceiling runs first and again last, and ratios
 * use the mean of the two, so a machine that gets busier or quieter during
 * the run skews the ratios less.
 */
export async function runCases(ctx: BenchContext, cases: BenchCase[]): Promise<{ load: LoadResult[]; measures: MeasureResult[] }> {
  const load: LoadResult[] = [];
  const measures: MeasureResult[] = [];
  const ceilingCase = cases.find((c): c is LoadCase => !isMeasure(c) && c.ceiling === true);
  const rest = cases.filter((c) => c !== ceilingCase);
  const ordered: BenchCase[] = ceilingCase ? [ceilingCase, ...rest, { ...ceilingCase, name: `${ceilingCase.name}, again at the end` }] : rest;
  const ceilings: number[] = [];
  for (const c of ordered) {
    if (isMeasure(c)) {
      ctx.log(`measure: ${c.name}`);
      const r = await c.measure(ctx);
      measures.push({ name: c.name, ...r });
      continue;
    }
    const prepared = c.setup ? await c.setup(ctx) : { url: c.url ?? '/', headers: {} };
    const target = /^https?:/.test(prepared.url) ? prepared.url : `${ctx.url}${prepared.url}`;
    const headers = { ...c.headers, ...prepared.headers };
    const base = { url: target, headers, method: c.method ?? 'GET', ...(c.body ? { body: c.body } : {}) } as const;
    ctx.log(`load: ${c.name} (${ctx.connections} connections, ${ctx.duration} s)`);
    // A short warm-up fills caches and lets the JIT settle, so the first case is not penalised.
    await runAutocannon({ ...base, connections: 10, duration: Math.min(2, Math.max(1, ctx.duration / 5)) });
    const cpuBefore = cpuSeconds(ctx.pid);
    const r = await runAutocannon({ ...base, connections: ctx.connections, duration: ctx.duration });
    const cpuAfter = cpuSeconds(ctx.pid);
    const statusCodes: Record<string, number> = {};
    for (const [code, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = v.count ?? 0;
    const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
    const expected = c.expectStatus
      ? (statusCodes[String(c.expectStatus)] ?? 0)
      : Object.entries(statusCodes)
          .filter(([code]) => code.startsWith('2'))
          .reduce((a, [, n]) => a + n, 0);
    const rps = r.requests.average;
    if (c.ceiling) ceilings.push(rps);
    load.push({
      name: c.name,
      url: prepared.url,
      requestsPerSecond: Math.round(rps),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      ratioToCeiling: null,
      cpuMicrosPerRequest: cpuBefore !== null && cpuAfter !== null && total > 0 ? Math.round(((cpuAfter - cpuBefore) * 1e6) / total) : null,
      requests: total,
      errors: r.errors,
      unexpectedStatus: total - expected,
      statusCodes,
    });
  }
  const ceiling = ceilings.length > 0 ? ceilings.reduce((a, b) => a + b, 0) / ceilings.length : 0;
  if (ceiling > 0) for (const r of load) r.ratioToCeiling = Math.round((r.requestsPerSecond / ceiling) * 100) / 100;
  return { load, measures };
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

export function formatTable(load: LoadResult[], measures: MeasureResult[]): string {
  const rows = [
    ['case', 'req/s', 'p50 ms', 'p99 ms', 'ratio to ceiling', 'server CPU µs/req', 'errors'],
    ...load.map((r) => [
      r.name,
      String(r.requestsPerSecond),
      String(r.p50Ms),
      String(r.p99Ms),
      r.ratioToCeiling === null ? '-' : r.ratioToCeiling.toFixed(2),
      r.cpuMicrosPerRequest === null ? '-' : String(r.cpuMicrosPerRequest),
      String(r.errors + r.unexpectedStatus),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => pad(cell, widths[i]!, i > 0)).join(' | ')} |`;
  const out = [line(rows[0]!), `|${widths.map((w, i) => (i > 0 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`, ...rows.slice(1).map(line)];
  if (measures.length > 0) {
    out.push('', '| measurement | value |', '|---|---:|', ...measures.map((m) => `| ${m.name} | ${m.value} ${m.unit}${m.detail ? ` (${m.detail})` : ''} |`));
  }
  return out.join('\n');
}

export function writeResults(load: LoadResult[], measures: MeasureResult[], extra: Record<string, unknown> = {}): string {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  const body = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    ...extra,
    load,
    measures,
  };
  fs.writeFileSync(file, JSON.stringify(body, null, 2) + '\n');
  return file;
}

/** Every bench/cases/*.ts module, in name order. */
export async function discoverCases(ctx: BenchContext): Promise<BenchCase[]> {
  const dir = path.join(root, 'bench/cases');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  const all: BenchCase[] = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as { cases?: (ctx: BenchContext) => BenchCase[] | Promise<BenchCase[]> };
    if (typeof mod.cases !== 'function') {
      ctx.log(`bench/cases/${f} exports no cases(ctx): skipped`);
      continue;
    }
    all.push(...(await mod.cases(ctx)));
  }
  return all;
}
