/**
 * The benchmark harness: starts the BUILT server (dist/server/main.js, as
 * `npm start` runs it, request logging on) on a temporary DATA_DIR, loads it
 * with wrk and, for each case marked `compare`, loads in the same run
 *
 *  - a bare node:http server sending the very same answer (status, headers,
 *    body bytes, recorded from our server): what Node.js itself costs;
 *  - Debian's nginx serving the same bytes from disk with the same headers.
 *
 * Our req/s divided by theirs are the ratios that travel between machines;
 * absolute numbers do not. Cases live in bench/cases/*.ts and export
 * `cases(ctx: BenchContext): BenchCase[] | Promise<BenchCase[]>`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBuiltServer, type RunningServer } from '../test/support/built-server.js';
import { record, writeAnswerFile, type RecordedAnswer } from './answer.js';
import { startNginx, type Nginx } from './nginx.js';
import { runWrk, type WrkResult } from './wrk.js';
import { loadGenerator, pinServer, pinServerTree } from './cpus.js';

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
  /** Seconds each load runs (BENCH_DURATION, default 10). */
  duration: number;
  /** Connections of a load unless its case says otherwise. */
  connections: number;
  /** A fresh super-admin idToken (signed in once, then reused). */
  token(): Promise<string>;
  /** JSON call as the super-admin; throws on a non-2xx answer. */
  api<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** Multipart upload of one file to POST /api/media as the super-admin. */
  upload<T>(bytes: Uint8Array, fileName: string, contentType: string): Promise<T>;
  log(message: string): void;
}

/** What a load requests: a path on the server and the request headers. */
export interface Target {
  path: string;
  headers?: Record<string, string>;
}

/** Something running beside a load (an editor saving); `stop` says what it did. */
export interface Background {
  stop(): Promise<string>;
}

/** A load case: wrk sends one request over and over. */
export interface LoadCase {
  name: string;
  target: (ctx: BenchContext) => Target | Promise<Target>;
  /** The status every answer must have; checked once before the load, and wrk counts any outside 2xx/3xx. */
  expectStatus: number;
  /** Load a bare node:http server and nginx with the same answer in the same run. */
  compare?: boolean;
  connections?: number;
  /** Started before the load and stopped after it. */
  during?: (ctx: BenchContext) => Background | Promise<Background>;
  /** Another case's name: this case's req/s is also given divided by that one's. */
  ratioTo?: string;
  /** Targets for the ratios (reported as met or not, with the gap). */
  goal?: { bare?: number; nginx?: number; ratioTo?: number };
}

/** A measurement that is not a request rate (e.g. the time to ingest an upload). */
export interface MeasureCase {
  name: string;
  measure: (ctx: BenchContext) => Promise<{ value: number; unit: string; detail?: string }>;
}

export type BenchCase = LoadCase | MeasureCase;

export interface LoadResult {
  name: string;
  path: string;
  connections: number;
  ours: WrkResult & {
    /** Server CPU time (user + system) per request, microseconds: steadier than req/s on a shared machine. */
    cpuMicrosPerRequest: number | null;
  };
  bare: (WrkResult & { cpuMicrosPerRequest: number | null }) | null;
  nginx: WrkResult | null;
  /** Bytes of the body our server sent (as recorded). */
  bodyBytes: number | null;
  ratioToBare: number | null;
  /** The lowest and highest ours ÷ bare of single rounds (null in one load): how much the machine moved. */
  ratioToBareRounds: [number, number] | null;
  ratioToNginx: number | null;
  ratioTo: { name: string; ratio: number } | null;
  during: string | null;
  goal: LoadCase['goal'] | null;
}

export interface MeasureResult {
  name: string;
  value: number;
  unit: string;
  detail?: string | undefined;
}

export function isMeasure(c: BenchCase): c is MeasureCase {
  return typeof (c as MeasureCase).measure === 'function';
}

export function benchDuration(): number {
  const raw = process.env.BENCH_DURATION;
  const n = raw ? Number(raw) : 10;
  return Number.isFinite(n) && n > 0 ? n : 10;
}

/** Builds dist/ unless it is up to date (scripts/build.mjs decides). */
export function ensureBuilt(dir = root): void {
  execFileSync(process.execPath, [path.join(dir, 'scripts/build.mjs')], { cwd: dir, stdio: 'inherit' });
  if (!fs.existsSync(path.join(dir, 'dist/server/main.js'))) throw new Error(`${dir}/dist/server/main.js is missing after the build`);
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
export function cpuSeconds(pid: number | undefined): number | null {
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

interface BareServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** bench/bare-server.mjs with one recorded answer, in its own process like our server. */
async function startBare(answerFile: string): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs'), answerFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench/bare-server.mjs exited with ${code}`)));
  });
  lines.close();
  pinServer(child.pid);
  return {
    url: `http://127.0.0.1:${port.trim()}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

type Measured = WrkResult & { cpuMicrosPerRequest: number | null };

/** A short load first: fills caches and lets the JIT settle, so no case is penalised for going first. */
async function warmUp(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<void> {
  // wrk takes whole seconds.
  await runWrk({ url, headers, connections, seconds: Math.min(2, Math.max(1, Math.round(seconds / 5))), ...loadGenerator() });
}

async function measuredLoad(url: string, headers: Record<string, string>, connections: number, seconds: number, pid?: number): Promise<Measured> {
  const before = cpuSeconds(pid);
  const r = await runWrk({ url, headers, connections, seconds, ...loadGenerator() });
  const after = cpuSeconds(pid);
  const cpu = before !== null && after !== null && r.requests > 0 ? Math.round(((after - before) * 1e6) / r.requests) : null;
  return { ...r, cpuMicrosPerRequest: cpu };
}

async function warmedLoad(url: string, headers: Record<string, string>, connections: number, seconds: number, pid?: number): Promise<Measured> {
  await warmUp(url, headers, connections, seconds);
  return measuredLoad(url, headers, connections, seconds, pid);
}

/**
 * Rounds of one server's load as one result: req/s is all requests over the
 * time they took, CPU per request the same; p50 is the median of the rounds'
 * p50s, p99 the highest of their p99s (wrk gives percentiles, not its samples).
 */
export function combineRounds(rounds: readonly Measured[]): Measured {
  if (rounds.length === 1) return rounds[0]!;
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + (r.requestsPerSecond > 0 ? r.requests / r.requestsPerSecond : 0), 0);
  const p50s = rounds.map((r) => r.p50Ms).sort((a, b) => a - b);
  const cpu = rounds.every((r) => r.cpuMicrosPerRequest !== null) && requests > 0 ? Math.round(rounds.reduce((n, r) => n + r.cpuMicrosPerRequest! * r.requests, 0) / requests) : null;
  return {
    requestsPerSecond: seconds > 0 ? Math.round(requests / seconds) : 0,
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    requests,
    badStatus: rounds.reduce((n, r) => n + r.badStatus, 0),
    socketErrors: rounds.reduce((n, r) => n + r.socketErrors, 0),
    cpuMicrosPerRequest: cpu,
  };
}

/**
 * BENCH_ROUNDS: a compared load runs in this many rounds taken in turn (ours,
 * bare, nginx, then nginx, bare, ours, …), so a change of the shared machine's
 * load during the case weighs on the three alike; 5 unless set, 1 for one load
 * after the other.
 */
export function benchRounds(duration: number): number {
  const n = Math.floor(Number(process.env.BENCH_ROUNDS ?? 5));
  if (!Number.isFinite(n) || n < 1) return 1;
  // wrk loads whole seconds: at least one per round.
  return Math.min(n, Math.max(1, Math.floor(duration)));
}

/**
 * Runs the cases: compared loads first (their answers are recorded before
 * anything changes the content, and nginx serves all of them), then the other
 * loads, then the measurements (which write content).
 */
export async function runCases(ctx: BenchContext, cases: BenchCase[]): Promise<{ load: LoadResult[]; measures: MeasureResult[]; nginx: string | null }> {
  const loads = cases.filter((c): c is LoadCase => !isMeasure(c));
  const ordered = [...loads.filter((c) => c.compare), ...loads.filter((c) => !c.compare)];
  const measures = cases.filter(isMeasure);
  const targets = new Map<LoadCase, Target>();
  const answers = new Map<string, RecordedAnswer>();
  for (const c of ordered) {
    const target = await c.target(ctx);
    targets.set(c, target);
    const answer = await record(`${ctx.url}${target.path}`, target.headers);
    if (answer.status !== c.expectStatus) throw new Error(`${c.name}: ${target.path} answered ${answer.status}, expected ${c.expectStatus}`);
    if (c.compare) answers.set(c.name, answer);
  }
  const answerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-answers-'));
  const rounds = benchRounds(ctx.duration);
  let nginx: Nginx | null = null;
  const load: LoadResult[] = [];
  try {
    if (answers.size > 0) {
      nginx = await startNginx(answers);
      pinServerTree(nginx.pid);
    }
    for (const c of ordered) {
      const target = targets.get(c)!;
      const headers = target.headers ?? {};
      const connections = c.connections ?? ctx.connections;
      ctx.log(`load: ${c.name} (${connections} connections, ${ctx.duration} s)`);
      const background = c.during ? await c.during(ctx) : null;
      const answer = answers.get(c.name);
      // Compared in rounds: ours is measured below, in turn with the bare server and nginx.
      const inRounds = rounds > 1 && answer !== undefined && nginx !== null;
      let ours: Measured | null = null;
      let during: string | null = null;
      try {
        if (inRounds) await warmUp(`${ctx.url}${target.path}`, headers, connections, ctx.duration);
        else ours = await warmedLoad(`${ctx.url}${target.path}`, headers, connections, ctx.duration, ctx.pid);
      } finally {
        if (background) during = await background.stop();
      }
      let bare: LoadResult['bare'] = null;
      let theirs: WrkResult | null = null;
      let ratioToBareRounds: LoadResult['ratioToBareRounds'] = null;
      if (answer && nginx) {
        const server = await startBare(writeAnswerFile(answerDir, String(load.length), answer));
        const nginxUrl = `${nginx.url}${nginx.pathOf(c.name)}`;
        try {
          if (!inRounds) {
            bare = await warmedLoad(`${server.url}${target.path}`, headers, connections, ctx.duration, server.pid);
            theirs = await warmedLoad(nginxUrl, headers, connections, ctx.duration);
          } else {
            // Short rounds in turn: a change in the machine's load weighs on the three alike.
            await warmUp(`${server.url}${target.path}`, headers, connections, ctx.duration);
            await warmUp(nginxUrl, headers, connections, ctx.duration);
            const seconds = Math.max(1, Math.round(ctx.duration / rounds));
            const each = { ours: [] as Measured[], bare: [] as Measured[], nginx: [] as Measured[] };
            const loads: [Measured[], () => Promise<Measured>][] = [
              [each.ours, () => measuredLoad(`${ctx.url}${target.path}`, headers, connections, seconds, ctx.pid)],
              [each.bare, () => measuredLoad(`${server.url}${target.path}`, headers, connections, seconds, server.pid)],
              [each.nginx, () => measuredLoad(nginxUrl, headers, connections, seconds)],
            ];
            for (let i = 0; i < rounds; i++) {
              // Every other round the other way round: a machine slowing down or speeding up during a round favours no one.
              for (const [into, measure] of i % 2 === 0 ? loads : [...loads].reverse()) into.push(await measure());
            }
            ours = combineRounds(each.ours);
            bare = combineRounds(each.bare);
            theirs = combineRounds(each.nginx);
            const roundRatios = each.ours.map((r, i) => r.requestsPerSecond / Math.max(1, each.bare[i]!.requestsPerSecond));
            ratioToBareRounds = [round2(Math.min(...roundRatios)), round2(Math.max(...roundRatios))];
          }
        } finally {
          await server.stop();
        }
      }
      if (!ours) throw new Error(`${c.name}: not measured`);
      const base = c.ratioTo ? load.find((r) => r.name === c.ratioTo) : undefined;
      if (c.ratioTo && !base) throw new Error(`${c.name}: no earlier case named "${c.ratioTo}"`);
      load.push({
        name: c.name,
        path: target.path,
        connections,
        ours,
        bare,
        nginx: theirs,
        bodyBytes: answer ? answer.body.length : null,
        ratioToBare: bare ? round2(ours.requestsPerSecond / bare.requestsPerSecond) : null,
        ratioToBareRounds,
        ratioToNginx: theirs ? round2(ours.requestsPerSecond / theirs.requestsPerSecond) : null,
        ratioTo: base ? { name: base.name, ratio: round2(ours.requestsPerSecond / base.ours.requestsPerSecond) } : null,
        during,
        goal: c.goal ?? null,
      });
    }
  } finally {
    await nginx?.stop();
    fs.rmSync(answerDir, { recursive: true, force: true });
  }
  const measured: MeasureResult[] = [];
  for (const c of measures) {
    ctx.log(`measure: ${c.name}`);
    measured.push({ name: c.name, ...(await c.measure(ctx)) });
  }
  return { load, measures: measured, nginx: nginx?.version ?? null };
}

/** Every bench/cases/*.ts module, in name order; BENCH_ONLY keeps the cases whose name contains it. */
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
  const only = process.env.BENCH_ONLY;
  if (!only) return all;
  // A case that others are divided by stays when they do.
  const kept = all.filter((c) => c.name.includes(only));
  const needed = new Set(kept.flatMap((c) => (!isMeasure(c) && c.ratioTo ? [c.ratioTo] : [])));
  return all.filter((c) => kept.includes(c) || needed.has(c.name));
}
