/** The library's words for a file: its type, size and dimensions, and the name to show. */
import { formatBytes, formatCount } from '../backups/format.js';
import type { MediaLibraryItem } from '../../../shared/media-library.js';
import { extensionByType } from '../../../shared/media.js';

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/avif': 'AVIF image',
  'image/gif': 'GIF image',
  'application/pdf': 'PDF document',
};

/** "PNG image", "PDF document"; an unknown type is named by its subtype. */
export function typeInWords(contentType: string): string {
  const known = typeNames[contentType];
  if (known) return known;
  const [kind, sub = ''] = contentType.split('/');
  return `${sub.toUpperCase() || 'Unknown'} ${kind === 'image' ? 'image' : 'file'}`;
}

/** "1.2 MB", "14 KB". */
export function sizeInWords(bytes: number): string {
  return formatBytes(bytes);
}

/** "1,200 × 800 px", or '' for a file without dimensions (a PDF). */
export function dimensionsInWords(width: number | null, height: number | null): string {
  if (!width || !height) return '';
  return `${formatCount(width)} × ${formatCount(height)} px`;
}

/** The uploaded file's name, or a stand-in that still tells files apart. */
export function displayName(item: Pick<MediaLibraryItem, 'name' | 'id' | 'contentType'>): string {
  return item.name?.trim() || `${typeInWords(item.contentType)} ${item.id.slice(0, 8)}`;
}

/** "Used by 2 blocks and the site settings" / "Not used anywhere". */
export function usedByInWords(usedBy: MediaLibraryItem['usedBy']): string {
  if (usedBy.length === 0) return 'Not used anywhere';
  const settings = usedBy.some((u) => u.collection === 'settings');
  const blocks = usedBy.filter((u) => u.collection !== 'settings').length;
  const parts: string[] = [];
  if (blocks > 0) parts.push(blocks === 1 ? '1 block' : `${formatCount(blocks)} blocks`);
  if (settings) parts.push('the site settings');
  return `Used by ${parts.join(' and ')}`;
}

/** "Showing 49–96 of 5,000". */
export function showingText(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `No files on this page of ${formatCount(total)}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}


/** The name a download is saved under, with the extension of what is served (an SVG upload is served as PNG). */
export function downloadName(item: Pick<MediaLibraryItem, 'name' | 'id' | 'contentType'>): string {
  const base = (item.name?.trim() || item.id.slice(0, 12)).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const ext = extensionByType[item.contentType];
  return ext ? `${base}.${ext}` : base;
}
