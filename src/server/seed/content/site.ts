/** Demo content: Site data: categories, publications and contacts (not on a page). */
import type { SeedContext } from './builder.js';
import { demoCategories, demoPublications } from './catalogue.js';
import type { BlockStatus, CategorySlug, PublicationName } from './types.js';

export function siteContent({ add, media, category, day }: SeedContext): void {
  for (const c of demoCategories) add('category', { name: c.name, description: c.description }, 'published', category[c.slug]);
  const publication = (name: PublicationName, cat: CategorySlug, offset: number, status: BlockStatus = 'published') => {
    const pub = demoPublications[name];
    add('item', { title: pub.title, summary: pub.summary, file: media.pdf(name), cover: media.cover(name), publishedOn: day(offset), category: category[cat] }, status);
  };
  publication('scorecard', 'accountability', -9);
  publication('budget', 'research', -73);
  publication('annual', 'research', -160);

  const customer = (name: string, email: string, organisation: string, phone: string, message: string, consent: boolean, source: 'manual' | 'contact-form') =>
    add('customer', { name, email, organisation, phone, message, consent, source });
  customer('Halima Juma', 'halima.juma@example.org', 'Kisima Water Users Association', '+000 712 000 101', 'Would like a copy of the scorecard report for our committee meeting.', true, 'contact-form');
  customer('Peter Lukumay', 'p.lukumay@example.com', 'Nordlys Foundation for Democracy', '+000 713 000 202', 'Programme officer; main contact for the governance grant.', true, 'manual');
  customer('Mariam Said', 'mariam.said@example.org', 'Bahari Secondary School', '', 'Asked whether our youth monitors can visit her school in the next term.', true, 'contact-form');
  customer('Tomas Lindqvist', 'tomas@example.com', '', '', 'Individual supporter; monthly donation since last year.', false, 'manual');
}
