/**
 * The public read path, one pipeline: an address is resolved once into the
 * page and language it shows (or a redirect, gone, nothing); the page's
 * bundle is taken from the bundle cache (bundle.ts) as an object; the server
 * render (src/web/entry-server.tsx) turns it into HTML inside the public
 * template; the rendered-page cache (page-cache.ts) keeps the answer per path
 * and renders it again in the background after a change. JSON is made only
 * for the API's answers (GET /api/pages/...). routes.ts translates HTTP to
 * and from this; docs/architecture.md, "The public read path", draws it.
 */
import { signFormStart } from '../forms/started.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DetailBundle } from '../../shared/page-bundle.js';
import type { EventPlaces } from '../../shared/events.js';
import { AppError } from '../../shared/errors.js';
import { escapeHtml } from '../../shared/html.js';
import { lightPagesVary } from '../../shared/light-pages.js';
import type { PageName } from '../../shared/pages.js';
import type { ChangeBus } from '../changes.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { cachedRepresentation, type CachedRepresentation } from '../http/cached-representation.js';
import type { SettingsService } from '../settings/service.js';
import type { Resolution, SiteStructure } from '../structure/service.js';
import type * as EntryServer from '../../web/entry-server.js';
import type { PublicDataSource, RenderedPage } from '../../web/entry-server.js';
import { loadClientAssets, type ClientAssets } from './assets.js';
import { PageBundleCache, type BundleEntry } from './bundle.js';
import { detailBundle } from './detail-bundle.js';
import { RenderedPages, type Render, type Rendered } from './page-cache.js';
import { sitemapEntries, sitemapXml } from './seo.js';
import { fillTemplate } from './template.js';

/** What the pipeline is built from (app.ts builds it once, with the other services). */
export interface SiteSources {
  config: AppConfig;
  db: Db;
  structure: SiteStructure;
  settings: Pick<SettingsService, 'current'>;
  changes: Pick<ChangeBus, 'subscribe'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The places of an event people register for here (events/service.ts), null for any other block; handed in by app.ts. */
  eventPlaces?: (eventId: string, data: Record<string, unknown>) => Promise<EventPlaces | null>;
}

/** An address resolved: the published page it shows, in the language its prefix names. */
export interface PageAddress {
  page: PageName;
  language: string;
}

/**
 * What is known of a path before it is rendered: a page (resolved), no page
 * (resolved: the not-found page), or a story's or event's own page (a route of
 * its own; no page of the structure is at its address).
 */
export type KnownPath = ({ kind: 'page' } & PageAddress) | { kind: 'none' } | { kind: 'detail' };

/** One request for a public path: its path without the query, whether as light pages, and what the path is. */
export interface SiteRequest {
  path: string;
  light: boolean;
  known: KnownPath;
}

/** A page rendered elsewhere inside the public template (the contact form's answer, a preview). */
export type PublicDocumentRender = (source: PublicDataSource) => Promise<RenderedPage>;

/** At most this many rendered paths are kept (pages plus stories and events). */
const MAX_CACHED = 1000;
const iconLink = '<link rel="icon" href="/logo.svg" type="image/svg+xml">';

/**
 * Light pages (src/shared/light-pages.ts) are kept apart from full ones,
 * under their path with this mark before it (no path starts with a letter).
 */
const lightMark = 'light:';
const keyOf = (request: Pick<SiteRequest, 'path' | 'light'>) => (request.light ? `${lightMark}${request.path}` : request.path);

/**
 * Without JavaScript the menu button and the menus cannot open: the
 * navigation is shown as it is (below 1024 px the header, then tall, scrolls
 * away with the page) and a menu opens while focus is in it. Only in
 * <noscript>, so pages with JavaScript never change layout when they hydrate.
 */
const noScriptStyle = `<noscript><style>
      .nav-toggle { display: none !important; }
      .header-bar { flex-wrap: wrap; }
      .site-nav { display: block; width: 100%; padding-bottom: 8px; }
      .nav-item:focus-within > .submenu { display: block; }
      @media (max-width: 1023.98px) { .site-header { position: static; } }
      @media (min-width: 1024px) { .header-bar { flex-wrap: nowrap; } .site-nav { width: auto; padding: 0; } }
    </style></noscript>`;

/** A resolution as the pipeline carries it. */
export function knownOf(found: Resolution): KnownPath {
  return found.kind === 'page' ? { kind: 'page', page: found.id, language: found.lang } : { kind: 'none' };
}

type Renderer = typeof EntryServer;

export class PublicSite {
  /** The built browser app (null until `npm run build`: public pages then answer 503). */
  readonly assets: ClientAssets | null;
  readonly bundles: PageBundleCache;
  /** Rendered public pages and the sitemap, per path. */
  readonly pages: RenderedPages;
  private renderer: Promise<Renderer> | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly sources: SiteSources) {
    const { db, structure, changes, settings } = sources;
    this.assets = loadClientAssets(sources.config.distDir);
    const secret = sources.config.authSecret;
    this.bundles = new PageBundleCache({
      db,
      structure,
      settings: async () => (await settings.current()).data,
      subscribe: (fn) => changes.subscribe(fn),
      formStart: (formId) => signFormStart(secret, formId),
    });
    this.pages = new RenderedPages(sources.log, (c) => structure.pageOfCollectionNow(c), MAX_CACHED);
    // Subscribed after the bundles: a page is rendered again only once its bundle was dropped.
    this.unsubscribe = changes.subscribe((event) => this.pages.onChange(event));
  }

  close(): void {
    this.unsubscribe();
    this.pages.close();
    this.bundles.close();
  }

  /** What an address means (once per request: the answer is passed down, never looked up again). */
  resolve(pathname: string): Promise<Resolution> {
    return this.sources.structure.resolve(pathname);
  }

  /** The cached bundle of a public page in a language (the default when none is named); unknown page or language → 404. */
  async pageBundle(name: string, lang?: string): Promise<BundleEntry> {
    const { structure } = this.sources;
    const s = await structure.current();
    const language = lang ?? s.languages.defaultLanguage;
    if (!s.languages.languages.some((l) => l.code === language)) throw new AppError('not-found', 'The site has no such language.');
    if (!structure.livePageIn(s, name, language)) throw new AppError('not-found', 'There is no such page.');
    return this.bundles.get(name, language);
  }

  /** The cached bundle of the published page at an address (`/sw/kuhusu`: /kuhusu in Kiswahili), or null. */
  async pageBundleAt(path: string): Promise<BundleEntry | null> {
    const found = await this.resolve(path);
    return found.kind === 'page' ? this.pageBundle(found.id, found.lang) : null;
  }

  /** A story's or event's own page (site/detail-bundle.ts), in the language its address names; no such block: `doc` is null. */
  async detailBundle(collection: string, id: string, lang?: string): Promise<DetailBundle> {
    const { db, structure, settings, eventPlaces, config } = this.sources;
    const bundle = await detailBundle(db, structure, (await settings.current()).data, collection, id, lang);
    // An event's places are read with it: a registration announces a change of its collection, so its page is rendered again.
    const places = bundle.doc && eventPlaces ? await eventPlaces(id, bundle.doc.data) : null;
    return places ? { ...bundle, registration: { places, started: signFormStart(config.authSecret, id) } } : bundle;
  }

  /** The data source of one render, telling the cache which pages it read (stories and events read their page's). */
  private source(read: (page: PageName) => void, light: boolean): PublicDataSource {
    return {
      light,
      page: async (name, lang) => {
        read(name);
        return (await this.pageBundle(name, lang)).bundle;
      },
      pageAt: async (path) => {
        const bundle = (await this.pageBundleAt(path))?.bundle ?? null;
        if (bundle) read(bundle.page.name);
        return bundle;
      },
      detail: (collection, id, lang) => {
        const page = this.sources.structure.pageOfCollectionNow(collection);
        if (page) read(page);
        return this.detailBundle(collection, id, lang);
      },
      publicUrl: () => this.sources.config.publicUrl,
      formStart: (formId) => signFormStart(this.sources.config.authSecret, formId),
    };
  }

  private render(): Promise<Renderer> {
    // Loaded on the first render, not at import time: a server that never renders a page never loads React.
    return (this.renderer ??= import('../../web/entry-server.js'));
  }

  /** The public template around a rendered page. */
  private documentOf(template: string, page: RenderedPage): string {
    return fillTemplate(template, {
      '<html lang="en">': `<html lang="${escapeHtml(page.lang ?? 'en')}"${page.dir === 'rtl' ? ' dir="rtl"' : ''}>`,
      '<!--app-head-->': `${page.head}\n    ${iconLink}\n    ${noScriptStyle}`,
      '<!--app-html-->': page.html,
    });
  }

  /**
   * Renders one path into a representation (kept when it is a found page).
   * The first render of a request uses what the request resolved; a render
   * again after a change resolves the path anew (the page may have moved).
   */
  private renderOf(request: SiteRequest): Render {
    let known: KnownPath | null = request.known;
    return async (_key, read) => {
      const assets = this.assets;
      if (!assets) throw new Error('the browser app is not built');
      const now = known ?? knownOf(await this.resolve(request.path));
      if (request.known.kind !== 'detail') known = null;
      // Handed to the render as it is read: should it fail, the page's loader fails with it (the site's 500 page, logged below).
      const bundle =
        now.kind === 'page'
          ? this.pageBundle(now.page, now.language).then(({ bundle: b }) => {
              read(b.page.name);
              return b;
            })
          : null;
      bundle?.catch(() => undefined);
      const { render } = await this.render();
      const result = await render({ url: `${this.sources.config.publicUrl}${request.path}`, bundle, source: this.source(read, request.light) });
      if (result.kind === 'redirect') return result;
      for (const err of result.errors) this.sources.log.error({ err, path: request.path }, 'rendering a public page failed');
      const html = this.documentOf(assets.publicTemplate, result);
      const representation = cachedRepresentation('text/html; charset=utf-8', html, { status: result.status, vary: lightPagesVary, ...(result.lang ? { language: result.lang } : {}) });
      return { kind: 'page', representation, keep: result.status === 200 && result.found } satisfies Rendered;
    };
  }

  /** A public path's answer: the kept copy, or the one render of it (null while the browser app is not built). */
  page(request: SiteRequest): CachedRepresentation | Promise<Rendered> | null {
    if (!this.assets) return null;
    return this.pages.get(keyOf(request), this.renderOf(request));
  }

  /** The kept copy of a path when it can be sent as it is (the fast lane's look-up). */
  ready(path: string, light: boolean): CachedRepresentation | null {
    return this.assets ? this.pages.ready(keyOf({ path, light })) : null;
  }

  /** A deleted page's address: the not-found page, answered 410 Gone so search engines forget it (never kept). */
  async gone(request: Omit<SiteRequest, 'known'>): Promise<Rendered | null> {
    if (!this.assets) return null;
    const rendered = await this.renderOf({ ...request, known: { kind: 'none' } })(keyOf(request), () => undefined);
    if (rendered.kind === 'redirect') return rendered;
    const representation = cachedRepresentation('text/html; charset=utf-8', rendered.representation.encoded('identity'), { status: 410, vary: lightPagesVary });
    return { kind: 'page', representation, keep: false };
  }

  /** /sitemap.xml, kept like a page, from every published page's blocks. */
  sitemap(): CachedRepresentation | Promise<Rendered> {
    return this.pages.get('/sitemap.xml', async (_path, read) => {
      const { config, structure } = this.sources;
      const representation = cachedRepresentation('application/xml; charset=utf-8', sitemapXml(config.publicUrl, await sitemapEntries(this.source(read, false), await structure.livePages())));
      return { kind: 'page', representation, keep: true };
    });
  }

  /** The SPA shell for staff paths. */
  shell(): string | null {
    if (!this.assets) return null;
    return fillTemplate(this.assets.template, { '<!--app-head-->': `<title>Content manager</title>\n    <meta name="robots" content="noindex">\n    ${iconLink}`, '<!--app-html-->': '' });
  }

  /**
   * A page rendered with the given function inside the public template
   * (`light`: as light pages): the contact form's answer without JavaScript
   * (src/server/functions/contact-page.ts), a preview. Null while the browser app is not built.
   */
  async document(renderBody: PublicDocumentRender, light = false): Promise<{ status: number; html: string } | null> {
    if (!this.assets) return null;
    const page = await renderBody(this.source(() => undefined, light));
    return { status: page.status, html: this.documentOf(this.assets.publicTemplate, page) };
  }
}
