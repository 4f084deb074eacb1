/**
 * `npm run cli -- doctor [--mail-to ADDRESS] [--json] [--env-file FILE] [--unit FILE]`:
 * runs every check on this machine and says what is wrong and how to fix it.
 * Exit 0 all good, 1 warnings only, 2 errors. With sudo it reads the service's
 * environment file and unit (where setup put them), then runs the checks as
 * the service user, so nothing it opens (the SQLite file) ends up owned by root.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { exitCodeOf, runChecks, systemProbes, unitUser, type CheckResult, type Probes } from './checks.js';
import { installedPaths, parseEnvFile } from './files.js';

export const doctorUsage = 'Usage: npm run cli -- doctor [--mail-to ADDRESS] [--json] [--env-file FILE] [--unit FILE]';

const symbols: Record<CheckResult['status'], string> = { ok: 'ok   ', warn: 'WARN ', error: 'ERROR' };

export function formatChecks(checks: readonly CheckResult[]): string {
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(`${symbols[c.status]} ${c.id}: ${c.message}`);
    if (c.status !== 'ok' && c.fix) lines.push(`      Fix: ${c.fix}`);
  }
  const code = exitCodeOf(checks);
  lines.push(code === 0 ? 'All good.' : code === 1 ? 'Warnings only: the site runs, but look at them.' : 'Errors: fix them before going live.');
  return lines.join('\n');
}

export interface DoctorRun {
  argv: string[];
  env: Record<string, string | undefined>;
  /** Test probes in place of the machine's. */
  probes?: Probes;
  out(text: string): void;
}

export async function doctor(run: DoctorRun): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: run.argv, options: { 'mail-to': { type: 'string' }, json: { type: 'boolean', default: false }, 'env-file': { type: 'string' }, unit: { type: 'string' } }, strict: true }).values;
  } catch (err) {
    run.out(`${(err as Error).message}\n${doctorUsage}`);
    return 2;
  }
  const envFile = values['env-file'] ?? (fs.existsSync(installedPaths.envFile) ? installedPaths.envFile : undefined);
  const unitFile = values.unit ?? [installedPaths.unit, installedPaths.unitTemplate].find((file) => fs.existsSync(file));
  let env = run.env;
  if (envFile) {
    try {
      // The file's settings win over the shell's, as they do for the service.
      env = { ...run.env, ...parseEnvFile(fs.readFileSync(envFile, 'utf8')) };
    } catch (err) {
      run.out(`Cannot read ${envFile}: ${(err as Error).message}. Run the doctor with sudo.`);
      return 2;
    }
  }
  const user = unitFile ? unitUser(unitFile) : undefined;
  if (!run.probes && process.getuid?.() === 0 && user && user.uid !== 0 && process.setgroups && process.setgid && process.setuid) {
    // SQLite's native module is loaded on first use, from this copy of the code: it is loaded now, while the
    // doctor may still read every folder, so the database check speaks about DATA_DIR, not about whether the
    // service user can enter the folder the doctor was started from (a checkout in a private folder).
    new SqliteDatabase(':memory:').close();
    // root's supplementary groups first, then the group, then the user (after which none can be changed back).
    process.setgroups([user.gid]);
    process.setgid(user.gid);
    process.setuid(user.uid);
  }
  const probes = run.probes ?? systemProbes({ unitFile, user });
  const checks = await runChecks({ env, envFile, mailTo: values['mail-to'], probes });
  run.out(values.json ? JSON.stringify({ checks }, null, 2) : formatChecks(checks));
  return exitCodeOf(checks);
}

export function doctorCommand(argv: string[]): Promise<number> {
  return doctor({ argv, env: process.env, out: (text) => console.log(text) });
}

/** At start in production: the checks that need neither network nor database, in the log. */
export async function startChecks(env: Record<string, string | undefined>): Promise<CheckResult[]> {
  return runChecks({ env, quick: true, probes: systemProbes() });
}
