/**
 * The server-rendered home page: from the rendered-page cache (the normal
 * case), revalidated with If-None-Match, and rendered afresh after a change
 * (React's server render plus the page bundle rebuilt from the database).
 */
import type { BenchCase, BenchContext } from '../harness.js';

const browserHeaders = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export async function cases(ctx: BenchContext): Promise<BenchCase[]> {
  return [
    { name: 'GET / server-rendered, cached (br)', url: '/', headers: browserHeaders, expectStatus: 200 },
    {
      name: 'GET / server-rendered (If-None-Match → 304)',
      setup: async () => {
        const res = await fetch(`${ctx.url}/`, { headers: browserHeaders });
        const etag = res.headers.get('etag');
        if (!res.ok || !etag) throw new Error(`GET / gave ${res.status} without an ETag`);
        return { url: '/', headers: { ...browserHeaders, 'if-none-match': etag } };
      },
      expectStatus: 304,
    },
    {
      name: 'GET / server-rendered, uncached (after a change)',
      measure: async (c) => {
        const times: number[] = [];
        for (let i = 0; i < 40; i++) {
          // A new category drops the rendered pages and the page bundles, as a staff edit does.
          await c.api('POST', '/api/collections/category/documents', { status: 'draft', data: { name: `Bench ${Date.now()}-${i}` } });
          const started = performance.now();
          const res = await fetch(`${c.url}/`, { headers: browserHeaders });
          await res.arrayBuffer();
          times.push(performance.now() - started);
          if (res.status !== 200) throw new Error(`GET / gave ${res.status}`);
        }
        const ms = median(times);
        return { value: Math.round(ms * 100) / 100, unit: 'ms (median of 40)', detail: `≈ ${Math.round(1000 / ms)} renders/s on one connection` };
      },
    },
  ];
}
