/**
 * `npm run bench:proxy`: what the reverse proxy costs. The built server (as
 * `npm start` runs it, request logging at info) behind the proxies `setup`
 * writes, each with a certificate from a local ACME server (pebble), loaded
 * by wrk in the same run:
 *
 *  - direct: the server over plain HTTP on 127.0.0.1 (what the proxy talks to);
 *  - Caddy: HTTPS through Debian's Caddy with the written Caddyfile;
 *  - nginx: HTTPS through Debian's nginx with the written site files
 *    (worker_processes auto, as Debian's nginx.conf has it);
 *  - direct again, to show how much the machine drifted during the run.
 *
 * The request is the cached home page as a browser asks for it (brotli).
 * wrk resolves site.test to 127.0.0.1 through a private hosts file (see below),
 * keeps its connections open (TLS handshakes are not what is measured) and
 * does not check certificates. Needs wrk, caddy, nginx, certbot and pebble.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setup } from '../src/server/deploy/setup.js';
import { installedPaths } from '../src/server/deploy/files.js';
import { freePort, startBuiltServer } from '../test/support/built-server.js';
import { certbotCertificate, curl, localCaddyfile, localNginxFiles, missingTools, startCaddy, startNginx, startPebble, waitForHttps } from '../test/support/proxies.js';
import { loadAverageText, ms, printTable } from './measure.js';
import { checkWrk, runWrk, type WrkResult } from './wrk.js';

const domain = 'site.test';
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const browser = { accept: 'text/html', 'accept-encoding': 'br' };

async function main(): Promise<void> {
  const wrkVersion = checkWrk();
  const version = versions();
  const missing = missingTools(['caddy', 'nginx', 'certbot', 'pebble', 'pebble-challtestsrv', 'openssl', 'curl']);
  if (missing.length) throw new Error(`bench:proxy needs ${missing.join(', ')} (apt-get install -y caddy nginx certbot pebble)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-bench-proxy-'));
  fs.chmodSync(dir, 0o755);
  const ports = { httpPort: await freePort(), httpsPort: await freePort() };
  const pebble = await startPebble(dir, { httpPort: ports.httpPort, tlsPort: ports.httpsPort, listen: await freePort(), management: await freePort(), dns: await freePort(), challManagement: await freePort() });
  const rootFile = path.join(dir, 'pebble-root.pem');
  fs.writeFileSync(rootFile, await pebble.issuingRoot());
  const server = await startBuiltServer({ env: { PUBLIC_URL: `https://${domain}:${ports.httpsPort}`, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' }, logFile: path.join(dir, 'server.log') });
  // wrk sends its URL's host as the TLS server name, which Caddy needs to pick the certificate: wrk alone
  // sees a hosts file naming site.test 127.0.0.1, bind-mounted in a mount namespace of its own (needs root).
  const hosts = path.join(dir, 'hosts');
  fs.writeFileSync(hosts, `127.0.0.1 localhost\n127.0.0.1 ${domain}\n`);
  const wrapper = ['unshare', '--mount', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts];
  const rows: [string, WrkResult, { server: number; proxy: number | null }][] = [];
  const load = async (name: string, url: string, headers: Record<string, string>, proxyPid?: number) => {
    await runWrk({ url, headers, connections, seconds: 2, wrapper }); // warm-up
    // The proxy's processes (nginx: its master and workers) and the server's, CPU time before and after the load.
    const proxyPids = proxyPid === undefined ? [] : [proxyPid, ...childrenOf(proxyPid)];
    const before = { server: cpuSeconds([server.pid!]), proxy: cpuSeconds(proxyPids) };
    const r = await runWrk({ url, headers, connections, seconds, wrapper });
    const cpu = { server: cpuSeconds([server.pid!]) - before.server, proxy: proxyPids.length ? cpuSeconds(proxyPids) - before.proxy : null };
    if (r.badStatus || r.socketErrors) throw new Error(`${name}: ${r.badStatus} bad answers, ${r.socketErrors} socket errors`);
    rows.push([name, r, { server: (cpu.server / r.requests) * 1e6, proxy: cpu.proxy === null ? null : (cpu.proxy / r.requests) * 1e6 }]);
    console.error(`${name}: ${r.requestsPerSecond} req/s`);
  };
  const loadBefore = loadAverageText();
  const started = new Date();
  try {
    const prefix = (proxy: string) => path.join(dir, `root-${proxy}`);
    for (const proxy of ['caddy', 'nginx'] as const) {
      const code = await setup(['--domain', domain, '--email', `admin@${domain}`, '--proxy', proxy, '--port', new URL(server.url).port, '--prefix', prefix(proxy), '--yes'], { out: () => undefined });
      if (code !== 0) throw new Error(`setup --proxy ${proxy} failed`);
    }
    const home = await curl(`${server.url}/`, { headers: browser });
    if (home.status !== 200 || home.headers['content-encoding'] !== 'br') throw new Error(`GET / answered ${home.status} ${home.headers['content-encoding'] ?? 'uncompressed'}`);

    await load('direct (HTTP, 127.0.0.1)', `${server.url}/`, browser);

    const proxied = `https://${domain}:${ports.httpsPort}/`;
    const viaProxy = browser;
    const written = fs.readFileSync(path.join(prefix('caddy'), installedPaths.caddyfile), 'utf8');
    const caddy = startCaddy(dir, localCaddyfile(written, pebble, dir, ports));
    try {
      await waitForHttps(`https://${domain}:${ports.httpsPort}/api/health`, { resolve: `${domain}:${ports.httpsPort}:127.0.0.1`, caFile: rootFile }, caddy);
      await load(`Caddy ${version.caddy} (HTTPS)`, proxied, viaProxy, caddy.child.pid);
    } finally {
      await caddy.stop();
    }

    const files = localNginxFiles({ http: path.join(prefix('nginx'), installedPaths.nginxHttp), https: path.join(prefix('nginx'), installedPaths.nginxHttps) }, dir, ports, installedPaths);
    let nginx = await startNginx(dir, [files.httpConf], { url: `http://127.0.0.1:${ports.httpPort}/` });
    certbotCertificate(pebble, domain, files.webroot, files.letsencrypt);
    await nginx.stop();
    nginx = await startNginx(dir, [files.httpConf, files.httpsConf], { url: `http://127.0.0.1:${ports.httpPort}/` }, { workers: 'auto' });
    try {
      await load(`nginx ${version.nginx} (HTTPS)`, proxied, viaProxy, nginx.child.pid);
    } finally {
      await nginx.stop();
    }

    await load('direct again', `${server.url}/`, browser);
  } finally {
    await server.stop();
    await pebble.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const direct = (rows[0]![1].requestsPerSecond + rows.at(-1)![1].requestsPerSecond) / 2;
  printTable(
    { started, loadBefore, loadAfter: loadAverageText() },
    `${wrkVersion}, 2 threads, ${connections} connections, ${seconds} s after a 2 s warm-up; GET / cached, brotli`,
    ['Path', 'req/s', 'p50 ms', 'p99 ms', 'of direct', 'server CPU µs/req', 'proxy CPU µs/req'],
    [false, true, true, true, true, true, true],
    rows.map(([name, r, cpu]) => [name, r.requestsPerSecond, ms(r.p50Ms), ms(r.p99Ms), `${Math.round((r.requestsPerSecond / direct) * 100)} %`, Math.round(cpu.server), cpu.proxy === null ? '–' : Math.round(cpu.proxy)]),
  );
}

/** User and system CPU seconds of these processes so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** The processes whose parent is `pid` (nginx's workers). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The first word of `caddy version`, and nginx's version from `nginx -v` (on stderr). */
function versions(): { caddy: string; nginx: string } {
  const caddy = execFileSync('caddy', ['version'], { encoding: 'utf8' }).trim().split(' ')[0] ?? 'Caddy';
  const nginx = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: nginx\//, '');
  return { caddy, nginx };
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
