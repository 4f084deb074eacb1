/**
 * `setup`: --dry-run prints the files and writes nothing; --prefix writes
 * them into a temporary root (the real run's useradd, chown, systemctl and
 * certbot are printed, not run: this machine is not changed), systemd accepts
 * the unit and rates its hardening "OK" or better, and a file setup did not
 * write is never replaced without asking.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../src/server/deploy/setup.js';
import { installedPaths, parseEnvFile, writtenBySetup } from '../src/server/deploy/files.js';
import { runCli } from './helpers/cli.js';
import { toolsOrSkip } from './support/proxies.js';
import nodeFlags from '../src/server/node-flags.json' with { type: 'json' };

const dirs: string[] = [];
function tempRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngo-deploy-setup-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function run(args: string[], ask?: (q: string) => Promise<string>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await setup(args, { out: (l) => lines.push(l), ...(ask ? { ask } : {}) });
  return { code, out: lines.join('\n') };
}

const base = ['--domain', 'example.org', '--email', 'admin@example.org', '--smtp-url', 'smtp://site:s3cret-pass@smtp.example.org:587', '--backup-schedule', '30 2 * * *'];

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function execText(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }));
  });
}

describe('setup --dry-run', () => {
  it('prints every file it would write, hides the SMTP password and writes nothing', async () => {
    const root = tempRoot();
    const { code, out } = await run([...base, '--prefix', root, '--dry-run']);
    expect(code).toBe(0);
    expect(out).toContain(`--- ${root}${installedPaths.envFile} (mode 0600)`);
    expect(out).toContain(`--- ${root}${installedPaths.unit} (mode 0644)`);
    expect(out).toContain(`--- ${root}${installedPaths.caddyfile} (mode 0644)`);
    expect(out).toContain('PUBLIC_URL="https://example.org"');
    expect(out).toContain('BACKUP_SCHEDULE="30 2 * * *"');
    expect(out).toContain('SMTP_URL="smtp://site:***@smtp.example.org:587"');
    expect(out).not.toContain('s3cret-pass');
    expect(out).toContain('Dry run: nothing was written.');
    expect(listFiles(root)).toEqual([]);
  });

  it('through the command line, as documented', async () => {
    const root = tempRoot();
    const res = await runCli({ dialect: 'sqlite', url: '', dataDir: root, open: () => { throw new Error('unused'); }, drop: async () => undefined }, ['setup', ...base, '--proxy', 'nginx', '--prefix', root, '--dry-run']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(installedPaths.nginxHttp);
    expect(res.stdout).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(listFiles(root)).toEqual([]);
  });

  it('refuses what is not a domain, an e-mail or a schedule, in words', async () => {
    const { code, out } = await run(['--domain', 'https://example.org/', '--email', 'admin', '--backup-schedule', 'every night', '--dry-run']);
    expect(code).toBe(2);
    expect(out).toMatch(/--domain must be a domain name such as example.org/);
    expect(out).toMatch(/--email must be an e-mail address/);
    expect(out).toMatch(/--backup-schedule "every night" is not a cron expression/);
  });
});

describe('setup asks', () => {
  it('for the address, the admin e-mail, the SMTP address and the schedule when they are not given', async () => {
    const root = tempRoot();
    const answers = ['example.org', 'admin@example.org', '', ''];
    const questions: string[] = [];
    const { code } = await run(['--prefix', root], async (q) => {
      questions.push(q);
      return answers.shift() ?? '';
    });
    expect(code).toBe(0);
    expect(questions.map((q) => q.split(/[,(:]/)[0])).toEqual(["The site's address", "The admin's e-mail ", 'SMTP address for mail', 'Backup schedule']);
    const env = parseEnvFile(fs.readFileSync(path.join(root, installedPaths.envFile), 'utf8'));
    expect(env).toMatchObject({ PUBLIC_URL: 'https://example.org', BACKUP_SCHEDULE: '0 3 * * *' });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('not with --yes: what is missing is said in words', async () => {
    const { code, out } = await run(['--yes', '--dry-run'], async () => {
      throw new Error('asked');
    });
    expect(code).toBe(2);
    expect(out).toContain("--domain is required: the site's address, such as example.org");
    expect(out).toContain("--email is required: the admin's e-mail, such as admin@example.org");
  });
});

describe('setup --prefix', () => {
  it('writes the environment file (0600), the unit and the Caddyfile, and says what a real run also does', async () => {
    const root = tempRoot();
    const { code, out } = await run([...base, '--prefix', root]);
    expect(code, out).toBe(0);
    const envFile = path.join(root, installedPaths.envFile);
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    const env = parseEnvFile(fs.readFileSync(envFile, 'utf8'));
    expect(env).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: 'https://example.org', TRUST_PROXY: '127.0.0.1', HOST: '127.0.0.1', SMTP_URL: 'smtp://site:s3cret-pass@smtp.example.org:587', MAIL_FROM: 'no-reply@example.org', BACKUP_SCHEDULE: '30 2 * * *', BOOTSTRAP_SUPER_EMAIL: 'admin@example.org' });
    expect(env.BOOTSTRAP_SUPER_PASSWORD).toMatch(/^[\w-]{20,}$/);
    // The first sign-in password is never printed.
    expect(out).not.toContain(env.BOOTSTRAP_SUPER_PASSWORD);
    expect(out).not.toContain('s3cret-pass');
    const unit = fs.readFileSync(path.join(root, installedPaths.unit), 'utf8');
    expect(unit).toMatch(/^User=ngo-site$/m);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/var\/lib\/ngo-site$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(new RegExp(`^EnvironmentFile=${installedPaths.envFile}$`, 'm'));
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute/m);
    expect(fs.readFileSync(path.join(root, installedPaths.caddyfile), 'utf8')).toContain('example.org {\n\treverse_proxy 127.0.0.1:3000\n}');
    expect(fs.statSync(path.join(root, '/var/lib/ngo-site')).mode & 0o777).toBe(0o750);
    expect(out).toContain('useradd --system --user-group --home-dir /var/lib/ngo-site --no-create-home --shell /usr/sbin/nologin ngo-site');
    expect(out).toContain('systemctl enable ngo-site');
    expect(out).toMatch(/Point DNS at this server/);
    expect(out).toMatch(/First sign-in at https:\/\/example.org\/login/);
  });

  it('a second run changes nothing and keeps the first sign-in password', async () => {
    const root = tempRoot();
    await run([...base, '--prefix', root]);
    const envFile = path.join(root, installedPaths.envFile);
    const before = fs.readFileSync(envFile, 'utf8');
    const { code, out } = await run([...base, '--prefix', root]);
    expect(code).toBe(0);
    expect(fs.readFileSync(envFile, 'utf8')).toBe(before);
    expect(out).toContain(`${envFile} is already as it should be`);
  });

  it('never replaces a file it did not write without asking; --yes replaces it and keeps a copy', async () => {
    const root = tempRoot();
    const caddyfile = path.join(root, installedPaths.caddyfile);
    fs.mkdirSync(path.dirname(caddyfile), { recursive: true });
    fs.writeFileSync(caddyfile, 'other.org {\n\trespond "mine"\n}\n');
    const refused = await run([...base, '--prefix', root]);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`Not replacing ${caddyfile}: it was not written by setup. Nothing was changed.`);
    expect(fs.readFileSync(caddyfile, 'utf8')).toContain('respond "mine"');
    expect(fs.existsSync(path.join(root, installedPaths.envFile))).toBe(false);

    const questions: string[] = [];
    const declined = await run([...base, '--prefix', root], async (q) => {
      questions.push(q);
      return 'n';
    });
    expect(declined.code).toBe(2);
    expect(questions).toEqual([expect.stringContaining(`${caddyfile} exists and was not written by setup. Replace it`)]);

    const replaced = await run([...base, '--prefix', root, '--yes']);
    expect(replaced.code).toBe(0);
    expect(fs.readFileSync(caddyfile, 'utf8').startsWith(writtenBySetup)).toBe(true);
    expect(fs.readFileSync(`${caddyfile}.before-setup`, 'utf8')).toContain('respond "mine"');
  });

  it('writes the nginx site files for --proxy nginx: port 80 for the challenge and the redirect, 443 with certbot\'s certificate', async () => {
    const root = tempRoot();
    const { code, out } = await run([...base, '--proxy', 'nginx', '--prefix', root]);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(root, installedPaths.nginxHttp), 'utf8')).toContain('return 301 https://$host$request_uri;');
    expect(fs.readFileSync(path.join(root, installedPaths.nginxHttps), 'utf8')).toContain('ssl_certificate /etc/letsencrypt/live/example.org/fullchain.pem;');
    expect(out).toContain('certbot certonly --webroot');
    expect(fs.existsSync(path.join(root, installedPaths.caddyfile))).toBe(false);
  });
});

describe.skipIf(!toolsOrSkip(['systemd-analyze']))('the systemd unit', () => {
  it('systemd-analyze verify accepts it and systemd-analyze security rates it OK or better', async () => {
    const root = tempRoot();
    expect((await run([...base, '--prefix', root, '--node', process.execPath])).code).toBe(0);
    const unit = path.join(root, installedPaths.unit);
    // Node runs with the server's V8 flags, as npm start runs it.
    expect(fs.readFileSync(unit, 'utf8')).toContain(`ExecStart=${process.execPath} ${nodeFlags.flags.join(' ')} `);
    const verify = await execText('systemd-analyze', ['verify', unit]);
    // Only the missing sysinit.target of a machine without a running systemd may be reported.
    const problems = verify.out.split('\n').filter((l) => l.trim() && !/sysinit\.target not found/.test(l));
    expect(problems, verify.out).toEqual([]);
    const security = await execText('systemd-analyze', ['security', '--offline=true', unit]);
    const rating = /Overall exposure level for ngo-site\.service: ([\d.]+) (\S+)/.exec(security.out);
    expect(rating, security.out).not.toBeNull();
    expect(['PERFECT', 'SAFE', 'OK']).toContain(rating![2]);
    expect(Number(rating![1])).toBeLessThan(5);
  });
});
