import { describe, expect, it } from 'vitest';
import { collections } from '../../../shared/collections.js';
import { defaultPages } from '../../../server/structure/default-pages.js';
import { currentGroupOf, menuFor as drawerOf, type DrawerPage } from './menu.js';

/** The site's pages as a new site has them (the staff app reads them from the structure API). */
const pages: DrawerPage[] = defaultPages().map((p) => ({ id: p.id, title: p.data.title, sections: p.data.sections }));
const menuFor = (layout: Parameters<typeof drawerOf>[0], principal: Parameters<typeof drawerOf>[1], site: readonly DrawerPage[] = pages) => drawerOf(layout, principal, site);

const superUser = { uid: 's', email: 's@example.org', claims: { admin: false, super: true } };
const adminUser = { uid: 'a', email: 'a@example.org', claims: { admin: true, super: false } };
const flat = (groups: ReturnType<typeof menuFor>) => groups.flatMap((g) => g.entries);
const labelsOf = (groups: ReturnType<typeof menuFor>, title: string | null) => groups.find((g) => g.title === title)?.entries.map((e) => e.label);

describe('staff drawer entries', () => {
  it('start with the site: Dashboard, Pages, Navigation, Media, Translations, Redirects, then the site tools', () => {
    const menu = menuFor('SuperLayout', superUser);
    expect(labelsOf(menu, null)).toEqual(['Dashboard', 'Pages', 'Navigation', 'Media library', 'Translations', 'Redirects']);
    expect(menu[1]?.title).toBe('Site tools');
    expect(labelsOf(menu, 'Site tools')).toEqual(['Supporters', 'Newsletter', 'Visits', 'Site check', 'Trash', 'Audit log', 'User', 'Site settings', 'Backups']);
    // Pages is the second entry of the drawer: two Tab presses from its top.
    expect(flat(menu).findIndex((e) => e.to === '/pages')).toBe(1);
  });

  it('group every collection under the page that shows it, in the site order of pages, all of them kept', () => {
    const menu = menuFor('SuperLayout', superUser);
    const folding = menu.filter((g) => g.folds);
    expect(folding.map((g) => g.title)).toEqual([...pages.map((p) => p.title), 'Site data']);
    expect(labelsOf(menu, 'Home')).toEqual(['Home', 'Description Something at Home page', 'News & Story']);
    expect(labelsOf(menu, 'History')).toBeUndefined();
    expect(labelsOf(menu, 'Our History')).toEqual(['First History', 'Second History', 'Third History']);
    expect(labelsOf(menu, 'Gender and Women Leadership')).toEqual(['First gender', 'Second gender', 'Third gender']);
    expect(labelsOf(menu, 'Youth Leadership Project')).toEqual([...['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'].map((o) => `${o} Youth`), 'Youth volunteer sign-up']);
    expect(labelsOf(menu, 'Site data')).toEqual(['Categories', 'Publications', 'Supporters & contacts']);
    // The specified drawer entries are all there, and every collection has an entry.
    const specGroups = ['Vision & Mission & Core value', 'History', 'Leadership', 'gender', 'Socio-Economic Rights', 'Democratic Good Governance', 'Social Accountability', 'Our Strategy', 'Events'];
    const labels = flat(menu).map((e) => e.label);
    for (const label of ['User', 'Home', 'Description Something at Home page', 'News & Story', ...specGroups.flatMap((g) => ['First', 'Second', 'Third'].map((o) => `${o} ${g}`))]) expect(labels).toContain(label);
    const paths = flat(menu).map((e) => e.to);
    for (const c of collections) expect(paths).toContain(c.listPath);
    expect(labels.length).toBeGreaterThanOrEqual(40);
  });

  it('give the admin layout Home at the root and only what an admin may open', () => {
    const menu = menuFor('AdminLayout', adminUser);
    expect(labelsOf(menu, null)).toEqual(['Dashboard', 'Pages', 'Navigation', 'Media library', 'Translations', 'Home']);
    expect(flat(menu).find((e) => e.label === 'Home' && e.to === '/')).toMatchObject({ caption: 'The public site', publicPage: true });
    expect(labelsOf(menu, 'Site tools')).toEqual(['Supporters', 'Newsletter', 'Visits', 'Site check', 'Trash']);
    const paths = flat(menu).map((e) => e.to);
    for (const p of ['/user', '/item', '/settings', '/backups', '/audit', '/redirects']) expect(paths).not.toContain(p);
    expect(paths).toContain('/category');
    expect(paths).toContain('/customer');
    for (const c of collections.filter((c) => c.write === 'admin')) expect(paths).toContain(c.listPath);
    // The super layout has no Home at the root: its Home is the home page's slides.
    expect(flat(menuFor('SuperLayout', superUser)).some((e) => e.to === '/')).toBe(false);
  });

  it('open the group of the current route: a list, one of its forms, nothing for a screen of the site', () => {
    const menu = menuFor('SuperLayout', superUser);
    expect(currentGroupOf(menu, '/historyslide')).toBe('Our History');
    expect(currentGroupOf(menu, '/historyslide-form/abc')).toBe('Our History');
    expect(currentGroupOf(menu, '/customer')).toBe('Site data');
    expect(currentGroupOf(menu, '/pages')).toBeNull();
    expect(currentGroupOf(menu, '/dashboard')).toBeNull();
  });

  it('follow the pages as editors shape them: a renamed page, a collection moved to another page, a page added', () => {
    const renamed = pages.map((p) => (p.id === 'history' ? { ...p, title: 'Where we come from' } : p));
    expect(labelsOf(menuFor('SuperLayout', superUser, renamed), 'Where we come from')).toEqual(['First History', 'Second History', 'Third History']);
    expect(labelsOf(menuFor('SuperLayout', superUser, renamed), 'Our History')).toBeUndefined();
    // The stories leave the home page for a news page an editor added, listed where the editor put it.
    const newsroom: DrawerPage = { id: 'p-news', title: 'Newsroom', sections: [{ collection: 'newstory' }] };
    const moved = [...pages.map((p) => (p.id === 'home' ? { ...p, sections: p.sections.filter((x) => x.collection !== 'newstory') } : p)), newsroom];
    const menu = menuFor('SuperLayout', superUser, moved);
    expect(labelsOf(menu, 'Newsroom')).toEqual(['News & Story']);
    expect(labelsOf(menu, 'Home')).toEqual(['Home', 'Description Something at Home page']);
    expect(menu.filter((g) => g.folds).map((g) => g.title).slice(-2)).toEqual(['Newsroom', 'Site data']);
    // A collection no page shows any more is among the site's data, not lost.
    const shownNowhere = menuFor('SuperLayout', superUser, pages.filter((p) => p.id !== 'events'));
    expect(labelsOf(shownNowhere, 'Site data')).toEqual(['First Events', 'Second Events', 'Third Events', 'Categories', 'Publications', 'Supporters & contacts']);
  });

  it('have only the screens of the site and its tools while the pages load', () => {
    expect(drawerOf('SuperLayout', superUser, null).some((g) => g.folds)).toBe(false);
  });

  it('give every entry a short mark for the mini drawer', () => {
    for (const e of flat(menuFor('SuperLayout', superUser))) expect(e.short).toMatch(/^[0-9A-Z?]{1,2}$/);
  });
});
