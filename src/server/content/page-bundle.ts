/**
 * The page bundle: every published block of one public page, the site
 * settings, the media and the categories those blocks use, in one JSON answer.
 * Built once per page, kept serialised (and compressed on demand) in memory,
 * and dropped when the change bus reports a write that can affect it.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { collectionsOfPage, getCollection, type PublicDocument } from '../../shared/collections.js';
import type { PageBundle } from '../../shared/page-bundle.js';
import type { SiteSettings } from '../../shared/settings.js';
import { getPage, type PageName } from '../../shared/pages.js';
import type { MediaInfo } from '../../shared/media.js';
import { pagesTouchedBy, type ChangeEvent } from '../changes.js';
import type { Db } from '../db/index.js';
import { toMediaInfo } from '../media/presenter.js';
import { toPublicDocument } from './presenters.js';
import { categoryRows, listPublished, mediaRows } from './repository.js';
import { categoryIdsOf, mediaIdsOf } from './references.js';

export type { PageBundle } from '../../shared/page-bundle.js';

export type BundleEncoding = 'br' | 'gzip' | 'identity';

export interface BundleEntry {
  bundle: PageBundle;
  /** The exact bytes sent uncompressed; the ETag is their hash. */
  json: string;
  etag: string;
  /** The strong ETag of one encoding: compressed bytes are a different representation. */
  etagFor(encoding: BundleEncoding): string;
  encoded(encoding: BundleEncoding): Buffer;
}

function makeEntry(bundle: PageBundle): BundleEntry {
  const json = JSON.stringify(bundle);
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 32);
  const etag = `"${hash}"`;
  // Kept as bytes: sending a string would re-encode 20 KB of UTF-8 on every request.
  const identity = Buffer.from(json);
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    bundle,
    json,
    etag,
    etagFor: (encoding) => (encoding === 'identity' ? etag : `"${hash}-${encoding}"`),
    encoded(encoding) {
      // Compressed once per build, not once per request.
      if (encoding === 'br') return (br ??= zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7 } }));
      if (encoding === 'gzip') return (gzip ??= zlib.gzipSync(json, { level: 7 }));
      return identity;
    },
  };
}

/** Upper bound on a bundle's age, should another instance's change notice be lost. */
const MAX_AGE_MS = 5 * 60_000;

export class PageBundleCache {
  private readonly entries = new Map<PageName, Promise<BundleEntry>>();
  private readonly builtAt = new Map<PageName, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly settings: () => Promise<SiteSettings>,
    subscribe: (fn: (event: ChangeEvent) => void) => () => void,
  ) {
    this.unsubscribe = subscribe((event) => this.onChange(event));
  }

  /**
   * The bundle of a page, built at most once until the next relevant change,
   * and at most every 5 minutes even if a change announcement was missed.
   */
  get(name: PageName): Promise<BundleEntry> {
    const builtAt = this.builtAt.get(name);
    if (builtAt !== undefined && Date.now() - builtAt > MAX_AGE_MS) this.entries.delete(name);
    let entry = this.entries.get(name);
    if (!entry) {
      const building = this.build(name).then(makeEntry);
      entry = building;
      this.entries.set(name, building);
      this.builtAt.set(name, Date.now());
      // A failed build must not stick: the next request tries again.
      building.catch(() => {
        if (this.entries.get(name) === building) this.entries.delete(name);
      });
    }
    return entry;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }

  private onChange(event: ChangeEvent): void {
    const touched = pagesTouchedBy(event);
    if (touched === 'all') this.entries.clear();
    else if (touched !== 'none') this.entries.delete(touched);
  }

  private async build(name: PageName): Promise<PageBundle> {
    const page = getPage(name);
    if (!page) throw new Error(`unknown page ${name}`);
    const cols = collectionsOfPage(name);
    const [rows, settings] = await Promise.all([listPublished(this.db.kysely, cols.map((c) => c.name)), this.settings()]);
    const sections: Record<string, PublicDocument[]> = {};
    for (const c of cols) sections[c.name] = [];
    const mediaIds = new Set<string>();
    const categoryIds = new Set<string>();
    for (const row of rows) {
      const doc = toPublicDocument(row);
      sections[row.collection]?.push(doc);
      const c = getCollection(row.collection);
      if (!c) continue;
      for (const ref of mediaIdsOf(c.fields, doc.data)) mediaIds.add(ref.mediaId);
      for (const id of categoryIdsOf(c.fields, doc.data)) categoryIds.add(id);
    }
    if (settings.logo?.mediaId) mediaIds.add(settings.logo.mediaId);
    const [media, categories] = await Promise.all([mediaRows(this.db.kysely, [...mediaIds]), categoryRows(this.db.kysely, [...categoryIds])]);
    const mediaMap: Record<string, MediaInfo> = {};
    for (const m of media.sort((a, b) => a.id.localeCompare(b.id))) mediaMap[m.id] = toMediaInfo(m);
    const categoryMap: Record<string, { id: string; name: string }> = {};
    for (const row of categories.sort((a, b) => a.id.localeCompare(b.id))) {
      const data = JSON.parse(row.data) as { name?: unknown };
      categoryMap[row.id] = { id: row.id, name: typeof data.name === 'string' ? data.name : '' };
    }
    return {
      page: { name: page.name, path: page.path, title: page.title, description: page.description },
      settings,
      sections,
      media: mediaMap,
      categories: categoryMap,
    };
  }
}

/** Picks the best encoding the client accepts (`br`, then `gzip`), honouring `q=0`. */
export function negotiateEncoding(header: string | undefined): BundleEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    accepted.set(token, Number.isFinite(q) ? q : 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Does an If-None-Match header name this bundle, in any encoding? Weak
 * comparison, as RFC 9110 says for GET: the content is the same whichever
 * encoding the client's cached copy had.
 */
export function etagMatches(header: string | undefined, entry: Pick<BundleEntry, 'etagFor'> | string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const known = new Set(typeof entry === 'string' ? [entry] : (['identity', 'gzip', 'br'] as const).map((e) => entry.etagFor(e)));
  return header.split(',').some((t) => known.has(t.trim().replace(/^W\//, '')));
}
