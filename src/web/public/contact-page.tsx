/**
 * The page that answers the contact form posted without JavaScript
 * (`contactFormPath`): the public layout around the form as the post left
 * it, with the thanks, or with what the visitor typed and each field's
 * message. The form is the contact island, so with JavaScript it goes on
 * working in place. Never cached, never indexed.
 */
import type { SiteData } from './data.js';
import { Hero } from './blocks/hero.js';
import type { ContactFormState } from './contact-form.js';
import { ContactFormIsland } from './island.js';
import { documentTitle, type HeadModel } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';

export const contactPageTitle = 'Contact us';

export interface ContactPageData extends PublicRouteData {
  form: ContactFormState;
}

export function contactPageHead(site: SiteData, path: string): HeadModel {
  return {
    title: documentTitle(contactPageTitle, site.settings, false),
    description: 'Send the team a message.',
    canonical: `${site.publicUrl}${path}`,
    image: null,
    imageAlt: '',
    ogType: 'website',
    siteName: site.settings.organisationName,
    jsonLd: [],
    preloadImage: null,
    noindex: true,
  };
}

export function ContactPage({ data }: { data: ContactPageData }) {
  return (
    <PublicShell data={data}>
      <div className="page page-contact">
        <Hero pageTitle={contactPageTitle} slide={null} media={{}} />
        <ContactFormIsland contactEmail={data.site.settings.contactEmail} initial={data.form} />
      </div>
    </PublicShell>
  );
}
