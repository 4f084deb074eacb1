/** Shared set-up of the media library browser tests: axe at a width, distinct pictures, the library's API, a block's public HTML. */
import { mediaListSchema, type MediaLibraryItem } from '../src/shared/media-library.js';
import { makeImage } from './admin-content-support.js';

let colour = 0;
/** A picture no other test uploads (the media id is the hash of the bytes). */
export async function distinctImage(width = 800, height = 600, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  colour += 1;
  return makeImage(width, height, { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 53 + 17) % 256 }, format);
}

/** The library as the API lists it for a search. */
export async function listLibrary(baseUrl: string, token: string, query: string): Promise<{ media: MediaLibraryItem[]; total: number }> {
  const res = await fetch(`${baseUrl}/api/media?${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/media?${query}: ${res.status} ${await res.text()}`);
  return mediaListSchema.parse(await res.json());
}

/** The public page's HTML as a visitor gets it. */
export async function publicHtml(baseUrl: string, pathname: string): Promise<string> {
  const res = await fetch(`${baseUrl}${pathname}`);
  if (res.status !== 200) throw new Error(`GET ${pathname}: ${res.status}`);
  return res.text();
}

/** The `<img …>` tags of a page's HTML that show this media (any size). */
export function imgTagsOf(html: string, mediaId: string): string[] {
  return [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`/media/${mediaId}/`));
}

/** An attribute of an HTML tag, entities decoded for quotes and ampersands. */
export function attributeOf(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? (m[1] ?? '').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&') : null;
}

