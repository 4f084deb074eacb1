/**
 * The upper bound of the benchmark: Debian's nginx serving recorded answers
 * from disk, with the same headers, on a free port with its own temporary
 * prefix and configuration (nothing of the system's nginx is read or touched).
 * One worker process, like our one Node.js process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../test/support/built-server.js';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { header, type RecordedAnswer } from './answer.js';

export interface Nginx {
  url: string;
  version: string;
  /** The master process (its worker is its child). */
  pid: number | undefined;
  /** The path under which an answer is served. */
  pathOf(name: string): string;
  stop(): Promise<void>;
}

/** nginx sets these itself (Content-Type through default_type). */
const ownHeaders = new Set(['content-length', 'content-type', 'server', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'last-modified']);

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: `apt-get install -y nginx-light` (or nginx) and run the benchmark again');
}

function quote(value: string): string {
  return `"${value.replace(/[\\"$]/g, (c) => (c === '$' ? '${dollar}' : `\\${c}`))}"`;
}

function slug(name: string): string {
  return name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

export async function startNginx(answers: Map<string, RecordedAnswer>): Promise<Nginx> {
  const bin = nginxBinary();
  // nginx -v answers on stderr.
  const version = spawnSync(bin, ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: /, '') || 'nginx';
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-nginx-'));
  const www = path.join(prefix, 'www');
  fs.mkdirSync(www);
  // The worker may run as another user: the files must be readable by it.
  fs.chmodSync(prefix, 0o755);
  fs.chmodSync(www, 0o755);
  const port = await freePort();
  const locations: string[] = [];
  for (const [name, answer] of answers) {
    const file = slug(name);
    fs.writeFileSync(path.join(www, file), answer.body, { mode: 0o644 });
    const lines = answer.headers.filter(([n]) => !ownHeaders.has(n.toLowerCase())).map(([n, v]) => `add_header ${n} ${quote(v)};`);
    const type = header(answer, 'content-type');
    const body = answer.status === 200 ? `try_files /${file} =404;` : `return ${answer.status};`;
    locations.push(`    location = /${file} {\n      default_type ${quote(type ?? 'application/octet-stream')};\n      ${lines.join('\n      ')}\n      ${body}\n    }`);
  }
  const asRoot = process.getuid?.() === 0;
  const conf = `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 100000000;
  server_tokens off;
  etag off;
  if_modified_since off;
  max_ranges 0;
  open_file_cache max=100 inactive=60s;
  types {}
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  geo $dollar { default "$"; }
  server {
    listen 127.0.0.1:${port};
    root ${www};
${locations.join('\n')}
  }
}
`;
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  let out = '';
  const child: ChildProcess = spawn(bin, ['-p', prefix, '-c', confFile, '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${out}\n${conf}`);
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${out}`);
    await delay(50);
  }
  return {
    url,
    version,
    pid: child.pid,
    pathOf: (name) => `/${slug(name)}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([exited, delay(5000).then(() => child.kill('SIGKILL'))]);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
