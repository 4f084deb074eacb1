import { describe, expect, it } from 'vitest';
import { collections } from '../../../shared/collections.js';
import { menuFor } from './menu.js';

const superUser = { uid: 's', email: 's@example.org', claims: { admin: false, super: true } };
const adminUser = { uid: 'a', email: 'a@example.org', claims: { admin: true, super: false } };
const flat = (groups: ReturnType<typeof menuFor>) => groups.flatMap((g) => g.entries);

describe('staff drawer entries', () => {
  it('follow SPEC.md section 2 for the super layout: User, Home, Description…, News & Story, then First/Second/Third, eight Youth', () => {
    const labels = flat(menuFor('SuperLayout', superUser)).map((e) => e.label);
    expect(labels.slice(0, 4)).toEqual(['User', 'Home', 'Description Something at Home page', 'News & Story']);
    const specGroups = ['Vision & Mission & Core value', 'History', 'Leadership', 'gender', 'Socio-Economic Rights', 'Democratic Good Governance', 'Social Accountability', 'Our Strategy', 'Events'];
    const expected = specGroups.flatMap((g) => ['First', 'Second', 'Third'].map((o) => `${o} ${g}`));
    expect(labels.slice(4, 4 + expected.length)).toEqual(expected);
    expect(labels.slice(4 + expected.length, 12 + expected.length)).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'].map((o) => `${o} Youth`));
    // Plus what SPEC.md's drawer forgot: every collection has an entry, and site settings.
    const paths = flat(menuFor('SuperLayout', superUser)).map((e) => e.to);
    for (const c of collections) expect(paths).toContain(c.listPath);
    expect(paths).toContain('/settings');
    expect(paths).toContain('/backups');
    expect(paths).toContain('/audit');
    // The trash sits at the very bottom of the drawer.
    expect(flat(menuFor('SuperLayout', superUser)).at(-1)).toMatchObject({ label: 'Trash', to: '/trash' });
    expect(labels.length).toBeGreaterThanOrEqual(40);
    // The Pages screen heads the Site group, after SPEC.md's drawer.
    const site = menuFor('SuperLayout', superUser).find((g) => g.title === 'Site');
    expect(site?.entries[0]).toMatchObject({ label: 'Pages', to: '/pages' });
    // The media library follows Pages.
    expect(site?.entries[1]).toMatchObject({ label: 'Media library', to: '/media' });
  });

  it('give the admin layout Home at the root, Pages, and only what an admin may open', () => {
    const entries = flat(menuFor('AdminLayout', adminUser));
    expect(entries[0]).toMatchObject({ label: 'Home', to: '/' });
    const paths = entries.map((e) => e.to);
    expect(paths).toContain('/pages');
    expect(paths.indexOf('/media')).toBe(paths.indexOf('/pages') + 1);
    expect(paths).not.toContain('/user');
    expect(paths).not.toContain('/item');
    expect(paths).not.toContain('/settings');
    expect(paths).not.toContain('/backups');
    expect(paths).not.toContain('/audit');
    expect(paths).toContain('/category');
    expect(paths).toContain('/customer');
    expect(entries.at(-1)).toMatchObject({ label: 'Trash', to: '/trash' });
    for (const c of collections.filter((c) => c.write === 'admin')) expect(paths).toContain(c.listPath);
  });

  it('give every entry a short mark for the mini drawer', () => {
    for (const e of flat(menuFor('SuperLayout', superUser))) expect(e.short).toMatch(/^[0-9A-Z?]{1,2}$/);
  });
});
