/**
 * The newsletter as a reader and staff meet it, in Chromium against the
 * built server, with a real SMTP server receiving the site's mail: a reader
 * subscribes in Kiswahili from the footer of the Kiswahili home page, confirms
 * from the mail in the test mailbox, staff write an issue in Kiswahili with a
 * story on the Newsletter screen, look at it, and send it; the reader
 * receives it and leaves with one click, in Kiswahili, with the offer to undo;
 * the sent issue is a page of the Kiswahili site.
 * The public pages and the staff screen pass axe at 375 and 1280 px; the
 * mail is looked at as a screenshot at both widths
 * (docs/screenshots/newsletter-*.png).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formMinimumFillMs } from '../src/shared/forms.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import type { ReceivedMail } from '../test/helpers/smtp.js';
import { setUpSiteWithMailbox } from './helpers/mailbox.js';
import { waitForScreen } from './admin-content-support.js';
import { watchConsole } from './helpers/browser.js';
import { watchStaffConsole } from './helpers/staff.js';
import { bothWidths, lookAtBothWidths, screenshotsDir } from './helpers/widths.js';

const sw = publicWordsFor('sw').words.newsletter;
const { site, mailbox } = await setUpSiteWithMailbox();

const reader = 'msomaji.jarida@example.org';
async function mailTo(address: string, match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
  const found = () => mailbox().mailsTo(address).find(match);
  await expect.poll(() => found() !== undefined, { timeout: 20_000, interval: 50 }).toBe(true);
  return found()!;
}
const linkIn = (mail: ReceivedMail, part: string) => [...(mail.parsed.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]).find((l) => l.includes(part))!;

describe('the newsletter', () => {
  it('a reader subscribes in Kiswahili, confirms from the mailbox, receives an issue staff wrote and sent, and leaves with one click', async () => {
    const visitor = await site.newPage({ viewport: bothWidths[1] });
    const watch = watchConsole(visitor.page);
    const page = visitor.page;
    // The reader's screens, as the browser loads them: what a newcomer goes through, counted.
    const screens: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) screens.push(new URL(frame.url()).pathname.replace(/\/[^/]{20,}$/, '/…'));
    });
    try {
      // The footer's sign-up on the Kiswahili home page.
      await page.goto(`${site.server.url}/sw/`);
      const signUp = page.locator('form.newsletter-form');
      const typingStarted = Date.now();
      await signUp.getByLabel(sw.email).fill(reader);
      await page.waitForTimeout(Math.max(0, formMinimumFillMs + 500 - (Date.now() - typingStarted)));
      await signUp.getByRole('button', { name: sw.submit }).click();
      await page.getByText(sw.sent).waitFor();
      await lookAtBothWidths(page, 'the sign-up’s answer', { shot: 'newsletter-sent' });

      // Confirmed from the test mailbox: the link asks, its button confirms.
      const confirmation = await mailTo(reader, (m) => (m.parsed.text ?? '').includes('/newsletter/confirm/'));
      await page.goto(linkIn(confirmation, '/newsletter/confirm/'));
      await page.getByRole('button', { name: sw.confirm.button }).click();
      await page.getByText(sw.confirm.done).waitFor();
      // Subscribing and confirming: 1 field, 3 clicks (Subscribe, the mail's link, Confirm), 4 screens.
      expect(screens).toEqual(['/sw/', '/newsletter/subscribe', '/newsletter/confirm/…', '/newsletter/confirm/…']);
      console.log(`subscribing in Kiswahili: 1 field, 3 clicks, ${screens.length} screens (${screens.join(' → ')})`);
      await lookAtBothWidths(page, 'the confirmed subscription');
    } finally {
      expect(watch.errors).toEqual([]);
    }

    // Staff write an issue in Kiswahili with a story, look at it, and send it.
    const staff = await site.newPage();
    const staffWatch = watchStaffConsole(staff.page);
    try {
      const s = staff.page;
      await site.signIn(s, '/newsletter-issues');
      await waitForScreen(s);
      const write = s.getByRole('region', { name: 'Write an issue' });
      await write.getByLabel('Language').selectOption('sw');
      await write.getByLabel('Subject').fill('Habari za Desemba');
      await write.getByLabel('Introduction').fill('Karibu kwenye jarida letu la mwezi huu.');
      await write.getByLabel('Stories and events', { exact: true }).click();
      await s.getByRole('listbox').getByRole('option').first().click();
      await s.keyboard.press('Escape');
      await write.getByLabel('Show it as a page on the site once it is sent').check();
      await write.getByRole('button', { name: 'Write the issue' }).click();
      const issue = s.getByTestId('issue');
      await issue.getByRole('heading', { name: 'Habari za Desemba' }).waitFor();
      // The preview frame shows the issue as its mail.
      await s.frameLocator('iframe').getByRole('heading', { name: 'Habari za Desemba' }).waitFor();
      await lookAtBothWidths(s, 'the Newsletter screen', { shot: 'newsletter-staff' });
      // The preview frame on its own, at its size.
      await s.locator('iframe').screenshot({ path: path.join(screenshotsDir, 'newsletter-staff-preview-1280.png') });
      await issue.getByRole('button', { name: 'Send now' }).click();
      await expect.poll(() => issue.getByTestId('issue-progress').innerText(), { timeout: 20_000 }).toBe('Sent: 1 sent · 0 failed · 0 left');
      expect(staffWatch.errors).toEqual([]);
    } finally {
      await staff.context.close();
    }

    // The issue in the mailbox, looked at as a phone and a laptop show it.
    const mail = await mailTo(reader, (m) => m.parsed.subject === 'Habari za Desemba');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const viewer = await site.newPage();
    try {
      await viewer.page.setContent(String(mail.parsed.html));
      for (const size of bothWidths) {
        await viewer.page.setViewportSize(size);
        await viewer.page.screenshot({ path: path.join(screenshotsDir, `newsletter-mail-${size.width}.png`), fullPage: true });
      }
    } finally {
      await viewer.context.close();
    }

    // One click leaves, in Kiswahili, with the offer to undo.
    try {
      const before = screens.length;
      await page.goto(linkIn(mail, '/newsletter/unsubscribe/'));
      await page.getByRole('button', { name: sw.unsubscribe.button }).click();
      await page.getByText(sw.unsubscribe.done).waitFor();
      // Leaving: 2 clicks (the mail's link, the button), 2 screens; a mail program's one-click POST needs none.
      expect(screens.slice(before)).toEqual(['/newsletter/unsubscribe/…', '/newsletter/unsubscribe/…']);
      await page.getByRole('button', { name: sw.unsubscribe.undo }).waitFor();
      await lookAtBothWidths(page, 'the unsubscribed page', { shot: 'newsletter-unsubscribed' });

      // The sent issue is a page of the Kiswahili site, reached from the archive.
      await page.goto(`${site.server.url}/newsletter/issues?lang=sw`);
      await page.getByRole('link', { name: 'Habari za Desemba' }).click();
      await page.getByRole('heading', { name: 'Habari za Desemba', level: 1 }).waitFor();
      await lookAtBothWidths(page, 'the issue as a page of the site', { shot: 'newsletter-archive' });
      expect(watch.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  }, 180_000);
});
