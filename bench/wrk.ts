/**
 * wrk as the load generator: written in C with one event loop per thread, it
 * stays faster than the servers it measures here (autocannon, in Node.js,
 * spent more CPU parsing answers than the server spent making them).
 */
import { execFile, execFileSync } from 'node:child_process';

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with a status outside 2xx and 3xx. */
  badStatus: number;
  /** connect, read, write and timeout errors together. */
  socketErrors: number;
}

export interface WrkOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  threads?: number;
  /** A command wrk runs under, e.g. `unshare -m …` for a private /etc/hosts (bench/proxy.ts); wrk's arguments follow it. */
  wrapper?: string[];
}

function versionLine(out: string): string {
  return (out.split('\n')[0] ?? 'wrk').replace(/\s*Copyright.*$/, '');
}

/** Says how to install wrk when it is missing (Debian: `apt-get install -y wrk`). */
export function checkWrk(): string {
  try {
    const out = execFileSync('wrk', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return versionLine(out);
  } catch (err) {
    // `wrk --version` prints its usage and exits 1; the first line still names the version.
    const out = String((err as { stdout?: unknown }).stdout ?? '');
    if (out.startsWith('wrk ')) return versionLine(out);
    throw new Error('wrk is not installed: `apt-get install -y wrk` (Debian and Ubuntu) and run the benchmark again', { cause: err });
  }
}

function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  const unit = m[2];
  return unit === 'us' ? n / 1000 : unit === 'ms' ? n : unit === 's' ? n * 1000 : n * 60_000;
}

export function parseWrk(out: string): WrkResult {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 'NaN');
  const latency = (pct: string) => toMs(new RegExp(`^\\s+${pct}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const result: WrkResult = {
    requestsPerSecond: Math.round(num(/^Requests\/sec:\s+([\d.]+)/m)),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    requests: num(/^\s+(\d+) requests in /m),
    badStatus: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
  if (!Number.isFinite(result.requestsPerSecond) || !Number.isFinite(result.p50Ms)) throw new Error(`could not read wrk's output:\n${out}`);
  return result;
}

export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = [`-t${options.threads ?? 2}`, `-c${options.connections}`, `-d${Math.max(1, Math.round(options.seconds))}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    const [cmd, ...before] = options.wrapper ? [...options.wrapper, 'wrk'] : ['wrk'];
    execFile(cmd!, [...before, ...args], { encoding: 'utf8', maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`));
      try {
        resolve(parseWrk(stdout));
      } catch (parseErr) {
        reject(parseErr as Error);
      }
    });
  });
}
