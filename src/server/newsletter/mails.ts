/**
 * The newsletter's mails: the confirmation (the site's usual mail, mail/compose.ts)
 * and an issue. An issue's HTML is made for mail programs: a layout table
 * (`role="presentation"`) 600 px wide at most, every style inline, pictures
 * as JPEG or PNG with their size and alt text (mail programs do not show
 * AVIF or WebP), real links with their addresses, and a plain-text part with
 * the same words. Each reader's mail differs only in its unsubscribe link,
 * put in where `unsubscribeMark` stands.
 */
import { escapeHtml } from '../../shared/html.js';
import { publicWordsFor } from '../../shared/public-words.js';
import { composeMail } from '../mail/compose.js';
import type { ComposedMail } from '../mail/compose.js';

/** One story or event in an issue, as its page in the issue's language shows it. */
export interface IssueItem {
  title: string;
  summary: string;
  /** Absolute address of its page. */
  url: string;
  /** Absolute address of a JPEG or PNG picture, with its size and alt text; null: none. */
  picture: { url: string; width: number; height: number; alt: string } | null;
}

export interface IssueContent {
  lang: string;
  subject: string;
  intro: string;
  items: readonly IssueItem[];
  organisation: string;
}

/** Stands where each reader's unsubscribe link goes (a text no content can contain: it is escaped before this is put in). */
export const unsubscribeMark = '\u0000unsubscribe\u0000';

const font = 'font-family:Arial,Helvetica,sans-serif';

function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** An issue with `unsubscribeMark` for the link, as HTML and plain text. */
export function composeIssue(content: IssueContent): ComposedMail {
  const words = publicWordsFor(content.lang).words.newsletter.mail;
  const { subject, organisation, items } = content;
  const intro = paragraphs(content.intro);
  const text = [
    subject,
    '',
    ...intro.flatMap((p) => [p, '']),
    ...items.flatMap((i) => [i.title, ...(i.summary ? [i.summary] : []), `${words.readMore}: ${i.url}`, '']),
    '-- ',
    organisation,
    words.why(organisation),
    `${words.unsubscribe}: ${unsubscribeMark}`,
    '',
  ].join('\n');
  const itemRows = items.map((i) =>
    [
      '<tr><td style="padding:0 24px 24px 24px">',
      i.picture
        ? `<a href="${escapeHtml(i.url)}"><img src="${escapeHtml(i.picture.url)}" width="552" height="${Math.round((552 * i.picture.height) / Math.max(1, i.picture.width))}" alt="${escapeHtml(i.picture.alt)}" style="display:block;width:100%;max-width:552px;height:auto;border:0"></a>`
        : '',
      `<h2 style="${font};font-size:20px;line-height:1.3;margin:12px 0 8px 0"><a href="${escapeHtml(i.url)}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(i.title)}</a></h2>`,
      i.summary ? `<p style="${font};font-size:16px;line-height:1.5;color:#1a1a1a;margin:0 0 8px 0">${escapeHtml(i.summary)}</p>` : '',
      `<p style="${font};font-size:16px;line-height:1.5;margin:0"><a href="${escapeHtml(i.url)}" style="color:#0b5394;text-decoration:underline">${escapeHtml(words.readMore)}</a></p>`,
      '</td></tr>',
    ].join(''),
  );
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(content.lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f2f2f2">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f2f2f2"><tr><td align="center" style="padding:16px 8px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff">',
    `<tr><td style="padding:24px 24px 8px 24px;${font};font-size:14px;color:#444444">${escapeHtml(organisation)}</td></tr>`,
    `<tr><td style="padding:0 24px 16px 24px"><h1 style="${font};font-size:26px;line-height:1.25;color:#1a1a1a;margin:0">${escapeHtml(subject)}</h1></td></tr>`,
    ...intro.map((p) => `<tr><td style="padding:0 24px 16px 24px;${font};font-size:16px;line-height:1.5;color:#1a1a1a">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</td></tr>`),
    ...itemRows,
    `<tr><td style="padding:16px 24px 24px 24px;border-top:1px solid #cccccc;${font};font-size:14px;line-height:1.5;color:#444444">`,
    `${escapeHtml(words.why(organisation))}<br>`,
    `<a href="${unsubscribeMark}" style="color:#0b5394;text-decoration:underline">${escapeHtml(words.unsubscribe)}</a>`,
    '</td></tr>',
    '</table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** One reader's copy: their unsubscribe link in place of the mark. */
export function personalise(mail: ComposedMail, unsubscribeUrl: string): ComposedMail {
  return { subject: mail.subject, text: mail.text.split(unsubscribeMark).join(unsubscribeUrl), html: mail.html.split(unsubscribeMark).join(escapeHtml(unsubscribeUrl)) };
}

/** The confirmation mail with its signed link, in the reader's language. */
export function confirmationMail(lang: string, organisation: string, confirmUrl: string): ComposedMail {
  const { words } = publicWordsFor(lang);
  const w = words.newsletter;
  return composeMail({
    subject: w.mail.confirmSubject(organisation),
    organisation,
    heading: w.confirm.title,
    paragraphs: [w.mail.confirmIntro(organisation), w.consent],
    action: { label: w.mail.confirmAction, url: confirmUrl },
    after: [w.mail.confirmIgnore],
    lang,
  });
}
