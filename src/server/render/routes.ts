/**
 * The public site and the built app: hashed static assets with a long cache,
 * server-rendered public pages (cached per path, dropped on any content,
 * media or settings change), the SPA shell for staff paths, the not-found
 * page with HTTP 404, /sitemap.xml and /robots.txt.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { routeTable } from '../../shared/routes.js';
import { pagesTouchedBy } from '../changes.js';
import { AppError } from '../../shared/errors.js';
import { sendError } from '../plugins/errors.js';
import {
  cachedRepresentation,
  isFresh,
  revalidateEveryTime,
  sendRepresentation as sendCached,
  type CachedRepresentation as CachedResponse,
} from '../http/cached-representation.js';
import { loadClientAssets, type ClientAssets } from './assets.js';
import { serverDataSource } from './data-source.js';
import { robotsTxt, sitemapEntries, sitemapXml } from './seo.js';
import { logoSvg } from './logo.js';

/** At most this many rendered paths are kept (pages plus stories and events). */
const MAX_CACHED = 1000;
const iconLink = '<link rel="icon" href="/logo.svg" type="image/svg+xml">';

/**
 * Without JavaScript the menu button and the menus cannot open: the
 * navigation is shown as it is and a menu opens while focus is in it. Only in
 * <noscript>, so pages with JavaScript never change layout when they hydrate.
 */
const noScriptStyle = `<noscript><style>
      .nav-toggle { display: none !important; }
      .header-bar { flex-wrap: wrap; }
      .site-nav { display: block; width: 100%; padding-bottom: 8px; }
      .nav-item:focus-within > .submenu { display: block; }
      @media (min-width: 1024px) { .header-bar { flex-wrap: nowrap; } .site-nav { width: auto; padding: 0; } }
    </style></noscript>`;

async function render(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const assets: ClientAssets | null = loadClientAssets(config.distDir);
  if (!assets) app.log.warn({ distDir: config.distDir }, 'the browser app is not built: public pages answer 503 until `npm run build`');
  // Loaded here, not at import time: the React renderer is only needed when pages are served.
  const { render: renderToHtml } = await import('../../web/entry-server.js');
  const source = serverDataSource(app);

  const cache = new Map<string, CachedResponse>();
  // Any change a visitor could see drops every rendered page: a page's blocks also
  // feed the sitemap, and story and event pages are built from their page's bundle.
  const unsubscribe = app.services.changes.subscribe((event) => {
    if (pagesTouchedBy(event) !== 'none') cache.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  if (assets) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.distDir, 'client', 'assets'),
      prefix: '/assets/',
      // File names carry their content hash: safe to cache for a year.
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
    });
  }

  const unavailable = (reply: FastifyReply) => sendError(reply, new AppError('unavailable', 'The site is not built yet.'));

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!assets) return unavailable(reply);
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const hit = cache.get(pathname);
    if (hit && isFresh(hit)) {
      return sendCached(request, reply, hit, revalidateEveryTime);
    }
    const result = await renderToHtml(new Request(`${config.publicUrl}${pathname}`, { headers: { accept: 'text/html' } }), source);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    for (const err of result.errors) request.log.error({ err, path: pathname }, 'rendering a public page failed');
    const html = assets.publicTemplate
      .replace('<!--app-head-->', `${result.head}\n    ${iconLink}\n    ${noScriptStyle}`)
      .replace('<!--app-html-->', result.html)
      .replace('</body>', `${result.data}\n  </body>`);
    const response = cachedRepresentation('text/html; charset=utf-8', html, { status: result.status });
    if (result.status === 200 && result.found) {
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(pathname, response);
    }
    return sendCached(request, reply, response, result.status === 200 ? revalidateEveryTime : 'no-cache');
  }

  let shell: CachedResponse | null = null;
  function sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (!assets) return unavailable(reply);
    shell ??= cachedRepresentation(
      'text/html; charset=utf-8',
      assets.template.replace('<!--app-head-->', `<title>Content manager</title>\n    <meta name="robots" content="noindex">\n    ${iconLink}`).replace('<!--app-html-->', ''),
    );
    return sendCached(request, reply, shell, 'no-store');
  }

  for (const r of routeTable) {
    if (r.kind === 'public' || r.kind === 'detail') app.get(r.path, renderPage);
    else if (r.kind !== 'not-found') app.get(r.path, sendShell);
  }

  app.get('/sitemap.xml', async (request, reply) => {
    let hit = cache.get('/sitemap.xml');
    if (!hit || !isFresh(hit)) {
      hit = cachedRepresentation('application/xml; charset=utf-8', sitemapXml(config.publicUrl, await sitemapEntries(source)));
      cache.set('/sitemap.xml', hit);
    }
    return sendCached(request, reply, hit, revalidateEveryTime);
  });

  const robots = cachedRepresentation('text/plain; charset=utf-8', robotsTxt(config.publicUrl));
  app.get('/robots.txt', async (request, reply) => sendCached(request, reply, robots, 'public, max-age=3600'));
  const logo = cachedRepresentation('image/svg+xml', logoSvg);
  app.get('/logo.svg', async (request, reply) => sendCached(request, reply, logo, 'public, max-age=86400'));

  const publicPaths = new Set(routeTable.filter((r) => r.kind === 'public').map((r) => r.path));
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/') || pathname.startsWith('/assets/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, new AppError('not-found', 'No such endpoint.'));
    }
    // One address per page: `/about/` → `/about`.
    const trimmed = pathname.replace(/\/+$/, '');
    if (trimmed !== pathname && publicPaths.has(trimmed)) return reply.redirect(trimmed, 301);
    return renderPage(request, reply);
  });
}

/** Registered at the root (not encapsulated): it owns the not-found handler of the whole server. */
export const renderRoutes = fp(render, { name: 'render', dependencies: ['content'] });
