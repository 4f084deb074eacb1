/**
 * The doctor: every check passes on a good machine and fails, in words with
 * its fix, on a prepared bad one (wrong mode, full disk simulated, unreachable
 * SMTP, stale backup, expired certificate, running as root, forged
 * X-Forwarded-For); exit 0 all good, 1 warnings, 2 errors. What cannot be
 * prepared safely (a full disk, the machine's memory) is simulated through
 * the probes; everything else is real (files and modes, a database, an SMTP
 * server, a TLS server, a proxy in front of the site).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupTriggers } from '../src/shared/backups.js';
import { finishRun, insertRun } from '../src/server/backup/repository.js';
import { migrate, openDatabase } from '../src/server/db/index.js';
import { checkNode, doctorReportSchema, exitCodeOf, forgedAddress, runChecks, systemProbes, unitUser, type CheckResult, type Probes } from '../src/server/deploy/checks.js';
import { doctor, startChecks } from '../src/server/deploy/doctor.js';
import { build, serverOn, testConfig, type TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { nonLoopbackAddress, smtpPassword, startSmtp, type TestSmtp } from './helpers/smtp.js';
import { freePort, startBuiltServer } from './support/built-server.js';
import { selfSignedCertificate, toolsOrSkip } from './support/proxies.js';

const asRoot = process.getuid?.() === 0;
/** The service user of the prepared machine: a made-up uid owning DATA_DIR (as root), else the one running the tests. */
const serviceUser = asRoot ? { name: 'ngo-site', uid: 4242, gid: 4242 } : { name: os.userInfo().username, uid: process.getuid!(), gid: process.getgid!() };

interface Machine {
  db: TestDatabase;
  envFile: string;
  env: Record<string, string | undefined>;
  probes: Probes;
}

function byId(checks: CheckResult[], id: string): CheckResult {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} check in ${JSON.stringify(checks)}`);
  return found;
}

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** A migrated database, a 0600 environment file, DATA_DIR owned by the service user, and probes that find all well. */
async function goodMachine(dialect: 'sqlite' | 'postgres'): Promise<Machine> {
  const db = await createTestDatabase(dialect);
  const opened = db.open();
  await migrate(opened);
  const run = { id: crypto.randomUUID(), trigger: backupTriggers[0], name: 'site-x.tar.gz', instance: 'test', at: new Date(Date.now() - 3_600_000) };
  await insertRun(opened.kysely, run);
  await finishRun(opened.kysely, run.id, { status: 'verified', at: new Date(Date.now() - 3_500_000), bytes: 10, message: null });
  await opened.close();
  fs.chmodSync(db.dataDir, 0o750);
  if (asRoot) fs.chownSync(db.dataDir, serviceUser.uid, serviceUser.gid);
  const envFile = path.join(tempDir(), 'ngo-site.env');
  fs.writeFileSync(envFile, '# settings\n', { mode: 0o600 });
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://site.test',
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'website@site.test',
    BACKUP_SCHEDULE: '0 3 * * *',
    AUTH_SECRET: 'x'.repeat(40),
  };
  const real = systemProbes();
  const probes: Probes = {
    ...real,
    diskSpace: async () => ({ free: 40 * 1024 ** 3, total: 80 * 1024 ** 3 }),
    memory: () => ({ total: 2 * 1024 ** 3, free: 1024 ** 3 }),
    serviceUser: () => serviceUser,
    get: async () => ({ status: 200, body: JSON.stringify({ ip: '192.0.2.10' }), localAddress: '192.0.2.10' }),
    peerCertificate: async () => ({ validTo: new Date(Date.now() + 60 * 86_400_000), problem: null }),
  };
  return { db, envFile, env, probes };
}

const dbDialects = dialects();

describe.each(dbDialects)('doctor on %s', (dialect) => {
  let m: Machine;
  beforeAll(async () => {
    m = await goodMachine(dialect);
  });
  afterAll(async () => {
    await m?.db.drop();
  });

  it('a good machine: every check ok, exit 0, and --json prints the checks', async () => {
    let printed = '';
    const code = await doctor({ argv: ['--json', '--env-file', m.envFile], env: m.env, probes: m.probes, out: (t) => (printed += t) });
    const report = doctorReportSchema.parse(JSON.parse(printed));
    expect(report.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual(['node', 'config', 'public-url', 'service-user', 'data-dir', 'backup-dir', 'secret-files', 'disk', 'memory', 'database', 'smtp', 'backup', 'certificate', 'trust-proxy']);
    expect(code).toBe(0);
  });

  it('warnings only: exit 1 and the words say so', async () => {
    let printed = '';
    const code = await doctor({ argv: ['--env-file', m.envFile], env: { ...m.env, SMTP_URL: undefined }, probes: m.probes, out: (t) => (printed += t) });
    expect(code).toBe(1);
    expect(printed).toMatch(/^WARN {2}smtp: SMTP_URL is not set: mails .* nobody receives them\.$/m);
    expect(printed).toMatch(/^ {6}Fix: Set SMTP_URL=/m);
    expect(printed).toMatch(/Warnings only/);
  });

  it('database: pending migrations are a warning, a database that does not answer an error', async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      await fresh.open().close(); // an empty database, as an older version left it before its migrations
      const pending = byId(await runChecks({ env: { ...m.env, DATABASE_URL: fresh.url, DATA_DIR: fresh.dataDir }, probes: m.probes }), 'database');
      expect(pending).toMatchObject({ status: 'warn', message: expect.stringMatching(/migration\(s\) are not applied yet/) });
    } finally {
      await fresh.drop();
    }
    const down = byId(await runChecks({ env: { ...m.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }, probes: m.probes }), 'database');
    expect(down).toMatchObject({ status: 'error', message: expect.stringMatching(/^The database does not answer/) });
  });

  it('backup: none verified yet is a warning; the last one older than two schedule periods an error', async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const opened = fresh.open();
      await migrate(opened);
      const env = { ...m.env, DATABASE_URL: fresh.url, DATA_DIR: fresh.dataDir };
      expect(byId(await runChecks({ env, probes: m.probes }), 'backup')).toMatchObject({ status: 'warn', message: expect.stringMatching(/^No backup has been verified yet/) });
      const old = { id: crypto.randomUUID(), trigger: backupTriggers[0], name: 'site-old.tar.gz', instance: 'test', at: new Date('2026-01-01T03:00:00Z') };
      await insertRun(opened.kysely, old);
      await finishRun(opened.kysely, old.id, { status: 'verified', at: new Date('2026-01-01T03:01:00Z'), bytes: 10, message: null });
      await opened.close();
      // Daily at 03:00: two days and a bit later it is stale, a day and a bit later not yet.
      const at = (iso: string) => ({ ...m.probes, now: () => new Date(iso) });
      expect(byId(await runChecks({ env, probes: at('2026-01-02T10:00:00Z') }), 'backup').status).toBe('ok');
      const stale = byId(await runChecks({ env, probes: at('2026-01-03T10:00:00Z') }), 'backup');
      expect(stale).toMatchObject({ status: 'error', message: expect.stringContaining('more than two scheduled periods ago'), fix: expect.stringContaining('npm run cli -- backup') });
      expect(byId(await runChecks({ env: { ...env, BACKUP_SCHEDULE: undefined }, probes: m.probes }), 'backup').status).toBe('warn');
    } finally {
      await fresh.drop();
    }
  });
});

describe('doctor checks on a prepared bad machine', () => {
  let m: Machine;
  beforeAll(async () => {
    m = await goodMachine('sqlite');
  });
  afterAll(async () => {
    await m?.db.drop();
  });
  const check = async (id: string, env: Record<string, string | undefined> = m.env, probes: Probes = m.probes, extra: { envFile?: string; mailTo?: string } = {}) => byId(await runChecks({ env, probes, ...extra }), id);

  it('node: an unsupported line is an error naming the supported ones', () => {
    expect(checkNode(process.version).status).toBe('ok');
    expect(checkNode('v20.19.0')).toMatchObject({ status: 'error', message: 'Node.js v20.19.0 is not supported: the site needs Node.js 22 (22.22 or later) or 24.' });
    expect(checkNode('v22.21.0').status).toBe('error');
  });

  it('creates nothing: on an empty DATA_DIR no secret and no database appear, and the missing database is a warning', async () => {
    const empty = tempDir();
    const env = { ...m.env, DATA_DIR: empty, DATABASE_URL: undefined, AUTH_SECRET: undefined };
    const checks = await runChecks({ env, probes: { ...m.probes, lastVerifiedBackup: systemProbes().lastVerifiedBackup } });
    expect(byId(checks, 'database')).toMatchObject({ status: 'warn', message: `There is no database yet (${path.join(empty, 'site.sqlite')}).` });
    expect(byId(checks, 'backup').status).toBe('warn');
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('config: an invalid setting is an error and exit 2', async () => {
    const checks = await runChecks({ env: { ...m.env, PUBLIC_URL: 'example.org' }, probes: m.probes });
    expect(byId(checks, 'config')).toMatchObject({ status: 'error', message: expect.stringContaining('PUBLIC_URL') });
    expect(exitCodeOf(checks)).toBe(2);
  });

  it('public-url: http:// in production is an error', async () => {
    expect(await check('public-url', { ...m.env, PUBLIC_URL: 'http://site.test' })).toMatchObject({ status: 'error', message: expect.stringContaining('must be https://') });
  });

  it('service-user: a service running as root is an error; the unit\'s User= decides', async () => {
    const root = await check('service-user', m.env, { ...m.probes, serviceUser: () => ({ name: 'root', uid: 0, gid: 0 }) });
    expect(root).toMatchObject({ status: 'error', message: expect.stringContaining('The service runs as root') });
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.service'), '[Service]\nExecStart=/bin/true\n');
    fs.writeFileSync(path.join(dir, 'b.service'), '[Service]\nUser=nobody\nExecStart=/bin/true\n');
    expect(unitUser(path.join(dir, 'a.service'))).toMatchObject({ uid: 0 });
    expect(unitUser(path.join(dir, 'b.service'))?.uid).not.toBe(0);
    expect(unitUser(path.join(dir, 'missing.service'))).toBeUndefined();
  });

  it('data-dir and backup-dir: writable by every user, or not by the service user, is an error', async () => {
    const dir = m.env.DATA_DIR!;
    try {
      fs.chmodSync(dir, 0o777);
      expect(await check('data-dir')).toMatchObject({ status: 'error', message: expect.stringContaining('writable by every user on the machine (mode 0777)'), fix: expect.stringContaining('chmod 0750') });
      fs.chmodSync(dir, 0o550);
      expect(await check('data-dir')).toMatchObject({ status: 'error', message: expect.stringContaining(`is not writable by the service user ${serviceUser.name}`) });
    } finally {
      fs.chmodSync(dir, 0o750);
    }
    const backups = tempDir();
    fs.chmodSync(backups, 0o777);
    expect(await check('backup-dir', { ...m.env, BACKUP_DIR: backups })).toMatchObject({ status: 'error', message: expect.stringContaining(`BACKUP_DIR ${backups} is writable by every user`) });
    const missing = path.join(backups, 'nowhere');
    expect(await check('backup-dir', { ...m.env, BACKUP_DIR: missing })).toMatchObject({ status: 'error', message: `BACKUP_DIR ${missing} does not exist: backups fail.` });
  });

  it('secret-files: an environment file others can read is an error', async () => {
    fs.chmodSync(m.envFile, 0o644);
    try {
      expect(await check('secret-files', m.env, m.probes, { envFile: m.envFile })).toMatchObject({ status: 'error', message: expect.stringContaining(`${m.envFile} (mode 0644)`), fix: `sudo chmod 0600 ${m.envFile}` });
    } finally {
      fs.chmodSync(m.envFile, 0o600);
    }
    expect((await check('secret-files', m.env, m.probes, { envFile: m.envFile })).status).toBe('ok');
  });

  it('disk: less than 1 GB or 10 % free is a warning (full disk simulated); the real probe reads the disk', async () => {
    const full = { ...m.probes, diskSpace: async () => ({ free: 300 * 1024 ** 2, total: 20 * 1024 ** 3 }) };
    expect(await check('disk', m.env, full)).toMatchObject({ status: 'warn', message: expect.stringMatching(/^Little free disk space: 0\.3 GB free of 20\.0 GB/) });
    const share = { ...m.probes, diskSpace: async () => ({ free: 5 * 1024 ** 3, total: 100 * 1024 ** 3 }) };
    expect((await check('disk', m.env, share)).status).toBe('warn');
    const real = await systemProbes().diskSpace(m.env.DATA_DIR!);
    expect(real.total).toBeGreaterThan(real.free);
    expect(real.free).toBeGreaterThan(0);
  });

  it('memory: under 1 GB is a warning', async () => {
    expect(await check('memory', m.env, { ...m.probes, memory: () => ({ total: 512 * 1024 ** 2, free: 100 * 1024 ** 2 }) })).toMatchObject({ status: 'warn', message: expect.stringContaining('Only 0.5 GB of memory') });
  });

  it('dkim: with a key, the DNS record must publish its public half', async () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const p = (k: crypto.KeyObject) => k.export({ type: 'spki', format: 'der' }).toString('base64');
    const env = { ...m.env, MAIL_FROM: 'news@example.org', DKIM_SELECTOR: 'news2026', DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n') };
    const asked: string[] = [];
    const withRecord = (records: string[][] | Error): Probes => ({
      ...m.probes,
      txt: async (name) => {
        asked.push(name);
        if (records instanceof Error) throw records;
        return records;
      },
    });
    const key = p(publicKey);
    expect(await check('dkim', env, withRecord([['v=DKIM1; k=rsa; ', `p=${key.slice(0, 100)}`, key.slice(100)]]))).toMatchObject({ status: 'ok' });
    expect(asked).toEqual(['news2026._domainkey.example.org']);
    expect(await check('dkim', env, withRecord([[`v=DKIM1; k=rsa; p=${p(other)}`]]))).toMatchObject({ status: 'error', message: expect.stringContaining('does not match') });
    expect(await check('dkim', env, withRecord(Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' })))).toMatchObject({ status: 'error', fix: expect.stringContaining(`p=${key}`) });
    // Without a key there is no check at all.
    await expect(check('dkim', m.env, withRecord([]))).rejects.toThrow('no dkim check');
  });

  describe('smtp', () => {
    it('unset is a warning; a server that does not answer an error', async () => {
      expect((await check('smtp', { ...m.env, SMTP_URL: undefined })).status).toBe('warn');
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((r) => closed.close(r));
      const down = await check('smtp', { ...m.env, SMTP_URL: `smtp://site:secret-word@127.0.0.1:${port}` });
      expect(down).toMatchObject({ status: 'error', message: expect.stringContaining(`The SMTP server at smtp://127.0.0.1:${port} does not answer`) });
      expect(JSON.stringify(down)).not.toContain('secret-word');
    });

    it('a wrong password and a refused sender are errors in words', async () => {
      const wrong = await check('smtp', { ...m.env, SMTP_URL: smtp.url.replace(/:[^:@]+@/, ':not-the-password@') });
      expect(wrong).toMatchObject({ status: 'error', message: expect.stringContaining('refused the user name and password') });
      expect(JSON.stringify(wrong)).not.toContain('not-the-password');
      const picky = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onMailFrom(address, _session, callback) {
          if (address.address.endsWith('@site.test')) return callback();
          const err = new Error('Sender address rejected: not owned by you') as Error & { responseCode: number };
          err.responseCode = 553;
          callback(err);
        },
      });
      await new Promise<void>((r) => picky.listen(0, '127.0.0.1', () => r()));
      try {
        const url = `smtp://127.0.0.1:${(picky.server.address() as AddressInfo).port}`;
        expect((await check('smtp', { ...m.env, SMTP_URL: url })).status).toBe('ok');
        const refused = await check('smtp', { ...m.env, SMTP_URL: url, MAIL_FROM: 'someone@elsewhere.org' });
        expect(refused).toMatchObject({ status: 'error', message: expect.stringContaining('does not accept someone@elsewhere.org as the sender'), fix: expect.stringContaining('MAIL_FROM') });
      } finally {
        await new Promise<void>((r) => picky.close(() => r()));
      }
    });

    it.skipIf(!nonLoopbackAddress() && !process.env.CI)('a server off this machine without STARTTLS is an error, and the password is not sent to it (unless SMTP_ALLOW_PLAINTEXT_AUTH=yes)', async () => {
      const remote = await startSmtp(0, nonLoopbackAddress());
      try {
        const refused = await check('smtp', { ...m.env, SMTP_URL: remote.url }, m.probes, { mailTo: 'volunteer@example.org' });
        expect(refused).toMatchObject({ status: 'error', message: `The SMTP server at smtp://${nonLoopbackAddress()}:${remote.port} does not offer TLS (STARTTLS), so the password was not sent. Use smtps:// (port 465) or a port with STARTTLS (587); only for a server on a network you trust, set SMTP_ALLOW_PLAINTEXT_AUTH=yes.`, fix: expect.stringContaining('smtps://') });
        expect(JSON.stringify(refused)).not.toContain(smtpPassword);
        expect(remote.authAttempts).toEqual([]);
        expect(remote.received).toEqual([]);

        const allowed = await check('smtp', { ...m.env, SMTP_URL: remote.url, SMTP_ALLOW_PLAINTEXT_AUTH: 'yes' }, m.probes, { mailTo: 'volunteer@example.org' });
        expect(allowed.status).toBe('ok');
        // Once by the probe, once by the test mail.
        expect(remote.authAttempts).toEqual([smtpPassword, smtpPassword]);
        await remote.waitForMail(1);
      } finally {
        await remote.close();
      }
    });

    it('--mail-to sends a test mail', async () => {
      const before = smtp.received.length;
      const ok = await check('smtp', m.env, m.probes, { mailTo: 'volunteer@example.org' });
      expect(ok).toMatchObject({ status: 'ok', message: expect.stringContaining('a test mail went to volunteer@example.org') });
      const mails = await smtp.waitForMail(before + 1);
      expect(mails.at(-1)?.rcptTo).toEqual(['volunteer@example.org']);
      expect(mails.at(-1)?.parsed.subject).toBe('Test mail from the site doctor');
    });
  });

  describe.skipIf(!toolsOrSkip(['openssl']))('certificate', () => {
    let dir: string;
    const servers: tls.Server[] = [];
    beforeAll(() => {
      dir = tempDir();
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    });
    async function tlsServer(cert: string, key: string): Promise<number> {
      const server = tls.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, (socket) => socket.end());
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      return (server.address() as AddressInfo).port;
    }
    /** A certificate for site.test that ended on 1 February 2020. */
    function expiredCertificate(): { cert: string; key: string } {
      const ca = path.join(dir, 'ca');
      fs.mkdirSync(ca);
      fs.writeFileSync(path.join(ca, 'index.txt'), '');
      fs.writeFileSync(path.join(dir, 'ca.cnf'), `[ca]\ndefault_ca = d\n[d]\ndatabase = ${ca}/index.txt\nnew_certs_dir = ${ca}\nserial = ${ca}/serial\ndefault_md = sha256\npolicy = p\ncopy_extensions = copy\n[p]\ncommonName = supplied\n`);
      const key = path.join(dir, 'old-key.pem');
      const csr = path.join(dir, 'old.csr');
      const cert = path.join(dir, 'old.pem');
      execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=site.test', '-addext', 'subjectAltName=DNS:site.test', '-keyout', key, '-out', csr], { stdio: 'ignore' });
      execFileSync('openssl', ['ca', '-batch', '-selfsign', '-keyfile', key, '-in', csr, '-startdate', '20200101000000Z', '-enddate', '20200201000000Z', '-config', path.join(dir, 'ca.cnf'), '-create_serial', '-notext', '-out', cert], { stdio: 'ignore' });
      return { cert, key };
    }

    it('an expired certificate is an error; one trusted for 90 days ok; ending within 14 days a warning; an untrusted one an error', async () => {
      const old = expiredCertificate();
      const oldPort = await tlsServer(old.cert, old.key);
      const probes = (ca?: string) => ({ ...m.probes, peerCertificate: systemProbes({ resolveTo: '127.0.0.1', ...(ca ? { ca } : {}) }).peerCertificate });
      const expired = await check('certificate', { ...m.env, PUBLIC_URL: `https://site.test:${oldPort}` }, probes(fs.readFileSync(old.cert, 'utf8')));
      expect(expired).toMatchObject({ status: 'error', message: 'The certificate of site.test expired on 2020-02-01: browsers refuse the site.' });

      const fresh = selfSignedCertificate(dir, 'site.test', 90);
      const port = await tlsServer(fresh.cert, fresh.key);
      const env = { ...m.env, PUBLIC_URL: `https://site.test:${port}` };
      const trusted = probes(fs.readFileSync(fresh.cert, 'utf8'));
      expect(await check('certificate', env, trusted)).toMatchObject({ status: 'ok', message: expect.stringMatching(/trusted and valid for 89 more days/) });
      const later = { ...trusted, now: () => new Date(Date.now() + 80 * 86_400_000) };
      expect(await check('certificate', env, later)).toMatchObject({ status: 'warn', message: expect.stringMatching(/ends in 9 day\(s\)/) });
      expect(await check('certificate', env, probes())).toMatchObject({ status: 'error', message: expect.stringContaining('Browsers do not trust the certificate of site.test') });
    });
  });

  describe('trust-proxy, through a proxy in front of the site', () => {
    let site: TestApp;
    const proxies: http.Server[] = [];
    beforeAll(async () => {
      site = await build('sqlite');
      await site.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await Promise.all(proxies.map((p) => new Promise((r) => p.close(r))));
      await site?.close();
    });
    /** A reverse proxy on 127.0.0.1 that replaces X-Forwarded-For (as setup's Caddy and nginx do) or appends to it (nginx's $proxy_add_x_forwarded_for). */
    async function proxy(mode: 'replace' | 'append', upstreamPort: number): Promise<string> {
      const server = http.createServer((req, res) => {
        const visitor = req.socket.remoteAddress ?? '';
        const prior = req.headers['x-forwarded-for'];
        const headers = { ...req.headers, 'x-forwarded-for': mode === 'append' && prior ? `${String(prior)}, ${visitor}` : visitor };
        const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, path: req.url, method: req.method, headers, localAddress: '127.0.0.1' }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        req.pipe(upstream);
      });
      proxies.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    // The site's trustProxy is fixed when it is built: a site is built with it as TRUST_PROXY would set it.
    async function seen(trustProxy: boolean | string, mode: 'replace' | 'append'): Promise<CheckResult> {
      const app = trustProxy === false ? site : await build('sqlite', { trustProxy });
      try {
        if (app !== site) await app.app.listen({ port: 0, host: '127.0.0.1' });
        const url = await proxy(mode, (app.app.server.address() as AddressInfo).port);
        // The visitor comes from 127.0.0.2, so the proxy's own 127.0.0.1 is told apart from it.
        return await check('trust-proxy', { ...m.env, PUBLIC_URL: url }, { ...m.probes, get: systemProbes({ localAddress: '127.0.0.2' }).get });
      } finally {
        if (app !== site) await app.close();
      }
    }

    it('the visitor\'s address is seen and a forged X-Forwarded-For ignored when TRUST_PROXY names the proxy', async () => {
      expect(await seen('127.0.0.1', 'replace')).toMatchObject({ status: 'ok', message: expect.stringContaining('(127.0.0.2)') });
      // Even a proxy that appends is safe when only its own address is trusted.
      expect((await seen('127.0.0.1', 'append')).status).toBe('ok');
    });

    it('a forged X-Forwarded-For believed (TRUST_PROXY=true behind an appending proxy) is an error', async () => {
      expect(await seen(true, 'append')).toMatchObject({ status: 'error', message: expect.stringContaining(`A forged X-Forwarded-For from outside is believed: the site took ${forgedAddress}`), fix: expect.stringContaining('TRUST_PROXY=127.0.0.1') });
    });

    it('TRUST_PROXY unset behind a proxy is an error: every visitor looks like the proxy', async () => {
      expect(await seen(false, 'replace')).toMatchObject({ status: 'error', message: expect.stringContaining("the site sees 127.0.0.1 instead of the visitor's 127.0.0.2") });
    });
  });

  it('the command line: exit 2 on errors, the words and fixes in plain text, or --json', async () => {
    const db = { dialect: 'sqlite' as const, url: '', dataDir: m.env.DATA_DIR!, open: () => { throw new Error('unused'); }, drop: async () => undefined };
    const envFile = path.join(tempDir(), 'bad.env');
    fs.writeFileSync(envFile, 'PUBLIC_URL="not a url"\n', { mode: 0o600 });
    const text = await runCli(db, ['doctor', '--env-file', envFile, '--unit', '/nonexistent.service']);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^ERROR config: Invalid configuration: PUBLIC_URL: /m);
    expect(text.stdout).toMatch(/^ {6}Fix: Correct it in .*bad\.env and restart\.$/m);
    const json = await runCli(db, ['doctor', '--json', '--env-file', envFile, '--unit', '/nonexistent.service']);
    expect(json.code).toBe(2);
    expect(doctorReportSchema.parse(JSON.parse(json.stdout)).checks.find((c) => c.id === 'config')?.status).toBe('error');
  });
});

describe.skipIf(!asRoot)('doctor with sudo', () => {
  it('runs the checks as the unit\'s user: a database file only root can read is found', async () => {
    const dataDir = tempDir();
    const db = openDatabase({ dataDir });
    await migrate(db);
    await db.close();
    const unit = path.join(tempDir(), 'ngo-site.service');
    fs.writeFileSync(unit, '[Service]\nUser=nobody\nExecStart=/bin/true\n');
    const user = unitUser(unit)!;
    // DATA_DIR belongs to the service user, but the database file was left behind by a command run as root.
    fs.chmodSync(dataDir, 0o750);
    fs.chownSync(dataDir, user.uid, user.gid);
    fs.chmodSync(path.join(dataDir, 'site.sqlite'), 0o600);
    const envFile = path.join(tempDir(), 'ngo-site.env');
    fs.writeFileSync(envFile, `DATA_DIR="${dataDir}"\nAUTH_SECRET="${'x'.repeat(40)}"\n`, { mode: 0o600 });
    const db2 = { dialect: 'sqlite' as const, url: '', dataDir, open: () => { throw new Error('unused'); }, drop: async () => undefined };
    const res = await runCli(db2, ['doctor', '--json', '--env-file', envFile, '--unit', unit]);
    const checks = doctorReportSchema.parse(JSON.parse(res.stdout)).checks;
    expect(byId(checks, 'service-user')).toMatchObject({ status: 'ok', message: expect.stringContaining('runs as nobody') });
    expect(byId(checks, 'database')).toMatchObject({ status: 'error', message: expect.stringMatching(/^The database (cannot be opened|does not answer)/) });
    fs.chownSync(path.join(dataDir, 'site.sqlite'), user.uid, user.gid);
    const fixed = doctorReportSchema.parse(JSON.parse((await runCli(db2, ['doctor', '--json', '--env-file', envFile, '--unit', unit])).stdout)).checks;
    expect(byId(fixed, 'database').status).toBe('ok');
  });

  it('speaks about DATA_DIR even when the code sits in a folder the unit\'s user cannot enter (a checkout in a private folder)', async () => {
    const dataDir = tempDir();
    const db = openDatabase({ dataDir });
    await migrate(db);
    await db.close();
    const unit = path.join(tempDir(), 'ngo-site.service');
    fs.writeFileSync(unit, '[Service]\nUser=nobody\nExecStart=/bin/true\n');
    const user = unitUser(unit)!;
    fs.chmodSync(dataDir, 0o750);
    fs.chownSync(dataDir, user.uid, user.gid);
    fs.chownSync(path.join(dataDir, 'site.sqlite'), user.uid, user.gid);
    const envFile = path.join(tempDir(), 'ngo-site.env');
    fs.writeFileSync(envFile, `DATA_DIR="${dataDir}"\nAUTH_SECRET="${'x'.repeat(40)}"\n`, { mode: 0o600 });
    // The checkout, seen through a private folder (mkdtemp makes it 0700): links to this one's files, which node
    // loads by the links' paths (--preserve-symlinks), so only root can reach them, as in a clone made there.
    const privateParent = tempDir();
    expect(fs.statSync(privateParent).mode & 0o777).toBe(0o700);
    const checkout = path.join(privateParent, 'ngo-site');
    fs.mkdirSync(checkout);
    const repo = path.resolve(import.meta.dirname, '..');
    for (const name of ['src', 'node_modules', 'package.json', 'tsconfig.json']) fs.symlinkSync(path.join(repo, name), path.join(checkout, name));
    const db2 = { dialect: 'sqlite' as const, url: '', dataDir, open: () => { throw new Error('unused'); }, drop: async () => undefined };
    const res = await runCli(db2, ['doctor', '--json', '--env-file', envFile, '--unit', unit], { root: checkout, nodeArgs: ['--preserve-symlinks', '--preserve-symlinks-main'] });
    const checks = doctorReportSchema.parse(JSON.parse(res.stdout)).checks;
    expect(byId(checks, 'service-user')).toMatchObject({ status: 'ok', message: expect.stringContaining('runs as nobody') });
    expect(byId(checks, 'database')).toMatchObject({ status: 'ok' });
  });
});

describe('at start in production', () => {
  it('the quick checks (no network, no database) run and are logged', async () => {
    const quick = await startChecks({ NODE_ENV: 'production', PUBLIC_URL: 'https://site.test', DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(40) });
    expect(quick.map((c) => c.id)).toEqual(['node', 'config', 'public-url', 'service-user', 'data-dir', 'backup-dir', 'secret-files', 'disk', 'memory']);
    const server = await startBuiltServer({ env: { LOG_LEVEL: 'info' } });
    try {
      const logged = () => server.output().split('\n').filter((l) => l.includes('"check":')).map((l) => (JSON.parse(l) as { check: string }).check);
      await vi.waitFor(() => expect(logged()).toEqual(expect.arrayContaining(['node', 'config', 'service-user', 'data-dir', 'disk', 'memory'])), { timeout: 10_000 });
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(dialects().includes('postgres') && !!process.env.TEST_REDIS_URL)('several instances behind the proxy (INSTANCE_PORTS)', () => {
  it('each instance must answer and work on the database, Redis and media folder of the environment file', async () => {
    const m = await goodMachine('postgres');
    const redisUrl = process.env.TEST_REDIS_URL!;
    const config = (over: Partial<Parameters<typeof testConfig>[1]> = {}) => testConfig(m.db, { authSecret: m.env.AUTH_SECRET!, redisUrl, mediaStore: 'fs', ...over });
    const listening: TestApp[] = [];
    const listen = async (over: Partial<Parameters<typeof testConfig>[1]> = {}): Promise<number> => {
      const t = await serverOn(m.db, config(over));
      listening.push(t);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      return (t.app.server.address() as AddressInfo).port;
    };
    // The instances' answers are real; the proxy's (PUBLIC_URL) stays simulated as for the other checks.
    const real = systemProbes();
    const probes: Probes = { ...m.probes, get: (url, headers) => (url.startsWith('http://127.0.0.1:') ? real.get(url, headers) : m.probes.get(url, headers)) };
    const env = { ...m.env, REDIS_URL: redisUrl, MEDIA_STORE: 'fs' };
    const instances = async (ports: number[], over: Record<string, string | undefined> = {}) => byId(await runChecks({ env: { ...env, INSTANCE_PORTS: ports.join(' '), ...over }, probes }), 'instances');
    try {
      const a = await listen();
      const b = await listen();
      expect(await instances([a, b])).toMatchObject({ status: 'ok', message: `All 2 instances answer (${a}, ${b}) and share the database, Redis and the media folder.` });

      // One instance stopped: named, with how to see why.
      const stopped = await freePort();
      const down = await instances([a, b, stopped]);
      expect(down).toMatchObject({ status: 'error', message: expect.stringContaining(`1 of 3 instances do not answer: ${stopped} (`), fix: expect.stringContaining(`ngo-site@${stopped}`) });

      // An instance started with another media folder (or Redis) is not part of the same site.
      const elsewhere = await listen({ dataDir: tempDir() });
      const otherRedis = await listen({ redisUrl: `${redisUrl}/3` });
      const apart = await instances([a, elsewhere, otherRedis]);
      const [low, high] = [elsewhere, otherRedis].sort((x, y) => x - y);
      expect(apart).toMatchObject({ status: 'error', message: `The instances on ${low}, ${high} do not work on the database, Redis and media folder of the environment file: visitors would see different sites.` });

      // Several instances need PostgreSQL and Redis, whatever answers.
      expect(await instances([a, b], { REDIS_URL: undefined })).toMatchObject({ status: 'error', message: expect.stringContaining('2 instances without REDIS_URL') });
      const sqlite = { ...env, DATABASE_URL: undefined, INSTANCE_PORTS: `${a} ${b}` };
      expect(byId(await runChecks({ env: sqlite, probes }), 'instances')).toMatchObject({ status: 'error', message: '2 instances on SQLite: only one process may write a SQLite database.' });
      // One instance (no INSTANCE_PORTS): no such check.
      expect((await runChecks({ env, probes })).some((c) => c.id === 'instances')).toBe(false);
    } finally {
      for (const t of listening) await t.app.close();
      await m.db.drop();
    }
  });
});
