/**
 * docs/operations.md's recipes, followed as an operator would: the commands
 * the document gives, on the built server and the command line, with real
 * SQLite and PostgreSQL. Each recipe's commands are first looked up in the
 * document, so the text and what is tested cannot drift apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type RunningServer } from './support/built-server.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { formHiddenInputs } from '../src/shared/forms.js';

const guide = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/operations.md'), 'utf8');

/** The text of one `## ` section of docs/operations.md. */
function section(title: string): string {
  const start = guide.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`docs/operations.md has no section "${title}"`);
  const end = guide.indexOf('\n## ', start + 4);
  return guide.slice(start, end < 0 ? undefined : end);
}

/** Each server runs on its own port, which the page names, and the page says when it was rendered; everything else must be equal. */
function comparable(html: string, server: RunningServer): string {
  // The time a page was made, signed for the forms on it (the footer's newsletter sign-up is on every page), differs between renders.
  return html
    .replaceAll(server.url, 'https://site.example')
    .replace(/"now":"[^"]+"/g, '"now":"…"')
    .replace(new RegExp(`name="${formHiddenInputs.started}" value="[^"]+"`, 'g'), `name="${formHiddenInputs.started}" value="…"`);
}

interface SiteView {
  home: string;
  picture: { url: string; bytes: number };
}

/** What step 6 checks: the home page, a sign-in, a picture. */
async function check(server: RunningServer): Promise<SiteView> {
  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  const html = await home.text();
  const pictureUrl = /\/media\/[0-9a-f]{64}\/(?:480|960|1600|original)/.exec(html)?.[0];
  if (!pictureUrl) throw new Error('the home page shows no picture');
  const picture = await fetch(`${server.url}${pictureUrl}`);
  expect(picture.status, pictureUrl).toBe(200);
  const bytes = (await picture.arrayBuffer()).byteLength;
  expect(bytes).toBeGreaterThan(0);
  const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.superEmail, password: server.superPassword }),
  });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  return { home: comparable(html, server), picture: { url: pictureUrl, bytes } };
}

function expectOk(run: { code: number | null; stderr: string }): void {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
}

describe('docs/operations.md, followed step by step', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let sqlite: TestDatabase;
  let original: SiteView;

  beforeAll(async () => {
    // A site as `npm start` makes it: SQLite in DATA_DIR, the demo content, a super-admin.
    sqlite = await createTestDatabase('sqlite');
    cleanup.push(() => sqlite.drop());
    const site = await startBuiltServer({ env: { DATA_DIR: sqlite.dataDir } });
    try {
      original = await check(site);
    } finally {
      await site.stop();
    }
  });
  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo();
  });

  function copySecret(from: TestDatabase, to: TestDatabase): void {
    fs.mkdirSync(to.dataDir, { recursive: true });
    fs.copyFileSync(path.join(from.dataDir, 'auth-secret'), path.join(to.dataDir, 'auth-secret'));
  }

  it('"Back up" and "Restore": a backup into BACKUP_DIR restores into an empty database, and again only with --replace', async () => {
    const text = section('Back up') + section('Restore');
    expect(text).toContain('npm run cli -- backup ');
    expect(text).toContain('npm run cli -- restore /srv/backups/site-2026-11-23T10-15-00Z.tar.gz ');
    expect(text).toContain('--replace');

    const backupDir = tempDir('ngo-recipe-backups-');
    expectOk(await runCli(sqlite, ['backup'], { env: { BACKUP_DIR: backupDir } }));
    const [name] = fs.readdirSync(backupDir);
    expect(name).toMatch(/^site-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    const archive = path.join(backupDir, name!);

    const target = await createTestDatabase('sqlite');
    cleanup.push(() => target.drop());
    // Another DATA_DIR is another site until it has the same secret, which opens the archive's seal.
    copySecret(sqlite, target);
    expectOk(await runCli(target, ['restore', archive]));
    const again = await runCli(target, ['restore', archive]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('--replace');
    expectOk(await runCli(target, ['restore', archive, '--replace']));
    const restored = await startBuiltServer({ env: { DATA_DIR: target.dataDir } });
    try {
      expect(await check(restored)).toEqual(original);
    } finally {
      await restored.stop();
    }
  });

  it.runIf(dialects().includes('postgres'))('"When you outgrow one machine": SQLite to PostgreSQL and back, with the same pages, pictures and sign-in', async () => {
    const text = section('When you outgrow one machine: SQLite to PostgreSQL');
    expect(text).toContain('npm run cli -- backup --out /srv/backups/move.tar.gz');
    expect(text).toContain('DATABASE_URL=postgres://ngo@db.internal:5432/ngo_site npm run cli -- restore /srv/backups/move.tar.gz');
    expect(text).toContain('`DATA_DIR/auth-secret`');
    expect(text).toContain('Going back is the same recipe the other way round');

    // Step 3: the site is stopped (beforeAll); the final backup.
    const work = tempDir('ngo-recipe-move-');
    const move = path.join(work, 'move.tar.gz');
    expectOk(await runCli(sqlite, ['backup', '--out', move]));
    // Step 4: the same AUTH_SECRET (copied from DATA_DIR/auth-secret), then restore it into PostgreSQL (runCli sets DATABASE_URL for a PostgreSQL database).
    const postgres = await createTestDatabase('postgres');
    cleanup.push(() => postgres.drop());
    copySecret(sqlite, postgres);
    expectOk(await runCli(postgres, ['restore', move]));
    // Step 5: start with DATABASE_URL.
    const onPostgres = await startBuiltServer({ env: { DATA_DIR: postgres.dataDir, DATABASE_URL: postgres.url } });
    try {
      // Step 6: the home page, a sign-in, a picture.
      expect(await check(onPostgres)).toEqual(original);
    } finally {
      await onPostgres.stop();
    }

    // Going back: back up with DATABASE_URL set, restore without it into an empty DATA_DIR.
    const back = path.join(work, 'back.tar.gz');
    expectOk(await runCli(postgres, ['backup', '--out', back]));
    const again = await createTestDatabase('sqlite');
    cleanup.push(() => again.drop());
    copySecret(postgres, again);
    expectOk(await runCli(again, ['restore', back]));
    const onSqlite = await startBuiltServer({ env: { DATA_DIR: again.dataDir } });
    try {
      expect(await check(onSqlite)).toEqual(original);
    } finally {
      await onSqlite.stop();
    }
  });
});
