/**
 * `npm run cli -- setup`: puts the site on a Debian or Ubuntu server (run with
 * sudo). Asks for (or takes as flags) the address, the admin e-mail, the SMTP
 * address and the backup schedule, then writes the environment file (0600),
 * a hardened systemd unit and the reverse proxy's configuration, creates the
 * system user owning only DATA_DIR, and starts everything. It never replaces
 * a file it did not write without asking; `--dry-run` prints the files and
 * changes nothing; `--prefix DIR` writes every file under DIR and runs no
 * system command (useradd, chown, systemctl, certbot), printing them instead.
 * The SMTP password never comes on the command line (ps, shell history and
 * sudo's log would show it): a prompt without echo, --smtp-password-file or
 * SMTP_PASSWORD. Paths are plain and the site's own: a system folder, or a
 * non-empty data folder setup did not make, is refused before anything is
 * written.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { installRoot } from './checks.js';
import { dataDirMarker, installedPaths, parseEnvFile, plannedFiles, publicUrlOf, serviceName, serviceUnits, serviceUnitsOfEnv, setupChoicesSchema, writtenBySetup, type PlannedFile, type SetupChoices } from './files.js';


export const setupUsage =
  'Usage: npm run cli -- setup --domain example.org --email admin@example.org [--smtp-url smtp://user@host:587 [--smtp-password-file FILE]] [--backup-schedule CRON] [--proxy caddy|nginx] [--port 3000] [--instances N --database-url postgres://user@host/db --redis-url redis://host:6379] [--prefix DIR] [--dry-run] [--yes]';

interface Io {
  out(line: string): void;
  ask?: (question: string) => Promise<string>;
  /** Asks without showing what is typed (the SMTP password). */
  askSecret?: (question: string) => Promise<string>;
  /** Where SMTP_PASSWORD is read from (default: this process's environment). */
  env?: Record<string, string | undefined>;
}

/** How to give the SMTP password, in every message that asks for it. */
const passwordWays = 'type it when setup asks (in a terminal, without --yes), put it in a file only root can read and give --smtp-password-file FILE, or export SMTP_PASSWORD and run sudo --preserve-env=SMTP_PASSWORD npm run cli -- setup …';

/** The same SMTP server and user as `url` (the earlier password still belongs to it). */
function sameAccount(a: URL, b: URL): boolean {
  return a.protocol === b.protocol && a.username === b.username && a.hostname === b.hostname && a.port === b.port;
}

/** Writes a new file that nobody else can have prepared: O_EXCL (a symlink or file already there is an error, never followed), then the mode on the open file. */
function writeExclusive(file: string, content: string | Buffer, mode: number): void {
  const fd = fs.openSync(file, 'wx', mode);
  try {
    fs.writeFileSync(fd, content);
    fs.fchmodSync(fd, mode);
  } finally {
    fs.closeSync(fd);
  }
}

/** Puts `content` at `target` whole: a temporary file of a random name written exclusively, then renamed over it. */
function replaceFile(target: string, content: string | Buffer, mode: number): void {
  const temp = `${target}.setup-${crypto.randomBytes(6).toString('hex')}`;
  try {
    writeExclusive(temp, content, mode);
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * Why `dir` cannot be the data folder, or null. Setup may use a folder that
 * does not exist, is empty, holds its marker, or is the DATA_DIR of the
 * environment file an earlier run wrote (installations from before the
 * marker); anything else is someone's data that chown -R would give away.
 */
function dataDirProblem(dir: string, shown: string, earlierDataDir: string | undefined): string | null {
  let stat;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return `--data-dir ${shown} exists and is not a folder${stat.isSymbolicLink() ? ' (a symbolic link)' : ''}: give the path of a folder for the site's data alone.`;
  if (fs.readdirSync(dir).length === 0 || earlierDataDir === shown) return null;
  const marker = path.join(dir, dataDirMarker);
  const markerStat = fs.lstatSync(marker, { throwIfNoEntry: false });
  if (markerStat?.isFile() && fs.readFileSync(marker, 'utf8').startsWith(writtenBySetup)) return null;
  return `--data-dir ${shown} is not empty and was not made by setup: its files would be given to the service user. Give a new folder for the site's data (such as /var/lib/ngo-site), or move what is in it away first.`;
}

function hideSecrets(file: PlannedFile): string {
  if (file.path !== installedPaths.envFile) return file.content;
  return file.content
    .replace(/^((?:SMTP|DATABASE|REDIS)_URL="[a-z]+:\/\/[^:@/"]*:)[^@"]*@/gm, '$1***@')
    .replace(/^BOOTSTRAP_SUPER_PASSWORD=.*$/m, 'BOOTSTRAP_SUPER_PASSWORD="(generated by the real run)"');
}

/** Under /home or /root the service cannot see the file (ProtectHome=yes). */
function hiddenByProtectHome(p: string): boolean {
  return /^\/(home|root)(\/|$)/.test(p);
}

function run(cmd: string, args: string[]): void {
  execFileSync(cmd, args, { stdio: 'inherit' });
}

function succeeds(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What setup decided to do with one file. */
type FileAction = 'create' | 'unchanged' | 'update' | 'replace';

function actionFor(target: string, content: string): FileAction {
  if (!fs.existsSync(target)) return 'create';
  const existing = fs.readFileSync(target, 'utf8');
  if (existing === content) return 'unchanged';
  return existing.startsWith(writtenBySetup) ? 'update' : 'replace';
}

export async function setup(argv: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        domain: { type: 'string' },
        email: { type: 'string' },
        'smtp-url': { type: 'string' },
        'smtp-password-file': { type: 'string' },
        'mail-from': { type: 'string' },
        'backup-schedule': { type: 'string' },
        proxy: { type: 'string' },
        port: { type: 'string' },
        instances: { type: 'string' },
        'database-url': { type: 'string' },
        'redis-url': { type: 'string' },
        'install-dir': { type: 'string' },
        'data-dir': { type: 'string' },
        node: { type: 'string' },
        user: { type: 'string' },
        prefix: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    io.out(`${(err as Error).message}\n${setupUsage}`);
    return 2;
  }
  const interactive = !parsed.yes && io.ask !== undefined;
  const askFor = async (value: string | undefined, question: string, optional = false): Promise<string | undefined> => {
    if (value !== undefined || !interactive || !io.ask) return value;
    const answer = (await io.ask(question)).trim();
    return answer === '' && optional ? undefined : answer;
  };
  const domain = await askFor(parsed.domain, "The site's address, without https:// (e.g. example.org): ");
  const email = await askFor(parsed.email, "The admin's e-mail (first sign-in, and Let's Encrypt's notices): ");
  const smtpAddress = await askFor(parsed['smtp-url'], 'SMTP address for mail, without the password, e.g. smtp://user@smtp.example.org:587 (empty: mail is kept in DATA_DIR/outbox): ', true);
  const backupSchedule = await askFor(parsed['backup-schedule'], 'Backup schedule, cron in the site time zone (empty: every night at 03:00): ', true);

  const prefix = parsed.prefix ? path.resolve(parsed.prefix) : undefined;
  const dryRun = parsed['dry-run'];
  const real = !prefix && !dryRun;
  const envTarget = (prefix ?? '') + installedPaths.envFile;
  // The first sign-in password: kept from an earlier run, none once the admin deleted it, else a new one.
  const earlierEnv = fs.existsSync(envTarget) ? parseEnvFile(fs.readFileSync(envTarget, 'utf8')) : undefined;
  const bootstrapPassword = earlierEnv ? earlierEnv.BOOTSTRAP_SUPER_PASSWORD : crypto.randomBytes(18).toString('base64url');

  const smtp = await smtpUrlWithPassword(smtpAddress || undefined, parsed['smtp-password-file'], earlierEnv?.SMTP_URL, interactive, io);
  if ('problem' in smtp) {
    io.out(smtp.problem);
    return 2;
  }
  const smtpUrl = smtp.url;
  const database = sharedServiceUrl(parsed['database-url'], 'database-url', 'DATABASE_URL', io.env ?? process.env, earlierEnv);
  const redis = sharedServiceUrl(parsed['redis-url'], 'redis-url', 'REDIS_URL', io.env ?? process.env, earlierEnv);
  for (const found of [database, redis]) {
    if ('problem' in found) {
      io.out(found.problem);
      return 2;
    }
  }

  const checked = setupChoicesSchema.safeParse({
    domain,
    email,
    smtpUrl,
    mailFrom: parsed['mail-from'],
    backupSchedule: backupSchedule || undefined,
    proxy: parsed.proxy,
    port: parsed.port,
    installDir: parsed['install-dir'] ?? installRoot(),
    dataDir: parsed['data-dir'],
    node: parsed.node ?? process.execPath,
    user: parsed.user,
    bootstrapPassword,
    instances: parsed.instances,
    databaseUrl: 'url' in database ? database.url : undefined,
    redisUrl: 'url' in redis ? redis.url : undefined,
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) io.out(`--${String(issue.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${issue.message}`);
    io.out(setupUsage);
    return 2;
  }
  const choices: SetupChoices = checked.data;
  const dataDirRefusal = dataDirProblem((prefix ?? '') + choices.dataDir, choices.dataDir, earlierEnv?.DATA_DIR);
  if (dataDirRefusal) {
    io.out(`${dataDirRefusal} Nothing was changed.`);
    return 2;
  }
  const files = plannedFiles(choices);
  const warnings: string[] = [];
  if (hiddenByProtectHome(choices.node)) warnings.push(`Node.js is at ${choices.node}, under /home or /root, which the hardened service cannot see: copy it to /opt (e.g. cp -r "$(dirname "$(dirname ${choices.node})")" /opt/node-24) and run setup again with --node /opt/node-24/bin/node.`);
  if (hiddenByProtectHome(choices.installDir)) warnings.push(`The site is at ${choices.installDir}, under /home or /root, which the hardened service cannot see: clone it to /opt/ngo-site, build it there and run setup from there.`);
  if (!fs.existsSync(path.join(choices.installDir, 'dist/server/main.js'))) warnings.push(`${choices.installDir}/dist/server/main.js is missing: run \`npm ci && npm run build\` in ${choices.installDir} first.`);

  if (dryRun) {
    for (const file of files) {
      io.out(`--- ${(prefix ?? '') + file.path} (mode ${file.mode.toString(8).padStart(4, '0')})`);
      io.out(hideSecrets(file));
    }
    for (const w of warnings) io.out(`Warning: ${w}`);
    io.out('Dry run: nothing was written.');
    return 0;
  }
  if (real && process.getuid?.() !== 0) {
    io.out('setup changes the system (user, service, proxy): run it with sudo, or look first with --dry-run or --prefix DIR.');
    return 2;
  }
  if (real && warnings.length > 0) {
    for (const w of warnings) io.out(`Cannot set up: ${w}`);
    return 2;
  }
  if (real && userId(choices.user) === 0) {
    io.out(`--user ${choices.user} is root (uid 0): the service runs as a system user of its own, such as ngo-site. Nothing was changed.`);
    return 2;
  }

  // Decide about every file before writing any: a refusal leaves the machine as it was.
  const decisions = files.map((file) => ({ file, target: (prefix ?? '') + file.path, action: actionFor((prefix ?? '') + file.path, file.content) }));
  for (const d of decisions.filter((x) => x.action === 'replace')) {
    let yes = parsed.yes;
    if (!yes && interactive && io.ask) yes = /^y(es)?$/i.test((await io.ask(`${d.target} exists and was not written by setup. Replace it (a copy is kept as ${d.target}.before-setup)? [y/N] `)).trim());
    if (!yes) {
      io.out(`Not replacing ${d.target}: it was not written by setup. Nothing was changed. Move it aside, or run again with --yes to replace it (a copy is kept as ${d.target}.before-setup).`);
      return 2;
    }
  }

  const done: string[] = [];
  const steps: string[] = [];
  for (const d of decisions) {
    if (d.action === 'unchanged') {
      done.push(`${d.target} is already as it should be`);
      continue;
    }
    fs.mkdirSync(path.dirname(d.target), { recursive: true });
    if (d.action === 'replace') replaceFile(`${d.target}.before-setup`, fs.readFileSync(d.target), fs.statSync(d.target).mode & 0o777);
    replaceFile(d.target, d.file.content, d.file.mode);
    done.push(`${d.action === 'create' ? 'wrote' : 'updated'} ${d.target}${d.action === 'replace' ? ` (the previous one is ${d.target}.before-setup)` : ''}`);
  }

  // The data folder: owned by the service user, closed to others.
  const dataDir = (prefix ?? '') + choices.dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o750);
  const marker = path.join(dataDir, dataDirMarker);
  if (!fs.existsSync(marker)) writeExclusive(marker, `${writtenBySetup}\n# This folder is the site's DATA_DIR: setup may use it again.\n`, 0o644);
  done.push(`made ${dataDir} (mode 0750)`);

  const u = choices.user;
  const userAdd = ['useradd', '--system', '--user-group', '--home-dir', choices.dataDir, '--no-create-home', '--shell', '/usr/sbin/nologin', u];
  const chown = ['chown', '-R', `${u}:${u}`, choices.dataDir];
  const proxySteps: string[][] =
    choices.proxy === 'caddy'
      ? [
          ['caddy', 'validate', '--config', installedPaths.caddyfile, '--adapter', 'caddyfile'],
          ['systemctl', 'reload-or-restart', 'caddy'],
        ]
      : [
          ['mkdir', '-p', installedPaths.acmeWebroot],
          ['ln', '-sf', installedPaths.nginxHttp, `/etc/nginx/sites-enabled/${serviceName}.conf`],
          ['nginx', '-t'],
          ['systemctl', 'reload-or-restart', 'nginx'],
          ['certbot', 'certonly', '--webroot', '-w', installedPaths.acmeWebroot, '-d', choices.domain, '--email', choices.email, '--agree-tos', '--non-interactive', '--keep-until-expiring', '--deploy-hook', 'systemctl reload nginx'],
          ['ln', '-sf', installedPaths.nginxHttps, `/etc/nginx/sites-enabled/${serviceName}-https.conf`],
          ['nginx', '-t'],
          ['systemctl', 'reload', 'nginx'],
        ];
  const units = serviceUnits(choices);
  // Units of the run before that this one does not keep (one service to several instances, three instances to two or to one): stopped and disabled.
  const singleBefore = choices.instances > 1 && fs.existsSync((prefix ?? '') + installedPaths.unit);
  const unitsBefore = new Set([...(earlierEnv ? serviceUnitsOfEnv(earlierEnv) : []), ...(singleBefore ? [serviceName] : [])]);
  const leaving = [...unitsBefore].filter((unit) => !units.includes(unit));
  const serviceSteps = [
    ['systemctl', 'daemon-reload'],
    ...(leaving.length ? [['systemctl', 'disable', '--now', ...leaving]] : []),
    ['systemctl', 'enable', ...units],
    ['systemctl', 'restart', ...units],
  ];
  const systemCommands = [...(succeeds('id', [u]) && real ? [] : [userAdd]), chown, ...proxySteps, ...serviceSteps];
  if (real) {
    for (const cmd of systemCommands) {
      io.out(`$ ${cmd.join(' ')}`);
      run(cmd[0]!, cmd.slice(1));
      done.push(`ran ${cmd.join(' ')}`);
    }
  } else {
    steps.push(`With --prefix nothing on the system was changed. A real run (sudo, without --prefix) also runs:\n${systemCommands.map((c) => `    ${c.join(' ')}`).join('\n')}`);
  }

  const url = publicUrlOf(choices);
  steps.push(`Point DNS at this server: an A record (and AAAA for IPv6) for ${choices.domain} with this machine's public address; ports 80 and 443 open.`);
  steps.push(`Check everything: sudo npm run cli -- doctor (in ${choices.installDir}).`);
  if (bootstrapPassword && !earlierEnv) steps.push(`First sign-in at ${url}/login as ${choices.email}: the password is the BOOTSTRAP_SUPER_PASSWORD line of ${installedPaths.envFile} (sudo grep BOOTSTRAP_SUPER_PASSWORD ${installedPaths.envFile}). Change it on your account page, then delete that line.`);
  if (!choices.smtpUrl) steps.push(`Mail: without --smtp-url, mail is kept in ${choices.dataDir}/outbox. Run setup again with --smtp-url (or add SMTP_URL to ${installedPaths.envFile} and restart) to send it.`);
  io.out('Done:');
  for (const line of done) io.out(`  - ${line}`);
  for (const w of warnings) io.out(`Warning: ${w}`);
  io.out('Left to do:');
  for (const line of steps) io.out(`  - ${line}`);
  return 0;
}

/**
 * DATABASE_URL or REDIS_URL for the environment file. A password never comes
 * on the command line (ps, the shell history and sudo's log would show it):
 * the flag without one; the whole address with its password from this
 * environment's variable; else what an earlier run wrote. A flag naming the
 * same server and user as the earlier file keeps that file's password.
 */
function sharedServiceUrl(flag: string | undefined, option: string, variable: string, env: Record<string, string | undefined>, earlier: Record<string, string> | undefined): { url: string | undefined } | { problem: string } {
  const before = earlier?.[variable];
  if (flag === undefined) return { url: env[variable] || before || undefined };
  if (!URL.canParse(flag)) return { url: flag }; // the choices' check says what is wrong with it
  const url = new URL(flag);
  if (url.password) {
    url.password = '';
    return { problem: `--${option} must not contain the password: a command line shows in ps, the shell history and sudo's log. Give ${url.toString()} and the password another way: export ${variable} with the whole address and run sudo --preserve-env=${variable} npm run cli -- setup … without --${option}.` };
  }
  const previous = before && URL.canParse(before) ? new URL(before) : undefined;
  if (previous?.password && sameAccount(previous, url)) url.password = previous.password;
  return { url: url.toString() };
}

/** The uid of a user that exists, else undefined. */
function userId(name: string): number | undefined {
  try {
    return Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return undefined;
  }
}

/**
 * SMTP_URL with its password, which never comes from the command line: from
 * --smtp-password-file, SMTP_PASSWORD, the environment file of an earlier
 * run for the same server and user, or a prompt that does not echo.
 */
async function smtpUrlWithPassword(address: string | undefined, passwordFile: string | undefined, earlierUrl: string | undefined, interactive: boolean, io: Io): Promise<{ url: string | undefined } | { problem: string }> {
  const fromEnv = (io.env ?? process.env).SMTP_PASSWORD;
  if (address === undefined) {
    // SMTP_PASSWORD may be set in the shell for other reasons; a file given for it is a mistake.
    if (passwordFile !== undefined) return { problem: '--smtp-password-file gives an SMTP password but there is no --smtp-url: give the address too (smtp://user@host:587).' };
    return { url: undefined };
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { url: address }; // the choices' check says what is wrong with it
  }
  if (url.password) return { problem: `--smtp-url must not contain the password: a command line shows in ps, the shell history and sudo's log. Give the address without it (${url.protocol}//${url.username || 'user'}@${url.host}) and the password another way: ${passwordWays}.` };
  if (passwordFile !== undefined && fromEnv) return { problem: '--smtp-password-file and SMTP_PASSWORD both give the SMTP password: give it one way.' };
  let password: string | undefined;
  if (passwordFile !== undefined) {
    try {
      password = fs.readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      return { problem: `--smtp-password-file ${passwordFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): give a file holding the SMTP password.` };
    }
    if (!password) return { problem: `--smtp-password-file ${passwordFile} is empty: put the SMTP password in it.` };
  } else if (fromEnv) password = fromEnv;
  if (password !== undefined && !url.username) return { problem: `--smtp-url names no user for the password: give smtp://user@${url.host}.` };
  if (password === undefined && url.username) {
    const earlier = earlierUrl && URL.canParse(earlierUrl) ? new URL(earlierUrl) : undefined;
    if (earlier?.password && sameAccount(earlier, url)) password = decodeURIComponent(earlier.password);
    else if (interactive && io.askSecret) password = await io.askSecret(`Password of ${decodeURIComponent(url.username)} at ${url.hostname} (not shown): `);
    if (!password) return { problem: `--smtp-url names the user ${decodeURIComponent(url.username)} but no password was given: ${passwordWays}.` };
  }
  if (password !== undefined) url.password = encodeURIComponent(password);
  return { url: url.toString() };
}

/**
 * The questions on a terminal: one readline on `input`, whose echo is
 * switched off while a secret is typed (what readline writes back goes
 * nowhere), so the password is neither shown nor left on the screen.
 */
export function terminalQuestions(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): { ask(q: string): Promise<string>; askSecret(q: string): Promise<string>; close(): void } {
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) output.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input, output: echo, terminal: true, historySize: 0 }); // no history: it would hold the password
  return {
    ask: (q) => rl.question(q),
    async askSecret(q) {
      output.write(q);
      muted = true;
      try {
        return await rl.question('');
      } finally {
        muted = false;
        output.write('\n');
      }
    },
    close: () => rl.close(),
  };
}

export async function setupCommand(argv: string[]): Promise<number> {
  const questions = process.stdin.isTTY ? terminalQuestions(process.stdin, process.stdout) : undefined;
  try {
    return await setup(argv, { out: (line) => console.log(line), env: process.env, ...(questions ? { ask: questions.ask, askSecret: questions.askSecret } : {}) });
  } finally {
    questions?.close();
  }
}
