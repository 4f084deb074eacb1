/**
 * What the site's mails look like: plain text, and the same words as simple,
 * accessible HTML (a language, a title, one heading, real links, no images,
 * no layout tables), in the organisation's name. Every value is escaped here;
 * addresses and names go to the mail library as objects, never as header text.
 */
import { escapeHtml } from '../../shared/html.js';

export interface MailAction {
  /** The link's words, e.g. "Choose a new password". */
  label: string;
  url: string;
}

export interface MailContent {
  subject: string;
  /** The organisation the mail speaks for (site settings). */
  organisation: string;
  heading: string;
  /** Paragraphs before the action. */
  paragraphs: readonly string[];
  action?: MailAction;
  /** Paragraphs after the action (how long the link is valid, what to do if it was not you). */
  after?: readonly string[];
  /** The language the mail is written in (default English). */
  lang?: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const paragraphStyle = 'margin:0 0 16px 0';

function htmlParagraph(text: string): string {
  // Line breaks within a paragraph (a visitor's message) stay line breaks.
  return `<p style="${paragraphStyle}">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

export function composeMail(content: MailContent): ComposedMail {
  const { subject, organisation, heading, paragraphs, action, after = [], lang = 'en' } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '-- ',
    organisation,
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<main style="max-width:560px">',
    `<h1 style="font-size:22px;margin:0 0 16px 0">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map(htmlParagraph),
    ...(action
      ? [
          `<p style="${paragraphStyle}"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0b5394;color:#ffffff;text-decoration:underline;border-radius:4px;font-weight:bold">${escapeHtml(action.label)}</a></p>`,
          htmlParagraph(`If the link does not open, copy this address into your browser: ${action.url}`),
        ]
      : []),
    ...after.map(htmlParagraph),
    '</main>',
    `<footer style="max-width:560px;border-top:1px solid #cccccc;padding-top:12px;color:#444444;font-size:14px">${escapeHtml(organisation)}</footer>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
