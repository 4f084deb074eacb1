/**
 * Debian's Caddy, nginx, certbot and pebble (a local ACME server, as Let's
 * Encrypt but on loopback) for the deploy tests and the proxy benchmark.
 * Everything runs from temporary folders on free ports of 127.0.0.1: nothing
 * of the system's own Caddy, nginx or certbot configuration is read or touched.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** The programs the deploy tests need, with the Debian package each comes from. */
export const deployTools = { caddy: 'caddy', nginx: 'nginx', certbot: 'certbot', pebble: 'pebble', 'pebble-challtestsrv': 'pebble', 'systemd-analyze': 'systemd', openssl: 'openssl', curl: 'curl' } as const;

export function missingTools(names: readonly (keyof typeof deployTools)[] = Object.keys(deployTools) as (keyof typeof deployTools)[]): string[] {
  const dirs = ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(process.env.PATH ?? '').split(':')];
  return names.filter((n) => !dirs.some((d) => fs.existsSync(path.join(d, n))));
}

/** In CI a missing tool fails the run; elsewhere the tests that need it are skipped with this warning. */
export function toolsOrSkip(names?: readonly (keyof typeof deployTools)[]): boolean {
  const missing = missingTools(names);
  if (missing.length === 0) return true;
  const install = `apt-get install -y ${[...new Set(missing.map((m) => deployTools[m as keyof typeof deployTools]))].join(' ')}`;
  if (process.env.CI) throw new Error(`The deploy tests need ${missing.join(', ')}: ${install}`);
  console.warn(`Deploy tests skipped: ${missing.join(', ')} missing (${install}).`);
  return false;
}

export interface Background {
  output(): string;
  stop(): Promise<void>;
}

function background(cmd: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Background & { child: ChildProcess } {
  let out = '';
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env }, cwd: options.cwd });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `ready` (a connection attempt, not a fixed wait) until it says yes, the process ends, or the deadline passes. */
async function waitFor(what: string, proc: Background & { child: ChildProcess }, ready: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited at start:\n${proc.output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready in ${ms / 1000} s:\n${proc.output()}`);
    await delay(100);
  }
}

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** A self-signed certificate for localhost and 127.0.0.1 (pebble's own API), as PEM files in `dir`. */
export function selfSignedCertificate(dir: string, name: string, days = 30): { cert: string; key: string } {
  const cert = path.join(dir, `${name}-cert.pem`);
  const key = path.join(dir, `${name}-key.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', String(days), '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name},DNS:localhost,IP:127.0.0.1`, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}

export interface Pebble {
  /** The ACME directory URL. */
  directory: string;
  /** The certificate of pebble's own HTTPS API (what an ACME client must trust to talk to it). */
  apiCert: string;
  /** The root that signs the certificates pebble issues (PEM), made fresh at every start. */
  issuingRoot(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Pebble with pebble-challtestsrv as its DNS: every name resolves to
 * 127.0.0.1, and challenges are validated on `httpPort` (HTTP-01) and
 * `tlsPort` (TLS-ALPN-01), where the proxy under test listens.
 */
export async function startPebble(dir: string, ports: { httpPort: number; tlsPort: number; listen: number; management: number; dns: number; challManagement: number }): Promise<Pebble> {
  const { cert, key } = selfSignedCertificate(dir, 'pebble-api');
  const config = path.join(dir, 'pebble-config.json');
  fs.writeFileSync(
    config,
    JSON.stringify({ pebble: { listenAddress: `127.0.0.1:${ports.listen}`, managementListenAddress: `127.0.0.1:${ports.management}`, certificate: cert, privateKey: key, httpPort: ports.httpPort, tlsPort: ports.tlsPort, ocspResponderURL: '', externalAccountBindingRequired: false } }),
  );
  const dns = background('pebble-challtestsrv', ['-dns01', `127.0.0.1:${ports.dns}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-management', `127.0.0.1:${ports.challManagement}`, '-defaultIPv4', '127.0.0.1', '-defaultIPv6', '']);
  // No random sleeps before validation and no rejected nonces: the test waits for nothing but the work.
  const pebble = background('pebble', ['-config', config, '-dnsserver', `127.0.0.1:${ports.dns}`], { env: { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' } });
  const apiCert = fs.readFileSync(cert, 'utf8');
  const directory = `https://127.0.0.1:${ports.listen}/dir`;
  try {
    await waitFor('pebble', pebble, () => httpsGet(directory, apiCert).then((r) => r.status === 200, () => false));
  } catch (err) {
    await Promise.all([pebble.stop(), dns.stop()]);
    throw err;
  }
  return {
    directory,
    apiCert: cert,
    issuingRoot: async () => (await httpsGet(`https://127.0.0.1:${ports.management}/roots/0`, apiCert)).body,
    stop: async () => {
      await Promise.all([pebble.stop(), dns.stop()]);
    },
  };
}

/** Caddy run from `dir` with a Caddyfile; its certificates and state stay in `dir`. */
export function startCaddy(dir: string, caddyfile: string): Background & { child: ChildProcess } {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile);
  const home = path.join(dir, 'caddy-home');
  fs.mkdirSync(home, { recursive: true });
  return background('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], { env: { HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home } });
}

/** Adds test-only global options to a Caddyfile's global block (the first `{` … `}`), or puts one first. */
export function withCaddyGlobals(caddyfile: string, lines: string[]): string {
  const block = /^\{\n/m;
  const inserted = lines.map((l) => `\t${l}\n`).join('');
  return block.test(caddyfile) ? caddyfile.replace(block, `{\n${inserted}`) : `{\n${inserted}}\n${caddyfile}`;
}

/** nginx with a main configuration of its own in `dir`, including the given site files. */
export async function startNginx(dir: string, siteFiles: string[], probe: { url: string }, options: { workers?: number | 'auto' } = {}): Promise<Background & { child: ChildProcess }> {
  const prefix = path.join(dir, 'nginx');
  fs.mkdirSync(prefix, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const conf = `${asRoot ? 'user root;\n' : ''}worker_processes ${options.workers ?? 1};
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${siteFiles.map((f) => `  include ${f};`).join('\n')}
}
`;
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const proc = background('nginx', ['-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log')]);
  await waitFor('nginx', proc, () => fetch(probe.url, { redirect: 'manual' }).then(() => true, () => false), 10_000);
  return proc;
}

export interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** curl, which resolves the site's name to 127.0.0.1 and trusts only `caFile` (when given). */
export function curl(url: string, options: { resolve?: string; caFile?: string; headers?: Record<string, string> } = {}): Promise<CurlAnswer> {
  const args = ['-sS', '--http1.1', '-D', '-', '-o', '-', '--max-time', '15'];
  if (options.resolve) args.push('--resolve', options.resolve);
  if (options.caFile) args.push('--cacert', options.caFile, '--capath', '/nonexistent');
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('curl', args, { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`curl ${url}: ${stderr.toString() || err.message}`));
      const split = stdout.indexOf('\r\n\r\n');
      const head = stdout.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(head[0]?.split(' ')[1]), headers, body: stdout.subarray(split + 4) });
    });
  });
}

export interface ProxyPorts {
  httpPort: number;
  httpsPort: number;
}

/** The written Caddyfile with the test-only globals: the local ACME server, non-privileged ports, state in `dir`. */
export function localCaddyfile(written: string, pebble: Pebble, dir: string, ports: ProxyPorts, extra: string[] = []): string {
  return withCaddyGlobals(written, ['admin off', `acme_ca ${pebble.directory}`, `acme_ca_root ${pebble.apiCert}`, `http_port ${ports.httpPort}`, `https_port ${ports.httpsPort}`, `storage file_system ${path.join(dir, 'caddy-storage')}`, ...extra]);
}

/** Polls (a request, not a fixed wait) until the proxy serves `url` over HTTPS with a certificate curl trusts from `caFile`. */
export async function waitForHttps(url: string, options: { resolve: string; caFile: string }, proc: Background & { child: ChildProcess }, ms = 60_000): Promise<void> {
  await waitFor('the proxy with its certificate', proc, () => curl(url, options).then((r) => r.status === 200, () => false), ms);
}

/**
 * setup's nginx site files with the test-only changes: listening on 127.0.0.1
 * at non-privileged ports (no IPv6), the ACME webroot and certbot's folder in `dir`.
 */
export function localNginxFiles(written: { http: string; https: string }, dir: string, ports: ProxyPorts, paths: { acmeWebroot: string; letsencryptLive: string }): { httpConf: string; httpsConf: string; webroot: string; letsencrypt: string } {
  const webroot = path.join(dir, 'acme-webroot');
  const letsencrypt = path.join(dir, 'letsencrypt');
  fs.mkdirSync(webroot, { recursive: true });
  fs.chmodSync(webroot, 0o755);
  const local = (file: string) => {
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/^\s*listen \[::\]:\d+.*\n/gm, '')
      .replace(/listen 80;/, `listen 127.0.0.1:${ports.httpPort};`)
      .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.httpsPort} ssl http2;`)
      .replaceAll(paths.acmeWebroot, webroot)
      .replaceAll(paths.letsencryptLive, path.join(letsencrypt, 'live'));
    const out = path.join(dir, path.basename(file));
    fs.writeFileSync(out, text);
    return out;
  };
  return { httpConf: local(written.http), httpsConf: local(written.https), webroot, letsencrypt };
}

/** certbot certonly --webroot against the local ACME server, its state in `letsencrypt`. */
export function certbotCertificate(pebble: Pebble, domain: string, webroot: string, letsencrypt: string): void {
  execFileSync('certbot', ['certonly', '--webroot', '-w', webroot, '-d', domain, '--server', pebble.directory, '--config-dir', letsencrypt, '--work-dir', path.join(letsencrypt, 'work'), '--logs-dir', path.join(letsencrypt, 'logs'), '--email', `admin@${domain}`, '--agree-tos', '--non-interactive'], {
    env: { ...process.env, REQUESTS_CA_BUNDLE: pebble.apiCert },
    stdio: 'pipe',
  });
}
