import { describe, expect, it } from 'vitest';
import { guardAllows, type Claims } from './access.js';
import { routeTable, staffEntryPath, staffPaths } from './routes.js';
import { staffScreens } from './staff-screens.js';
import { menuFor } from '../web/admin/layouts/menu.js';
import { staffScreenModules } from '../web/staff-screens.js';

const superUser = { uid: 's', email: 's@example.org', claims: { admin: false, super: true } };
const adminUser = { uid: 'a', email: 'a@example.org', claims: { admin: true, super: false } };
const noClaims: Claims = { admin: false, super: false };
const drawerPaths = (layout: 'SuperLayout' | 'AdminLayout', user: typeof superUser) => menuFor(layout, user).flatMap((g) => g.entries.map((e) => e.to));

/**
 * Who opens each staff screen and who finds it in the drawer, written by hand
 * from the roles' rights (docs/spec-conformance.md, "Roles and permissions";
 * docs/architecture.md, "Staff app: screens that are not a collection's"):
 * `both` for admins and super-admins, `super` for super-admins only; a screen
 * reached from another has no drawer entry.
 */
const expected: Record<string, { path: string; opens: 'both' | 'super'; drawer: boolean }> = {
  dashboard: { path: '/dashboard', opens: 'both', drawer: true },
  pages: { path: '/pages', opens: 'both', drawer: true },
  'page-editor': { path: '/pages/:id', opens: 'both', drawer: false },
  navigation: { path: '/navigation', opens: 'both', drawer: true },
  media: { path: '/media', opens: 'both', drawer: true },
  translations: { path: '/translations', opens: 'both', drawer: true },
  'translation-editor': { path: '/translations/:collection/:id', opens: 'both', drawer: false },
  'page-translation': { path: '/translations/page/:id', opens: 'both', drawer: false },
  redirects: { path: '/redirects', opens: 'super', drawer: true },
  supporters: { path: '/supporters', opens: 'both', drawer: true },
  newsletter: { path: '/newsletter-issues', opens: 'both', drawer: true },
  'event-registrations': { path: '/event-registrations/:id', opens: 'both', drawer: false },
  visits: { path: '/visits', opens: 'both', drawer: true },
  'site-check': { path: '/site-check', opens: 'both', drawer: true },
  trash: { path: '/trash', opens: 'both', drawer: true },
  audit: { path: '/audit', opens: 'super', drawer: true },
  users: { path: '/user', opens: 'super', drawer: true },
  'user-form': { path: '/user-form/:id', opens: 'super', drawer: false },
  settings: { path: '/settings', opens: 'super', drawer: true },
  backups: { path: '/backups', opens: 'super', drawer: true },
};

/** Who the staff router's guard lets in at a path: the route's marks, as the app applies them. */
function whoOpens(path: string): { admin: boolean; super: boolean; noClaims: boolean; signedOut: boolean } {
  const routes = routeTable.filter((r) => r.path === path);
  expect(routes, path).toHaveLength(1);
  const marks = routes[0] && 'marks' in routes[0] ? routes[0].marks : [];
  return { admin: guardAllows(marks, adminUser.claims), super: guardAllows(marks, superUser.claims), noClaims: guardAllows(marks, noClaims), signedOut: guardAllows(marks, null) };
}

describe('the staff screens', () => {
  it('are the screens the staff expect, no more and no fewer', () => {
    expect(Object.fromEntries(staffScreens.map((s) => [s.id, s.path]))).toEqual(Object.fromEntries(Object.entries(expected).map(([id, e]) => [id, e.path])));
  });

  it.each(Object.entries(expected))('%s: opens for the right roles, never for a user without rights or signed out, and has a screen to load', (id, e) => {
    expect(whoOpens(e.path)).toEqual({ admin: e.opens === 'both', super: true, noClaims: false, signedOut: false });
    expect(typeof staffScreenModules[id as keyof typeof staffScreenModules]).toBe('function');
  });

  it.each(Object.entries(expected))('%s: is in the drawer of exactly those it opens for', (_id, e) => {
    expect(drawerPaths('SuperLayout', superUser).includes(e.path), 'super-admin').toBe(e.drawer);
    expect(drawerPaths('AdminLayout', adminUser).includes(e.path), 'admin').toBe(e.drawer && e.opens === 'both');
  });

  it('puts the screens of the site at the top of the drawer, Redirects for super-admins only, and /admin among the staff paths', () => {
    const top = (layout: 'SuperLayout' | 'AdminLayout', user: typeof superUser) => menuFor(layout, user)[0]?.entries.map((e) => e.label) ?? [];
    expect(top('SuperLayout', superUser)).toEqual(['Dashboard', 'Pages', 'Navigation', 'Media library', 'Translations', 'Redirects']);
    expect(top('AdminLayout', adminUser).slice(0, 5)).toEqual(['Dashboard', 'Pages', 'Navigation', 'Media library', 'Translations']);
    expect(top('AdminLayout', adminUser)).not.toContain('Redirects');
    const marks = (p: string) => routeTable.find((r) => r.path === p && 'marks' in r);
    expect(marks('/navigation')).toMatchObject({ kind: 'navigation', marks: ['admin', 'super'] });
    expect(marks('/redirects')).toMatchObject({ kind: 'redirects', marks: ['super'] });
    expect(marks('/dashboard')).toMatchObject({ kind: 'dashboard', marks: ['admin', 'super'] });
    // No page of the site can take the staff app's way in.
    expect(staffPaths).toContain(staffEntryPath);
  });
});
