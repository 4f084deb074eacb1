/**
 * The backups screen (super only) in Debian's Chromium against the built app:
 * a super-admin opens it from the drawer by keyboard, backs up now and watches
 * the progress until the new backup is listed as verified, downloads it (the
 * same bytes as the file in BACKUP_DIR); an admin has no entry, never asks for
 * the list and is refused the screen; a backup that really fails (BACKUP_DIR
 * cannot be written) shows on the screen and above the super-admin's other
 * screens; screenshots at 375 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backupListSchema, type BackupList } from '../src/shared/backup-api.js';
import { backupNamePattern } from '../src/shared/backups.js';
import { apiCall, makeNoisyJpeg, uploadViaApi, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { apiSignIn, createAccount, watchStaffConsole } from './helpers/staff.js';
import { tabTo } from './helpers/keyboard.js';

const site = setUpSite({ env: { BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '5' } });
const adminEmail = 'backups.admin@example.org';
const password = 'a long enough password 42';
const screenshots = path.resolve(__dirname, '../docs/screenshots');

const backupDir = () => path.join(site.server.dataDir, 'backups');
const backupFiles = () => (fs.existsSync(backupDir()) ? fs.readdirSync(backupDir()).filter((n) => backupNamePattern.test(n)) : []);

async function backupList(token = site.superToken): Promise<BackupList> {
  return backupListSchema.parse(await apiCall<unknown>(site.server.url, token, '/api/backups'));
}

beforeAll(async () => {
  await createAccount(site.server.url, site.superToken, { email: adminEmail, role: 'admin', password, displayName: 'Backups Admin' });
  // Pictures that do not compress, so a backup takes long enough to be watched.
  for (let i = 0; i < 4; i++) await uploadViaApi(site.server.url, site.superToken, await makeNoisyJpeg(1400, 1000), `noise-${i}.jpg`, 'image/jpeg');
}, 120_000);

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });

/**
 * Records in the page what the screen showed while a backup ran and a download
 * ran: progress appears and goes within a second, too fast to poll for.
 */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { backup: string[]; download: number } = { backup: [], download: 0 };
    (window as unknown as { seenProgress: typeof seen }).seenProgress = seen;
    new MutationObserver(() => {
      const panel = document.querySelector('[data-testid=backup-progress]');
      const text = panel?.textContent ?? '';
      if (panel?.querySelector('progress') && text && seen.backup[seen.backup.length - 1] !== text) seen.backup.push(text);
      if (document.querySelector('progress[aria-label^="Downloading the backup"]')) seen.download += 1;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

function seenProgress(page: Page): Promise<{ backup: string[]; download: number }> {
  return page.evaluate(() => (window as unknown as { seenProgress: { backup: string[]; download: number } }).seenProgress);
}

describe('backups screen', () => {
  it('a super-admin opens it from the drawer by keyboard, backs up now, sees the progress and the verified backup, and downloads the same bytes', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

    const entry = drawer(page).getByRole('link', { name: 'Backups' });
    await tabTo(page, entry);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/backups');
    // The Users screen stays up while the Backups screen's code loads (a transition): wait for the new heading.
    await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
    await waitForScreen(page);
    expect(await entry.getAttribute('aria-current')).toBe('page');
    await page.getByText('There are no backups yet.').waitFor();
    const schedule = await page.getByTestId('backup-schedule').innerText();
    expect(schedule).toContain('Every day at 03:00 (UTC), keeping the newest 5');
    expect(schedule).toMatch(/Next scheduled backup: \w{3}, \d{1,2} \w{3} \d{4}, 03:00\./);
    expect(await page.getByText('npm run cli -- restore FILE').count()).toBe(1);

    await recordProgress(page);
    const button = page.getByRole('button', { name: 'Back up now' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    // Ignored, not disabled, while it runs: it keeps the focus and says it is unavailable.
    await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    // Finished or failed: a failure shows its message here instead of a time-out.
    const status = page.getByTestId('backup-status');
    await status.filter({ hasText: /^(Backup finished|The backup failed)/ }).waitFor({ timeout: 120_000 });
    expect(await status.innerText()).toBe('Backup finished and verified. It is at the top of the list.');
    expect(await button.getAttribute('aria-disabled')).toBeNull();

    // What the screen showed meanwhile: starting, then the phase with rows and bytes.
    const seen = (await seenProgress(page)).backup;
    expect(seen[0]).toContain('Starting the backup');
    expect(seen.some((t) => /(writing the archive|reading it back to check every file)\. [\d,]+ rows, [\d.]+ (bytes|KB|MB) written so far\./.test(t))).toBe(true);

    // The new backup is the file in BACKUP_DIR, listed as verified, manual, not encrypted.
    const files = backupFiles();
    expect(files).toHaveLength(1);
    const name = files[0]!;
    expect(name).toMatch(/-manual\.tar\.gz$/);
    const row = page.locator(`tr[data-backup="${name}"]`);
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[0]).toContain(name);
    expect(cells[1]).toMatch(/^[\d.]+ (KB|MB)$/);
    expect(cells.slice(2, 5)).toEqual(['Verified', 'Manual', 'Not encrypted']);

    // Download through the API with the token: the browser saves the very bytes of the file.
    const download = row.getByRole('button', { name: /^Download/ });
    await tabTo(page, download);
    const [saved] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(saved.suggestedFilename()).toBe(name);
    const bytes = fs.readFileSync((await saved.path())!);
    expect(bytes.equals(fs.readFileSync(path.join(backupDir(), name)))).toBe(true);
    await row.getByText('Downloaded').waitFor();
    expect((await seenProgress(page)).download).toBeGreaterThan(0);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('an admin has no Backups entry, never asks for the list, and is refused the screen and the API', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/backups')) asked.push(r.url());
    });
    await site.signInAs(page, adminEmail, password, '/category');
    await drawer(page).waitFor();
    expect(await page.getByText('Admin Layout App', { exact: true }).count()).toBe(1);
    expect(await drawer(page).getByRole('link', { name: 'Backups' }).count()).toBe(0);
    expect(await drawer(page).locator('a[href="/backups"]').count()).toBe(0);
    await page.goto(`${site.server.url}/backups`);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    expect(asked).toEqual([]);

    const { idToken } = await apiSignIn(site.server.url, adminEmail, password);
    const [name] = backupFiles();
    for (const [method, p] of [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', `/api/backups/${encodeURIComponent(name ?? 'site-2026-01-01T00-00-00Z.tar.gz')}`],
    ] as const) {
      const res = await fetch(`${site.server.url}${p}`, { method, headers: { authorization: `Bearer ${idToken}` } });
      expect({ method, p, status: res.status }).toEqual({ method, p, status: 403 });
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('screenshots at 375 and 1280 px', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/backups');
    fs.mkdirSync(screenshots, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${site.server.url}/backups`);
      await waitForScreen(page);
      await page.getByRole('button', { name: /^Download/ }).first().waitFor();
      // Nothing wider than the screen: the list becomes cards on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screenshots, `backups-${width}.png`), fullPage: true });
      expect(fs.statSync(path.join(screenshots, `backups-${width}.png`)).size).toBeGreaterThan(10_000);
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});

describe('a backup that fails', () => {
  // BACKUP_DIR becomes a link to a folder that is not there, as when the backup disk is not mounted:
  // the server cannot write into it (root ignores permission bits, so they cannot be used here).
  const kept = () => `${backupDir()}.kept`;
  afterAll(() => {
    if (fs.existsSync(kept())) {
      fs.rmSync(backupDir(), { force: true });
      fs.renameSync(kept(), backupDir());
    }
  });

  it('is said on the screen in plain words, and above the super-admin’s other screens with a link to Backups', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/backups');
    await waitForScreen(page);
    fs.renameSync(backupDir(), kept());
    fs.symlinkSync(path.join(site.server.dataDir, 'unmounted-disk', 'backups'), backupDir());

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByTestId('backup-status').filter({ hasText: 'The backup failed: ' }).waitFor({ timeout: 60_000 });
    const list = await backupList();
    expect(list.lastFailure?.trigger).toBe('manual');
    const message = list.lastFailure!.message;
    expect(await page.getByTestId('backup-status').innerText()).toBe(`The backup failed: ${message}`);
    // The details once, at the top of the screen.
    const top = page.getByRole('alert').filter({ hasText: 'The last backup failed' });
    expect(await top.count()).toBe(1);
    expect(await top.innerText()).toContain(message);

    // Above another staff screen: the sentence and the way to Backups.
    await page.goto(`${site.server.url}/user`);
    await waitForScreen(page);
    const notice = page.getByRole('alert').filter({ hasText: 'The last backup failed on' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(message);
    await notice.getByRole('link', { name: 'Go to Backups' }).click();
    await page.waitForURL((u) => u.pathname === '/backups');
    await page.getByTestId('backup-last-failure').waitFor();
    // On the backups screen the failure shows once, at the top.
    expect(await page.getByRole('alert').filter({ hasText: 'The last backup failed' }).count()).toBe(1);
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('an admin’s screens never show it', async () => {
    const { context, page } = await site.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/backups')) asked.push(r.url());
    });
    await site.signInAs(page, adminEmail, password, '/category');
    await waitForScreen(page);
    expect(await page.getByText('The last backup failed', { exact: false }).count()).toBe(0);
    expect(asked).toEqual([]);
    await context.close();
  });
});
