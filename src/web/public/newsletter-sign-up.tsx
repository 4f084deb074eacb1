/**
 * The footer's newsletter sign-up on every public page: a plain HTML form
 * posting to `/newsletter/subscribe` (works without JavaScript), with the
 * forms' protections (the hidden honeypot, the signed start time, the page's
 * language) and the text a reader agrees to, which is kept with their
 * subscription.
 */
import { formHiddenInputs } from '../../shared/forms.js';
import { newsletterEmailInput, newsletterSubscribePath } from '../../shared/newsletter-paths.js';
import { usePublicWords } from './words.js';

export function NewsletterSignUp({ started, pageLang }: { started: string; pageLang: string | undefined }) {
  const { words, lang } = usePublicWords();
  const w = words.newsletter;
  return (
    <section className="footer-links footer-newsletter" aria-labelledby="newsletter-heading">
      <h2 className="footer-heading" id="newsletter-heading" lang={lang}>
        {w.heading}
      </h2>
      <p className="footer-newsletter-intro" lang={lang}>
        {w.intro}
      </p>
      <form method="post" action={newsletterSubscribePath} className="newsletter-form">
        <input type="hidden" name={formHiddenInputs.started} value={started} />
        {pageLang ? <input type="hidden" name={formHiddenInputs.lang} value={pageLang} /> : null}
        <div className="form-hp" aria-hidden="true">
          <label htmlFor="newsletter-website" lang={lang}>
            {words.form.honeypot}
          </label>
          <input id="newsletter-website" name={formHiddenInputs.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <label htmlFor="newsletter-email" lang={lang}>
          {w.email}
        </label>
        <input id="newsletter-email" name={newsletterEmailInput} type="email" required autoComplete="email" aria-describedby="newsletter-consent" />
        <p id="newsletter-consent" className="footer-newsletter-consent" lang={lang}>
          {w.consent}
        </p>
        <button type="submit" className="button button-primary" lang={lang}>
          {w.submit}
        </button>
      </form>
    </section>
  );
}
