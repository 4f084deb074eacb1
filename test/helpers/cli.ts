/** `npm run cli -- …` as a real child process on a test database: its exit code and what it printed. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestDatabase } from './databases.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Only `env` decides the optional settings: the shell's bootstrap and backup variables are left out. */
export interface CliOptions {
  stdin?: string;
  env?: Record<string, string>;
  onStart?: (child: ChildProcess) => void;
  /** The checkout the command runs from (this one when absent): a folder of links to this one's files, with `nodeArgs` ['--preserve-symlinks'], stands for a copy elsewhere. */
  root?: string;
  /** Options for node itself, before the script. */
  nodeArgs?: string[];
}

export function runCli(db: TestDatabase, args: string[], options: CliOptions = {}): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: db.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'BOOTSTRAP_SUPER_EMAIL', 'BOOTSTRAP_SUPER_PASSWORD', 'BACKUP_DIR', 'BACKUP_PASSPHRASE']) delete env[name];
  if (db.dialect === 'postgres') env.DATABASE_URL = db.url;
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: options.root ?? root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
    options.onStart?.(child);
  });
}
