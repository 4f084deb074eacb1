/**
 * Filling the HTML template: each marker is replaced once, in one pass over the
 * template, by a replacer function. A replacement string would read `$&`, `$'`
 * or `` $` `` in what editors and visitors typed (a title, a description, a
 * contact message) as a pattern and paste parts of the template into the page;
 * one pass means no filled-in text is scanned for a later marker either.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The template with the first occurrence of each marker replaced by its text, taken as it is. */
export function fillTemplate(template: string, slots: Readonly<Record<string, string>>): string {
  const markers = Object.keys(slots);
  if (markers.length === 0) return template;
  const filled = new Set<string>();
  return template.replace(new RegExp(markers.map(escapeRegExp).join('|'), 'g'), (marker) => {
    if (filled.has(marker)) return marker;
    filled.add(marker);
    return slots[marker] ?? marker;
  });
}
