/**
 * The staff content screens in a real browser against the built app: every
 * list and form path opens cleanly; a super-admin creates a home slide with
 * an uploaded image, publishes it (it reaches GET /api/pages/home), reorders,
 * edits and deletes it; an admin edits a content block.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAccount, goInApp, watchStaffConsole } from './helpers/staff.js';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { routeTable } from '../src/shared/routes.js';
import { apiCall, createBlock, field, makeImage, makeNoisyJpeg, makePdf, oneBlockPerCollection, waitForScreen } from './admin-content-support.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();
let ids: Map<string, string>;

beforeAll(async () => {
  ids = await oneBlockPerCollection(site.server.url, site.superToken);
});

async function listOf(collection: string): Promise<ContentDocument[]> {
  return (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, `/api/collections/${collection}/documents?limit=100`)).documents;
}

async function newPage(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { context, page } = await site.newPage();
  const { errors } = watchStaffConsole(page);
  return { page, errors, close: () => context.close() };
}

describe('staff content screens', () => {
  it('opens every list path and every form path (new and an existing block) without a console error', async () => {
    const { page, errors, close } = await newPage();
    try {
      await site.signIn(page);
      let opened = 0;
      const heading = page.getByRole('heading', { level: 1 }).first();
      // The first list and the first form are opened by their address, as a bookmark would; the app then goes from
      // screen to screen as its own links do (helpers/staff.ts goInApp), without loading the app again (the server
      // answers the app at every one of these paths: src/server/site/site.test.ts).
      const loadedKinds = new Set<string>();
      const open = async (path: string, kind: string) => {
        if (loadedKinds.has(kind)) {
          await goInApp(page, path);
        } else {
          loadedKinds.add(kind);
          await page.goto(`${site.server.url}${path}`);
        }
      };
      for (const r of routeTable) {
        if (r.kind !== 'list' && r.kind !== 'form') continue;
        const c = getCollection(r.collection);
        if (!c) throw new Error(`no collection ${r.collection}`);
        const id = ids.get(c.name) as string;
        const targets =
          r.kind === 'list'
            ? [{ path: r.path, heading: c.label }]
            : [
                { path: r.path.replace(':id', 'new'), heading: `New ${c.label}` },
                { path: r.path.replace(':id', id), heading: `Edit ${c.label}` },
              ];
        for (const t of targets) {
          await open(t.path, r.kind);
          await expect.poll(() => heading.textContent(), { message: t.path, timeout: 15_000 }).toBe(t.heading);
          await waitForScreen(page);
          if (r.kind === 'list') {
            // The block created for this collection is listed with its title (found by search where the list has pages).
            if (c.growing) await page.getByRole('searchbox').fill(`Sample ${c.name}`);
            await page.getByRole('link', { name: `Sample ${c.name}`, exact: true }).first().waitFor({ timeout: 10_000 });
          } else if (t.path.endsWith(id)) {
            const titleField = c.fields.find((f) => f.name === c.titleField);
            if (titleField) await expect.poll(() => field(page, titleField.label).first().inputValue(), { message: t.path }).toBe(`Sample ${c.name}`);
          }
          opened += 1;
        }
      }
      expect(opened).toBeGreaterThan(150);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 600_000);

  it('creates a home slide with an uploaded image, publishes, reorders, edits and deletes it', async () => {
    const { page, errors, close } = await newPage();
    try {
      await site.signIn(page, '/home');
      await waitForScreen(page);
      await page.getByRole('link', { name: 'New slide' }).click();
      await page.waitForURL(/\/home-form\/new$/);

      // Saving without the required fields is refused in the browser, with the messages under the fields.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Title is required').waitFor();
      await page.getByText('Image is required').waitFor();
      const titleInput = field(page, 'Title');
      expect(await titleInput.getAttribute('aria-invalid')).toBe('true');
      // Focus goes to the first field to fix.
      expect(await titleInput.evaluate((el) => el === document.activeElement)).toBe(true);
      const describedBy = (await titleInput.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy.split(' ').find((x) => x.includes('error'))}"]`).textContent()).toContain('Title is required');

      await titleInput.fill('Clean water for Kibera');
      await field(page, 'Caption').fill('Volunteers laid two kilometres of pipe.');
      const jpeg = await makeImage(1400, 900, { r: 200, g: 120, b: 40 });
      await page.locator('input[type=file]').first().setInputFiles({ name: 'water.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      const alt = field(page, 'Alt text');
      await alt.waitFor({ timeout: 20_000 });
      // The preview shows the uploaded image's 480 variant.
      const previewSrc = await page.locator('img[src^="/media/"]').first().getAttribute('src');
      expect(previewSrc).toMatch(/\/media\/[^/]+\/480$/);
      // Alt text is not required in the browser: empty means the picture's default from the media library; with none there, the form's checks say so under the image.
      expect(await alt.getAttribute('required')).toBeNull();
      await page.getByTestId('field-checks-image').getByText(/This picture has no alt text/).waitFor();
      await page.getByText('This picture has no alt text in the library yet', { exact: false }).waitFor();
      await alt.fill('Volunteers carrying a water pipe');
      await page.getByTestId('form-checks').getByText('No problems found').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/home$/);
      await page.getByText('Saved “Clean water for Kibera”.').waitFor();

      let docs = await listOf('home');
      const created = docs.find((d) => d.data.title === 'Clean water for Kibera');
      expect(created?.status).toBe('draft');
      expect(created?.data.image).toMatchObject({ alt: 'Volunteers carrying a water pipe', decorative: false });
      const row = page.locator('[data-testid=block-row]', { hasText: 'Clean water for Kibera' });
      await row.getByText('Draft', { exact: true }).waitFor();
      expect(await row.locator('img').getAttribute('alt')).toBe('Volunteers carrying a water pipe');

      // Not on the public page while a draft; there once published.
      const before = (await (await fetch(`${site.server.url}/api/pages/home`)).json()) as { sections: Record<string, { id: string }[]> };
      expect(before.sections.home?.some((d) => d.id === created?.id)).toBe(false);
      await page.getByRole('button', { name: 'Publish “Clean water for Kibera”' }).click();
      await row.getByText('Published', { exact: true }).waitFor();
      await page.getByText('“Clean water for Kibera” is published.').waitFor();
      const after = (await (await fetch(`${site.server.url}/api/pages/home`)).json()) as { sections: Record<string, { id: string; data: { title: string } }[]> };
      expect(after.sections.home?.find((d) => d.id === created?.id)?.data.title).toBe('Clean water for Kibera');

      // Reorder by keyboard: the new slide is last; Move up swaps it with the one above, saved through the reorder call.
      docs = await listOf('home');
      const n = docs.length;
      expect(docs.at(-1)?.id).toBe(created?.id);
      const moveUp = page.getByRole('button', { name: 'Move “Clean water for Kibera” up' });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `“Clean water for Kibera” moved to position ${n - 1} of ${n}.` }).waitFor();
      await expect.poll(async () => (await listOf('home')).findIndex((d) => d.id === created?.id), { timeout: 10_000 }).toBe(n - 2);
      // Focus stays on the control the user pressed, so they can keep moving.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move “Clean water for Kibera” up');
      const published = (await listOf('home')).filter((d) => d.status === 'published').map((d) => d.id);
      const pageOrder = (await (await fetch(`${site.server.url}/api/pages/home`)).json()) as { sections: Record<string, { id: string }[]> };
      expect(pageOrder.sections.home?.map((d) => d.id)).toEqual(published);

      // Edit: the form opens with the stored values; the change is saved as the working copy of the published slide.
      await page.getByRole('link', { name: 'Edit “Clean water for Kibera”' }).click();
      await page.waitForURL(new RegExp(`/home-form/${created?.id}$`));
      await waitForScreen(page);
      expect(await field(page, 'Title').inputValue()).toBe('Clean water for Kibera');
      expect(await field(page, 'Alt text').inputValue()).toBe('Volunteers carrying a water pipe');
      await field(page, 'Title').fill('Clean water for all of Kibera');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/home$/);
      await page.getByRole('link', { name: 'Clean water for all of Kibera', exact: true }).waitFor();
      docs = await listOf('home');
      expect(docs.find((d) => d.id === created?.id)?.data.title).toBe('Clean water for all of Kibera');
      expect(docs.find((d) => d.id === created?.id)?.status).toBe('published');

      // Moving to the trash asks first, saying it can be restored; Cancel keeps the slide, Move to trash takes it off the list.
      await page.getByRole('button', { name: 'Move to trash: “Clean water for all of Kibera”' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move this slide to the trash?' });
      await dialog.getByText('It can be restored from the Trash for 30 days', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await listOf('home')).some((d) => d.id === created?.id)).toBe(true);
      await page.getByRole('button', { name: 'Move to trash: “Clean water for all of Kibera”' }).click();
      await dialog.getByRole('button', { name: 'Move to trash' }).click();
      await page.getByText('“Clean water for all of Kibera” is in the trash.', { exact: false }).waitFor();
      await page.locator('[data-testid=block-row]', { hasText: 'Clean water for all of Kibera' }).waitFor({ state: 'detached' });
      expect((await listOf('home')).some((d) => d.id === created?.id)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('asks before leaving a form with unsaved changes', async () => {
    const { page, errors, close } = await newPage();
    try {
      await site.signIn(page, `/visionvalue-form/${ids.get('visionvalue')}`);
      await waitForScreen(page);
      await field(page, 'Title').fill('A value nobody saved');
      await page.getByRole('link', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
      expect(new URL(page.url()).pathname).toBe(`/visionvalue-form/${ids.get('visionvalue')}`);
      expect(await field(page, 'Title').inputValue()).toBe('A value nobody saved');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await dialog.getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL(/\/visionvalue$/);
      expect((await listOf('visionvalue')).find((d) => d.id === ids.get('visionvalue'))?.data.title).toBe('Sample visionvalue');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('lets an admin edit a content block, shows server errors on their fields, and hides what admins may not do', async () => {
    const adminPassword = 'a long admin passphrase 42';
    const admin = await createAccount(site.server.url, site.superToken, { email: 'editor@example.org', role: 'admin', password: adminPassword, displayName: 'Amina Editor' });
    const { context, page } = await site.newPage();
    const id = ids.get('descriptionhome') as string;
    // The one refusal this test provokes below is expected in the console.
    const { errors } = watchStaffConsole(page, [{ url: /\/api\/auth\/refresh$/, status: 401 }, { url: new RegExp(`/documents/${id}$`), status: 400 }]);
    const close = () => context.close();
    try {
      await site.signInAs(page, admin.email, adminPassword, `/descriptionhome-form/${id}`);
      await waitForScreen(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Edit Description Something at Home page');
      await field(page, 'Title').fill('What we do, in one paragraph');
      await field(page, 'Subtitle').fill('Written by the admin');
      // No status choice in the form: publishing is the editorial buttons' business.
      expect(await page.getByRole('radio').count()).toBe(0);

      // A refusal from the server lands under the field it names, and nothing is lost.
      await page.route(`**/api/collections/descriptionhome/documents/${id}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'invalid-argument', message: 'data.subtitle: Not allowed here', field: 'data.subtitle', fields: { 'data.subtitle': 'The server refuses this subtitle' } } }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The server refuses this subtitle').waitFor();
      expect(await field(page, 'Subtitle').getAttribute('aria-invalid')).toBe('true');
      expect(await field(page, 'Subtitle').inputValue()).toBe('Written by the admin');
      expect(new URL(page.url()).pathname).toBe(`/descriptionhome-form/${id}`);
      await page.unrouteAll();

      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/descriptionhome$/);
      await page.getByText('Saved “What we do, in one paragraph”.').waitFor();
      const row = page.locator('[data-testid=block-row]', { hasText: 'What we do, in one paragraph' });
      await row.getByText('by you').waitFor();
      const doc = (await listOf('descriptionhome')).find((d) => d.id === id);
      expect(doc?.data).toMatchObject({ title: 'What we do, in one paragraph', subtitle: 'Written by the admin' });
      expect(doc?.updatedBy).toBe(admin.uid);

      // The publications list is super-only: an admin is sent to /.
      await page.goto(`${site.server.url}/item`);
      await page.waitForURL((u) => u.pathname === '/');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('round-trips every widget: date-time with its offset, rich text, URL checks, category, decorative image, PDF, e-mail, switch and select', async () => {
    // Nairobi is UTC+3 all year: the date-time widget must store the editor's local time with that offset.
    const { context, page } = await site.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'Africa/Nairobi' });
    const { errors } = watchStaffConsole(page);
    try {
      const category = await createBlock(site.server.url, site.superToken, 'category', { name: 'Water and sanitation' }, 'published');
      await site.signIn(page, '/thirdevents-form/new');
      await waitForScreen(page);
      await field(page, 'Title').fill('Budget hearing in Kisumu');
      await field(page, 'Starts').fill('2026-06-01T09:30');
      await field(page, 'Location').fill('County hall');
      // Rich text: typed into the editor, made bold with the labelled toolbar button.
      const editor = page.getByRole('textbox', { name: 'Description' });
      await editor.click();
      await page.keyboard.type('Bring your questions');
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'Bold' }).click();
      await field(page, 'Registration link').fill('not a link');
      await page.getByLabel('Category').selectOption({ label: 'Water and sanitation' });
      await page.locator('input[type=file]').first().setInputFiles({ name: 'pattern.png', mimeType: 'image/png', buffer: await makeImage(800, 500, { r: 120, g: 60, b: 160 }, 'png') });
      await page.getByLabel(/^Decorative image/).check();
      expect(await field(page, 'Alt text').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Save' }).click();
      // The collection's own schema refuses the link before anything is sent.
      await page.getByText('Enter a web address starting with https://').waitFor();
      expect(new URL(page.url()).pathname).toBe('/thirdevents-form/new');
      await field(page, 'Registration link').fill('https://example.org/register');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/thirdevents$/);
      const events = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/thirdevents/documents?q=Kisumu&limit=5')).documents;
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toMatchObject({
        title: 'Budget hearing in Kisumu',
        startsAt: '2026-06-01T09:30:00+03:00',
        location: 'County hall',
        registrationUrl: 'https://example.org/register',
        category: category.id,
        image: { alt: '', decorative: true },
      });
      expect(String(events[0]?.data.description)).toContain('<strong>Bring your questions</strong>');
      // Opened again, the widgets show what was stored.
      await page.goto(`${site.server.url}/thirdevents-form/${events[0]?.id}`);
      await waitForScreen(page);
      expect(await field(page, 'Starts').inputValue()).toBe('2026-06-01T09:30');
      expect(await page.getByLabel('Category').inputValue()).toBe(category.id);
      expect(await page.getByLabel(/^Decorative image/).isChecked()).toBe(true);

      // A publication: a PDF with a name, and a date.
      await page.goto(`${site.server.url}/item-form/new`);
      await waitForScreen(page);
      await field(page, 'Title').fill('Water scorecard 2026');
      await page.locator('input[type=file]').first().setInputFiles({ name: 'scorecard-2026.pdf', mimeType: 'application/pdf', buffer: makePdf() });
      const fileName = field(page, 'File name shown to visitors');
      await fileName.waitFor({ timeout: 20_000 });
      expect(await fileName.inputValue()).toBe('scorecard-2026');
      await fileName.fill('Water scorecard (PDF)');
      await field(page, 'Publication date').fill('2026-03-15');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/item$/);
      const items = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/item/documents?q=scorecard%202026&limit=5')).documents;
      expect(items[0]?.data).toMatchObject({ title: 'Water scorecard 2026', publishedOn: '2026-03-15', file: { name: 'Water scorecard (PDF)' } });

      // A contact: e-mail checked by the schema, a switch and a select.
      await page.goto(`${site.server.url}/customer-form/new`);
      await waitForScreen(page);
      await field(page, 'Name').fill('Achieng Otieno');
      await field(page, 'E-mail').fill('achieng@');
      await page.getByLabel('Agreed to be contacted').check();
      await page.getByLabel('Source').selectOption('contact-form');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter a valid e-mail address').waitFor();
      expect(await field(page, 'E-mail').getAttribute('aria-invalid')).toBe('true');
      await field(page, 'E-mail').fill('achieng@example.org');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/customer$/);
      const contacts = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/customer/documents?q=Achieng&limit=5')).documents;
      expect(contacts[0]?.data).toMatchObject({ name: 'Achieng Otieno', email: 'achieng@example.org', consent: true, source: 'contact-form' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('searches and pages a growing list, and shows what an empty list is for', async () => {
    const { page, errors, close } = await newPage();
    try {
      for (let i = 1; i <= 22; i += 1) await createBlock(site.server.url, site.superToken, 'customer', { name: `Paging contact ${String(i).padStart(2, '0')}`, email: `paging${i}@example.org` });
      await site.signIn(page, '/customer');
      await waitForScreen(page);
      const total = (await apiCall<{ total: number }>(site.server.url, site.superToken, '/api/collections/customer/documents?limit=1')).total;
      await page.getByText(`Showing 1–20 of ${total}`).waitFor();
      expect(await page.locator('[data-testid=block-row]').count()).toBe(20);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.getByText(`Showing 21–${Math.min(40, total)} of ${total}`).waitFor();
      // Search narrows the list (and goes back to the first page).
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Paging contact 1');
      await page.getByText('Showing 1–10 of 10').waitFor();
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('nobody by this name');
      await page.getByText('Nothing matches “nobody by this name”.').waitFor();

      // An empty collection says what its blocks are for and offers to create the first one.
      const pictures = (await apiCall<{ documents: ContentDocument[] }>(site.server.url, site.superToken, '/api/collections/fourthyouth/documents?limit=100')).documents;
      for (const d of pictures) await apiCall(site.server.url, site.superToken, `/api/collections/fourthyouth/documents/${d.id}`, { method: 'DELETE', ifMatch: d.version });
      await page.goto(`${site.server.url}/fourthyouth`);
      await waitForScreen(page);
      await page.getByText('No pictures yet.').waitFor();
      await page.getByText(getCollection('fourthyouth')?.description ?? '—').waitFor();
      await page.getByRole('link', { name: 'Create the first one' }).click();
      await page.waitForURL(/\/fourthyouth-form\/new$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('opens the action menu of a row after a 300 ms touch', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const { errors } = watchStaffConsole(page);
    try {
      await site.signIn(page, '/visionvalue');
      await waitForScreen(page);
      const row = page.locator('[data-testid=block-row]').first();
      const title = (await row.getByRole('link').first().textContent())?.trim();
      const box = await row.locator('img, p').last().boundingBox();
      if (!box) throw new Error('no row on screen');
      const cdp = await context.newCDPSession(page);
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const menu = page.getByRole('menu');
      // The page's timers run on a paused fake clock, so touch durations are exact.
      await page.clock.install();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      // A short tap opens nothing.
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await page.clock.runFor(120);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.clock.runFor(400);
      expect(await menu.count()).toBe(0);
      // Held for 300 ms and more, the menu opens with the row's actions.
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await page.clock.runFor(450);
      await page.clock.resume();
      await menu.waitFor();
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      expect(await page.getByRole('button', { name: `More actions for “${title}”` }).getAttribute('aria-expanded')).toBe('true');
      await menu.getByRole('menuitem', { name: 'Edit' }).waitFor();
      await menu.getByRole('menuitem', { name: 'Move down' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows upload progress while a large image travels on a slow connection', async () => {
    const { page, errors, close } = await newPage();
    try {
      await site.signIn(page, '/aboutslide-form/new');
      await waitForScreen(page);
      const photo = await makeNoisyJpeg(1600, 1100);
      expect(photo.length).toBeGreaterThan(1_000_000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // About 400 KB/s up: a few seconds of visible progress.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
      await page.locator('input[type=file]').first().setInputFiles({ name: 'crowd.jpg', mimeType: 'image/jpeg', buffer: photo });
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await bar.waitFor();
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.getByText(/^Uploading \d+%$/).waitFor();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await field(page, 'Alt text').waitFor({ timeout: 30_000 });
      expect(await bar.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 90_000);

  it('reorders by dragging a row with the mouse', async () => {
    const { page, errors, close } = await newPage();
    try {
      await site.signIn(page, '/aboutdiscover');
      await waitForScreen(page);
      const before = await listOf('aboutdiscover');
      expect(before.length).toBeGreaterThan(1);
      const lastTitle = String(before.at(-1)?.data.title);
      const handle = page.getByRole('button', { name: `Drag “${lastTitle}” to reorder (Space to pick up, arrow keys to move)` });
      const from = await handle.boundingBox();
      const to = await page.locator('[data-testid=block-row]').first().boundingBox();
      if (!from || !to) throw new Error('rows not on screen');
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 20 });
      await page.mouse.up();
      await expect.poll(async () => (await listOf('aboutdiscover'))[0]?.id, { timeout: 10_000 }).toBe(before.at(-1)?.id);
      await expect.poll(async () => (await page.locator('[data-testid=block-row]').first().getAttribute('data-id'))).toBe(before.at(-1)?.id);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
