/** The not-found page's content (unknown paths, and stories or events that are not published): with the navigation's pages as suggestions, in the page's language. */
import type { MissingThing } from '../../shared/public-words.js';
import type { PublicNavigation } from '../../shared/site-navigation.js';
import { SiteLink } from './site-link.js';
import { usePublicWords } from './words.js';

/** `home`: the home page in the page's language (the button leads there). */
export function NotFoundContent({ what = 'page', navigation, home = '/' }: { what?: MissingThing; navigation: PublicNavigation; home?: string | undefined }) {
  const { words, lang } = usePublicWords();
  const w = words.notFound;
  // Every page the menus offer, once each, home left out (the button above leads there).
  const seen = new Set<string>(['/', home]);
  const suggestions = navigation.header.flatMap((item) => (item.menuId ? item.children : [item])).filter((l) => !l.external && !seen.has(l.href) && seen.add(l.href));
  return (
    <div className="page page-not-found">
      <div className="container not-found">
        <p className="not-found-code">404</p>
        <h1 lang={lang}>{w.heading[what]}</h1>
        <p lang={lang}>{w.text[what]}</p>
        <p>
          <SiteLink to={home} className="button button-primary" lang={lang}>
            {w.goHome}
          </SiteLink>
        </p>
        {suggestions.length > 0 ? (
          <>
            <h2 className="not-found-suggest" lang={lang}>
              {w.suggestions}
            </h2>
            <ul className="not-found-links">
              {suggestions.map((i) => (
                <li key={i.href}>
                  <SiteLink to={i.href} lang={i.lang}>
                    {i.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
