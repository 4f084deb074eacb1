/**
 * The newsletter's mail as mail programs see it: its HTML checked against
 * the Can I email database (`@jsx-email/doiuse-email`) for the common mail
 * programs (Gmail, Outlook, Apple Mail, Yahoo, Thunderbird, Samsung Email),
 * with every style inline, a layout table, pictures with their size and alt
 * text, and a plain-text part with the same words and links; each reader's
 * copy carries their own unsubscribe link, escaped.
 */
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { describe, expect, it } from 'vitest';
import { composeIssue, personalise, unsubscribeMark } from '../src/server/newsletter/mails.js';

const clients = ['gmail.*', 'outlook.*', 'apple-mail.*', 'yahoo.*', 'thunderbird.*', 'samsung-email.*'];

const issue = composeIssue({
  lang: 'sw',
  subject: 'Habari za Desemba',
  intro: 'Karibu kwenye jarida letu.\n\nMwezi huu: bajeti ya maji & vijana <wote>.',
  organisation: 'Tujenge Civic Alliance',
  items: [
    { title: 'Vijana na bajeti', summary: 'Warsha ya siku mbili mjini Dodoma.', url: 'https://example.org/sw/news/1', picture: { url: 'https://example.org/media/abc/original', width: 1600, height: 900, alt: 'Vijana wakiwa darasani' } },
    { title: 'Mkutano wa hadhara', summary: '', url: 'https://example.org/sw/events/2', picture: null },
  ],
});

describe('the newsletter mail', () => {
  it('passes the Can I email check for common mail programs, but for what does no harm where it is dropped', () => {
    const result = doIUseEmail(issue.html, { emailClients: clients });
    // Dropped harmlessly: some programs replace <body> (its background is repeated on the outer table), and
    // Windows Mail ignores `role` (it only tells screen readers that the layout tables are no data tables).
    const harmless = /^`(<body> element|role attribute)` is not supported by /;
    const errors = result.success ? [] : result.errors;
    expect(errors.filter((e) => !harmless.test(e))).toEqual([]);
    expect(errors.length).toBeLessThan(10);
  });

  it('keeps every style inline, lays out with a presentation table, gives pictures their size and alt text', () => {
    expect(issue.html).not.toMatch(/<style|<link|<script/i);
    expect(issue.html).toMatch(/<table role="presentation" width="600"/);
    const img = /<img [^>]*>/.exec(issue.html)?.[0] ?? '';
    expect(img).toContain('width="552" height="311"');
    expect(img).toContain('alt="Vijana wakiwa darasani"');
    expect(issue.html).toContain('<html lang="sw">');
    // What staff typed is escaped, never markup.
    expect(issue.html).toContain('&amp; vijana &lt;wote&gt;');
  });

  it('has a plain-text part with the same words and every link written out, and each reader’s own unsubscribe link', () => {
    const mine = personalise(issue, 'https://example.org/newsletter/unsubscribe/a.b.c?x=1&y=2');
    expect(mine.text).toContain('Vijana na bajeti');
    expect(mine.text).toContain('Soma zaidi: https://example.org/sw/news/1');
    expect(mine.text).toContain('Jiondoe: https://example.org/newsletter/unsubscribe/a.b.c?x=1&y=2');
    expect(mine.html).toContain('href="https://example.org/newsletter/unsubscribe/a.b.c?x=1&amp;y=2"');
    expect(mine.html + mine.text).not.toContain(unsubscribeMark);
  });
});
