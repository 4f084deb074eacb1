/**
 * The Visits screen in Debian's Chromium against the built app. Past days'
 * counts are written into the built server's SQLite file as the visits'
 * repository keeps them (views and rolled-up visitors per day, address and
 * language; referrer hosts; campaigns); today's view is a real one, asked
 * of the public site like a browser and counted by the server. A super-admin
 * opens the screen from the drawer, reads the period's numbers in the
 * tables beside the charts, chooses another period and downloads the CSV;
 * the Pages screen shows the home page's last 7 and 30 days. axe finds
 * nothing at 1280 and 375 px; screenshots at both widths.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, dayLabel, dayOf } from '../src/shared/visits.js';
import { parseCsv } from '../test/helpers/csv.js';
import { waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';
import { lookAtBothWidths, screenshotsDir } from './helpers/widths.js';
import { watchStaffConsole } from './helpers/staff.js';

const site = setUpSite();
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });
const today = dayOf(Date.now());

/** 29 past days of counts on four addresses in two languages, with referrers and campaigns. */
function seedPastDays(): { views: number } {
  const db = new Database(path.join(site.server.dataDir, 'site.sqlite'));
  let views = 0;
  try {
    const row = db.prepare('insert into visits (day, lang, path, views, visitors) values (?, ?, ?, ?, ?)');
    const referrer = db.prepare('insert into visit_referrers (day, host, views) values (?, ?, ?)');
    const campaign = db.prepare('insert into visit_campaigns (day, source, campaign, views) values (?, ?, ?, ?)');
    db.transaction(() => {
      for (let back = 1; back <= 29; back++) {
        const day = addDays(today, -back);
        const wave = Math.round(20 + 15 * Math.sin(back / 3));
        const pages: [string, string, number][] = [
          ['en', '/', wave * 3],
          ['en', '/about', wave],
          ['en', '/news', Math.round(wave / 2)],
          ['sw', '/sw', Math.round(wave / 3)],
        ];
        let total = 0;
        const byLanguage = new Map<string, number>();
        for (const [lang, p, n] of pages) {
          row.run(day, lang, p, n, Math.round(n * 0.7));
          byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + n);
          total += n;
        }
        // Each language's own row (its readers once each), and the whole site's.
        for (const [lang, n] of byLanguage) row.run(day, lang, '', n, Math.round(n * 0.6));
        row.run(day, '', '', total, Math.round(total * 0.6));
        views += total;
        referrer.run(day, 'www.facebook.com', Math.round(wave / 2));
        referrer.run(day, 'news.example.co.ke', Math.round(wave / 5));
        if (back % 7 === 0) campaign.run(day, 'newsletter', 'rainy-season-appeal', 12);
      }
    })();
  } finally {
    db.close();
  }
  return { views };
}

describe('the Visits screen', () => {
  it('a super-admin reads the period from the drawer, chooses another period, downloads the CSV and sees a page\'s views on the Pages screen', async () => {
    const { views } = seedPastDays();
    // Today's view: a browser reading the home page, sent there by another site.
    const res = await fetch(`${site.server.url}/`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', referer: 'https://www.facebook.com/' } });
    expect(res.status).toBe(200);

    const { page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/pages');
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await drawer(page).getByRole('link', { name: /^Visits/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Visits' }).waitFor();
    await waitForScreen(page);

    // The last 30 days: the seeded days and today's one view (written within a second: asked again until it is there).
    await expect
      .poll(async () => {
        await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
        await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 30 days' });
        return page.getByTestId('visits-total-views').innerText();
      }, { timeout: 15_000 })
      .toBe((views + 1).toLocaleString('en-GB'));
    const pagesTable = page.getByRole('table', { name: 'Views and visitors per page and language' });
    const firstRow = await pagesTable.getByRole('row').nth(1).allInnerTexts();
    expect(firstRow.join(' ')).toMatch(/^\/\s+en\s/);
    expect(await page.getByRole('table', { name: 'Views that came from another site, by its address' }).getByRole('row').nth(1).innerText()).toMatch(/^www\.facebook\.com/);
    expect(await page.getByRole('table', { name: 'Views that came with a campaign' }).getByRole('row').nth(1).innerText()).toMatch(/^rainy-season-appeal\s+newsletter\s+48$/);
    // The daily chart's numbers, for screen readers: one row per day.
    expect(await page.getByRole('table', { name: 'Views and visitors per day' }).getByRole('row').count()).toBe(1 + 30);

    await lookAtBothWidths(page, 'the Visits screen', { shot: 'visits' });

    // Days chosen by hand: yesterday alone.
    const yesterday = addDays(today, -1);
    await page.getByLabel('From', { exact: true }).fill(yesterday);
    await page.getByLabel('To', { exact: true }).fill(yesterday);
    await expect.poll(() => page.getByTestId('visits-period').innerText()).toContain('to');
    expect(await page.getByLabel('Period', { exact: true }).inputValue()).toBe('chosen');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`visits-${yesterday}-to-${yesterday}.csv`);
    const rows = parseCsv(fs.readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Day (UTC)', 'Language', 'Address', 'Views', 'Visitors']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['/', '/about', '/news', '/sw']);

    // The Pages screen: the home page's views of the last 7 and 30 days beside a small chart.
    await drawer(page).getByRole('link', { name: /^Pages/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    const home = page.getByTestId('page-section').filter({ has: page.getByRole('link', { name: /^\/: open/ }) });
    await expect.poll(() => home.getByTestId('page-visits').innerText()).toMatch(/views in the last 7 days, [\d,]+ views in the last 30 days\./);
    await home.getByTestId('page-visits').screenshot({ path: path.join(screenshotsDir, 'pages-visits-1280.png') });
    // The chart's 30 days as a table, opened by keyboard: the seeded days, then today's one view.
    await home.getByTestId('page-visits-days').getByText('Views per day').focus();
    await page.keyboard.press('Enter');
    const perDay = home.getByRole('table', { name: 'Views of / per day (UTC), the last 30 days' });
    await expect.poll(() => perDay.getByRole('row').count()).toBe(1 + 30);
    const rowsOf = await perDay.getByRole('row').allInnerTexts();
    expect(rowsOf.at(-1)).toMatch(new RegExp(`^${dayLabel(today)}\\s+1$`));
    expect(rowsOf.at(-2)).toMatch(new RegExp(`^${dayLabel(addDays(today, -1))}\\s+${Math.round(20 + 15 * Math.sin(1 / 3)) * 3}$`));
    await lookAtBothWidths(page, 'the Pages screen with a page\'s views per day open', { shot: 'pages-visits-days' });
    expect(watch.errors).toEqual([]);
  });
});
