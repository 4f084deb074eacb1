/**
 * The public site's HTTP side (the pipeline itself is pipeline.ts): hashed
 * static assets with a long cache, a route for every public page (pages are
 * data: one route takes every address the others do not, resolves it once
 * and hands the answer down), stories' and events' own pages, the SPA shell
 * for staff paths, the not-found page with HTTP 404, /sitemap.xml,
 * /robots.txt and the page bundles' JSON (GET /api/pages/...). No hook of the
 * API runs for pages: they answer from memory with the security headers and
 * one log line.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { z } from 'zod';
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
import type { Rendered } from './page-cache.js';
import { knownOf, type SiteRequest } from './pipeline.js';
import { robotsTxt } from './seo.js';
import { logoSvg } from './logo.js';
import { apiPaths, isApiPath } from '../../shared/api-paths.js';
import { langQuerySchema, splitLanguage } from '../../shared/languages.js';
import { lightPagesBack, lightPagesPath, lightPagesSetCookie, wantsLightPages } from '../../shared/light-pages.js';
import { redirectLocation } from '../../shared/site-structure.js';
import { clientAddressOf } from '../http/client-address.js';
import { builtFileCompression } from '../http/compression.js';

const pageParams = z.object({ page: z.string().min(1).max(100) });
const detailParams = z.object({ name: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const pathQuery = z.object({ path: z.string().min(1).max(500) });
/** A campaign's name as the visit counts keep it: printable, at most 100 characters (anything else, or a name given twice, is no campaign). */
const campaignName = z
  .string()
  .transform((v) => v.replace(/\p{Cc}/gu, '').trim().slice(0, 100))
  .optional()
  .catch(undefined);
const campaignQuery = z.object({ utm_source: campaignName, utm_campaign: campaignName });


/** The path without the query: what the page is kept under. */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

async function site(app: FastifyInstance): Promise<void> {
  const { config, site: pipeline, structure, visits } = app.services;
  // The light-pages cookie is `__Host-light` on an https site.
  const secure = config.publicUrl.startsWith('https:');
  const { assets } = pipeline;
  if (!assets) app.log.warn({ distDir: config.distDir }, 'the browser app is not built: public pages answer 503 until `npm run build`');

  // An editor's save answers once the pages it changed are rendered again (http/after-writes.ts).
  if (app.hasDecorator('afterWrites')) app.afterWrites.add(() => pipeline.pages.caughtUp());

  /** Anything no route of the server declares: `No such endpoint.` (API, media and asset paths, other methods). */
  const noSuchEndpoint = (reply: FastifyReply) => sendError(reply, new AppError('not-found', 'No such endpoint.'));

  if (assets) {
    // Built files are sent as the brotli or gzip copy the build made of each (scripts/precompress.mjs), as the
    // browser accepts; what has no copy (source maps) is compressed per request in this scope. Browsers keep them for a year.
    // Only the names the build made are served, a name that is none of them answered without touching the disk
    // (@fastify/static's own wildcard route read the folder's listing on every request to check the spelling;
    // a route per file cost a third of a second at every start).
    await app.register(async (files) => {
      await files.register(compress, builtFileCompression);
      await files.register(fastifyStatic, {
        root: assets.dir,
        serve: false,
        preCompressed: true,
        // File names carry their content hash: safe to cache for a year.
        immutable: true,
        maxAge: '365d',
        index: false,
      });
      files.get('/assets/*', (request, reply) => {
        const name = (request.params as { '*': string })['*'];
        return assets.files.has(name) ? reply.sendFile(name) : noSuchEndpoint(reply);
      });
    });
  }

  const unavailable = (reply: FastifyReply) => sendError(reply, new AppError('unavailable', 'The site is not built yet.'));

  /** Sends the answer; `view`: the address to count as a view when the answer is the page itself (whole or not modified). */
  async function send(request: FastifyRequest, reply: FastifyReply, answer: CachedResponse | Promise<Rendered> | Rendered | null, view?: string): Promise<FastifyReply> {
    if (answer === null) return unavailable(reply);
    if ('encoded' in answer) {
      if (view !== undefined && answer.status === 200) countView(request, view);
      return sendCached(request, reply, answer, revalidateEveryTime);
    }
    const rendered = await answer;
    if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    const { representation } = rendered;
    if (view !== undefined && representation.status === 200) countView(request, view);
    return sendCached(request, reply, representation, representation.status === 200 ? revalidateEveryTime : 'no-cache');
  }

  const wantsLight = (request: FastifyRequest) => wantsLightPages(requestHeader(request, 'save-data'), requestHeader(request, 'cookie'), secure);
  const siteRequest = (request: FastifyRequest, pathname: string, known: SiteRequest['known']): SiteRequest => ({ path: pathname, light: wantsLight(request), known });

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
    return send(request, reply, pipeline.page(siteRequest(request, pathname, { kind: 'detail' })), pathname);
  }

  // Kept pages and the sitemap, fresh and untouched since they were rendered, before Fastify's routing.
  // Keys are paths: a URL with a query string never matches one and goes through the routes below.
  // The visitor's address as request.ip would have it, for the views the fast lane answers.
  const clientAddress = clientAddressOf(config.trustProxy);
  // Each page answered there is a view (visits/counter.ts): a Map increment, nothing kept of who asked past the next second.
  app.fastLane.add('/', (url, headers, connection) => {
    const kept = pipeline.ready(url, wantsLightPages(headers.saveData, headers.cookie, secure));
    if (!kept) return null;
    const answer = readyRepresentation(app.fastLane, headers, kept, revalidateEveryTime);
    if (answer && kept.status === 200 && kept.type.startsWith('text/html')) {
      visits.counter.count(url, clientAddress(connection.remoteAddress, headers.forwardedFor), headers.userAgent, headers.referer, headers.cookie);
    }
    return answer;
  });

  /** A page answered through the routes (rendered, or kept and asked for with a query string). */
  function countView(request: FastifyRequest, pathname: string): void {
    if (request.method !== 'GET') return;
    const query = campaignQuery.safeParse(request.query);
    const h = request.headers;
    visits.counter.count(pathname, request.ip, h['user-agent'], h.referer, h.cookie, query.data?.utm_source, query.data?.utm_campaign);
  }

  let shell: CachedResponse | null = null;
  function sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const html = shell ? null : pipeline.shell();
    if (!shell && html === null) return unavailable(reply);
    shell ??= cachedRepresentation('text/html; charset=utf-8', html!);
    return sendCached(request, reply, shell, 'no-store');
  }

  for (const r of routeTable) {
    if (r.kind === 'detail') {
      app.get(r.path, (request, reply) => renderDetail(request, reply, r.path));
      // In another language (`/sw/news/:id`): the page there answers 404 when the prefix is no language of the site or the block is not translated.
      app.get(`/:lang${r.path}`, (request, reply) => renderDetail(request, reply, `/:lang${r.path}`));
    }
    else if (r.kind !== 'not-found') app.get(r.path, sendShell);
  }

  /**
   * Every public page: pages are data (structure/service.ts), so one route takes
   * every address no other route declares. The address is resolved here, once;
   * what it means is handed to the pipeline with it.
   */
  app.get('/*', async (request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    if (isApiPath(pathname) || pathname.startsWith('/media/') || pathname.startsWith('/assets/')) return noSuchEndpoint(reply);
    // The list and form screens of a section's collection (`/s-…`, `/s-…-form/:id`): names are data, so no route is declared for them.
    if (sectionCollectionOfPath(pathname)) return sendShell(request, reply);
    // Old addresses and a trailing slash (`/about/` → `/about`) lead to the final address in one hop, keeping the query string.
    const found = await pipeline.resolve(pathname);
    if (found.kind === 'redirect' || found.kind === 'gone') {
      if (found.redirectId) structure.countRedirect(found.redirectId);
      if (found.kind === 'redirect') return reply.header('cache-control', 'public, max-age=300').redirect(redirectLocation(found.location, request.url.slice(pathOf(request.url).length)), 301);
      const gone = await pipeline.gone({ path: pathname, light: wantsLight(request) });
      if (!gone) return unavailable(reply);
      if (gone.kind === 'redirect') return reply.redirect(gone.location, gone.status);
      return sendCached(request, reply, gone.representation, 'no-cache');
    }
    if (found.kind === 'none' && request.method === 'GET') {
      // Counted in the language its prefix names (`/sw/…` is Kiswahili), at its path within that language.
      const missing = splitLanguage(pathname, await structure.languages());
      structure.countNotFound(missing.path, missing.lang);
    }
    return send(request, reply, pipeline.page(siteRequest(request, pathname, knownOf(found))), found.kind === 'page' ? pathname : undefined);
  });

  app.get('/sitemap.xml', (request, reply) => send(request, reply, pipeline.sitemap()));

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

  const logo = cachedRepresentation('image/svg+xml', logoSvg);
  app.get('/logo.svg', async (request, reply) => sendCached(request, reply, logo, 'public, max-age=86400'));

  // Other methods, and whatever the routes above leave.
  app.setNotFoundHandler((_request, reply) => noSuchEndpoint(reply));
}

/** Registered at the root (not encapsulated): it owns the not-found handler of the whole server. */
export const siteRoutes = fp(site, { name: 'site' });

/**
 * The page bundles as JSON, for the browser's public loaders (an API-only
 * server answers them too): served from memory with their brotli and gzip
 * bytes made once, revalidated by ETag; outside any compression scope.
 */
export async function pageBundleRoutes(app: FastifyInstance): Promise<void> {
  app.get(apiPaths.pageBundle, async (request, reply) => {
    const { page } = pageParams.parse(request.params);
    // `?lang=sw`: the page's bundle in that language (what its pages under /sw/ render from).
    const { lang } = langQuerySchema.parse(request.query ?? {});
    return sendCached(request, reply, (await app.services.site.pageBundle(page, lang)).representation(), revalidateEveryTime);
  });

  // A story's or event's own page (the browser's public loaders; the server renders it in-process). No such
  // block: `doc` is null, and the rest is the frame its not-found page is drawn in.
  app.get(apiPaths.detailBundle, async (request, reply) => {
    const { name, id } = detailParams.parse(request.params);
    const { lang } = langQuerySchema.parse(request.query ?? {});
    reply.header('cache-control', revalidateEveryTime);
    return app.services.site.detailBundle(name, id, lang);
  });

  // The published page at an address (the browser's public loaders ask by path).
  app.get(apiPaths.pageByPath, async (request, reply) => {
    const { path } = pathQuery.parse(request.query);
    const entry = await app.services.site.pageBundleAt(path);
    if (!entry) throw new AppError('not-found', 'There is no page at this address.');
    return sendCached(request, reply, entry.representation(), revalidateEveryTime);
  });
}
