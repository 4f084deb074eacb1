/**
 * `npm run seed`: adds the demo content to an empty database.
 * `npm run seed -- --reset`: deletes every document, the site settings and all
 * media, then seeds again; user accounts are kept.
 */
import { ChangeBus } from '../changes.js';
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/index.js';
import { consoleUpgradeLog, upgradeDatabase } from '../backup/upgrade.js';
import { ensureDemoAdmin, resetContent, seedDemo } from '../seed/index.js';
import { hasBlocksOutside } from '../content/repository.js';

const usage = 'Usage: npm run seed [-- --reset]';

export async function seedCommand(args: string[]): Promise<number> {
  const unknown = args.filter((a) => a !== '--reset');
  if (unknown.length > 0) {
    console.error(usage);
    return 2;
  }
  const reset = args.includes('--reset');
  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  // On PostgreSQL, running servers hear about the change and drop their cached pages.
  const changes = new ChangeBus(db.pool);
  const services = { config, db, changes };
  const print = (line: string) => console.log(line);
  try {
    await upgradeDatabase({ config, db, log: consoleUpgradeLog });
    await ensureDemoAdmin(services);
    if (reset) {
      await resetContent(services, print);
    } else if (await hasBlocksOutside(db.kysely, [])) {
      print('seed: the database already has content; nothing changed. Run `npm run seed -- --reset` to replace it with the demo content.');
      return 0;
    }
    await seedDemo(services, print);
    return 0;
  } finally {
    await db.close();
  }
}
