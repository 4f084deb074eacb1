/** JSON-LD for blocks: events, stories and people (schema.org). */
import type { PublicDocument } from '../../shared/collections.js';
import type { SiteSettings } from '../../shared/settings.js';
import type { MediaInfo } from '../../shared/media.js';
import { absoluteUrl, socialImageUrl, type JsonLd } from './meta.js';
import { imageValue } from './image.js';
import { str } from './format.js';
import { detailPathOf } from '../../shared/registry-index.js';
import { plainTextOf } from '../../shared/html.js';

export function plainText(html: string, max = 300): string {
  const text = plainTextOf(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function organiser(settings: SiteSettings, publicUrl: string): JsonLd {
  return { '@type': 'NGO', name: settings.organisationName, url: `${publicUrl}/` };
}

export function eventLd(doc: PublicDocument, media: Record<string, MediaInfo>, settings: SiteSettings, publicUrl: string): JsonLd {
  const d = doc.data;
  const image = imageValue(d.image);
  const ld: JsonLd = {
    '@type': 'Event',
    name: str(d.title),
    startDate: str(d.startsAt),
    url: absoluteUrl(publicUrl, detailPathOf(doc.collection, doc.id) ?? '/'),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    organizer: organiser(settings, publicUrl),
  };
  if (str(d.endsAt)) ld.endDate = str(d.endsAt);
  if (str(d.location)) ld.location = { '@type': 'Place', name: str(d.location), address: str(d.location) };
  if (str(d.description)) ld.description = plainText(str(d.description));
  const img = image ? socialImageUrl(publicUrl, media[image.mediaId]) : null;
  if (img) ld.image = [img];
  if (str(d.registrationUrl)) ld.offers = { '@type': 'Offer', url: absoluteUrl(publicUrl, str(d.registrationUrl)), price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock' };
  return ld;
}

export function storyLd(doc: PublicDocument, media: Record<string, MediaInfo>, settings: SiteSettings, publicUrl: string, logoUrl: string): JsonLd {
  const d = doc.data;
  const cover = imageValue(d.cover);
  const img = cover ? socialImageUrl(publicUrl, media[cover.mediaId]) : null;
  const ld: JsonLd = {
    '@type': 'NewsArticle',
    headline: str(d.title).slice(0, 110),
    datePublished: str(d.date),
    dateModified: doc.updatedAt,
    mainEntityOfPage: absoluteUrl(publicUrl, detailPathOf(doc.collection, doc.id) ?? '/'),
    author: organiser(settings, publicUrl),
    publisher: { ...organiser(settings, publicUrl), logo: { '@type': 'ImageObject', url: logoUrl } },
  };
  if (str(d.summary)) ld.description = str(d.summary);
  if (img) ld.image = [img];
  return ld;
}

export function personLd(doc: PublicDocument, media: Record<string, MediaInfo>, settings: SiteSettings, publicUrl: string): JsonLd {
  const d = doc.data;
  const photo = imageValue(d.photo);
  const img = photo ? socialImageUrl(publicUrl, media[photo.mediaId]) : null;
  const ld: JsonLd = { '@type': 'Person', name: str(d.name), worksFor: organiser(settings, publicUrl) };
  if (str(d.position)) ld.jobTitle = str(d.position);
  if (str(d.bio)) ld.description = str(d.bio);
  if (img) ld.image = img;
  return ld;
}
