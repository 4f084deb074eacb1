/**
 * `npm run cli -- user add --email E --role super|admin [--name N]`: creates a
 * staff account on the configured database. The password is read from the
 * first line of stdin, so it never appears in the shell history or `ps`.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { AppError } from '../../shared/errors.js';
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/index.js';
import { consoleUpgradeLog, upgradeDatabase } from '../backup/upgrade.js';
import { createAccount } from '../auth/accounts/accounts.js';

const usage = 'Usage: npm run cli -- user add --email E --role super|admin [--name N]   (password on the first line of stdin)';

/** The first line of stdin (without its line ending), or '' when stdin is empty. */
export async function readFirstLine(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const rl = readline.createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of rl) return line;
    return '';
  } finally {
    rl.close();
  }
}

export async function userCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'add') {
    console.error(usage);
    return 1;
  }
  let values: { email?: string | undefined; role?: string | undefined; name?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 1;
  }
  if (!values.email) {
    console.error(`--email is required.\n${usage}`);
    return 1;
  }
  const role = values.role;
  if (role !== 'super' && role !== 'admin') {
    console.error(`--role must be super or admin (was ${role === undefined ? 'missing' : JSON.stringify(role)}).\n${usage}`);
    return 1;
  }
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const password = await readFirstLine();

  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  try {
    await upgradeDatabase({ config, db, log: consoleUpgradeLog });
    // The command line has no account: its line in the audit log names nobody.
    const user = await createAccount(db.kysely, { email: values.email, password, role, displayName: values.name }, { audit: { actor: null, how: 'from the command line' } });
    console.log(user.uid);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`Cannot add the user: ${err.message} (${err.code})`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}
