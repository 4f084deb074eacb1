/** Shared steps of the public-site browser tests: API calls as a visitor or with a staff token. */
import type { RunningServer } from './helpers/fixture.js';
import type { PublicDocument } from '../src/shared/collections.js';
import { seedPages as pages } from '../src/server/structure/default-pages.js';

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

export const publicPages = pages.map((p) => ({ name: p.id, path: p.path, title: p.title }));

/** The JSON-LD objects of a document's head. */
export function jsonLdTypes(blocks: string[]): string[] {
  return blocks.map((b) => (JSON.parse(b) as { '@type': string })['@type']);
}

/**
 * An init script (context.addInitScript) that records, in
 * `window.hydrationChanges`, every change hydration made to an island's
 * server markup (a node replaced, text rewritten) before the island is
 * marked `data-hydrated` (set right after it hydrates). A hydration that
 * matched the server's HTML records nothing. What the islands do later
 * (a slide changing, an icon swapped) is not counted. React's `<!-- -->`
 * text separators are left out, and so is what it drops from a `<noscript>`
 * (with scripts on, its content is text that is never drawn).
 */
export function watchIslandHydration(): void {
  const changes: string[] = [];
  (window as unknown as { hydrationChanges: string[] }).hydrationChanges = changes;
  const hydrated = new Set<Node>();
  const describe = (n: Node) => `${n.nodeName} "${(n.textContent ?? '').slice(0, 40)}"`;
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        hydrated.add(r.target);
        continue;
      }
      const element = r.target instanceof Element ? r.target : r.target.parentElement;
      const island = element?.closest('[data-island]');
      if (!island || hydrated.has(island)) continue;
      // With scripts on, a <noscript>'s content is one text node that is never drawn: React drops it when it hydrates.
      if (element?.nodeName === 'NOSCRIPT') continue;
      if (r.type === 'characterData') changes.push(`text "${r.oldValue ?? ''}" became "${r.target.textContent ?? ''}"`);
      // A node that did not match is replaced: the server's node is removed (added nodes are the parser's, too).
      for (const n of r.removedNodes) if (n.nodeType !== Node.COMMENT_NODE) changes.push(`removed ${describe(n)}`);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true, characterDataOldValue: true, attributes: true, attributeFilter: ['data-hydrated'] });
}
