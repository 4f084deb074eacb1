/** Shared steps of the public-site browser tests: API calls as a visitor or with a staff token. */
import type { RunningServer } from './helpers/fixture.js';
import type { PublicDocument } from '../src/shared/collections.js';
import { pages } from '../src/shared/pages.js';

export interface Bundle {
  page: { name: string; path: string; title: string };
  sections: Record<string, PublicDocument[]>;
}

export async function bundleOf(server: RunningServer, page: string): Promise<Bundle> {
  const res = await fetch(`${server.url}/api/pages/${page}`);
  if (!res.ok) throw new Error(`GET /api/pages/${page}: ${res.status}`);
  return (await res.json()) as Bundle;
}

export async function staffApi<T>(server: RunningServer, token: string, path: string, init: { method?: string; body?: unknown; ifMatch?: number } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.ifMatch !== undefined) headers['if-match'] = String(init.ifMatch);
  const res = await fetch(`${server.url}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const publicPages = pages.map((p) => ({ name: p.name, path: p.path, title: p.title }));

/** The JSON-LD objects of a document's head. */
export function jsonLdTypes(blocks: string[]): string[] {
  return blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
}
