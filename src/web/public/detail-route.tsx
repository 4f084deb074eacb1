/**
 * A story or an event on its own page, at the detail path its collection
 * declares (`/news/:id`, `/events/:id`). Unpublished or unknown ids answer 404.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { data, useLoaderData } from 'react-router';
import type { PublicDocument } from '../../shared/collections.js';
import { isDetailKind, type DetailKind } from '../../shared/kinds.js';
import { declarationOf, detailPathOf, type DetailPage } from '../../shared/registry-index.js';
import type { PageName } from '../../shared/pages.js';
import { siteDataOf, type PageBundle } from './data.js';
import { dataSourceOf } from './data-context.js';
import { absoluteUrl, breadcrumbLd, documentTitle, socialImageUrl, type HeadModel, type JsonLd } from './meta.js';
import { altOf, imageValue, lightSlotSizes, preloadOf, slotSizes } from './image.js';
import { eventLd, plainText, storyLd } from './structured-data.js';
import { formatDateTime, str } from './format.js';
import { DetailView, type DetailData } from './detail-view.js';
import { publicWordsFor } from '../../shared/public-words.js';

/** What the declaration of a collection with detail pages says about them. */
function detailOf(collection: string): { kind: DetailKind; page: PageName; detail: DetailPage } {
  const d = declarationOf(collection);
  if (!d?.detail || !d.page || !isDetailKind(d.kind)) throw new Error(`${collection} has no detail pages`);
  return { kind: d.kind, page: d.page, detail: d.detail };
}

function detailHead(detail: DetailKind, trail: DetailPage['trail'], doc: PublicDocument | null, bundle: PageBundle, publicUrl: string, path: string, logoUrl: string, light: boolean): HeadModel {
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
  const jsonLd: JsonLd[] = [
    breadcrumbLd(publicUrl, [{ name: 'Home', path: '/' }, { name: trail.name, path: trail.path.split('#')[0] || '/' }, { name: title, path }]),
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
  const { kind, page, detail: { trail } } = detailOf(collection);
  return async ({ context, params }: LoaderFunctionArgs) => {
    const source = dataSourceOf(context);
    const id = params.id ?? '';
    // Under a language's prefix (`/sw/news/:id`): the block in that language, when it is translated; else 404.
    const asked = params.lang;
    const inLanguage = asked ? await source.page(page, asked).catch(() => null) : null;
    const offered = inLanguage && inLanguage.language.code !== inLanguage.language.defaultCode ? inLanguage : null;
    const bundle = offered ?? (await source.page(page));
    const found = bundle.sections[collection]?.find((d) => d.id === id);
    // The page bundle holds every published story or event; a direct read covers any it leaves out (in the default language).
    const doc = asked ? (offered && found && !found.lang ? found : null) : (found ?? (id ? await source.document(collection, id) : null));
    const publicUrl = source.publicUrl();
    const site = siteDataOf(bundle, source);
    const path = doc?.href ?? detailPathOf(collection, id) ?? '/';
    const logoUrl = site.logo ? absoluteUrl(publicUrl, site.logo.url) : absoluteUrl(publicUrl, '/logo.svg');
    const body: DetailData = {
      site,
      detail: kind,
      // The declared list name is in the site's default language: on a page in another, the site's own word for it shows instead.
      trail: offered ? { ...trail, name: '' } : trail,
      doc,
      bundle: { media: bundle.media, categories: bundle.categories },
      head: detailHead(kind, trail, doc, bundle, publicUrl, path, logoUrl, site.light === true),
      now: new Date().toISOString(),
    };
    return doc ? body : data(body, { status: 404 });
  };
}

export function DetailRoute() {
  return <DetailView data={useLoaderData() as DetailData} />;
}
