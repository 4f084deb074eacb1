/**
 * Rich-text sanitising on write: only the markup the staff editor produces
 * survives; scripts, styles, event handlers and `javascript:` links never
 * reach the database, so every reader may render the HTML as it is.
 */
import sanitizeHtml from 'sanitize-html';
import { richTextFields, type FieldDef } from '../../shared/fields.js';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // `//host/path` would silently leave the site; staff write full https:// links instead.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  allowedStyles: {},
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      // A new tab must not get a handle on this page (reverse tabnabbing).
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else if (attribs.rel !== undefined) {
        out.rel = attribs.rel;
      }
      return { tagName, attribs: out };
    },
  },
};

/** Cleans one rich-text value. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/** Returns a copy of `data` with every rich-text field of `fields` sanitised. */
export function sanitizeRichTextFields<T extends Record<string, unknown>>(fields: readonly FieldDef[], data: T): T {
  const names = richTextFields(fields);
  if (names.length === 0) return data;
  const out: Record<string, unknown> = { ...data };
  for (const name of names) {
    const value = out[name];
    if (typeof value === 'string') out[name] = sanitizeRichText(value);
  }
  return out as T;
}
