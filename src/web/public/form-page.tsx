/**
 * The page that answers a form posted without JavaScript (`/forms/<id>`):
 * the public layout around the form as the post left it (what the visitor
 * typed, each problem beside its question, the reason above the button), or
 * its thanks, in the language of the page the form was on. The form is the
 * form island, so with JavaScript it goes on working in place. Never cached,
 * never indexed.
 */
import type { PublicDocument } from '../../shared/collections.js';
import type { SiteData } from './data.js';
import { Hero } from './blocks/hero.js';
import type { FormState } from './blocks/form.js';
import { FormIsland, formProps } from './island.js';
import { plainPageHead, type HeadModel } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';
import { publicWordsFor } from '../../shared/public-words.js';
import { str } from './format.js';

export interface FormPageData extends PublicRouteData {
  doc: PublicDocument;
  /** A fresh signed time for the form shown again. */
  started: string;
  state: FormState;
  defaultLanguage: string;
}

export function formPageHead(site: SiteData, doc: PublicDocument, path: string): HeadModel {
  return plainPageHead(site, path, str(doc.data.title), str(doc.data.intro).slice(0, 300));
}

export function FormPage({ data }: { data: FormPageData }) {
  const pageWords = publicWordsFor(data.site.language?.code ?? data.defaultLanguage);
  return (
    <PublicShell data={data}>
      <div className="page page-form">
        <Hero pageTitle={str(data.doc.data.title)} slide={null} media={{}} />
        <FormIsland {...formProps(data.doc, data.started, pageWords, data.defaultLanguage, data.state)} />
      </div>
    </PublicShell>
  );
}

