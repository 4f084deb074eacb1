import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes } from 'react-router';
import { editPathOf, routeTable } from './routes.js';
import { defaultPages } from '../server/structure/default-pages.js';
import { collections } from './collections.js';
import { guardAllows } from './access.js';
import { menuFor } from '../web/admin/layouts/menu.js';
import { specListPaths, specListsWithoutForm, specPaths } from '../../test/fixtures/spec-paths.js';

const tablePaths = new Set(routeTable.map((r) => r.path));
const seededPagePaths = new Set(defaultPages().map((p) => p.data.path));
const superUser = { uid: 's', email: 's@example.org', claims: { admin: false, super: true } };

describe('route table', () => {
  const paths = [...new Set(specPaths)];

  it('has every path of the specification once in its fixture', () => {
    expect(paths).toHaveLength(specPaths.length);
    expect(paths.length).toBeGreaterThan(110);
  });

  it('has in its fixture a form path for every list the specification does not mark "(no form)"', () => {
    for (const list of specListPaths) {
      expect(paths.includes(`${list}-form/:id`), list).toBe(!specListsWithoutForm.includes(list));
    }
  });

  it.each(paths)('has the specified path %s', (p) => {
    // Paths in prose (e.g. "/user-form") are matched as prefixes of a route; public pages are data, seeded at their paths.
    const ok = tablePaths.has(p) || seededPagePaths.has(p) || [...tablePaths].some((t) => t !== '*' && (matchPath(t, p) || t.startsWith(`${p}/`)));
    expect(ok, `${p} missing from the route table`).toBe(true);
  });

  it('keeps the misspelled form paths and adds their corrected twins', () => {
    for (const p of ['/historydescripton-form/:id', '/historydescription-form/:id', '/fistpartner-form/:id', '/firstpartner-form/:id', '/firstyouth-form/:id', '/youthfirstpage-form/:id', '/fistsocio', '/firstsocio']) {
      expect(tablePaths.has(p), p).toBe(true);
    }
  });

  it('guards every admin list and form route', () => {
    for (const r of routeTable) {
      if (r.kind === 'list' || r.kind === 'form' || r.kind === 'users' || r.kind === 'user-form' || r.kind === 'settings') {
        expect(r.marks.length, r.path).toBeGreaterThan(0);
      }
    }
  });

  it('keeps users and items super-only, and content for both roles', () => {
    const marks = (p: string) => routeTable.find((r) => r.path === p && 'marks' in r);
    expect(marks('/user')).toMatchObject({ marks: ['super'] });
    expect(marks('/user-form/:id')).toMatchObject({ marks: ['super'] });
    expect(marks('/item')).toMatchObject({ marks: ['super'] });
    expect(marks('/item-form/:id')).toMatchObject({ marks: ['super'] });
    expect(marks('/home-form/:id')).toMatchObject({ marks: ['admin', 'super'] });
    expect(marks('/category')).toMatchObject({ marks: ['admin', 'super'] });
    expect(marks('/backups')).toMatchObject({ marks: ['super'] });
    expect(marks('/audit')).toMatchObject({ marks: ['super'] });
  });

  it('serves the audit log screen at the path the super-admin drawer links to, and to super-admins only', () => {
    const link = menuFor('SuperLayout', superUser)
      .flatMap((g) => g.entries)
      .find((e) => e.label === 'Audit log');
    expect(link).toBeDefined();
    // The route the link lands on, ranked as the router ranks them: the audit screen, not a list or the catch-all.
    const landed = matchRoutes(
      routeTable.map((r) => ({ path: r.path, entry: r })),
      link!.to,
    );
    const screen = landed?.at(-1)?.route.entry;
    expect(screen?.kind).toBe('audit');
    const marks = screen && 'marks' in screen ? screen.marks : [];
    expect(guardAllows(marks, superUser.claims)).toBe(true);
    expect(guardAllows(marks, { admin: true, super: false })).toBe(false);
  });

  it('sends a finding, a use or an audit line about a page to its editor, which a route serves', () => {
    const path = editPathOf('sitepage', 'water-rights');
    expect(path).toBe('/pages/water-rights');
    expect(matchRoutes(routeTable.map((r) => ({ path: r.path })), path)).not.toBeNull();
    expect(editPathOf('aboutvision', 'x1')).toBe('/aboutvision-form/x1');
  });

  it('has no path twice', () => {
    const all = routeTable.map((r) => r.path);
    expect(all.length).toBe(new Set(all).size);
  });

  it('declares every collection once', () => {
    const names = collections.map((c) => c.name);
    expect(names.length).toBe(new Set(names).size);
  });
});
