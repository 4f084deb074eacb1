/**
 * Preview links over HTTP. The API (staff): `POST /api/preview` makes a link,
 * `GET /api/preview?page=` lists a page's live ones, `DELETE
 * /api/preview/:id` revokes one. The page (anyone with the link, signed out
 * included): `GET /preview/:token` renders the real public page through the
 * same server rendering, template and stylesheet, from a bundle built afresh
 * with the page's pending changes, under the preview banner.
 *
 * A preview is private and never kept: `Cache-Control: private, no-store`,
 * `X-Robots-Tag: noindex`, no referrer; nothing of it goes into the rendered
 * page cache or the fast lane (neither knows this route; the fast lane's
 * look-up for `/` finds no kept page under `/preview/`), the sitemap never
 * lists it and robots.txt disallows it. The request log writes its path
 * without the token (http/request-log.ts).
 */
import { apiPaths } from '../../shared/api-paths.js';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { previewPathPrefix } from '../../shared/editorial.js';
import { escapeHtml } from '../../shared/html.js';
import { previewRefusalWords, type PreviewRefusal } from '../../shared/preview-links.js';
import type { PublicDataSource, PublicRender, RenderResult } from '../../web/entry-server.js';
import { AppError } from '../../shared/errors.js';
import { dynamicCompression } from '../http/compression.js';
import { sendError } from '../plugins/errors.js';
import { redactedPreviewPath } from '../http/request-log.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { PreviewService, type PreviewServiceOptions } from './service.js';

const tokenParams = z.object({ token: z.string().max(200) });

declare module 'fastify' {
  interface FastifyInstance {
    /** Preview links (tests reach the service through it). */
    preview: PreviewService;
  }
}

/** Headers of every answer under /preview/: private, never stored, never indexed; framed only by the site's own pages (the page editor shows it beside the page). */
function privateHeaders(reply: FastifyReply, csp: string): FastifyReply {
  return reply
    .header('content-security-policy', csp)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

/** The plain page of a link that no longer works (or never did): what happened and what to do, in words. */
function refusalPage(reason: PreviewRefusal): string {
  const words = previewRefusalWords[reason];
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(words.title)}</title>
    <style>
      body { margin: 0; font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2a26; background: #f6f8f7; }
      main { max-width: 36rem; margin: 12vh auto; padding: 32px 24px; background: #fff; border-top: 6px solid #0b5d4b; border-radius: 6px; }
      h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 12px; }
      p { margin: 0 0 12px; }
      a { color: #0b5d4b; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(words.title)}</h1>
      <p>${escapeHtml(words.text)}</p>
      <p><a href="/">Go to the public site</a></p>
    </main>
  </body>
</html>
`;
}

async function preview(app: FastifyInstance, options: PreviewServiceOptions): Promise<void> {
  const service = new PreviewService(app.services, () => app.settings.current().then((s) => s.data), options);
  app.decorate('preview', service);

  await app.register(async (api) => {
    await api.register(compress, dynamicCompression);

    api.post(apiPaths.preview.list, async (request, reply) => {
      const answer = await service.create(request.principal, request.body, request.ip);
      return reply.status(201).header('cache-control', 'no-store').send(answer);
    });

    api.get(apiPaths.preview.list, async (request, reply) => {
      const answer = await service.list(request.principal, request.query);
      reply.header('cache-control', 'private, no-store');
      return answer;
    });

    api.delete(apiPaths.preview.one, async (request, reply) => {
      await service.revoke(request.principal, request.params, request.ip);
      return reply.status(204).send();
    });
  });

  // The server renderer, loaded on the first preview (API-only servers never load React for this).
  let renderer: Promise<{ renderPreview: (page: PublicRender, expiresAt: string) => Promise<RenderResult> }> | null = null;

  const framedCsp = contentSecurityPolicy(app.services.config.publicUrl.startsWith('https:'), true);
  await app.register(async (pages) => {
    await pages.register(compress, dynamicCompression);

    pages.get(`${previewPathPrefix}:token`, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
      privateHeaders(reply, framedCsp);
      const { token } = tokenParams.parse(request.params);
      const opening = await service.open(token);
      if (!opening.ok) return reply.status(opening.reason === 'unknown' ? 404 : 410).send(refusalPage(opening.reason));
      if (!app.services.site.assets) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
      renderer ??= import('../../web/entry-server.js');
      const { renderPreview } = await renderer;
      const { page, bundle, expiresAt } = opening;
      const errors: unknown[] = [];
      const document = await app.services.site.document(async (source) => {
        // The previewed page from its own bundle; every other read (the header's settings come with it) as visitors get it.
        const data: PublicDataSource = {
          page: async (name, lang) => (name === page.id && lang === undefined ? bundle : source.page(name, lang)),
          pageAt: async (path) => (path === bundle.page.path ? bundle : source.pageAt(path)),
          detail: (collection, id, lang) => source.detail(collection, id, lang),
          publicUrl: () => source.publicUrl(),
        };
        const result = await renderPreview({ url: `${app.services.config.publicUrl}${bundle.page.path}`, bundle, source: data }, expiresAt);
        if (result.kind === 'redirect') throw new Error(`the preview of ${page.id} redirected to ${result.location}`);
        errors.push(...result.errors);
        return result;
      });
      for (const err of errors) request.log.error({ err, path: redactedPreviewPath, page: page.id }, 'rendering a preview failed');
      if (!document) return sendError(reply, new AppError('unavailable', 'The site is not built yet.'));
      return reply.status(document.status).send(document.html);
    });
  });
}

/** At the root (not encapsulated), so `app.preview` is the server's; its routes compress in scopes of their own. */
export const previewRoutes = fp(preview, { name: 'preview', dependencies: ['content', 'settings'] });
