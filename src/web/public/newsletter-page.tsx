/**
 * The newsletter's pages for readers: after subscribing ("check your
 * mailbox", or the form again with its problem), a confirmation link's page
 * (a GET only asks; its button confirms) and an unsubscribe link's page (a
 * GET asks; the button, or a mail program's one-click POST, unsubscribes at
 * once, and the page offers to undo it). In the reader's language; never
 * cached, never indexed.
 */
import type { SiteData } from './data.js';
import { Hero } from './blocks/hero.js';
import { plainPageHead, type HeadModel } from './meta.js';
import { PublicShell, type PublicRouteData } from './public-shell.js';
import { publicWordsFor, type PageWords } from '../../shared/public-words.js';
import { newsletterUnsubscribeActionInput } from '../../shared/newsletter-paths.js';

export type NewsletterView =
  | { kind: 'sent' }
  | { kind: 'problem'; message: string }
  | { kind: 'confirm-ask'; action: string }
  | { kind: 'confirm-done' }
  | { kind: 'unsubscribe-ask'; action: string }
  | { kind: 'unsubscribe-done'; action: string }
  | { kind: 'undone' }
  | { kind: 'invalid'; purpose: 'confirm' | 'unsubscribe' }
  | { kind: 'archive'; issues: { href: string; subject: string; sentAt: string }[] }
  | { kind: 'issue'; subject: string; intro: string; sentAt: string; items: { title: string; summary: string; url: string; picture: { url: string; width: number; height: number; alt: string } | null }[] };

export interface NewsletterPageData extends PublicRouteData {
  view: NewsletterView;
}

/** A day as YYYY-MM-DD (the same for every reader, whatever their time zone). */
function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

function wordsOf(site: SiteData): PageWords {
  return publicWordsFor(site.language?.code ?? 'en');
}

function titleOf(view: NewsletterView, words: PageWords['words']): string {
  const w = words.newsletter;
  switch (view.kind) {
    case 'sent':
      return w.sentTitle;
    case 'problem':
      return w.heading;
    case 'confirm-ask':
    case 'confirm-done':
      return w.confirm.title;
    case 'invalid':
      return view.purpose === 'confirm' ? w.confirm.title : w.unsubscribe.title;
    case 'archive':
      return w.archive.title;
    case 'issue':
      return view.subject;
    default:
      return w.unsubscribe.title;
  }
}

export function newsletterHead(site: SiteData, path: string, view: NewsletterView): HeadModel {
  const { words } = wordsOf(site);
  const title = titleOf(view, words);
  return plainPageHead(site, path, title, title, view.kind === 'archive' || view.kind === 'issue');
}

function Ask({ action, question, button, name, value, lang }: { action: string; question: string; button: string; name?: string; value?: string; lang: string | undefined }) {
  return (
    <form method="post" action={action} className="contact-form public-form">
      <p id="newsletter-status" lang={lang}>
        {question}
      </p>
      <div className="form-actions">
        <button type="submit" className="button button-primary" name={name} value={value} lang={lang}>
          {button}
        </button>
      </div>
    </form>
  );
}

export function NewsletterPage({ data }: { data: NewsletterPageData }) {
  const { words, lang } = wordsOf(data.site);
  const w = words.newsletter;
  const { view } = data;
  const status = (text: string) => (
    <p id="newsletter-status" role="status" className="form-status" lang={lang}>
      {text}
    </p>
  );
  let body;
  switch (view.kind) {
    case 'sent':
      body = status(w.sent);
      break;
    case 'problem':
      body = (
        <p id="newsletter-status" role="alert" className="form-status form-problem" lang={lang}>
          {view.message}
        </p>
      );
      break;
    case 'confirm-ask':
      body = <Ask action={view.action} question={w.confirm.question} button={w.confirm.button} lang={lang} />;
      break;
    case 'confirm-done':
      body = status(w.confirm.done);
      break;
    case 'unsubscribe-ask':
      body = <Ask action={view.action} question={w.unsubscribe.question} button={w.unsubscribe.button} name={newsletterUnsubscribeActionInput} value="unsubscribe" lang={lang} />;
      break;
    case 'unsubscribe-done':
      body = (
        <>
          {status(w.unsubscribe.done)}
          <form method="post" action={view.action} className="contact-form public-form">
            <div className="form-actions">
              <button type="submit" className="button" name={newsletterUnsubscribeActionInput} value="undo" lang={lang}>
                {w.unsubscribe.undo}
              </button>
            </div>
          </form>
        </>
      );
      break;
    case 'undone':
      body = status(w.unsubscribe.undone);
      break;
    case 'invalid':
      body = status(view.purpose === 'confirm' ? w.confirm.invalid : w.unsubscribe.invalid);
      break;
    case 'archive':
      body =
        view.issues.length === 0 ? (
          <p lang={lang}>{w.archive.none}</p>
        ) : (
          <ul className="newsletter-archive">
            {view.issues.map((i) => (
              <li key={i.href}>
                <a href={i.href}>{i.subject}</a> <span lang={lang}>{w.archive.sentOn(dateOf(i.sentAt))}</span>
              </li>
            ))}
          </ul>
        );
      break;
    case 'issue':
      body = (
        <article className="newsletter-issue">
          <p className="newsletter-sent-on" lang={lang}>
            {w.archive.sentOn(dateOf(view.sentAt))}
          </p>
          {view.intro
            .split(/\r?\n\s*\r?\n/)
            .filter((p) => p.trim())
            .map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          {view.items.map((item) => (
            <section key={item.url} className="newsletter-item">
              {item.picture ? <img src={item.picture.url} width={item.picture.width} height={item.picture.height} alt={item.picture.alt} loading="lazy" /> : null}
              <h2>
                <a href={item.url}>{item.title}</a>
              </h2>
              {item.summary ? <p>{item.summary}</p> : null}
            </section>
          ))}
        </article>
      );
      break;
  }
  return (
    <PublicShell data={data}>
      <div className="page page-form">
        <Hero pageTitle={titleOf(view, words)} titleLang={lang} slide={null} media={{}} />
        <section className="block form-block" aria-labelledby={view.kind === 'archive' || view.kind === 'issue' ? undefined : 'newsletter-status'}>
          <div className="container form-inner">{body}</div>
        </section>
      </div>
    </PublicShell>
  );
}
