/**
 * "Edit this page" for staff browsing the public site: a small link fixed at
 * the bottom right, to the page on the staff Pages screen (`/pages#<page>`)
 * or, on a story's or event's own page, to that block's form. Loaded by the
 * public entry only when the browser holds the staff marker (staff-marker.ts,
 * whose value is the Pages screen's path),
 * so visitors never fetch this module and no public HTML ever contains the
 * link. Plain script: no React on public pages for small things.
 */
import { declarations, detailCollections, formPathsOf } from '../../shared/registry-index.js';

const style = `
.staff-edit-link { position: fixed; right: 16px; bottom: 16px; z-index: 60; display: inline-flex; align-items: center; gap: 6px;
  padding: 8px 14px; border-radius: 999px; background: #12332b; color: #fff; font: 600 0.875rem/1.2 system-ui, sans-serif;
  text-decoration: none; box-shadow: 0 2px 10px rgb(0 0 0 / 25%); opacity: 0.92; }
.staff-edit-link:hover { opacity: 1; text-decoration: underline; }
.staff-edit-link:focus-visible { outline: 3px solid #f4c542; outline-offset: 2px; opacity: 1; }
@media print { .staff-edit-link { display: none; } }`;

/**
 * Where staff edit what this path shows (`pagesPath`: the Pages screen's), or
 * null (a preview, the not-found page). `pageId` is the page the HTML says it
 * shows (`data-page`): addresses are data, so the path alone does not say.
 */
export function editTargetOf(pathname: string, pagesPath: string, pageId: string | null = null): string | null {
  if (pageId) return `${pagesPath}#${pageId}`;
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

export function showEditLink(doc: Document, pagesPath: string): void {
  const target = editTargetOf(doc.location.pathname, pagesPath, doc.querySelector('[data-page]')?.getAttribute('data-page') ?? null);
  if (!target || doc.querySelector('.staff-edit-link')) return;
  const css = doc.createElement('style');
  css.textContent = style;
  const link = doc.createElement('a');
  link.className = 'staff-edit-link';
  link.href = target;
  link.textContent = 'Edit this page';
  doc.head.append(css);
  doc.body.append(link);
}
