/**
 * Registration for an event, as people and staff meet it, in Chromium against
 * the built server, with a real SMTP server receiving the site's mail: a
 * visitor registers for an event with one place and gets the confirmation
 * with its calendar file; she cancels by the link in it (a page, then its
 * button); a second visitor takes the freed place; a third finds the event
 * full and joins the waitlist. Staff, on a phone (375 px), go from the events
 * list to the event's registrations and tick the confirmed person as
 * attended, mail everyone registered about a change of room, and print the
 * check-in sheet. The public pages and the staff screen pass axe at 375 and
 * 1280 px; screenshots docs/screenshots/registration-*.png; the staff's
 * clicks and screens are counted.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import type { ContentDocument } from '../src/shared/collections.js';
import { registrationsAnswerSchema } from '../src/shared/events.js';
import { formMinimumFillMs } from '../src/shared/forms.js';
import { publicWordsFor } from '../src/shared/public-words.js';
import type { ReceivedMail } from '../test/helpers/smtp.js';
import { setUpSiteWithMailbox } from './helpers/mailbox.js';
import { apiCall, waitForScreen } from './admin-content-support.js';
import { watchConsole } from './helpers/browser.js';
import { watchStaffConsole } from './helpers/staff.js';
import { bothWidths, lookAtBothWidths, screenshotsDir } from './helpers/widths.js';

const w = publicWordsFor('en').words.registration;
const { site, mailbox } = await setUpSiteWithMailbox();

const mailsTo = (address: string): ReceivedMail[] => mailbox().mailsTo(address);

async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).some((m) => m.parsed.subject === subject), { timeout: 20_000, interval: 50 }).toBe(true);
  return mailsTo(address).find((m) => m.parsed.subject === subject)!;
}

/** A visitor fills the registration on the event's page as a person does (taking at least the least fill time), and sends it. */
async function register(page: Page, eventPath: string, name: string, email: string, button: string): Promise<void> {
  await page.goto(`${site.server.url}${eventPath}`);
  const form = page.locator('.event-registration form');
  const typingStarted = Date.now();
  await form.getByLabel(new RegExp(`^${w.name}`)).fill(name);
  await form.getByLabel(new RegExp(`^${w.email}`)).fill(email);
  await page.waitForTimeout(Math.max(0, formMinimumFillMs + 500 - (Date.now() - typingStarted)));
  await form.getByRole('button', { name: button }).click();
}

describe('registering for an event', () => {
  it('a visitor registers, gets the confirmation with its calendar file, cancels by its link; the place goes to the next, the one after waits; staff tick attendance on a phone', async () => {
    const event = await apiCall<ContentDocument>(site.server.url, site.superToken, pathTo(apiPaths.collections.documents, { name: 'thirdevents' }), {
      method: 'POST',
      body: {
        data: {
          title: 'Ward budget clinic',
          startsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 10 * 86_400_000 + 3 * 3_600_000).toISOString(),
          location: 'Bahari ward office',
          registrationOpen: true,
          places: 1,
          waitlist: true,
        },
        status: 'published',
      },
    });
    const eventPath = `/events/${event.id}`;
    const visitor = await site.newPage({ viewport: bothWidths[1] });
    const watch = watchConsole(visitor.page);
    try {
      const page = visitor.page;
      await page.goto(`${site.server.url}${eventPath}`);
      await expect(page.locator('.event-places').innerText()).resolves.toContain(w.placesLeft(1, 1));

      // Registered: the page says so, and the confirmation arrives with the event as a calendar file.
      await register(page, eventPath, 'Rehema Said', 'rehema.said@example.org', w.submit);
      await page.getByText(w.outcomes.confirmed).waitFor();
      await lookAtBothWidths(page, 'the confirmed registration', { shot: 'registration-confirmed' });
      const confirmation = await mailTo('rehema.said@example.org', w.mail.subject.confirmed('Ward budget clinic'));
      expect(confirmation.parsed.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
      const cancelLink = [...(confirmation.parsed.text ?? '').matchAll(/https?:\/\/\S+\/registrations\/cancel\/\S+/g)].map((m) => m[0])[0];
      expect(cancelLink).toBeTruthy();

      // The link shows a page and cancels nothing until its button is pressed.
      await page.goto(cancelLink!);
      await page.getByText(w.cancelPage.question('Ward budget clinic')).waitFor();
      await lookAtBothWidths(page, 'the cancel page', { shot: 'registration-cancel' });
      await page.getByRole('button', { name: w.cancelPage.button }).click();
      await page.getByText(w.cancelPage.done).waitFor();

      // The freed place goes to the next visitor; the one after finds the event full and waits.
      await register(page, eventPath, 'Juma Omari', 'juma.omari@example.org', w.submit);
      await page.getByText(w.outcomes.confirmed).waitFor();
      await page.goto(`${site.server.url}${eventPath}`);
      await expect(page.locator('.event-places').innerText()).resolves.toContain(w.full);
      await register(page, eventPath, 'Neema Kweka', 'neema.kweka@example.org', w.joinWaitlist);
      await page.getByText(w.outcomes.waitlist).waitFor();
      await lookAtBothWidths(page, 'the waitlist answer', { shot: 'registration-waitlist' });
      await mailTo('neema.kweka@example.org', w.mail.subject.waitlist('Ward budget clinic'));
      expect(watch.errors).toEqual([]);
    } finally {
      await visitor.context.close();
    }

    // Staff at the door, on a phone: the events list, the event's registrations, a tick.
    const staff = await site.newPage({ viewport: bothWidths[1] });
    const staffWatch = watchStaffConsole(staff.page);
    try {
      const page = staff.page;
      await site.signIn(page, '/thirdevents');
      await waitForScreen(page);
      // Counted from the events list, where staff start.
      const screens = new Set<string>([new URL(page.url()).pathname]);
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) screens.add(new URL(f.url()).pathname);
      });
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks++;
        await target.click();
      };
      const row = page.getByTestId('block-row').filter({ hasText: 'Ward budget clinic' });
      await expect.poll(() => row.getByTestId('registration-line').innerText(), { timeout: 10_000 }).toBe('1 of 1 place taken · 1 on the waitlist');
      await click(row.getByRole('link', { name: 'Registrations for “Ward budget clinic”' }));
      await waitForScreen(page);
      await expect(page.getByTestId('registration-counts').innerText()).resolves.toBe('1 of 1 place taken · 1 on the waitlist · 1 cancelled');
      const juma = page.getByTestId('registration').filter({ hasText: 'Juma Omari' });
      await click(juma.getByRole('checkbox', { name: 'Attended: Juma Omari' }));
      await expect.poll(() => page.getByTestId('registration-counts').innerText(), { timeout: 10_000 }).toContain('1 attended');
      expect({ clicks, screens: screens.size }).toEqual({ clicks: 2, screens: 2 });
      await lookAtBothWidths(page, 'the registrations screen', { shot: 'registration-staff' });
      await page.locator('label', { hasText: /^Waitlist \(1\)$/ }).click();
      await page.getByTestId('registration').filter({ hasText: 'Neema Kweka' }).waitFor();
      await lookAtBothWidths(page, 'the waitlist on the registrations screen');

      // A change of room: one mail to everyone registered, the waitlist too when asked.
      await page.getByRole('button', { name: 'Mail everyone registered' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mail everyone registered' });
      await dialog.getByLabel(/^Subject/).fill('The clinic moves to room 4');
      await dialog.getByLabel(/^Message/).fill('We meet in room 4 of the ward office, same time.');
      await dialog.getByLabel('Also the people on the waitlist').check();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('2 mails are on their way.').waitFor();
      await mailTo('juma.omari@example.org', 'The clinic moves to room 4');
      await mailTo('neema.kweka@example.org', 'The clinic moves to room 4');
      expect(mailsTo('rehema.said@example.org').some((m) => m.parsed.subject === 'The clinic moves to room 4')).toBe(false);

      // The check-in sheet on paper: the confirmed people in a table, nothing of the screen around it.
      await page.setViewportSize(bothWidths[0]);
      await page.emulateMedia({ media: 'print' });
      const sheet = page.getByRole('region', { name: 'Check-in sheet' });
      await expect(sheet.getByRole('row').allInnerTexts()).resolves.toEqual([expect.stringMatching(/^Here\s+Name\s+E-mail$/), expect.stringMatching(/^✓\s+Juma Omari\s+juma\.omari@example\.org$/)]);
      await expect(page.getByRole('navigation', { name: 'Staff menu' }).isVisible()).resolves.toBe(false);
      await expect(page.getByRole('button', { name: 'Print check-in sheet' }).isVisible()).resolves.toBe(false);
      await page.screenshot({ path: path.join(screenshotsDir, 'registration-check-in-sheet.png'), fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      expect(staffWatch.errors).toEqual([]);
    } finally {
      await staff.context.close();
    }
    const list = registrationsAnswerSchema.parse(await apiCall<unknown>(site.server.url, site.superToken, pathTo(apiPaths.events.registrations, { id: event.id })));
    expect(list.registrations.map((r) => [r.email, r.state, r.attendedAt !== null])).toEqual(
      expect.arrayContaining([
        ['rehema.said@example.org', 'cancelled', false],
        ['juma.omari@example.org', 'confirmed', true],
        ['neema.kweka@example.org', 'waitlisted', false],
      ]),
    );
  }, 180_000);
});
