/**
 * Server rendering of the public site: React Router's static handler runs the
 * public site's route objects (buildPublicRoutes(), the staff app's router has them too), with an
 * in-process data source as the loaders' context, and renders them to HTML.
 * The server resolves the address once (src/server/site/pipeline.ts) and hands
 * the page's bundle over as an object: the page's loader reads it from there.
 * The page's content is in that HTML once: the browser hydrates only the
 * islands (public/islands.ts), each from the props written next to it (JSON
 * blocks, not executable, so no CSP nonce is needed and the HTML can be
 * cached and revalidated with an ETag). The contact form's answer without
 * JavaScript is rendered here too, without the router.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider } from 'react-router';
import { buildPublicRoutes } from './routes.js';
import { homeBundleIn, siteDataOf, type PageBundle, type PublicDataSource } from './public/data.js';
import { publicDataContext } from './public/data-context.js';
import { headHtml, type HeadModel } from './public/meta.js';
import { ContactPage, contactPageHead } from './public/contact-page.js';
import type { ContactFormState } from './public/contact-form.js';
import { contactFormPath } from '../shared/contact.js';
import { PreviewBanner, previewBannerStyle } from './public/preview-banner.js';
import { FormPage, formPageHead } from './public/form-page.js';
import type { FormState } from './public/blocks/form.js';
import type { PublicDocument } from '../shared/collections.js';
import type { EventRegistrationView } from '../shared/events.js';
import { RegistrationCancelPage, registrationCancelHead, type RegistrationCancelView } from './public/registration-cancel-page.js';
import { NewsletterPage, newsletterHead, type NewsletterView } from './public/newsletter-page.js';

// What the server needs from the browser code goes through this entry only.
export type { PublicDataSource } from './public/data.js';
export type { ContactFormState } from './public/contact-form.js';
export type { FormState, FormTyped } from './public/blocks/form.js';
export type { RegistrationCancelView } from './public/registration-cancel-page.js';
export type { NewsletterView } from './public/newsletter-page.js';

/** A rendered page, for the document template. */
export interface RenderedPage {
  status: number;
  /** HTML for <!--app-head-->: title, metadata, JSON-LD. */
  head: string;
  /** HTML for <!--app-html-->. */
  html: string;
  /** The page's language and direction, for `<html lang dir>` and Content-Language (absent: the template's). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/** One public address to render. */
export interface PublicRender {
  /** The absolute URL (PUBLIC_URL and the path; no query). */
  url: string;
  /**
   * The bundle of the page at that address, as the server resolved it (or
   * being read: a failed read fails the page's loader); null: no page is
   * there (the not-found page, or a detail page's route).
   */
  bundle: PageBundle | Promise<PageBundle> | null;
  /** Where everything else is read (other pages' bundles, stories and events). */
  source: PublicDataSource;
}

/** The data source of one render: the address's own page is the one handed over, never looked up again. */
function withResolvedPage({ url, bundle, source }: PublicRender): PublicDataSource {
  const pathname = new URL(url).pathname;
  return { ...source, pageAt: async (path) => (path === pathname ? bundle : source.pageAt(path)) };
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | (RenderedPage & {
      kind: 'page';
      /** Is this one of the public pages or detail pages (not the not-found page)? */
      found: boolean;
      /** What loaders or rendering threw, for the server's log (never sent to the visitor). */
      errors: unknown[];
    });

const handler = createStaticHandler(buildPublicRoutes());

function isHead(v: unknown): v is HeadModel {
  return typeof v === 'object' && v !== null && typeof (v as HeadModel).title === 'string' && typeof (v as HeadModel).canonical === 'string';
}

export async function render(page: PublicRender): Promise<RenderResult> {
  const requestContext = new RouterContextProvider();
  requestContext.set(publicDataContext, withResolvedPage(page));
  const context = await handler.query(new Request(page.url, { headers: { accept: 'text/html' } }), { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const ids = context.matches.map((m) => m.route.id);
  const leafId = ids[ids.length - 1];
  const leafData = leafId ? (context.loaderData[leafId] as { head?: unknown } | undefined) : undefined;
  const model = isHead(leafData?.head) ? leafData.head : null;
  const head = model ? headHtml(model) : '<title>Page</title>';
  return {
    kind: 'page',
    status: context.statusCode,
    head,
    html,
    ...(model?.lang ? { lang: model.lang, dir: model.dir ?? 'ltr' } : {}),
    found: context.statusCode === 200 && leafId !== 'not-found',
    errors: Object.values(context.errors ?? {}).filter((e) => !isRouteErrorResponse(e)),
  };
}

/**
 * The page answering the contact form posted without JavaScript, with the
 * form as the post left it, in the language the form was posted from (`lang`,
 * a language of the site; the default language otherwise).
 */
export async function renderContactPage(status: number, form: ContactFormState, publicData: PublicDataSource, lang?: string): Promise<RenderedPage> {
  // The header and footer need the site settings; the home bundle in that language carries them.
  const site = siteDataOf(await homeBundleIn(publicData, lang), publicData);
  const head = contactPageHead(site, contactFormPath);
  const html = renderToString(
    <StrictMode>
      <ContactPage data={{ site, head, now: new Date().toISOString(), form }} />
    </StrictMode>,
  );
  return { status, head: headHtml(head), html, ...(head.lang ? { lang: head.lang, dir: head.dir ?? 'ltr' } : {}) };
}

/**
 * The page answering a form posted without JavaScript (`/forms/<id>`): the
 * form block `doc` as the bundle of its page in the answer's language has
 * it, with the state the post left it in (or its thanks), inside that
 * page's header and footer.
 */
export async function renderFormPage(status: number, bundle: PageBundle, doc: PublicDocument, started: string, state: FormState, publicData: PublicDataSource, path: string): Promise<RenderedPage> {
  const site = siteDataOf(bundle, publicData);
  const head = formPageHead(site, doc, path);
  const html = renderToString(
    <StrictMode>
      <FormPage data={{ site, head, now: new Date().toISOString(), doc, started, state, defaultLanguage: bundle.language.defaultCode }} />
    </StrictMode>,
  );
  return { status, head: headHtml(head), html, ...(head.lang ? { lang: head.lang, dir: head.dir ?? 'ltr' } : {}) };
}

/**
 * An event's own page answering a registration posted without JavaScript
 * (`/events/<id>/register`): the page at `url` as `render` renders it, with
 * the registration's outcome, or its form as the post left it, in place of
 * the form. `status` for a found page (422, 429 for a refusal).
 */
export async function renderEventPage(status: number, url: string, publicData: PublicDataSource, answer: NonNullable<EventRegistrationView['answer']>): Promise<RenderedPage> {
  const source: PublicDataSource = {
    ...publicData,
    detail: async (collection, id, lang) => {
      const bundle = await publicData.detail(collection, id, lang);
      return bundle.registration ? { ...bundle, registration: { ...bundle.registration, answer } } : bundle;
    },
  };
  const result = await render({ url, bundle: null, source });
  if (result.kind !== 'page') throw new Error('an event’s page answered with a redirect');
  return { status: result.found ? status : result.status, head: result.head, html: result.html, ...(result.lang ? { lang: result.lang, dir: result.dir ?? 'ltr' } : {}) };
}

/** The page of a registration's cancel link (`path`), in the language the person registered in. */
export async function renderRegistrationCancelPage(status: number, view: RegistrationCancelView, publicData: PublicDataSource, path: string, lang?: string): Promise<RenderedPage> {
  const site = siteDataOf(await homeBundleIn(publicData, lang), publicData);
  const head = registrationCancelHead(site, path);
  const html = renderToString(
    <StrictMode>
      <RegistrationCancelPage data={{ site, head, now: new Date().toISOString(), view }} />
    </StrictMode>,
  );
  return { status, head: headHtml(head), html, ...(head.lang ? { lang: head.lang, dir: head.dir ?? 'ltr' } : {}) };
}

/** A page of the newsletter (`path`: its address without any token), in the reader's language. */
export async function renderNewsletterPage(status: number, view: NewsletterView, publicData: PublicDataSource, path: string, lang?: string): Promise<RenderedPage> {
  const site = siteDataOf(await homeBundleIn(publicData, lang), publicData);
  const head = newsletterHead(site, path, view);
  const html = renderToString(
    <StrictMode>
      <NewsletterPage data={{ site, head, now: new Date().toISOString(), view }} />
    </StrictMode>,
  );
  return { status, head: headHtml(head), html, ...(head.lang ? { lang: head.lang, dir: head.dir ?? 'ltr' } : {}) };
}

/**
 * A preview (`/preview/<token>`): the page rendered as `render` renders it,
 * from the data source the preview gives (the page's unpublished changes),
 * with the preview banner above it, kept out of search engines.
 */
export async function renderPreview(page: PublicRender, expiresAt: string): Promise<RenderResult> {
  const result = await render(page);
  if (result.kind !== 'page') return result;
  const banner = renderToString(<PreviewBanner expiresAt={expiresAt} />);
  return {
    ...result,
    head: `${result.head}\n    <meta name="robots" content="noindex">\n    <style>${previewBannerStyle}\n    </style>`,
    html: banner + result.html,
  };
}
