/**
 * The navigation as the editor holds it: the stored document with a key on
 * every item, list and link (stable across reorders, for dnd-kit and focus),
 * and the pure steps the screen takes on it. Keys never reach the server.
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { Navigation } from '../../../shared/site-navigation.js';

export interface EditLink {
  key: string;
  label: string;
  page?: string;
  url?: string;
}
export interface EditHeaderItem extends EditLink {
  /** Present on a menu (a label and its links); absent on a link. */
  children?: EditLink[];
}
export interface EditFooterList {
  key: string;
  heading: string;
  links: EditLink[];
}
export interface EditNavigation {
  name: string;
  header: EditHeaderItem[];
  footer: EditFooterList[];
}

let next = 0;
export function newKey(): string {
  next += 1;
  return `k${next}`;
}

function linkOf(l: { label: string; page?: string | undefined; url?: string | undefined }): EditLink {
  return { key: newKey(), label: l.label, ...(l.page !== undefined ? { page: l.page } : {}), ...(l.url !== undefined ? { url: l.url } : {}) };
}

export function toEdit(n: Navigation): EditNavigation {
  return {
    name: n.name,
    header: n.header.map((i) => (i.children ? { key: newKey(), label: i.label, children: i.children.map(linkOf) } : linkOf(i))),
    footer: n.footer.map((f) => ({ key: newKey(), heading: f.heading, links: f.links.map(linkOf) })),
  };
}

function stored(l: EditLink): { label: string; page?: string; url?: string } {
  return { label: l.label, ...(l.page !== undefined ? { page: l.page } : {}), ...(l.url !== undefined ? { url: l.url } : {}) };
}

/** What is sent: the document without keys. */
export function toStored(n: EditNavigation): Navigation {
  return {
    name: n.name,
    header: n.header.map((i) => (i.children ? { label: i.label, children: i.children.map(stored) } : stored(i))),
    footer: n.footer.map((f) => ({ heading: f.heading, links: f.links.map(stored) })),
  };
}

/** The same document, whatever the keys: has the editor changed anything? */
export function sameNavigation(a: EditNavigation, b: EditNavigation): boolean {
  return JSON.stringify(toStored(a)) === JSON.stringify(toStored(b));
}

/** Where a list of the document sits: the top bar, a menu's links (by the menu's key), a footer list's links, or the footer's lists. */
export type ListRef = { in: 'header' } | { in: 'menu'; key: string } | { in: 'footer' } | { in: 'footer-list'; key: string };

type Item = EditHeaderItem | EditLink | EditFooterList;

export function itemsOf(n: EditNavigation, ref: ListRef): Item[] {
  switch (ref.in) {
    case 'header':
      return n.header;
    case 'footer':
      return n.footer;
    case 'menu':
      return n.header.find((i) => i.key === ref.key)?.children ?? [];
    case 'footer-list':
      return n.footer.find((f) => f.key === ref.key)?.links ?? [];
  }
}

/** The document with one list replaced. */
export function withList(n: EditNavigation, ref: ListRef, items: Item[]): EditNavigation {
  switch (ref.in) {
    case 'header':
      return { ...n, header: items as EditHeaderItem[] };
    case 'footer':
      return { ...n, footer: items as EditFooterList[] };
    case 'menu':
      return { ...n, header: n.header.map((i) => (i.key === ref.key ? { ...i, children: items as EditLink[] } : i)) };
    case 'footer-list':
      return { ...n, footer: n.footer.map((f) => (f.key === ref.key ? { ...f, links: items as EditLink[] } : f)) };
  }
}

export function moveIn(n: EditNavigation, ref: ListRef, from: number, to: number): EditNavigation {
  const items = itemsOf(n, ref);
  if (from < 0 || to < 0 || from >= items.length || to >= items.length || from === to) return n;
  return withList(n, ref, arrayMove(items, from, to));
}

export function removeFrom(n: EditNavigation, ref: ListRef, key: string): EditNavigation {
  return withList(
    n,
    ref,
    itemsOf(n, ref).filter((i) => i.key !== key),
  );
}

export function appendTo(n: EditNavigation, ref: ListRef, item: Item): EditNavigation {
  return withList(n, ref, [...itemsOf(n, ref), item]);
}

/** One item, list or link changed in place (found by key anywhere in the document). */
export function updateByKey(n: EditNavigation, key: string, change: (i: Item) => Item): EditNavigation {
  const linkIn = (links: EditLink[]) => links.map((l) => (l.key === key ? (change(l) as EditLink) : l));
  return {
    ...n,
    header: n.header.map((i) => (i.key === key ? (change(i) as EditHeaderItem) : i.children ? { ...i, children: linkIn(i.children) } : i)),
    footer: n.footer.map((f) => (f.key === key ? (change(f) as EditFooterList) : { ...f, links: linkIn(f.links) })),
  };
}

/**
 * The document path of each key (`header.1`, `header.1.children.2`,
 * `footer.0.links.3`), the names the server and the schema give fields in
 * (`header.1.children.2.url`) and problems in.
 */
export function pathsByKey(n: EditNavigation): Map<string, string> {
  const out = new Map<string, string>();
  n.header.forEach((i, a) => {
    out.set(i.key, `header.${a}`);
    i.children?.forEach((c, b) => out.set(c.key, `header.${a}.children.${b}`));
  });
  n.footer.forEach((f, a) => {
    out.set(f.key, `footer.${a}`);
    f.links.forEach((l, b) => out.set(l.key, `footer.${a}.links.${b}`));
  });
  return out;
}

/** A link's target as the "Goes to" select names it: `page:<id>`, `url`, or '' when not chosen yet. */
export function targetOf(l: EditLink): string {
  if (l.page !== undefined) return `page:${l.page}`;
  if (l.url !== undefined) return 'url';
  return '';
}

export function withTarget<T extends EditLink>(l: T, target: string): T {
  const { page: _page, url, ...rest } = l;
  if (target.startsWith('page:')) return { ...rest, page: target.slice('page:'.length) } as T;
  if (target === 'url') return { ...rest, url: url ?? 'https://' } as T;
  return rest as T;
}
