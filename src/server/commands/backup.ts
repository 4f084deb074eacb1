/**
 * `npm run cli -- backup [--out FILE]` and `npm run cli -- restore FILE [--replace] [--accept-unsealed]`.
 * Exit codes: 0 done, 1 refused or failed (one line on stderr saying why), 2 usage.
 */
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/index.js';
import { takeBackup } from '../backup/backup.js';
import { backupFileName } from '../../shared/backups.js';
import { terminalProgress } from '../backup/progress.js';
import { Refusal, restoreBackup } from '../backup/restore.js';

const backupUsage = 'Usage: npm run cli -- backup [--out FILE]';
const restoreUsage = 'Usage: npm run cli -- restore FILE [--replace] [--accept-unsealed]';
const restoreFlags = ['--replace', '--accept-unsealed'];

/** Who runs a command, for the audit log: the system account and the machine. */
function operator(): string {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER ?? 'an unknown system account';
  }
  return `${user} on ${os.hostname()} (command line)`;
}

function reason(err: unknown): string {
  // Only the first line: driver errors can run long, and the operator needs the cause.
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'unknown error';
}

export async function backupCommand(args: string[]): Promise<number> {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1] && !out) out = args[++i];
    else {
      console.error(backupUsage);
      return 2;
    }
  }
  const config = configFromEnv();
  const file = path.resolve(out ?? path.join(config.backupDir ?? path.join(config.dataDir, 'backups'), backupFileName(new Date(), null, !!config.backupPassphrase)));
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  const started = Date.now();
  try {
    const result = await takeBackup({ config, db, out: file, passphrase: config.backupPassphrase, progress: terminalProgress('backup') });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`backup: ${result.file} (${result.rows} rows, ${result.mediaObjects} media objects, ${result.bytes} bytes, ${seconds} s)`);
    return 0;
  } catch (err) {
    console.error(`backup failed: ${reason(err)}`);
    return 1;
  } finally {
    await db.close();
  }
}

export async function restoreCommand(args: string[]): Promise<number> {
  const files = args.filter((a) => !a.startsWith('--'));
  const flags = args.filter((a) => a.startsWith('--'));
  const [file] = files;
  if (!file || files.length !== 1 || flags.some((f) => !restoreFlags.includes(f))) {
    console.error(restoreUsage);
    return 2;
  }
  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  const started = Date.now();
  try {
    const result = await restoreBackup({
      config,
      db,
      file: path.resolve(file),
      passphrase: config.backupPassphrase,
      replace: flags.includes('--replace'),
      acceptUnsealed: flags.includes('--accept-unsealed'),
      record: { by: operator() },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const forward = result.broughtForwardFrom ? `, brought forward from schema level ${result.broughtForwardFrom}` : '';
    if (result.unsealed) console.error('restore: warning: the archive carried no seal, so nothing proved it unchanged; restored because --accept-unsealed was given');
    console.log(`restore: ${result.rows} rows in ${result.tables} tables and ${result.mediaObjects} media objects restored (${seconds} s${forward}); every session ended: staff sign in again`);
    return 0;
  } catch (err) {
    console.error(err instanceof Refusal ? `restore refused: ${reason(err)}` : `restore failed, nothing changed: ${reason(err)}`);
    return 1;
  } finally {
    await db.close();
  }
}
