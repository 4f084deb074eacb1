import { describe, expect, it } from 'vitest';
import { apiPaths, isApiPath, pathTo } from './api-paths.js';
import { editorialApi } from './editorial.js';
import { mediaApi } from './media-library.js';

describe('API paths', () => {
  it('fills each parameter of a route pattern in, URL-encoded', () => {
    expect(pathTo(apiPaths.collections.restoreRevision, { name: 'news', id: 'a/b', rev: 'r 1' })).toBe('/api/collections/news/documents/a%2Fb/revisions/r%201/restore');
    expect(pathTo(apiPaths.account.session, { id: 'f?x' })).toBe('/api/account/sessions/f%3Fx');
    expect(pathTo(apiPaths.health, {})).toBe('/api/health');
    // @ts-expect-error: a pattern's parameters are all required
    expect(() => pathTo(apiPaths.users.one, {})).toThrow(':uid');
  });

  it('builds the paths the browser asks for from the routes the server serves', () => {
    expect(editorialApi.publish('news', 'a b')).toBe('/api/collections/news/documents/a%20b/publish');
    expect(editorialApi.revision('news', 'x', 'r/2')).toBe('/api/collections/news/documents/x/revisions/r%2F2');
    expect(editorialApi.restoreFromTrash('t#1')).toBe('/api/trash/t%231/restore');
    expect(mediaApi.one('m/1')).toBe('/api/media/m%2F1');
    expect(mediaApi.replace('m1')).toBe('/api/media/m1/replace');
  });

  it('tells the API’s paths from the rest', () => {
    expect(['/api', '/api/', '/api/health'].map(isApiPath)).toEqual([true, true, true]);
    expect(['/apiary', '/about/api', '/media/x'].map(isApiPath)).toEqual([false, false, false]);
  });
});
