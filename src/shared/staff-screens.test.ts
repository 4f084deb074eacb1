import { describe, expect, it } from 'vitest';
import { can, guardAllows, routeMarksOf } from './access.js';
import { routeTable, staffEntryPath, staffPaths } from './routes.js';
import { staffScreens } from './staff-screens.js';
import { menuFor } from '../web/admin/layouts/menu.js';
import { staffScreenModules } from '../web/staff-screens.js';

const superUser = { uid: 's', email: 's@example.org', claims: { admin: false, super: true } };
const adminUser = { uid: 'a', email: 'a@example.org', claims: { admin: true, super: false } };
const drawerPaths = (layout: 'SuperLayout' | 'AdminLayout', user: typeof superUser) => menuFor(layout, user).flatMap((g) => g.entries.map((e) => e.to));

describe('a staff screen is one declaration', () => {
  it.each(staffScreens.map((s) => [s.id, s] as const))('%s: its route carries the marks of its subject and action, and it has a module', (_id, s) => {
    expect(routeTable.filter((r) => r.path === s.path)).toEqual([{ kind: s.id, path: s.path, marks: routeMarksOf(s.subject, s.action) }]);
    expect(typeof staffScreenModules[s.id]).toBe('function');
  });

  it.each(staffScreens.map((s) => [s.id, s] as const))('%s: the drawer links to it exactly for those its marks let in', (_id, s) => {
    const marks = routeMarksOf(s.subject, s.action);
    for (const [layout, user] of [['SuperLayout', superUser], ['AdminLayout', adminUser]] as const) {
      const shown = drawerPaths(layout, user).includes(s.path);
      expect(shown, `${s.id} in ${layout}`).toBe(s.drawer !== null && can(user, s.action, s.subject) && guardAllows(marks, user.claims));
    }
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
