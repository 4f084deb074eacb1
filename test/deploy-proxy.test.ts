/**
 * The proxies `setup` writes, run for real: Debian's Caddy with the written
 * Caddyfile, then nginx with the written site files and a certificate from
 * certbot, both getting their certificate from a local ACME server (Debian's
 * pebble, standing in for Let's Encrypt) and serving the built site over
 * HTTPS to curl, which trusts only pebble's root. Test-only changes to the
 * written files, and only these: the ACME server's address and non-privileged
 * ports on 127.0.0.1 instead of 80 and 443, and nginx's paths in the temp
 * folder. Everything listens on loopback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup } from '../src/server/deploy/setup.js';
import { systemProbes, runChecks } from '../src/server/deploy/checks.js';
import { installedPaths } from '../src/server/deploy/files.js';
import { freePort, startBuiltServer, type RunningServer } from './support/built-server.js';
import { certbotCertificate, curl, localCaddyfile, localNginxFiles, startCaddy, startNginx, startPebble, toolsOrSkip, waitForHttps, type Background, type Pebble } from './support/proxies.js';

const domain = 'site.test';
const haveTools = toolsOrSkip(['caddy', 'nginx', 'certbot', 'pebble', 'pebble-challtestsrv', 'openssl', 'curl']);

/** The headers the site sets itself, which must arrive through the proxy as they left the site. */
const ownHeaders = ['strict-transport-security', 'content-security-policy', 'cache-control', 'etag', 'content-encoding', 'vary', 'x-content-type-options', 'referrer-policy'];

describe.skipIf(!haveTools)('setup\'s reverse proxies with automatic HTTPS', () => {
  let dir: string;
  let pebble: Pebble;
  let server: RunningServer;
  let rootFile: string;
  let httpPort: number;
  let httpsPort: number;
  let prefix: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-deploy-proxy-'));
    fs.chmodSync(dir, 0o755);
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    pebble = await startPebble(dir, { httpPort, tlsPort: httpsPort, listen: await freePort(), management: await freePort(), dns: await freePort(), challManagement: await freePort() });
    rootFile = path.join(dir, 'pebble-root.pem');
    fs.writeFileSync(rootFile, await pebble.issuingRoot());
    server = await startBuiltServer({ env: { PUBLIC_URL: `https://${domain}:${httpsPort}`, TRUST_PROXY: '127.0.0.1' } });
  });

  afterAll(async () => {
    await server?.stop();
    await pebble?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const port = () => new URL(server.url).port;
  const resolve = (p: number) => `${domain}:${p}:127.0.0.1`;

  async function runSetup(proxy: 'caddy' | 'nginx'): Promise<void> {
    prefix = path.join(dir, `root-${proxy}`);
    const out: string[] = [];
    const code = await setup(['--domain', domain, '--email', `admin@${domain}`, '--proxy', proxy, '--port', port(), '--prefix', prefix, '--yes'], { out: (l) => out.push(l) });
    expect(code, out.join('\n')).toBe(0);
  }

  /** What the visitor gets through the proxy, header by header, against the server directly. */
  async function expectSameSite(): Promise<void> {
    const url = `https://${domain}:${httpsPort}/`;
    // The certificate is pebble's: curl trusts nothing else, so any answer proves the chain.
    const proxied = await curl(url, { resolve: resolve(httpsPort), caFile: rootFile, headers: { 'accept-encoding': 'br' } });
    const direct = await curl(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(proxied.status).toBe(200);
    expect(direct.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(direct.headers['content-encoding']).toBe('br');
    expect(direct.headers.etag).toBeTruthy();
    for (const name of ownHeaders) expect(proxied.headers[name], name).toBe(direct.headers[name]);
    expect(proxied.body.equals(direct.body)).toBe(true);
    const again = await curl(url, { resolve: resolve(httpsPort), caFile: rootFile, headers: { 'accept-encoding': 'br', 'if-none-match': direct.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(direct.headers.etag);
    // http:// is sent to https://.
    const plain = await curl(`http://${domain}:${httpPort}/about?x=1`, { resolve: resolve(httpPort) });
    expect([301, 308]).toContain(plain.status);
    expect(plain.headers.location).toMatch(new RegExp(`^https://${domain.replace('.', '\\.')}(:${httpsPort})?/about\\?x=1$`));
    // The doctor, as a visitor from 127.0.0.2: the certificate is valid, the visitor's address seen, a forged X-Forwarded-For ignored.
    const env = { ...process.env, NODE_ENV: 'production', PUBLIC_URL: `https://${domain}:${httpsPort}`, TRUST_PROXY: '127.0.0.1', DATA_DIR: server.dataDir };
    const checks = await runChecks({ env, probes: systemProbes({ ca: fs.readFileSync(rootFile, 'utf8'), resolveTo: '127.0.0.1', localAddress: '127.0.0.2' }) });
    const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
    expect(byId.certificate, JSON.stringify(byId.certificate)).toMatchObject({ status: 'ok' });
    expect(byId['trust-proxy'], JSON.stringify(byId['trust-proxy'])).toMatchObject({ status: 'ok', message: expect.stringContaining('127.0.0.2') });
  }

  it('Caddy with the written Caddyfile gets a certificate from the ACME server and passes the site through unchanged', async () => {
    await runSetup('caddy');
    const written = fs.readFileSync(path.join(prefix, installedPaths.caddyfile), 'utf8');
    const caddy = startCaddy(dir, localCaddyfile(written, pebble, dir, { httpPort, httpsPort }));
    try {
      // Caddy answers once it holds the certificate; until then the TLS handshake fails.
      await waitForHttps(`https://${domain}:${httpsPort}/api/health`, { resolve: resolve(httpsPort), caFile: rootFile }, caddy);
      await expectSameSite();
    } finally {
      await caddy.stop();
    }
  }, 120_000);

  it('nginx with the written site files and a certificate from certbot passes the site through unchanged', async () => {
    await runSetup('nginx');
    const files = localNginxFiles({ http: path.join(prefix, installedPaths.nginxHttp), https: path.join(prefix, installedPaths.nginxHttps) }, dir, { httpPort, httpsPort }, installedPaths);
    // As setup's real run: port 80 first (the challenge), certbot, then 443 with the certificate.
    let nginx: Background = await startNginx(dir, [files.httpConf], { url: `http://127.0.0.1:${httpPort}/` });
    try {
      certbotCertificate(pebble, domain, files.webroot, files.letsencrypt);
      await nginx.stop();
      nginx = await startNginx(dir, [files.httpConf, files.httpsConf], { url: `http://127.0.0.1:${httpPort}/` });
      await expectSameSite();
    } finally {
      await nginx.stop();
    }
  }, 120_000);
});
