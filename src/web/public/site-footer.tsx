/** The public footer: the logo, the navigation's link lists (editors' data), and the external links from site settings. */
import { lightPagesLink } from '../../shared/light-pages.js';
import { SiteLink, useCurrentPath } from './site-link.js';
import type { SiteData } from './data.js';
import { MailIcon, SocialIcon, VideoIcon } from './icons.js';
import { NavAnchor } from './site-header.js';
import { BrandLogo, logoIsWordmark } from './brand-logo.js';
import { usePublicWords } from './words.js';
import { NewsletterSignUp } from './newsletter-sign-up.js';

export function SiteFooter({ site, year }: { site: SiteData; year: number }) {
  const { settings, logo } = site;
  const { words, lang } = usePublicWords();
  const w = words.footer;
  const path = useCurrentPath();
  const light = site.light === true;
  return (
    <footer className="site-footer" id="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <SiteLink to="/" className="brand brand-footer">
            <BrandLogo logo={logo} />
            <span className={logoIsWordmark(logo) ? 'visually-hidden' : 'brand-name'}>{settings.organisationName}</span>
          </SiteLink>
          {settings.tagline ? <p className="footer-tagline">{settings.tagline}</p> : null}
          {settings.address ? <p className="footer-address">{settings.address}</p> : null}
        </div>
        {site.navigation.footer.map((list) => (
          <nav className="footer-links" aria-label={list.heading} key={list.heading}>
            <h2 className="footer-heading" lang={list.lang}>
              {list.heading}
            </h2>
            <ul>
              {list.links.map((l) => (
                <li key={`${l.href} ${l.label}`}>
                  <NavAnchor link={l} currentPath="" />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="footer-links">
          <h2 className="footer-heading" lang={lang}>
            {w.stayInTouch}
          </h2>
          <ul className="footer-external">
            {settings.socialUrl ? (
              <li>
                <a href={settings.socialUrl} rel="noopener" target="_blank" lang={lang}>
                  <SocialIcon />
                  {` ${w.followUs}`}
                  <span className="visually-hidden">{w.opensInNewTab}</span>
                </a>
              </li>
            ) : null}
            {settings.videoUrl ? (
              <li>
                <a href={settings.videoUrl} rel="noopener" target="_blank" lang={lang}>
                  <VideoIcon />
                  {` ${w.watchVideos}`}
                  <span className="visually-hidden">{w.opensInNewTab}</span>
                </a>
              </li>
            ) : null}
            <li>
              <a href={settings.mailUrl || `mailto:${settings.contactEmail}`} rel={settings.mailUrl ? 'noopener' : undefined}>
                <MailIcon /> {settings.contactEmail}
              </a>
            </li>
            {settings.phone ? <li className="footer-phone">{settings.phone}</li> : null}
          </ul>
        </div>
        {site.newsletterStarted ? <NewsletterSignUp started={site.newsletterStarted} pageLang={site.language && site.language.code !== site.language.defaultCode ? site.language.code : undefined} /> : null}
      </div>
      <div className="container footer-bottom">
        <p lang={lang}>{w.copyright(year, settings.organisationName)}</p>
        {/* A plain link (no script): the server sets the choice in a cookie and comes back here. */}
        <a className="light-pages-link" href={lightPagesLink(!light, path)} rel="nofollow" lang={lang}>
          {light ? w.fullPages : w.lightPages}
        </a>
      </div>
    </footer>
  );
}
