/**
 * The page of a registration's cancel link (`/registrations/cancel/<token>`):
 * a GET only asks (the event's title and one button posting back to the same
 * address), so a mail scanner that opens links cancels nothing; the POST
 * cancels and shows that it did. A link already used, or not one, says so.
 * In the language the person registered in; never cached, never indexed.
 */
import type { SiteData } from './data.js';
import { Hero } from './blocks/hero.js';
import { plainPageHead, type HeadModel } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';
import { publicWordsFor, type PageWords } from '../../shared/public-words.js';

/** What the page shows: the question with its button, the cancellation done, or a link that does not work. */
export type RegistrationCancelView = { kind: 'ask'; title: string; action: string } | { kind: 'done'; title: string } | { kind: 'invalid' };

export interface RegistrationCancelData extends PublicRouteData {
  view: RegistrationCancelView;
}

function wordsOf(site: SiteData): PageWords {
  return publicWordsFor(site.language?.code ?? 'en');
}

export function registrationCancelHead(site: SiteData, path: string): HeadModel {
  const { words } = wordsOf(site);
  return plainPageHead(site, path, words.registration.cancelPage.title, words.registration.cancelPage.title);
}

export function RegistrationCancelPage({ data }: { data: RegistrationCancelData }) {
  const { words, lang } = wordsOf(data.site);
  const w = words.registration.cancelPage;
  const { view } = data;
  return (
    <PublicShell data={data}>
      <div className="page page-form">
        <Hero pageTitle={w.title} titleLang={lang} slide={null} media={{}} />
        <section className="block form-block" aria-labelledby="registration-cancel-status">
          <div className="container form-inner">
            {view.kind === 'ask' ? (
              <form method="post" action={view.action} className="contact-form public-form">
                <p id="registration-cancel-status" lang={lang}>
                  {w.question(view.title)}
                </p>
                <div className="form-actions">
                  <button type="submit" className="button button-primary" lang={lang}>
                    {w.button}
                  </button>
                </div>
              </form>
            ) : (
              <p id="registration-cancel-status" role="status" className="form-status" lang={lang}>
                {view.kind === 'done' ? w.done : w.invalid}
              </p>
            )}
          </div>
        </section>
      </div>
    </PublicShell>
  );
}
