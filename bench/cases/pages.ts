/** The page bundle API (what the public pages' loaders fetch in the browser), and the health check. */
import type { BenchCase } from '../harness.js';

export function cases(): BenchCase[] {
  return [
    {
      name: 'GET /api/pages/home (page bundle, br)',
      target: () => ({ path: '/api/pages/home', headers: { 'accept-encoding': 'br' } }),
      expectStatus: 200,
      compare: true,
      goal: { bare: 0.8 },
    },
    {
      name: 'GET /api/health',
      // One database round trip (`select 1`) on every call: it proves the database answers.
      target: () => ({ path: '/api/health' }),
      expectStatus: 200,
      compare: true,
    },
  ];
}
