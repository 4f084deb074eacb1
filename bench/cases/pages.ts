/** The public site's hot path: the home page bundle, fresh and revalidated with If-None-Match. */
import type { BenchCase, BenchContext } from '../harness.js';

export async function cases(ctx: BenchContext): Promise<BenchCase[]> {
  return [
    { name: 'GET /api/pages/home', url: '/api/pages/home', expectStatus: 200 },
    // What a browser sends: the bundle goes out pre-compressed, never compressed per request.
    { name: 'GET /api/pages/home (br, as browsers ask)', url: '/api/pages/home', headers: { 'accept-encoding': 'br, gzip' }, expectStatus: 200 },
    {
      name: 'GET /api/pages/home (If-None-Match → 304)',
      setup: async () => {
        const res = await fetch(`${ctx.url}/api/pages/home`);
        const etag = res.headers.get('etag');
        if (!res.ok || !etag) throw new Error(`GET /api/pages/home gave ${res.status} without an ETag`);
        return { url: '/api/pages/home', headers: { 'if-none-match': etag } };
      },
      expectStatus: 304,
    },
  ];
}
