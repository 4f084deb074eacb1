/**
 * A story or an event on its own page, at the detail path its collection
 * declares (`/news/:id`, `/events/:id`), read as one detail bundle (the block
 * and the way back to the page that shows it, shared/page-bundle.ts).
 * Unpublished or unknown ids answer 404.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { data, useLoaderData } from 'react-router';
import type { PublicDocument } from '../../shared/collections.js';
import { isDetailKind, type DetailKind } from '../../shared/kinds.js';
import { declarationOf, detailPathOf } from '../../shared/registry-index.js';
import type { DetailBundle, DetailTrail } from '../../shared/page-bundle.js';
import { siteDataOf } from './data.js';
import { localizedPath } from '../../shared/languages.js';
import { dataSourceOf } from './data-context.js';
import { absoluteUrl, breadcrumbLd, documentTitle, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { altOf, imageValue, lightSlotSizes, preloadOf, slotSizes } from './image.js';
import { eventLd, plainText, storyLd } from './structured-data.js';
import { formatDateTime, str } from './format.js';
import { DetailView, type DetailData } from './detail-view.js';
import { publicWordsFor } from '../../shared/public-words.js';

/** The kind of a collection with detail pages. */
function detailKindOf(collection: string): DetailKind {
  const d = declarationOf(collection);
  if (!d?.detail || !isDetailKind(d.kind)) throw new Error(`${collection} has no detail pages`);
  return d.kind;
}

function detailHead(detail: DetailKind, trail: DetailTrail | null, doc: PublicDocument | null, bundle: DetailBundle, publicUrl: string, path: string, logoUrl: string, light: boolean): HeadModel {
  const settings = bundle.settings;
  const { code, dir } = bundle.language;
  if (!doc) {
    const { words } = publicWordsFor(code);
    return {
      title: documentTitle(words.notFound.title, settings, false),
      description: words.notFound.description,
      canonical: `${publicUrl}${path}`,
      image: null,
      imageAlt: '',
      ogType: 'website',
      siteName: settings.organisationName,
      jsonLd: [],
      preloadImage: null,
      noindex: true,
      lang: code,
      dir,
    };
  }
  const d = doc.data;
  const imgValue = imageValue(detail === 'story' ? d.cover : d.image);
  const media = imgValue ? bundle.media[imgValue.mediaId] : undefined;
  const title = str(d.title);
  const description = detail === 'story' ? str(d.summary) || plainText(str(d.body), 160) : plainText(str(d.description), 160) || `${formatDateTime(str(d.startsAt), false, code)}${str(d.location) ? `, ${str(d.location)}` : ''}`;
  const { words } = publicWordsFor(code);
  const steps = trail ? [{ name: words.detail.home, path: localizedPath('/', code, bundle.language.defaultCode) }, { name: trail.name || words.detail.list[detail], path: trail.path }] : [];
  const jsonLd: JsonLd[] = [
    breadcrumbLd(publicUrl, [...steps, { name: title, path }]),
    detail === 'story' ? storyLd(doc, bundle.media, settings, publicUrl, logoUrl) : eventLd(doc, bundle.media, settings, publicUrl),
  ];
  return {
    title: documentTitle(title, settings, false),
    description: description || title,
    canonical: `${publicUrl}${path}`,
    image: socialImageUrl(publicUrl, media),
    imageAlt: imgValue && media ? altOf(imgValue, media) : '',
    ogType: detail === 'story' ? 'article' : 'website',
    siteName: settings.organisationName,
    jsonLd,
    preloadImage: media ? preloadOf(media, (light ? lightSlotSizes : slotSizes).detail) : null,
    noindex: false,
    lang: code,
    dir,
  };
}

export function detailLoader(collection: string) {
  const kind = detailKindOf(collection);
  return async ({ context, params }: LoaderFunctionArgs) => {
    const source = dataSourceOf(context);
    const id = params.id ?? '';
    // Under a language's prefix (`/sw/news/:id`): the block in that language, when it is translated; else 404.
    const bundle = await source.detail(collection, id, params.lang);
    const { doc, trail } = bundle;
    const publicUrl = source.publicUrl();
    const site = siteDataOf(bundle, source);
    const path = doc?.href ?? detailPathOf(collection, id) ?? '/';
    const logoUrl = site.logo ? absoluteUrl(publicUrl, site.logo.url) : absoluteUrl(publicUrl, '/logo.svg');
    const body: DetailData = {
      site,
      detail: kind,
      trail,
      doc,
      bundle: { media: bundle.media, categories: bundle.categories },
      registration: bundle.registration ?? null,
      head: detailHead(kind, trail, doc, bundle, publicUrl, path, logoUrl, site.light === true),
      now: new Date().toISOString(),
    };
    return doc ? body : data(body, { status: 404 });
  };
}

export function DetailRoute() {
  return <DetailView data={useLoaderData() as DetailData} />;
}
