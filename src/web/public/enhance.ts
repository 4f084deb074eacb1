/**
 * The browser entry of the server-rendered public pages, and all the
 * JavaScript a page without an interactive block loads: the header's menus
 * and the event times in plain script, and the island loader. Each island
 * (islands.ts) loads its own code, only on a page that has one, and hydrates
 * with the props the server wrote next to it. The stylesheet comes with this
 * entry (linked by the server, cached across pages). In a staff member's
 * browser (the staff app's marker in localStorage) it also adds the staff bar
 * ("Edit this page", Dashboard, Staff menu), from a module only such a
 * browser loads (edit-link.ts).
 */
import './public.css';
import { hydratedAttribute, islandAttribute, islandPropsAttribute, isIslandName, type IslandName, type IslandProps } from './islands.js';
import { showLocalTimes } from './local-times.js';
import { enhanceHeader } from './menus.js';
import { staffMarkerKey, staffPagesPath } from '../../shared/staff-marker.js';

interface IslandModule<N extends IslandName> {
  mount(element: HTMLElement, props: IslandProps[N]): void;
}

const islandModules: { [N in IslandName]: () => Promise<IslandModule<N>> } = {
  carousel: () => import('./islands/carousel.js'),
  contact: () => import('./islands/contact.js'),
  form: () => import('./islands/form.js'),
};

/** The props block the server wrote right after an island. */
function propsOf(element: HTMLElement): unknown {
  const block = element.nextElementSibling;
  if (!(block instanceof HTMLScriptElement) || block.getAttribute(islandPropsAttribute) !== element.getAttribute(islandAttribute)) return null;
  return JSON.parse(block.textContent ?? 'null') as unknown;
}

async function hydrate<N extends IslandName>(name: N, element: HTMLElement): Promise<void> {
  const props = propsOf(element);
  if (props === null) throw new Error(`the ${name} island has no props`);
  const { mount } = await islandModules[name]();
  // The server wrote these props for this island (IslandProps[N]); they are the same bytes it rendered from.
  mount(element, props as IslandProps[N]);
  element.setAttribute(hydratedAttribute, '');
}

/** The staff Pages screen's path when a staff member is signed in in this browser (the staff app's marker); visitors have none. */
function staffPages(): string | null {
  try {
    return staffPagesPath(localStorage.getItem(staffMarkerKey));
  } catch {
    return null;
  }
}

/** Runs `work` in a task after the next frame is painted (an animation frame comes just before a paint). */
function afterFirstPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

function start(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (header) enhanceHeader(header);
  showLocalTimes(document);
  // The islands start after the first paint: the page shows first, its server HTML is already whole.
  afterFirstPaint(() => {
    for (const element of document.querySelectorAll<HTMLElement>(`[${islandAttribute}]`)) {
      const name = element.getAttribute(islandAttribute) ?? undefined;
      if (isIslandName(name)) {
        hydrate(name, element).catch((err: unknown) => console.error(`The ${name} block could not start`, err));
      }
    }
  });
  // The staff bar: its code is fetched only in a staff member's browser, and never part of the page's HTML;
  // never inside a frame (the page editor's preview shows the page as visitors will see it).
  const pagesPath = staffPages();
  if (pagesPath && window.self === window.top) {
    import('./edit-link.js').then((m) => m.showStaffBar(document, pagesPath)).catch((err: unknown) => console.error('The staff bar could not start', err));
  }
}

start();
