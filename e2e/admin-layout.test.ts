/**
 * The staff drawer in Debian's Chromium: pinned at 1280 px
 * (full 300 px or mini 57 px), overlaying the content at 1000 px and closing on
 * navigation, the toggle both ways, Escape, swipes, and Logout.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, watchStaffConsole } from './helpers/staff.js';
import { setUpSite } from './helpers/fixture.js';

const site = setUpSite();

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Staff menu' });
const toggle = (page: Page) => page.getByRole('button', { name: /^(Open|Close) menu$/ });

async function box(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
  });
}

async function swipe(page: Page, fromX: number, toX: number, y = 400) {
  await page.evaluate(
    ({ fromX, toX, y }) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: y });
      document.body.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(fromX)], changedTouches: [touch(fromX)], bubbles: true }));
      document.body.dispatchEvent(new TouchEvent('touchmove', { touches: [touch(toX)], changedTouches: [touch(toX)], bubbles: true }));
      document.body.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [touch(toX)], bubbles: true }));
    },
    { fromX, toX, y },
  );
}

describe('staff drawer', () => {
  it('at 1280 px is pinned beside the content; the toggle folds it to 57 px and back', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    await drawer(page).waitFor();
    await settle(page);
    expect(await box(page, '.staff-drawer')).toMatchObject({ left: 0, width: 300 });
    // Pinned: the content starts where the drawer ends, nothing is covered.
    expect((await box(page, '#staff-content')).left).toBe(300);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    const controls = await toggle(page).getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    expect(await drawer(page).getAttribute('id')).toBe(controls);

    await toggle(page).click();
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect((await box(page, '.staff-drawer')).width).toBe(57);
    expect((await box(page, '#staff-content')).left).toBe(57);
    // Mini: icons only, but every entry keeps its name for screen readers and a tooltip.
    expect(await drawer(page).getByRole('link', { name: 'Description Something at Home page' }).getAttribute('title')).toBe('Description Something at Home page');
    const miniLink = await drawer(page).getByRole('link', { name: 'Description Something at Home page' }).boundingBox();
    expect(miniLink && miniLink.x + miniLink.width).toBeLessThanOrEqual(57);

    await toggle(page).click();
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect((await box(page, '.staff-drawer')).width).toBe(300);
    // Navigating keeps a pinned drawer open, and marks the new entry as the current page (its page's group opened first).
    await drawer(page).getByRole('button', { name: 'Home' }).click();
    await drawer(page).getByRole('link', { name: 'News & Story' }).click();
    await page.waitForURL((u) => u.pathname === '/newstory');
    await settle(page);
    expect((await box(page, '.staff-drawer')).width).toBe(300);
    expect(await drawer(page).getByRole('link', { name: 'News & Story' }).getAttribute('aria-current')).toBe('page');
    expect(await drawer(page).getByRole('link', { name: /^User/ }).getAttribute('aria-current')).toBeNull();
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('at 1000 px overlays the content, closes on navigation and on Escape, and the toggle works both ways', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 1000, height: 800 } });
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // Closed at first: the content has the whole width and the drawer is out of reach.
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect((await box(page, '#staff-content')).left).toBe(0);
    expect(await drawer(page).isVisible()).toBe(false);

    await toggle(page).click();
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await box(page, '.staff-drawer')).toMatchObject({ left: 0, width: 300 });
    // Overlaying: the content did not move, the drawer lies on top of it.
    expect((await box(page, '#staff-content')).left).toBe(0);
    const onTop = await page.evaluate(() => document.elementFromPoint(150, 400)?.closest('nav')?.getAttribute('aria-label'));
    expect(onTop).toBe('Staff menu');
    // Focus moves into the drawer.
    expect(await page.evaluate(() => !!document.activeElement?.closest('nav'))).toBe(true);

    // The toggle closes it again.
    await toggle(page).click();
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await drawer(page).isVisible()).toBe(false);

    // Opened, then a menu entry (in its page's group): the drawer closes on navigation.
    await toggle(page).click();
    await settle(page);
    await drawer(page).getByRole('button', { name: 'Home' }).click();
    await drawer(page).getByRole('link', { name: 'Description Something at Home page' }).click();
    await page.waitForURL((u) => u.pathname === '/descriptionhome');
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await drawer(page).isVisible()).toBe(false);

    // Escape closes it and gives focus back to the toggle.
    await toggle(page).click();
    await settle(page);
    await page.keyboard.press('Escape');
    await settle(page);
    expect(await drawer(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('opens with a swipe from the left edge of at least 75 px and closes with a swipe back', async () => {
    const { context, page } = await site.newPage({ viewport: { width: 800, height: 800 }, hasTouch: true });
    await site.signIn(page, '/user');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // Too short a swipe does nothing.
    await swipe(page, 5, 60);
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await swipe(page, 5, 90);
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await drawer(page).isVisible()).toBe(true);
    await swipe(page, 280, 250);
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await swipe(page, 280, 190);
    await settle(page);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('a screen whose code cannot be loaded shows a retry message, logs it, and loads on retry', async () => {
    const { context, page } = await site.newPage();
    const logged: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') logged.push(msg.text());
    });
    await site.signIn(page, '/home');
    await page.getByText('Super Layout', { exact: true }).waitFor();
    // The users screen's chunk fails to download (a flaky connection, or a deploy replaced it).
    await page.route(/\/assets\/users-route-[^/]*\.js$/, (route) => route.abort('connectionfailed'));
    await drawer(page).getByRole('link', { name: /^User/ }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(logged.some((t) => t.includes('Route failed to load'))).toBe(true);
    await page.unroute(/\/assets\/users-route-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await context.close();
  });

  it('Logout signs out, leaves the staff layout and goes to /login', async () => {
    const { context, page } = await site.newPage();
    const watch = watchStaffConsole(page);
    await site.signIn(page, '/home');
    await page.getByText('Super Layout', { exact: true }).waitFor();
    await drawer(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('E-mail address').waitFor();
    expect(await page.getByText('Super Layout', { exact: true }).count()).toBe(0);
    // The session is gone on the server too: a reload stays signed out, and staff screens send to /login.
    await page.goto(`${site.server.url}/home`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
