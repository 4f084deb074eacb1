import { describe, expect, it } from 'vitest';
import { can, guardAllows, routeMarksOf } from './access.js';
import { routeTable } from './routes.js';
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

  it('puts Navigation (admins and super-admins) and Redirects (super-admins only) in the Site group, after Pages and the media library', () => {
    const site = (layout: 'SuperLayout' | 'AdminLayout', user: typeof superUser) => menuFor(layout, user).find((g) => g.title === 'Site')?.entries.map((e) => e.label) ?? [];
    expect(site('SuperLayout', superUser).slice(0, 4)).toEqual(['Pages', 'Media library', 'Navigation', 'Redirects']);
    expect(site('AdminLayout', adminUser).slice(0, 3)).toEqual(['Pages', 'Media library', 'Navigation']);
    expect(site('AdminLayout', adminUser)).not.toContain('Redirects');
    // Translations next, for every staff member who edits pages.
    expect(site('SuperLayout', superUser)[4]).toBe('Translations');
    expect(site('AdminLayout', adminUser)[3]).toBe('Translations');
    const marks = (p: string) => routeTable.find((r) => r.path === p && 'marks' in r);
    expect(marks('/navigation')).toMatchObject({ kind: 'navigation', marks: ['admin', 'super'] });
    expect(marks('/redirects')).toMatchObject({ kind: 'redirects', marks: ['super'] });
  });
});
