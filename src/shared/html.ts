/** Text made safe inside HTML and XML: element content and quoted attributes. */
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Rich text as the words a reader sees: tags out (inline ones join their
 * words, blocks and line breaks part them), entities decoded, spaces as one.
 * The one reading of rich text as plain words: the History's comparison, the
 * translations' word difference and the detail pages' descriptions use it.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
      const known = entities[name.toLowerCase()];
      if (known !== undefined) return known;
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
