/** The not-found page's content (unknown paths, and stories or events that are not published): with the navigation's pages as suggestions. */
import type { PublicNavigation } from '../../shared/site-navigation.js';
import { SiteLink } from './site-link.js';

export function NotFoundContent({ what = 'page', navigation }: { what?: string; navigation: PublicNavigation }) {
  // Every page the menus offer, once each, home left out (the button above leads there).
  const seen = new Set<string>(['/']);
  const suggestions = navigation.header.flatMap((item) => (item.menuId ? item.children : [item])).filter((l) => !l.external && !seen.has(l.href) && seen.add(l.href));
  return (
    <div className="page page-not-found">
      <div className="container not-found">
        <p className="not-found-code">404</p>
        <h1>{`We could not find that ${what}`}</h1>
        <p>{`The address may be mistyped, or the ${what} may have moved or been taken down.`}</p>
        <p>
          <SiteLink to="/" className="button button-primary">
            Go to the home page
          </SiteLink>
        </p>
        {suggestions.length > 0 ? (
          <>
            <h2 className="not-found-suggest">You may be looking for</h2>
            <ul className="not-found-links">
              {suggestions.map((i) => (
                <li key={i.href}>
                  <SiteLink to={i.href}>{i.label}</SiteLink>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
