/**
 * The public site and the built app: hashed static assets with a long cache,
 * server-rendered public pages (kept per path in the rendered-page cache,
 * page-cache.ts: one render per change, the previous version served while the
 * next renders), the SPA shell for staff paths, the not-found page with HTTP
 * 404, /sitemap.xml and /robots.txt. No hook of the API runs here: pages
 * answer from memory with the security headers and one log line.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { PageName } from '../../shared/pages.js';
import { routeTable } from '../../shared/routes.js';
import { sectionCollectionOfPath } from '../../shared/registry-index.js';
import { AppError } from '../../shared/errors.js';
import { sendError } from '../plugins/errors.js';
import {
  cachedRepresentation,
  readyRepresentation,
  requestHeader,
  revalidateEveryTime,
  sendRepresentation as sendCached,
  type CachedRepresentation as CachedResponse,
} from '../http/cached-representation.js';
import type { PublicDataSource, RenderedPage } from '../../web/entry-server.js';
import { loadClientAssets, type ClientAssets } from './assets.js';
import { serverDataSource } from './data-source.js';
import { RenderedPages, type Render, type Rendered } from './page-cache.js';
import { robotsTxt, sitemapEntries, sitemapXml } from './seo.js';
import { logoSvg } from './logo.js';
import { apiPaths, isApiPath } from '../../shared/api-paths.js';
import { escapeHtml } from '../../shared/html.js';
import { splitLanguage } from '../../shared/languages.js';
import { lightPagesBack, lightPagesPath, lightPagesSetCookie, lightPagesVary, wantsLightPages } from '../../shared/light-pages.js';
import { redirectLocation, sitePageCollection } from '../../shared/site-structure.js';
import { authorize } from '../authorize.js';
import { PageWeigher } from './weighing.js';
import { fillTemplate } from './template.js';

/** At most this many rendered paths are kept (pages plus stories and events). */
const MAX_CACHED = 1000;
const iconLink = '<link rel="icon" href="/logo.svg" type="image/svg+xml">';

/**
 * Light pages (src/shared/light-pages.ts) are kept apart from full ones,
 * under their path with this mark before it (no path starts with a letter).
 */
const lightMark = 'light:';
const keyOf = (pathname: string, light: boolean) => (light ? `${lightMark}${pathname}` : pathname);

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

async function render(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  // The light-pages cookie is `__Host-light` on an https site.
  const secure = config.publicUrl.startsWith('https:');
  const assets: ClientAssets | null = loadClientAssets(config.distDir);
  if (!assets) app.log.warn({ distDir: config.distDir }, 'the browser app is not built: public pages answer 503 until `npm run build`');
  // Loaded here, not at import time: the React renderer is only needed when pages are served.
  const { render: renderToHtml } = await import('../../web/entry-server.js');
  const source = serverDataSource(app);
  const { structure } = app.services;

  /** The data source of one render, telling the cache which pages it read (stories and events read their page's). */
  function tracked(read: (page: PageName) => void, light = false): PublicDataSource {
    return {
      light,
      page: (name, lang) => {
        read(name);
        return source.page(name, lang);
      },
      pageAt: async (path) => {
        const bundle = await source.pageAt(path);
        if (bundle) read(bundle.page.name);
        return bundle;
      },
      detail: (collection, id, lang) => {
        const page = structure.pageOfCollectionNow(collection);
        if (page) read(page);
        return source.detail(collection, id, lang);
      },
      publicUrl: source.publicUrl,
    };
  }

  const pages = new RenderedPages(app.log, (c) => structure.pageOfCollectionNow(c), MAX_CACHED);
  const unsubscribe = app.services.changes.subscribe((event) => pages.onChange(event));
  // An editor's save answers once the pages it changed are rendered again (http/after-writes.ts).
  if (app.hasDecorator('afterWrites')) app.afterWrites.add(() => pages.caughtUp());
  app.addHook('onClose', async () => {
    unsubscribe();
    pages.close();
  });

  if (assets) {
    // Built files are compressed per request in their own scope; browsers keep them for a year.
    await app.register(async (files) => {
      await files.register(compress, { threshold: 1024 });
      await files.register(fastifyStatic, {
        root: path.resolve(config.distDir, 'client', 'assets'),
        prefix: '/assets/',
        // File names carry their content hash: safe to cache for a year.
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
      });
    });
  }

  const unavailable = (reply: FastifyReply) => sendError(reply, new AppError('unavailable', 'The site is not built yet.'));

  /** The public template around a rendered page. */
  const documentOf = (template: string, page: RenderedPage) =>
    fillTemplate(template, {
      '<html lang="en">': `<html lang="${escapeHtml(page.lang ?? 'en')}"${page.dir === 'rtl' ? ' dir="rtl"' : ''}>`,
      '<!--app-head-->': `${page.head}\n    ${iconLink}\n    ${noScriptStyle}`,
      '<!--app-html-->': page.html,
    });
  // For pages rendered elsewhere: the contact form's answer without JavaScript (src/server/functions/contact-page.ts).
  app.decorate('publicDocument', async (renderBody: PublicDocumentRender, light = false) => {
    if (!assets) return null;
    const page = await renderBody(light ? { ...source, light } : source);
    return { status: page.status, html: documentOf(assets.publicTemplate, page) };
  });

  /** Renders one path of the public site (a key: light pages have theirs) into a representation (kept when it is a found page). */
  const renderPath: Render = async (key, read) => {
    if (!assets) throw new Error('the browser app is not built');
    const light = key.startsWith(lightMark);
    const pathname = light ? key.slice(lightMark.length) : key;
    const result = await renderToHtml(new Request(`${config.publicUrl}${pathname}`, { headers: { accept: 'text/html' } }), tracked(read, light));
    if (result.kind === 'redirect') return result;
    for (const err of result.errors) app.log.error({ err, path: pathname }, 'rendering a public page failed');
    const html = documentOf(assets.publicTemplate, result);
    const representation = cachedRepresentation('text/html; charset=utf-8', html, { status: result.status, vary: lightPagesVary, ...(result.lang ? { language: result.lang } : {}) });
    return { kind: 'page', representation, keep: result.status === 200 && result.found } satisfies Rendered;
  };

  async function send(request: FastifyRequest, reply: FastifyReply, answer: CachedResponse | Promise<Rendered>): Promise<FastifyReply> {
    if (!(answer instanceof Promise)) return sendCached(request, reply, answer, revalidateEveryTime);
    const rendered = await answer;
    if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    const { representation } = rendered;
    return sendCached(request, reply, representation, representation.status === 200 ? revalidateEveryTime : 'no-cache');
  }

  /** The path without the query: what the page is kept under. */
  function pathOf(url: string): string {
    const q = url.indexOf('?');
    return q < 0 ? url : url.slice(0, q);
  }

  const wantsLight = (request: FastifyRequest) => wantsLightPages(requestHeader(request, 'save-data'), requestHeader(request, 'cookie'), secure);

  function renderPage(request: FastifyRequest, reply: FastifyReply, pathname = pathOf(request.url)): Promise<FastifyReply> | FastifyReply {
    if (!assets) return unavailable(reply);
    return send(request, reply, pages.get(keyOf(pathname, wantsLight(request)), renderPath));
  }

  /**
   * A story's or an event's own page, at its one address: `/news/%61bc` and the like
   * (the same id spelt otherwise) answer 301 to the address the site links to, so
   * they are neither rendered nor kept apart and cannot push real pages out of the cache.
   */
  function renderDetail(request: FastifyRequest, reply: FastifyReply, pattern: string): Promise<FastifyReply> | FastifyReply {
    const params = request.params as Record<string, string>;
    const canonical = pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
    const pathname = pathOf(request.url);
    if (pathname !== canonical) return reply.header('cache-control', 'public, max-age=300').redirect(`${canonical}${request.url.slice(pathname.length)}`, 301);
    return renderPage(request, reply, pathname);
  }

  // Kept pages and the sitemap, fresh and untouched since they were rendered, before Fastify's routing.
  // Keys are paths: a URL with a query string never matches one and goes through the routes below.
  app.fastLane.add('/', (url, headers) => {
    const kept = assets ? pages.ready(keyOf(url, wantsLightPages(headers.saveData, headers.cookie, secure))) : null;
    return kept ? readyRepresentation(app.fastLane, headers, kept, revalidateEveryTime) : null;
  });

  /** A deleted page's address: the not-found page, answered 410 Gone so search engines forget it. */
  async function renderGone(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<FastifyReply> {
    if (!assets) return unavailable(reply);
    const rendered = await renderPath(keyOf(pathname, wantsLight(request)), () => undefined);
    if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    const gone = cachedRepresentation('text/html; charset=utf-8', rendered.representation.encoded('identity'), { status: 410, vary: lightPagesVary });
    return sendCached(request, reply, gone, 'no-cache');
  }

  let shell: CachedResponse | null = null;
  function sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (!assets) return unavailable(reply);
    shell ??= cachedRepresentation(
      'text/html; charset=utf-8',
      fillTemplate(assets.template, { '<!--app-head-->': `<title>Content manager</title>\n    <meta name="robots" content="noindex">\n    ${iconLink}`, '<!--app-html-->': '' }),
    );
    return sendCached(request, reply, shell, 'no-store');
  }

  // Pages are data (structure/service.ts): their addresses are resolved in the not-found handler below.
  for (const r of routeTable) {
    if (r.kind === 'detail') {
      app.get(r.path, (request, reply) => renderDetail(request, reply, r.path));
      // In another language (`/sw/news/:id`): the page there answers 404 when the prefix is no language of the site or the block is not translated.
      app.get(`/:lang${r.path}`, (request, reply) => renderDetail(request, reply, `/:lang${r.path}`));
    }
    else if (r.kind !== 'not-found') app.get(r.path, sendShell);
  }

  // Every page's blocks feed the sitemap: it is kept like a page, from all of them.
  const sitemap: Render = async (_path, read) => {
    const representation = cachedRepresentation('application/xml; charset=utf-8', sitemapXml(config.publicUrl, await sitemapEntries(tracked(read), await structure.livePages())));
    return { kind: 'page', representation, keep: true };
  };
  app.get('/sitemap.xml', (request, reply) => send(request, reply, pages.get('/sitemap.xml', sitemap)));

  // Kept per structure: a page's new address changes which rules must end with `$`.
  let robots: { snapshot: object; representation: CachedResponse } | null = null;
  app.get('/robots.txt', async (request, reply) => {
    const snapshot = await structure.current();
    if (robots?.snapshot !== snapshot) robots = { snapshot, representation: cachedRepresentation('text/plain; charset=utf-8', robotsTxt(config.publicUrl, await structure.livePages())) };
    return sendCached(request, reply, robots.representation, 'public, max-age=3600');
  });
  // The footer's switch: the visitor's choice in a cookie (no script needed), then back to the page.
  // `back` is checked by lightPagesBack (anything else, given twice included, returns home).
  const lightQuery = z.object({ on: z.string().optional(), off: z.string().optional(), back: z.unknown() });
  app.get(lightPagesPath, async (request, reply) => {
    const query = lightQuery.safeParse(request.query);
    if (!query.success || (query.data.on === undefined) === (query.data.off === undefined)) {
      return sendError(reply, new AppError('invalid-argument', 'Say ?on or ?off: whether to show light pages.', { field: 'on' }));
    }
    reply.header('set-cookie', lightPagesSetCookie(query.data.on !== undefined, secure));
    return reply.header('cache-control', 'no-store').redirect(lightPagesBack(query.data.back), 303);
  });

  // What each published page costs a visitor on a phone (weighing.ts), for the Pages screen: staff who see drafts.
  // Weighed in the background after each change (a page, a picture, the settings' budget); each request answers at once.
  const weigher = assets ? new PageWeigher(app, { app, islandScripts: assets.islandScripts, known: new Map() }, config.pageWeightBrowser ?? null) : null;
  const forgetWeights = app.services.changes.subscribe(() => weigher?.changed());
  app.addHook('onClose', async () => {
    forgetWeights();
    await weigher?.close();
  });
  app.get(apiPaths.site.pageWeights, async (request, reply) => {
    authorize(request.principal, 'readDrafts', { type: 'collection', name: sitePageCollection });
    if (!weigher) return unavailable(reply);
    return reply.header('cache-control', 'no-store').send(await weigher.answer());
  });

  const logo = cachedRepresentation('image/svg+xml', logoSvg);
  app.get('/logo.svg', async (request, reply) => sendCached(request, reply, logo, 'public, max-age=86400'));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    if (isApiPath(pathname) || pathname.startsWith('/media/') || pathname.startsWith('/assets/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, new AppError('not-found', 'No such endpoint.'));
    }
    // The list and form screens of a section's collection (`/s-…`, `/s-…-form/:id`): names are data, so no route is declared for them.
    if (sectionCollectionOfPath(pathname)) return sendShell(request, reply);
    // Old addresses and a trailing slash (`/about/` → `/about`) lead to the final address in one hop, keeping the query string.
    const found = await structure.resolve(pathname);
    if (found.kind === 'page') return renderPage(request, reply, pathname);
    if (found.kind === 'redirect' || found.kind === 'gone') {
      if (found.redirectId) structure.countRedirect(found.redirectId);
      if (found.kind === 'redirect') return reply.header('cache-control', 'public, max-age=300').redirect(redirectLocation(found.location, request.url.slice(pathOf(request.url).length)), 301);
      return renderGone(request, reply, pathname);
    }
    if (request.method === 'GET') {
      // Counted in the language its prefix names (`/sw/…` is Kiswahili), at its path within that language.
      const missing = splitLanguage(pathname, await structure.languages());
      structure.countNotFound(missing.path, missing.lang);
    }
    return renderPage(request, reply, pathname);
  });
}

type PublicDocumentRender = (source: PublicDataSource) => Promise<RenderedPage>;
declare module 'fastify' {
  interface FastifyInstance {
    /** A page rendered with the given function inside the public template (`light`: as light pages); null while the browser app is not built. */
    publicDocument?: (render: PublicDocumentRender, light?: boolean) => Promise<{ status: number; html: string } | null>;
  }
}

/** Registered at the root (not encapsulated): it owns the not-found handler of the whole server. */
export const renderRoutes = fp(render, { name: 'render', dependencies: ['content'] });
