/**
 * The staff bar for staff browsing the public site: a slim bar along the
 * bottom of the window with "Edit this page" (the page's editor, or on a
 * story's or event's own page that block's form), "Dashboard" and "Staff
 * menu" (the dashboard with the staff drawer open). The page keeps room for
 * it at its foot, so it covers nothing; it is not printed. Loaded by the
 * public entry only when the browser holds the staff marker (staff-marker.ts,
 * whose value is the Pages screen's path), so visitors never fetch this
 * module and no public HTML ever contains the bar. Plain script: no React on
 * public pages for small things.
 */
import { declarations, detailCollections, formPathsOf } from '../../shared/registry-index.js';
import { dashboardPath, staffMenuHash } from '../../shared/staff-entry.js';

/** The bar's height; the page's foot keeps this much room. */
const barHeight = 44;

const style = `
.staff-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 60; height: ${barHeight}px; box-sizing: border-box;
  display: flex; align-items: center; gap: 4px; padding: 0 8px; background: #12332b; color: #fff;
  font: 600 0.875rem/1.2 system-ui, sans-serif; box-shadow: 0 -2px 8px rgb(0 0 0 / 20%); }
.staff-bar ul { display: flex; align-items: center; gap: 4px; margin: 0; padding: 0; list-style: none; min-width: 0; }
.staff-bar-name { margin-right: auto; padding: 0 8px; font-weight: 400; white-space: nowrap; }
.staff-bar a { display: inline-flex; align-items: center; min-height: 36px; padding: 0 10px; border-radius: 6px; color: #fff; text-decoration: none; white-space: nowrap; }
.staff-bar a:hover { background: rgb(255 255 255 / 14%); text-decoration: underline; }
.staff-bar a:focus-visible { outline: 3px solid #f4c542; outline-offset: -3px; }
.staff-bar a.staff-bar-edit { background: #fff; color: #12332b; }
.staff-bar a.staff-bar-edit:hover { background: #e6f0ec; }
.staff-bar a.staff-bar-edit:focus-visible { outline-offset: 1px; }
html.has-staff-bar body { padding-bottom: ${barHeight}px; }
@media (max-width: 419.98px) { .staff-bar-name { display: none; } .staff-bar ul { margin-left: auto; } .staff-bar a { padding: 0 7px; } }
@media print { .staff-bar { display: none; } html.has-staff-bar body { padding-bottom: 0; } }`;

/**
 * Where staff edit what this path shows (`pagesPath`: the Pages screen's; a
 * page's editor is under it), or null (a preview, the not-found page).
 * `pageId` is the page the HTML says it shows (`data-page`): addresses are
 * data, so the path alone does not say.
 */
export function editTargetOf(pathname: string, pagesPath: string, pageId: string | null = null): string | null {
  if (pageId) return `${pagesPath}/${encodeURIComponent(pageId)}`;
  for (const c of detailCollections) {
    const prefix = `${c.detail.path}/`;
    if (!pathname.startsWith(prefix)) continue;
    const id = decodeURIComponent(pathname.slice(prefix.length));
    const declaration = declarations.find((d) => d.name === c.name);
    const form = declaration ? formPathsOf(declaration)[0] : undefined;
    return id && !id.includes('/') && form ? form.replace(':id', encodeURIComponent(id)) : null;
  }
  return null;
}

function link(doc: Document, href: string, text: string, className?: string): HTMLLIElement {
  const item = doc.createElement('li');
  const a = doc.createElement('a');
  a.href = href;
  a.textContent = text;
  if (className) a.className = className;
  item.append(a);
  return item;
}

/** Adds the staff bar to this page (once). */
export function showStaffBar(doc: Document, pagesPath: string): void {
  if (doc.querySelector('.staff-bar')) return;
  const target = editTargetOf(doc.location.pathname, pagesPath, doc.querySelector('[data-page]')?.getAttribute('data-page') ?? null);
  const css = doc.createElement('style');
  css.textContent = style;
  const bar = doc.createElement('nav');
  bar.className = 'staff-bar';
  bar.setAttribute('aria-label', 'Staff');
  const name = doc.createElement('span');
  name.className = 'staff-bar-name';
  name.textContent = 'You are signed in as staff';
  const list = doc.createElement('ul');
  if (target) list.append(link(doc, target, 'Edit this page', 'staff-bar-edit'));
  list.append(link(doc, dashboardPath, 'Dashboard'), link(doc, `${dashboardPath}#${staffMenuHash}`, 'Staff menu'));
  bar.append(name, list);
  doc.head.append(css);
  doc.body.append(bar);
  doc.documentElement.classList.add('has-staff-bar');
}
