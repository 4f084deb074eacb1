import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { routeTable } from './routes.js';
import { collections } from './collections.js';

/** Every path SPEC.md section 2 shows, read from the specification itself. */
function specPaths(): string[] {
  const specFile = path.resolve(__dirname, '../../../shared/SPEC.md');
  const spec = fs.readFileSync(specFile, 'utf8');
  const start = spec.indexOf('## 2. Screens and routes');
  const end = spec.indexOf('## 3.', start);
  expect(start).toBeGreaterThan(-1);
  const section = spec.slice(start, end);
  const found = new Set<string>();
  const adminStart = section.indexOf('### Admin list pages');
  const adminEnd = section.indexOf('### Other routes');
  // "form path is the list path plus -form/{id}": every admin list has a form unless marked "(no form)".
  for (const line of section.slice(adminStart, adminEnd).split('\n')) {
    for (const m of line.matchAll(/(?<![\w}])\/([a-z][a-z0-9]*)(?![\w-])( \(no form\))?/g)) {
      if (!m[2]) found.add(`/${m[1]}-form/:id`);
    }
  }
  for (const line of section.split('\n')) {
    for (const m of line.matchAll(/(?<![\w}])\/[a-z][a-z0-9-]*(?:\/\{id\})?/g)) {
      found.add(m[0].replace('{id}', ':id'));
    }
    if (/\/ \(root/.test(line)) found.add('/');
  }
  return [...found];
}

const tablePaths = new Set(routeTable.map((r) => r.path));

describe('route table', () => {
  const paths = specPaths();

  it('reads a plausible number of paths from SPEC.md', () => {
    expect(paths.length).toBeGreaterThan(110);
  });

  it.each(paths)('has SPEC.md path %s', (p) => {
    // Paths in prose (e.g. "/user-form") are matched as prefixes of a route.
    const ok = tablePaths.has(p) || [...tablePaths].some((t) => t !== '*' && (matchPath(t, p) || t.startsWith(`${p}/`)));
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
