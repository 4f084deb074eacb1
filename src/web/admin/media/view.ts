/**
 * What the library screen shows, as its address holds it (`?q=&kind=&unused=true&sort=&page=`),
 * so a search or a filtered page can be bookmarked and Back returns to it.
 */
import { mediaKindFilters, mediaSorts, type MediaKindFilter, type MediaSort } from '../../../shared/media-library.js';

export interface LibraryView {
  q: string;
  kind: MediaKindFilter | '';
  unused: boolean;
  sort: MediaSort;
  /** From 1. */
  page: number;
}

export const defaultView: LibraryView = { q: '', kind: '', unused: false, sort: 'newest', page: 1 };

function isKind(v: string): v is MediaKindFilter {
  return (mediaKindFilters as readonly string[]).includes(v);
}
function isSort(v: string): v is MediaSort {
  return (mediaSorts as readonly string[]).includes(v);
}

/** The view of an address's query; anything unreadable falls back to the default rather than being sent to be refused. */
export function viewFromParams(params: URLSearchParams): LibraryView {
  const kind = params.get('kind') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    kind: isKind(kind) ? kind : '',
    unused: params.get('unused') === 'true',
    sort: isSort(sort) ? sort : defaultView.sort,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The address's query (and the API's, less the page) for a view; defaults are left out. */
export function libraryParams(view: LibraryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.kind) params.set('kind', view.kind);
  if (view.unused) params.set('unused', 'true');
  if (view.sort !== defaultView.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** True when a search or filter narrows the list (the empty state says so). */
export function isNarrowed(view: LibraryView): boolean {
  return Boolean(view.q.trim() || view.kind || view.unused);
}
