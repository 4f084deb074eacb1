/**
 * Starts the built server (dist/server/main.js) on a free port with a fresh
 * DATA_DIR, as `npm start` would: for the browser tests and the benchmarks.
 * The demo content is seeded; a super-admin is created from BOOTSTRAP_SUPER_*.
 *
 * Seeding the demo content (pictures made in three formats and widths) costs
 * about 15 s of CPU, six times a start on seeded data. Within a test run
 * (test/support/once-per-run.ts) the first start seeds a DATA_DIR once and
 * keeps it as a template; every other start gets its own
 * copy of it (the SQLite file, the pictures and the auth secret), so each
 * server still has data of its own that no other test sees or changes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import nodeFlags from '../../src/server/node-flags.json' with { type: 'json' };
import { oncePerRun, testRunDir } from './once-per-run.js';

/** The repository root (works under vitest and under tsx, which has no __dirname). */
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  /** Process id of the server (the benchmarks read its CPU time). */
  pid: number | undefined;
  dataDir: string;
  superEmail: string;
  superPassword: string;
  output: () => string;
  /** How the process ended, or null while it runs. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** SIGTERM (SIGKILL after 5 s); says how the process ended and whether it had to be killed. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
}

export interface StartOptions {
  /** Environment on top of the defaults (e.g. AUTH_TOKEN_TTL). */
  env?: Record<string, string>;
  /** Options for node itself, before the script (e.g. --expose-gc). */
  nodeArgs?: string[];
  /** Another checkout whose dist/ to run (the benchmark compares builds); this repository when absent. */
  root?: string;
  /** Appends the server's output to this file instead of keeping it in memory (long runs with request logging). */
  logFile?: string;
}

/** A TCP port nothing listens on now (the benchmarks start nginx on one too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Settings that change what the first start writes into DATA_DIR: a start given one of them seeds on its own. */
const seedingSettings = ['DATA_DIR', 'DATABASE_URL', 'SEED_DEMO', 'MEDIA_STORE', 'AUTH_SECRET', 'BOOTSTRAP_SUPER_EMAIL', 'BOOTSTRAP_SUPER_PASSWORD'];

/** This run's seeded DATA_DIR, made by the first start that asks, or null outside a test run or for another checkout. */
async function seededTemplate(options: StartOptions): Promise<string | null> {
  // An empty DATA_DIR of the test's own is what the first start would seed: it gets the template too.
  const env = { ...options.env };
  if (env.DATA_DIR && !fs.readdirSync(env.DATA_DIR).length) delete env.DATA_DIR;
  if (options.root || Object.keys(env).some((k) => seedingSettings.includes(k))) return null;
  const runDir = testRunDir();
  if (!runDir) return null;
  const made = await oncePerRun('built-server-data', async () => {
    // Seeded with the defaults, whoever asks first: every copy is the same.
    const server = await start({}, fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-seeding-')));
    const dir = path.join(runDir, 'built-server-data');
    // A clean stop: SQLite's write-ahead log is folded into the file, which is then copied whole.
    const end = await server.stop({ keepData: dir });
    if (end.killed || end.code !== 0) throw new Error(`the seeding server did not stop cleanly (${JSON.stringify(end)}):\n${server.output()}`);
    return { dataDir: dir };
  });
  return made?.dataDir ?? null;
}

export async function startBuiltServer(options: StartOptions = {}): Promise<RunningServer> {
  const template = await seededTemplate(options);
  // The folder the server gets when the test gives none (stop() removes it; a test's own DATA_DIR stays).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-built-'));
  if (template) fs.cpSync(template, options.env?.DATA_DIR ?? dataDir, { recursive: true });
  return start(options, dataDir);
}

async function start(options: StartOptions, dataDir: string): Promise<RunningServer & { stop(how?: { keepData?: string }): ReturnType<RunningServer['stop']> }> {
  const cwd = options.root ?? root;
  const main = path.join(cwd, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: the test setup builds it first');
  // A port of the caller's choosing (several instances behind one proxy listen on ports in a row), else a free one.
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const superEmail = 'super@example.org';
  const superPassword = 'correct horse battery staple';
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const logFd = options.logFile ? fs.openSync(options.logFile, 'a') : null;
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags.flags, ...(options.nodeArgs ?? []), main], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      BOOTSTRAP_SUPER_EMAIL: superEmail,
      BOOTSTRAP_SUPER_PASSWORD: superPassword,
      LOG_LEVEL: 'warn',
      // The Pages screen's weighing in Chromium only where a test asks for it (e2e/public-weight.test.ts): elsewhere it would load every page in the background.
      PAGE_WEIGHT_BROWSER: 'off',
      ...options.env,
    },
    stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
  });
  if (logFd !== null) fs.closeSync(logFd);
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 120 s:\n${out}`);
    }
    // Polling the health route until the server answers.
    await delay(200);
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    superEmail,
    superPassword,
    output: () => (options.logFile ? fs.readFileSync(options.logFile, 'utf8') : out),
    exited: () => (child.exitCode !== null || child.signalCode !== null ? { code: child.exitCode, signal: child.signalCode } : null),
    stop: async (how: { keepData?: string } = {}) => {
      let killed = false;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit', { signal: AbortSignal.timeout(5000) }).then(
          () => true,
          () => false,
        );
        child.kill('SIGTERM');
        // A server that ignores SIGTERM for 5 s is killed.
        if (!(await exited)) {
          killed = true;
          child.kill('SIGKILL');
          await once(child, 'exit');
        }
      }
      if (how.keepData) fs.renameSync(dataDir, how.keepData);
      else fs.rmSync(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, signal: child.signalCode, killed };
    },
  };
}
