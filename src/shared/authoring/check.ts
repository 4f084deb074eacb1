/**
 * The authoring checks: a block's data (or the site settings) in, findings
 * out. The same function runs live in the staff form, before publishing on
 * the server and across the site for the site check, so all three agree.
 * The rules and their severity are in site-check.ts; the word tests in
 * wording.ts; where each rich text sits on its page in heading-levels.ts.
 */
import type { FieldDef } from '../fields.js';
import type { CollectionKind } from '../kinds.js';
import { authoringRules, paragraphWordLimit, settingsCollection, type AuthoringRule, type Finding } from '../site-check.js';
import { headingStartOf } from './heading-levels.js';
import { outlineOf } from './rich-text.js';
import { capitalsRun, isPdfPath, isVagueLinkText, looksLikeFileName, mediaIdOfHref, saysPdf, startsRedundantly, wordCount } from './wording.js';

/** What the checks need to know of an uploaded file. */
export interface MediaFacts {
  /** The picture's default alt text ('' when none). */
  alt: string;
  /** The name the file had when it was uploaded, or null. */
  name: string | null;
  kind: 'image' | 'pdf';
}

/**
 * The facts of a media as its staff description (`GET /api/media/:id`) gives
 * them: what the form's checks read, the same the server reads from its table.
 */
export function mediaFactsOfDescription(info: { alt: string; kind: MediaFacts['kind']; name?: string | null }): MediaFacts {
  return { alt: info.alt, name: info.name ?? null, kind: info.kind };
}

/** Looks up media by id; unknown ids (not loaded yet, or gone) give undefined. */
export type MediaLookup = (id: string) => MediaFacts | undefined;

export interface CheckTarget {
  /** The collection's name, or `settings`. */
  collection: string;
  /** The block's id ('' for a block not saved yet; `settings` for the settings). */
  id: string;
  /** The kind decides where rich text sits on the page; null for the settings. */
  kind: CollectionKind | null;
  /** The public page the block is on, or null. */
  page: string | null;
  fields: readonly FieldDef[];
}

/** The text a link renders when its label is left empty (public/blocks/links.tsx). */
export const fallbackLinkLabel = 'Read more';

type Report = (field: string, rule: AuthoringRule, message: string) => void;

function quote(text: string, max = 60): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `“${t}”`;
}

function imageValueOf(v: unknown): { mediaId: string; alt: string; decorative: boolean } | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.mediaId !== 'string' || !o.mediaId) return null;
  return { mediaId: o.mediaId, alt: typeof o.alt === 'string' ? o.alt : '', decorative: o.decorative === true };
}

function checkImage(field: FieldDef, value: unknown, media: MediaLookup, report: Report): void {
  const image = imageValueOf(value);
  if (!image || image.decorative) return;
  const facts = media(image.mediaId);
  const own = image.alt.trim();
  // Empty alt on a picture that is not decorative falls back to the library's default alt text.
  const alt = own || (facts?.alt.trim() ?? '');
  const where = `${field.name}.alt`;
  if (!alt) {
    const library = facts ? ', here or in the media library' : '';
    report(where, 'image-alt-missing', `This picture has no alt text${library}. Describe what it shows for people who cannot see it, or mark it as decorative if it adds nothing.`);
    return;
  }
  const source = own ? 'The alt text' : 'The picture’s default alt text (from the media library)';
  if (looksLikeFileName(alt, facts?.name ?? null)) {
    report(where, 'alt-file-name', `${source} ${quote(alt)} is a file name. Write what the picture shows instead.`);
  } else if (startsRedundantly(alt)) {
    report(where, 'alt-redundant', `${source} starts with ${quote(alt.split(/\s+/).slice(0, 2).join(' '))}. Screen readers already say it is a picture: start with what it shows.`);
  }
}

function checkLinkText(field: string, text: string, href: string, media: MediaLookup, report: Report): void {
  if (!text) {
    report(field, 'link-empty', `A link to ${quote(href || 'nowhere')} has no text, so screen readers cannot say where it goes. Give it words that name its destination.`);
    return;
  }
  if (isVagueLinkText(text)) {
    report(field, 'link-vague', `The link text ${quote(text)} says nothing when read on its own. Name where it goes, such as “Read the 2025 annual report”.`);
  }
  const mediaId = mediaIdOfHref(href);
  const pdf = isPdfPath(href) || (mediaId !== null && media(mediaId)?.kind === 'pdf');
  if (pdf && !saysPdf(text)) {
    report(field, 'link-pdf-unlabelled', `The link ${quote(text)} opens a PDF. Say so in its text, such as “Annual report (PDF)”.`);
  }
}

function checkPlainText(field: FieldDef, text: string, report: Report): void {
  const shouting = capitalsRun(text);
  if (shouting) {
    report(field.name, 'text-capitals', `${quote(shouting)} is written in capitals, which is hard to read and spelt out by some screen readers. Write it in normal case; use bold for emphasis.`);
  }
  if (field.type === 'longText') {
    const words = wordCount(text);
    if (words > paragraphWordLimit) {
      report(field.name, 'paragraph-long', `This text is ${words} words long without a break. Split it into paragraphs of at most ${paragraphWordLimit} words.`);
    }
  }
}

function checkRichText(target: CheckTarget, field: FieldDef, html: string, media: MediaLookup, report: Report): void {
  const outline = outlineOf(html);
  const start = headingStartOf(target.kind, field.name);
  let previous = start - 1;
  let tooHigh = false;
  for (const h of outline.headings) {
    if (h.level < start && !tooHigh) {
      tooHigh = true;
      report(
        field.name,
        'heading-too-high',
        `The heading ${quote(h.text)} is a level ${h.level} heading, but this text sits under the ${start === 2 ? 'page’s title' : 'block’s title'}: start its headings at level ${start}.`,
      );
    } else if (h.level > previous + 1) {
      report(field.name, 'heading-skip', `The heading ${quote(h.text)} jumps from level ${previous} to level ${h.level}. Use level ${previous + 1} here so the outline has no gap.`);
    }
    previous = Math.max(h.level, start - 1);
  }
  for (const link of outline.links) checkLinkText(field.name, link.text, link.href, media, report);
  for (const block of outline.blocks) {
    if (block.tag === 'pre') continue;
    const shouting = capitalsRun(block.text);
    if (shouting) {
      report(field.name, 'text-capitals', `${quote(shouting)} is written in capitals, which is hard to read and spelt out by some screen readers. Write it in normal case; use bold for emphasis.`);
    }
    const words = wordCount(block.text);
    if ((block.tag === 'p' || block.tag === 'li' || block.tag === 'blockquote') && words > paragraphWordLimit) {
      report(field.name, 'paragraph-long', `A paragraph starting ${quote(block.text, 40)} is ${words} words long. Split it into paragraphs of at most ${paragraphWordLimit} words.`);
    }
  }
}

/** Every finding on one block's data (or the settings'), in field order. */
export function checkData(target: CheckTarget, data: Record<string, unknown>, media: MediaLookup): Finding[] {
  const findings: Finding[] = [];
  const report: Report = (field, rule, message) =>
    findings.push({ page: target.page, collection: target.collection, id: target.id, field, rule, severity: authoringRules[rule], message });
  const names = new Set(target.fields.map((f) => f.name));
  for (const field of target.fields) {
    const value = data[field.name];
    switch (field.type) {
      case 'image':
        checkImage(field, value, media, report);
        break;
      case 'richText':
        if (typeof value === 'string' && value) checkRichText(target, field, value, media, report);
        break;
      case 'text':
      case 'longText':
        if (typeof value !== 'string' || !value.trim()) break;
        // The call to action's label is a link's text: checked with the link (below).
        if (field.name === 'linkLabel' && names.has('linkUrl')) break;
        checkPlainText(field, value, report);
        break;
      case 'url':
        if (field.name === 'linkUrl' && names.has('linkLabel') && typeof value === 'string' && value.trim()) {
          const label = typeof data.linkLabel === 'string' ? data.linkLabel.trim() : '';
          checkLinkText('linkLabel', label || fallbackLinkLabel, value.trim(), media, report);
          if (label) {
            const shouting = capitalsRun(label);
            if (shouting) report('linkLabel', 'text-capitals', `${quote(shouting)} is written in capitals. Write the link in normal case.`);
          }
        }
        break;
      default:
        break;
    }
  }
  return findings;
}

/** The findings that stop a publish without confirmation. */
export function errorsOf(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.severity === 'error');
}

/** The target of the site settings' checks. */
export function settingsTarget(fields: readonly FieldDef[]): CheckTarget {
  return { collection: settingsCollection, id: settingsCollection, kind: null, page: null, fields };
}

/** The media a block's data names (for the one look-up the checks need). */
export function mediaIdsIn(fields: readonly FieldDef[], data: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const field of fields) {
    const value = data[field.name];
    if (field.type === 'image') {
      const image = imageValueOf(value);
      if (image) ids.add(image.mediaId);
    } else if (field.type === 'richText' && typeof value === 'string') {
      for (const m of value.matchAll(/\/media\/([A-Za-z0-9_-]+)\/original/g)) if (m[1]) ids.add(m[1]);
    } else if (field.type === 'url' && typeof value === 'string') {
      const id = mediaIdOfHref(value);
      if (id) ids.add(id);
    }
  }
  return [...ids];
}
