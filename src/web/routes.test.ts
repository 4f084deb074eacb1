/**
 * The two route tables (routes.tsx): the browser's router has the public site
 * and the staff app; the server renders from the public site's routes alone.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../shared/routes.js';
import { buildPublicRoutes, buildRoutes } from './routes.js';

function leafId(routes: RouteObject[], path: string): string | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route.id;
}

function ids(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((r) => [r.id ?? '', ...ids(r.children ?? [])]);
}

const server = buildPublicRoutes();
const browser = buildRoutes();
const detailPaths = routeTable.flatMap((r) => (r.kind === 'detail' ? [{ path: r.path.replace(':id', 'an-id'), collection: r.collection }] : []));

describe("the server's route table", () => {
  it('matches every public address as the browser does: detail pages, in either language, and pages', () => {
    expect(detailPaths.length).toBeGreaterThan(0);
    for (const { path, collection } of detailPaths) {
      expect(leafId(server, path)).toBe(`detail:${collection}`);
      expect(leafId(server, `/sw${path}`)).toBe(`detail:${collection}:lang`);
      expect(leafId(browser, path)).toBe(`detail:${collection}`);
    }
    for (const path of ['/', '/about', '/water-rights', '/sw/about']) {
      expect(leafId(server, path)).toBe('page');
      expect(leafId(browser, path)).toBe('page');
    }
  });

  it("holds none of the staff app's screens: a staff address is only a page address to it", () => {
    expect(ids(server)).not.toContain('staff');
    expect(ids(browser)).toContain('staff');
    const screens = routeTable.filter((r) => r.kind !== 'detail' && r.kind !== 'not-found' && !r.path.includes(':')).map((r) => r.path);
    expect(screens.length).toBeGreaterThan(10);
    for (const path of screens) {
      expect(leafId(server, path), path).toBe('page');
      expect(leafId(browser, path), path).not.toBe('page');
    }
  });
});
