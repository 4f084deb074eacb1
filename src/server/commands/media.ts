/**
 * `npm run cli -- media prune`: removes media nothing uses that are older than a day.
 * `npm run cli -- media avif`: makes the AVIF copies of pictures uploaded before they were made.
 */
import { configFromEnv } from '../config.js';
import { openDatabase } from '../db/index.js';
import { consoleUpgradeLog, upgradeDatabase } from '../backup/upgrade.js';
import { ChangeBus } from '../changes.js';
import { MediaService } from '../media/service.js';
import { createMediaStore } from '../media/store.js';

const usage = 'Usage: npm run cli -- media prune | media avif';

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} B`;
}

export async function mediaCommand(args: string[]): Promise<number> {
  if ((args[0] !== 'prune' && args[0] !== 'avif') || args.length > 1) {
    console.error(usage);
    return 2;
  }
  const config = configFromEnv();
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, authSecret: config.authSecret });
  // Running servers drop what they cached about the removed media (PostgreSQL NOTIFY).
  const changes = new ChangeBus(db.pool);
  try {
    await upgradeDatabase({ config, db, log: consoleUpgradeLog });
    const media = new MediaService({ db, changes }, createMediaStore({ config, db }));
    if (args[0] === 'avif') return await makeAvif(media).finally(() => media.close());
    const report = await media.prune().finally(() => media.close());
    for (const m of report.media) {
      console.log(`removed ${m.id} ${m.name ?? '(no name)'} ${m.contentType} ${formatBytes(m.bytes)}, uploaded ${m.createdAt}`);
    }
    for (const key of report.orphanKeys) console.log(`removed stored bytes no media uses: ${key}`);
    const total = report.media.reduce((sum, m) => sum + m.bytes, 0);
    console.log(
      report.media.length + report.orphanKeys.length === 0
        ? 'Nothing to prune: every file older than a day is still in use.'
        : `Pruned ${report.media.length} unused file(s) (${formatBytes(total)} of originals) and ${report.orphanKeys.length} orphaned stored object(s).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

async function makeAvif(media: MediaService): Promise<number> {
  const report = await media.addMissingAvif((step) => {
    const name = step.media.originalName ?? step.media.id;
    if (step.error) console.error(`${step.index}/${step.total} ${name}: failed: ${step.error}`);
    else console.log(`${step.index}/${step.total} ${name}: ${step.made} AVIF ${step.made === 1 ? 'copy' : 'copies'} made`);
  });
  if (report.busy) {
    console.log('A server is making the AVIF copies now (its log says how far it is). Nothing was done here.');
    return 0;
  }
  console.log(report.total === 0 ? 'Every picture has its AVIF copies.' : `AVIF copies made for ${report.updated} of ${report.total} pictures${report.failed ? `; ${report.failed} failed (above)` : ''}.`);
  return report.failed > 0 ? 1 : 0;
}
