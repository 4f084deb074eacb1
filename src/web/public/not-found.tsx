/** The not-found page's content (unknown paths, and stories or events that are not published). */
import { SiteLink } from './site-link.js';
import { aboutMenu, practiceMenu } from './nav.js';

export function NotFoundContent({ what = 'page' }: { what?: string }) {
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
        <h2 className="not-found-suggest">You may be looking for</h2>
        <ul className="not-found-links">
          {[...aboutMenu.items, ...practiceMenu.items, { label: 'Events', path: '/events' }].map((i) => (
            <li key={i.path}>
              <SiteLink to={i.path}>{i.label}</SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
