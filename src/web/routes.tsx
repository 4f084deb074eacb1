/**
 * The browser's route objects, built from the shared route table. Every route
 * module is lazy: public pages load only public chunks; the staff app (Mantine,
 * forms, editor) lives in chunks no public page loads.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { routeMarksOf, type RouteMark } from '../shared/access.js';
import { formPathOf, isStaffScreenRoute, listPathOf, routeTable } from '../shared/routes.js';
import { staffScreenModules } from './staff-screens.js';
import { Root, RootErrorBoundary, RootHydrateFallback } from './root.js';

function publicRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const r of routeTable) {
    if (r.kind === 'detail') {
      const collection = r.collection;
      children.push({
        id: `detail:${collection}`,
        path: r.path,
        lazy: async () => {
          const m = await import('./public/detail-route.js');
          return { loader: m.detailLoader(collection), Component: m.DetailRoute };
        },
      });
      // The same page in another language (`/sw/news/:id`): its loader answers 404 for a prefix that is no language of the site.
      children.push({
        id: `detail:${collection}:lang`,
        path: `/:lang${r.path}`,
        lazy: async () => {
          const m = await import('./public/detail-route.js');
          return { loader: m.detailLoader(collection), Component: m.DetailRoute };
        },
      });
    }
  }
  // Every other address: the page there (pages are data), else the not-found page with 404.
  children.push({ id: 'page', path: '*', lazy: () => import('./public/page-route.js') });
  return children;
}

/** A staff screen behind its route's marks; the guard loads with the screen, never with the public pages. */
function guardedScreen(id: string, path: string, marks: readonly RouteMark[], load: () => Promise<ComponentType>): RouteObject {
  return {
    id,
    path,
    lazy: async () => {
      const [{ guardedRoute }, Screen] = await Promise.all([import('./admin/auth/guard.js'), load()]);
      return { Component: guardedRoute(marks, Screen) };
    },
  };
}

function staffRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const r of routeTable) {
    switch (r.kind) {
      case 'login':
        children.push({ id: 'login', path: r.path, lazy: () => import('./admin/auth/login-route.js') });
        break;
      case 'account-link': {
        const { screen } = r;
        children.push({ id: `account-link:${screen}`, path: r.path, lazy: async () => ({ Component: (await import('./admin/account-links/screens.js')).accountLinkScreens[screen] }) });
        break;
      }
      case 'list': {
        const { collection, marks } = r;
        children.push({
          id: `list:${r.path}`,
          path: r.path,
          lazy: async () => {
            const m = await import('./admin/list/list-route.js');
            return { Component: m.listRoute(collection, marks) };
          },
        });
        break;
      }
      case 'form': {
        const { collection, marks } = r;
        children.push({
          id: `form:${r.path}`,
          path: r.path,
          lazy: async () => {
            const m = await import('./admin/form/form-route.js');
            return { Component: m.formRoute(collection, marks) };
          },
        });
        break;
      }
      case 'account':
        children.push({ id: 'account', path: r.path, lazy: async () => ({ Component: (await import('./admin/account/account-screen.js')).AccountScreen }) });
        break;
      default:
        if (isStaffScreenRoute(r)) children.push(guardedScreen(r.kind, r.path, r.marks, staffScreenModules[r.kind]));
        break;
    }
  }
  return children;
}

/**
 * The list and form screens of a section's collection (`/s-…`, `/s-…-form/:id`):
 * their names are data, so the staff app's router adds them when such a path
 * is opened (main.tsx); the server sends the staff shell for them.
 */
export function sectionCollectionRoutes(collection: string): RouteObject[] {
  const marks = routeMarksOf({ type: 'collection', name: collection });
  return [
    { id: `list:/${collection}`, path: listPathOf(collection), lazy: async () => ({ Component: (await import('./admin/list/list-route.js')).sectionListRoute(collection, marks) }) },
    { id: `form:/${collection}`, path: formPathOf(collection, ':id').replace(encodeURIComponent(':id'), ':id'), lazy: async () => ({ Component: (await import('./admin/form/form-route.js')).sectionFormRoute(collection, marks) }) },
  ];
}

function rootRoute(children: RouteObject[]): RouteObject[] {
  return [{ id: 'root', Component: Root, ErrorBoundary: RootErrorBoundary, HydrateFallback: RootHydrateFallback, children }];
}

function publicBranch(): RouteObject {
  return { id: 'public', lazy: () => import('./public/layout-route.js'), children: publicRoutes() };
}

/** Every route: the public site and the staff app (the browser's router, main.tsx). */
export function buildRoutes(): RouteObject[] {
  return rootRoute([publicBranch(), { id: 'staff', lazy: () => import('./admin/layouts/shell-route.js'), children: staffRoutes() }]);
}

/**
 * The public site's routes alone: what the server renders (entry-server.tsx). A staff address never reaches the
 * public render (the server sends the staff shell for it), and React Router matches an address by flattening and
 * ranking the whole table on every call: without the staff app's screens each render matches against a few
 * routes instead of over a hundred.
 */
export function buildPublicRoutes(): RouteObject[] {
  return rootRoute([publicBranch()]);
}
