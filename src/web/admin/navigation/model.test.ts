import { describe, expect, it } from 'vitest';
import type { Navigation } from '../../../shared/site-navigation.js';
import { appendTo, moveIn, newKey, pathsByKey, removeFrom, sameNavigation, toEdit, toStored, updateByKey, withTarget, type EditLink } from './model.js';

const stored: Navigation = {
  name: 'Site navigation',
  header: [
    { label: 'About', page: 'about' },
    { label: 'Our Work', children: [{ label: 'Youth', page: 'youth' }, { label: 'Gender', page: 'gender' }] },
    { label: 'Donate', url: 'https://give.example.org' },
  ],
  footer: [{ heading: 'Contact', links: [{ label: 'Write to us', page: 'contact' }] }],
};

describe('the navigation editor’s working copy', () => {
  it('gives back exactly the stored document, without its keys', () => {
    expect(toStored(toEdit(stored))).toEqual(stored);
  });

  it('moves, adds and removes a menu’s links and names each place as the server does', () => {
    let n = toEdit(stored);
    const menu = n.header[1]!;
    n = appendTo(n, { in: 'menu', key: menu.key }, { key: newKey(), label: 'Water', page: 'water' });
    n = moveIn(n, { in: 'menu', key: menu.key }, 2, 0);
    expect(toStored(n).header[1]).toEqual({ label: 'Our Work', children: [{ label: 'Water', page: 'water' }, { label: 'Youth', page: 'youth' }, { label: 'Gender', page: 'gender' }] });
    const water = n.header[1]!.children![0]!;
    expect(pathsByKey(n).get(water.key)).toBe('header.1.children.0');
    n = removeFrom(n, { in: 'menu', key: menu.key }, water.key);
    expect(sameNavigation(n, toEdit(stored))).toBe(true);
  });

  it('switches a link between a page and an outside address, never keeping both', () => {
    const n = toEdit(stored);
    const about = n.header[0]!;
    const outside = updateByKey(n, about.key, (l) => withTarget(l as EditLink, 'url'));
    expect(toStored(outside).header[0]).toEqual({ label: 'About', url: 'https://' });
    const back = updateByKey(outside, about.key, (l) => withTarget(l as EditLink, 'page:contact'));
    expect(toStored(back).header[0]).toEqual({ label: 'About', page: 'contact' });
  });
});
