/**
 * The word-level tests behind the rules: what reads as a file name, as
 * "image of…", as a link that says nothing, as shouting, as a PDF. Plain
 * functions on strings, each with its examples in wording.test.ts.
 */
import { capitalsWordRun } from '../site-check.js';

const fileExtension = /\.(jpe?g|png|gif|webp|avif|svg|heic|heif|tiff?|bmp|pdf|docx?)$/i;
/** Names cameras and phones give: IMG_1234, DSC_0042, DSCN0042, PXL_20240101_…, Screenshot 2024-…, WhatsApp Image… */
const cameraName = /^(img|dsc|dscn|dscf|dcim|pxl|mvimg|gopr|p\d{3,}|screenshot|screen shot|whatsapp image)[\s_-]?\d/i;

function withoutExtension(name: string): string {
  return name.replace(/\.[a-z0-9]{2,5}$/i, '');
}

/** Alt text that is a file name: it has an extension, looks like a camera's name, or is the uploaded file's own name. */
export function looksLikeFileName(alt: string, originalName: string | null): boolean {
  const text = alt.trim();
  if (!text) return false;
  if (fileExtension.test(text) || cameraName.test(text)) return true;
  if (!originalName) return false;
  const fold = (s: string) => s.trim().toLowerCase();
  return fold(text) === fold(originalName) || fold(text) === fold(withoutExtension(originalName));
}

const redundantStart = /^(an?\s+|the\s+)?(image|picture|photo|photograph|graphic|illustration|screenshot|pic)\s+(of|showing)\b/i;

/** Alt text that starts by saying it is a picture: screen readers say so already. */
export function startsRedundantly(alt: string): boolean {
  return redundantStart.test(alt.trim());
}

/** Link words that say nothing once read out of their sentence (screen readers list links alone). */
export const vagueLinkTexts: readonly string[] = [
  'click here',
  'click',
  'here',
  'read more',
  'more',
  'learn more',
  'find out more',
  'more info',
  'more information',
  'this link',
  'link',
  'this',
  'go',
  'continue',
  'details',
  'see more',
];

const bareUrl = /^(https?:\/\/|www\.)\S+$/i;

/** Is the link text vague on its own (one of the words above, or a bare address)? */
export function isVagueLinkText(text: string): boolean {
  const t = text.trim();
  if (bareUrl.test(t)) return true;
  const words = t
    .toLowerCase()
    .replace(/[.!?…:»›→>]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  return vagueLinkTexts.includes(words);
}

/** Does the address open a PDF by its name (`.pdf` before any query or fragment)? */
export function isPdfPath(href: string): boolean {
  return /\.pdf$/i.test(href.trim().split(/[?#]/)[0] ?? '');
}

/** The media id of a link to an uploaded file (`/media/<id>/original`), or null. */
export function mediaIdOfHref(href: string): string | null {
  const path = href.trim().replace(/^https?:\/\/[^/]+/i, '');
  const m = /^\/media\/([A-Za-z0-9_-]+)\/original(?:[?#].*)?$/.exec(path);
  return m?.[1] ?? null;
}

/** Does the link's text warn the reader it opens a PDF? */
export function saysPdf(text: string): boolean {
  return /\bpdf\b/i.test(text);
}

/** A word in capitals: two letters or more, no lower-case letter (digits and marks allowed, as in "COVID-19"). */
function isCapitalWord(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/**
 * The first run of `capitalsWordRun` or more words in capitals, or null.
 * Acronyms stay fine: "UN and NGO staff" has no run of four.
 */
export function capitalsRun(text: string): string | null {
  let run: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    if (isCapitalWord(word)) {
      // Keep reading past the limit to quote the whole run.
      run.push(word);
    } else {
      if (run.length >= capitalsWordRun) return run.join(' ');
      // A word of marks only (a dash) neither breaks nor extends a run.
      if (/\p{L}/u.test(word)) run = [];
    }
  }
  return run.length >= capitalsWordRun ? run.join(' ') : null;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
