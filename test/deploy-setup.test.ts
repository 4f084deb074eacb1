/**
 * `setup`: --dry-run prints the files and writes nothing; --prefix writes
 * them into a temporary root (the real run's useradd, chown, systemctl and
 * certbot are printed, not run: this machine is not changed), systemd accepts
 * the unit and rates its hardening "OK" or better, and a file setup did not
 * write is never replaced without asking. Paths are plain and the site's own
 * (no system folder, no data folder setup did not make, no root user), files
 * are written without following a link, and the SMTP password never comes on
 * the command line.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, terminalQuestions } from '../src/server/deploy/setup.js';
import { dataDirMarker, installedPaths, parseEnvFile, writtenBySetup } from '../src/server/deploy/files.js';
import { runCli } from './helpers/cli.js';
import { localNginxFiles, selfSignedCertificate, toolsOrSkip } from './support/proxies.js';
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

const smtpPassword = 's3cret-pass';

/** setup in this process; the SMTP password comes from SMTP_PASSWORD unless `env` says otherwise. */
async function run(args: string[], ask?: (q: string) => Promise<string>, env: Record<string, string | undefined> = { SMTP_PASSWORD: smtpPassword }, askSecret?: (q: string) => Promise<string>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await setup(args, { out: (l) => lines.push(l), env, ...(ask ? { ask } : {}), ...(askSecret ? { askSecret } : {}) });
  return { code, out: lines.join('\n') };
}

const base = ['--domain', 'example.org', '--email', 'admin@example.org', '--smtp-url', 'smtp://site@smtp.example.org:587', '--backup-schedule', '30 2 * * *'];

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
    expect(out).not.toContain(smtpPassword);
    expect(out).toContain('Dry run: nothing was written.');
    expect(listFiles(root)).toEqual([]);
  });

  it('through the command line, as documented', async () => {
    const root = tempRoot();
    const res = await runCli({ dialect: 'sqlite', url: '', dataDir: root, open: () => { throw new Error('unused'); }, drop: async () => undefined }, ['setup', ...base, '--proxy', 'nginx', '--prefix', root, '--dry-run'], { env: { SMTP_PASSWORD: smtpPassword } });
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
    expect(out).not.toContain(smtpPassword);
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

  it('a second run changes nothing and keeps the first sign-in password and the SMTP password, without asking for it again', async () => {
    const root = tempRoot();
    await run([...base, '--prefix', root]);
    const envFile = path.join(root, installedPaths.envFile);
    const before = fs.readFileSync(envFile, 'utf8');
    const { code, out } = await run([...base, '--prefix', root, '--yes'], undefined, {});
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

describe('setup refuses paths that are not plain or not the site\'s own', () => {
  it('a line break, a quote, a space or ".." in --install-dir, --data-dir or --node, naming the option, and writes nothing', async () => {
    for (const option of ['--install-dir', '--data-dir', '--node']) {
      for (const value of ['/opt/site\nExecStartPre=/bin/sh -c id', '/opt/site"', '/srv/ngo site', '/opt/ngo-site/../../etc', 'opt/ngo-site']) {
        const root = tempRoot();
        const { code, out } = await run([...base, '--prefix', root, option, value]);
        expect(code, `${option} ${JSON.stringify(value)}`).toBe(2);
        expect(out).toMatch(new RegExp(`^${option} must (be a plain absolute path such as /opt/ngo-site|not contain "..")`, 'm'));
        expect(listFiles(root)).toEqual([]);
      }
    }
  });

  it('/ and folders of the system as --install-dir or --data-dir, also written with a trailing / or //; data not inside /etc or /usr', async () => {
    for (const [option, value, shown] of [
      ['--data-dir', '/', '/'],
      ['--data-dir', '/var/lib', '/var/lib'],
      ['--data-dir', '/var/lib/', '/var/lib'],
      ['--data-dir', '//var//lib', '/var/lib'],
      ['--data-dir', '/home', '/home'],
      ['--install-dir', '/usr', '/usr'],
      ['--install-dir', '/etc', '/etc'],
      ['--install-dir', '/bin/', '/bin'],
    ] as const) {
      const root = tempRoot();
      const { code, out } = await run([...base, '--prefix', root, option, value]);
      expect(code, `${option} ${value}`).toBe(2);
      expect(out).toContain(`${option} ${shown} is a folder of the system, not one of the site's own`);
      expect(out).not.toContain('chown');
      expect(listFiles(root)).toEqual([]);
    }
    const inEtc = await run([...base, '--dry-run', '--data-dir', '/etc/ngo-site']);
    expect(inEtc.code).toBe(2);
    expect(inEtc.out).toContain('--data-dir must not be inside /etc, /usr');
    const overlap = await run([...base, '--dry-run', '--install-dir', '/opt/ngo-site', '--data-dir', '/opt/ngo-site/data']);
    expect(overlap.code).toBe(2);
    expect(overlap.out).toContain('--data-dir /opt/ngo-site/data and --install-dir /opt/ngo-site must be separate folders');
  });

  it('a path written with // or a trailing / is used as the plain path', async () => {
    const root = tempRoot();
    const { code, out } = await run([...base, '--prefix', root, '--data-dir', '//srv//ngo-data/']);
    expect(code, out).toBe(0);
    expect(fs.readFileSync(path.join(root, installedPaths.unit), 'utf8')).toMatch(/^ReadWritePaths=\/srv\/ngo-data$/m);
    expect(parseEnvFile(fs.readFileSync(path.join(root, installedPaths.envFile), 'utf8')).DATA_DIR).toBe('/srv/ngo-data');
    expect(out).toContain('chown -R ngo-site:ngo-site /srv/ngo-data');
  });

  it('a data folder with files it did not make; its own folder again, also one from before the marker', async () => {
    const root = tempRoot();
    const foreign = path.join(root, 'srv/data');
    fs.mkdirSync(foreign, { recursive: true });
    fs.writeFileSync(path.join(foreign, 'accounts.csv'), 'someone else\'s\n');
    const refused = await run([...base, '--prefix', root, '--data-dir', '/srv/data', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('--data-dir /srv/data is not empty and was not made by setup: its files would be given to the service user.');
    expect(refused.out).not.toContain('chown');
    expect(fs.existsSync(path.join(root, installedPaths.envFile))).toBe(false);

    // A folder setup made: it leaves its marker, and a later run (the site's files in it by then) uses it again.
    expect((await run([...base, '--prefix', root, '--data-dir', '/srv/site'])).code).toBe(0);
    const own = path.join(root, 'srv/site');
    expect(fs.readFileSync(path.join(own, dataDirMarker), 'utf8').startsWith(writtenBySetup)).toBe(true);
    fs.writeFileSync(path.join(own, 'site.sqlite'), 'data');
    expect((await run([...base, '--prefix', root, '--data-dir', '/srv/site'])).code).toBe(0);
    // An installation from before the marker: the environment file setup wrote names the folder.
    fs.rmSync(path.join(own, dataDirMarker));
    const again = await run([...base, '--prefix', root, '--data-dir', '/srv/site']);
    expect(again.code, again.out).toBe(0);
  });

  it('a data folder that is a symbolic link', async () => {
    const root = tempRoot();
    fs.mkdirSync(path.join(root, 'srv'), { recursive: true });
    fs.symlinkSync('/etc', path.join(root, 'srv/data'));
    const { code, out } = await run([...base, '--prefix', root, '--data-dir', '/srv/data']);
    expect(code).toBe(2);
    expect(out).toContain('--data-dir /srv/data exists and is not a folder (a symbolic link)');
  });

  it('--user root', async () => {
    const { code, out } = await run([...base, '--dry-run', '--user', 'root']);
    expect(code).toBe(2);
    expect(out).toContain('--user must not be root: the service runs as a system user of its own');
  });
});

describe('setup writes files without following a link', () => {
  it('a link placed where the previous file\'s copy or a temporary file goes is replaced, and what it points to is left alone', async () => {
    const root = tempRoot();
    const victim = path.join(root, 'victim');
    fs.writeFileSync(victim, 'untouched\n');
    const caddyfile = path.join(root, installedPaths.caddyfile);
    fs.mkdirSync(path.dirname(caddyfile), { recursive: true });
    fs.writeFileSync(caddyfile, 'other.org {\n\trespond "mine"\n}\n');
    fs.symlinkSync(victim, `${caddyfile}.before-setup`);
    // The names temporary files once had (target.setup-PID), prepared to catch the environment file's secrets.
    for (const p of [installedPaths.envFile, installedPaths.unit, installedPaths.caddyfile]) {
      fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
      fs.symlinkSync(victim, `${path.join(root, p)}.setup-${process.pid}`);
    }
    const { code, out } = await run([...base, '--prefix', root, '--yes']);
    expect(code, out).toBe(0);
    expect(fs.readFileSync(victim, 'utf8')).toBe('untouched\n');
    expect(fs.lstatSync(`${caddyfile}.before-setup`).isFile()).toBe(true);
    expect(fs.readFileSync(`${caddyfile}.before-setup`, 'utf8')).toContain('respond "mine"');
    expect(fs.statSync(path.join(root, installedPaths.envFile)).mode & 0o777).toBe(0o600);
  });
});

describe('the SMTP password stays off the command line', () => {
  it('a password in --smtp-url is refused, with how to give it, and nothing is written', async () => {
    const root = tempRoot();
    const { code, out } = await run(['--domain', 'example.org', '--email', 'admin@example.org', '--smtp-url', 'smtp://site:on-the-line@smtp.example.org:587', '--prefix', root], undefined, {});
    expect(code).toBe(2);
    expect(out).toContain("--smtp-url must not contain the password: a command line shows in ps, the shell history and sudo's log. Give the address without it (smtp://site@smtp.example.org:587)");
    expect(out).toContain('--smtp-password-file FILE');
    expect(out).toContain('sudo --preserve-env=SMTP_PASSWORD');
    expect(out).not.toContain('on-the-line');
    expect(listFiles(root)).toEqual([]);
  });

  it('--smtp-password-file: the password reaches the environment file (0600), URL-encoded, and is never printed', async () => {
    const root = tempRoot();
    const secretFile = path.join(root, 'smtp-password');
    const password = 'p@ss w/rd"$`x';
    fs.writeFileSync(secretFile, `${password}\n`, { mode: 0o600 });
    const { code, out } = await run([...base, '--prefix', root, '--smtp-password-file', secretFile], undefined, {});
    expect(code, out).toBe(0);
    const envFile = path.join(root, installedPaths.envFile);
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    const smtpUrl = parseEnvFile(fs.readFileSync(envFile, 'utf8')).SMTP_URL!;
    expect(smtpUrl).toBe(`smtp://site:${encodeURIComponent(password)}@smtp.example.org:587`);
    expect(decodeURIComponent(new URL(smtpUrl).password)).toBe(password);
    expect(out).not.toContain(encodeURIComponent(password));
    expect(out).not.toContain('p@ss');
  });

  it('SMTP_PASSWORD from the environment reaches the environment file (0600)', async () => {
    const root = tempRoot();
    const { code } = await run([...base, '--prefix', root], undefined, { SMTP_PASSWORD: 'from-the-environment' });
    expect(code).toBe(0);
    const envFile = path.join(root, installedPaths.envFile);
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    expect(parseEnvFile(fs.readFileSync(envFile, 'utf8')).SMTP_URL).toBe('smtp://site:from-the-environment@smtp.example.org:587');
  });

  it('without one, it is asked for with the prompt that does not show it; with --yes it is refused in words', async () => {
    const root = tempRoot();
    const asked: string[] = [];
    const secretsAsked: string[] = [];
    const { code } = await run(
      [...base, '--prefix', root],
      async (q) => {
        asked.push(q);
        return '';
      },
      {},
      async (q) => {
        secretsAsked.push(q);
        return 'typed-at-the-prompt';
      },
    );
    expect(code).toBe(0);
    expect(secretsAsked).toEqual(['Password of site at smtp.example.org (not shown): ']);
    expect(asked).toEqual([]);
    expect(parseEnvFile(fs.readFileSync(path.join(root, installedPaths.envFile), 'utf8')).SMTP_URL).toBe('smtp://site:typed-at-the-prompt@smtp.example.org:587');

    const refused = await run([...base, '--prefix', tempRoot(), '--yes'], undefined, {});
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('--smtp-url names the user site but no password was given: type it when setup asks');
  });

  it('the prompt shows the question but not the password typed', async () => {
    const input = new PassThrough();
    let shown = '';
    const output = new Writable({
      write(chunk: Buffer, _enc, done) {
        shown += chunk.toString();
        done();
      },
    });
    const questions = terminalQuestions(input, output);
    try {
      const domain = questions.ask("The site's address: ");
      input.write('example.org\r');
      expect(await domain).toBe('example.org');
      const secret = questions.askSecret('Password of site at smtp.example.org (not shown): ');
      input.write('hunter2-typed\r');
      expect(await secret).toBe('hunter2-typed');
    } finally {
      questions.close();
    }
    // What is typed is echoed for an ordinary question, so the password's absence is the muting's doing.
    expect(shown).toContain('example.org');
    expect(shown).toContain('Password of site at smtp.example.org (not shown): ');
    expect(shown).not.toContain('hunter2');
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

describe('setup --instances', () => {
  const shared = ['--instances', '3', '--database-url', 'postgres://ngo@127.0.0.1:5432/ngo_site', '--redis-url', 'redis://127.0.0.1:6379'];

  it('writes the template unit (its port from the instance name), one environment file for all, and starts each instance', async () => {
    const root = tempRoot();
    const { code, out } = await run([...base, ...shared, '--prefix', root, '--node', process.execPath]);
    expect(code, out).toBe(0);
    expect(fs.existsSync(path.join(root, installedPaths.unit))).toBe(false);
    const unit = fs.readFileSync(path.join(root, installedPaths.unitTemplate), 'utf8');
    // After EnvironmentFile=, and the file holds no PORT (a file's setting would win over the unit's).
    expect(unit.indexOf('Environment=PORT=%i')).toBeGreaterThan(unit.indexOf('EnvironmentFile='));
    const env = parseEnvFile(fs.readFileSync(path.join(root, installedPaths.envFile), 'utf8'));
    expect(env.PORT).toBeUndefined();
    expect(env).toMatchObject({ INSTANCE_PORTS: '3000 3001 3002', DATABASE_URL: 'postgres://ngo@127.0.0.1:5432/ngo_site', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(out).toContain('systemctl enable ngo-site@3000 ngo-site@3001 ngo-site@3002');
    expect(out).toContain('systemctl restart ngo-site@3000 ngo-site@3001 ngo-site@3002');
  });

  it('from one instance to several: the single service is stopped and disabled, and the instances take its place', async () => {
    const root = tempRoot();
    expect((await run([...base, '--prefix', root, '--node', process.execPath])).code).toBe(0);
    const { code, out } = await run([...base, ...shared, '--prefix', root, '--node', process.execPath]);
    expect(code, out).toBe(0);
    expect(out).toContain('systemctl disable --now ngo-site\n');
    expect(out.indexOf('systemctl disable --now ngo-site')).toBeLessThan(out.indexOf('systemctl enable ngo-site@3000'));
  });

  it('from three instances to two, then to one: the instances no longer wanted are stopped and disabled', async () => {
    const root = tempRoot();
    expect((await run([...base, ...shared, '--prefix', root, '--node', process.execPath])).code).toBe(0);
    const two = await run([...base, ...shared.map((a) => (a === '3' ? '2' : a)), '--prefix', root, '--node', process.execPath]);
    expect(two.code, two.out).toBe(0);
    expect(two.out).toContain('systemctl disable --now ngo-site@3002\n');
    expect(two.out).toContain('systemctl enable ngo-site@3000 ngo-site@3001\n');
    expect(parseEnvFile(fs.readFileSync(path.join(root, installedPaths.envFile), 'utf8')).INSTANCE_PORTS).toBe('3000 3001');
    const one = await run([...base, '--prefix', root, '--node', process.execPath]);
    expect(one.code, one.out).toBe(0);
    expect(one.out).toContain('systemctl disable --now ngo-site@3000 ngo-site@3001\n');
    expect(one.out.indexOf('systemctl disable --now ngo-site@3000')).toBeLessThan(one.out.indexOf('systemctl enable ngo-site\n'));
    // The same number again: nothing to stop.
    const again = await run([...base, '--prefix', root, '--node', process.execPath]);
    expect(again.out).not.toContain('systemctl disable');
  });

  it('refuses several instances without PostgreSQL and Redis, a password on the command line, or ports past 65535, and writes nothing', async () => {
    const root = tempRoot();
    const without = await run([...base, '--instances', '2', '--prefix', root]);
    expect(without.code).toBe(2);
    expect(without.out).toContain('--database-url is required with --instances 2: every instance works on one PostgreSQL database (SQLite serves one process)');
    expect(without.out).toContain('--redis-url is required with --instances 2');
    const password = await run([...base, '--instances', '2', '--database-url', 'postgres://ngo:hunter2@db.internal/ngo_site', '--redis-url', 'redis://127.0.0.1:6379', '--prefix', root]);
    expect(password.code).toBe(2);
    expect(password.out).toContain('--database-url must not contain the password');
    expect(password.out).toContain('sudo --preserve-env=DATABASE_URL');
    expect(password.out).not.toContain('hunter2');
    const tooHigh = await run([...base, ...shared, '--port', '65534', '--prefix', root]);
    expect(tooHigh.out).toContain('--port 65534 leaves no room for 3 instances (ports 65534 to 65536)');
    expect(listFiles(root)).toEqual([]);
  });

  it('takes the database password from DATABASE_URL in its environment into the 0600 file, and --dry-run hides it', async () => {
    const root = tempRoot();
    const env = { SMTP_PASSWORD: smtpPassword, DATABASE_URL: 'postgres://ngo:hunter2@db.internal:5432/ngo_site' };
    const args = [...base, '--instances', '2', '--redis-url', 'redis://127.0.0.1:6379'];
    const dry = await run([...args, '--dry-run'], undefined, env);
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('DATABASE_URL="postgres://ngo:***@db.internal:5432/ngo_site"');
    expect(dry.out).not.toContain('hunter2');
    expect((await run([...args, '--prefix', root], undefined, env)).code).toBe(0);
    const file = path.join(root, installedPaths.envFile);
    expect(parseEnvFile(fs.readFileSync(file, 'utf8')).DATABASE_URL).toBe('postgres://ngo:hunter2@db.internal:5432/ngo_site');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A second run naming the same server and user on the command line keeps the password.
    const again = await run([...base, '--instances', '2', '--database-url', 'postgres://ngo@db.internal:5432/ngo_site', '--redis-url', 'redis://127.0.0.1:6379', '--prefix', root]);
    expect(again.code, again.out).toBe(0);
    expect(parseEnvFile(fs.readFileSync(file, 'utf8')).DATABASE_URL).toBe('postgres://ngo:hunter2@db.internal:5432/ngo_site');
  });
});

describe.skipIf(!toolsOrSkip(['caddy', 'nginx', 'openssl', 'systemd-analyze']))('setup --instances: the proxies and systemd accept what it writes', () => {
  const shared = ['--instances', '3', '--database-url', 'postgres://ngo@127.0.0.1:5432/ngo_site', '--redis-url', 'redis://127.0.0.1:6379'];

  it('caddy validate: three upstreams, each asked for its health, a failed request tried on the next', async () => {
    const root = tempRoot();
    expect((await run([...base, ...shared, '--prefix', root, '--node', process.execPath])).code).toBe(0);
    const caddyfile = path.join(root, installedPaths.caddyfile);
    const validate = await execText('caddy', ['validate', '--config', caddyfile, '--adapter', 'caddyfile']);
    expect(validate.code, validate.out).toBe(0);
    expect(validate.out).toContain('Valid configuration');
    const adapted = await execText('caddy', ['adapt', '--config', caddyfile, '--adapter', 'caddyfile']);
    const json = JSON.parse(adapted.out.slice(adapted.out.indexOf('{'))) as unknown;
    const handler = JSON.stringify(json);
    for (const port of [3000, 3001, 3002]) expect(handler).toContain(`{"dial":"127.0.0.1:${port}"}`);
    expect(handler).toContain('"uri":"/api/health"');
    expect(handler).toContain('"try_duration":5000000000');
    const template = path.join(root, installedPaths.unitTemplate);
    // systemd checks an instance of the template (the file as installed, named for port 3000).
    const instance = path.join(tempRoot(), 'ngo-site@3000.service');
    fs.copyFileSync(template, instance);
    const verify = await execText('systemd-analyze', ['verify', instance]);
    expect(verify.out.split('\n').filter((l) => l.trim() && !/sysinit\.target not found/.test(l)), verify.out).toEqual([]);
  });

  it('nginx -t: the upstreams of three instances, requests that can be sent twice tried on the next one', async () => {
    const root = tempRoot();
    expect((await run([...base, ...shared, '--proxy', 'nginx', '--prefix', root, '--node', process.execPath])).code).toBe(0);
    const written = { http: path.join(root, installedPaths.nginxHttp), https: path.join(root, installedPaths.nginxHttps) };
    const https = fs.readFileSync(written.https, 'utf8');
    expect(https).toContain('server 127.0.0.1:3000 max_fails=1 fail_timeout=10s;\n    server 127.0.0.1:3001 max_fails=1 fail_timeout=10s;\n    server 127.0.0.1:3002 max_fails=1 fail_timeout=10s;');
    expect(https).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(https).not.toContain('non_idempotent');
    const dir = tempRoot();
    const files = localNginxFiles(written, dir, { httpPort: 8080, httpsPort: 8443 }, installedPaths);
    const live = path.join(files.letsencrypt, 'live', 'example.org');
    fs.mkdirSync(live, { recursive: true });
    const cert = selfSignedCertificate(dir, 'example.org');
    fs.copyFileSync(cert.cert, path.join(live, 'fullchain.pem'));
    fs.copyFileSync(cert.key, path.join(live, 'privkey.pem'));
    const prefix = path.join(dir, 'nginx');
    fs.mkdirSync(prefix);
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents {}\nhttp {\n  include ${files.httpConf};\n  include ${files.httpsConf};\n}\n`);
    const test = await execText('nginx', ['-t', '-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')]);
    expect(test.code, test.out).toBe(0);
    expect(test.out).toContain('test is successful');
  });
});
