/** The public footer: the logo, the about and practice-area link lists, and the external links from site settings. */
import { SiteLink } from './site-link.js';
import type { SiteData } from './data.js';
import { MailIcon, SocialIcon, VideoIcon } from './icons.js';
import { aboutMenu, practiceMenu, topLinks } from './nav.js';
import { BrandLogo, logoIsWordmark } from './brand-logo.js';

export function SiteFooter({ site, year }: { site: SiteData; year: number }) {
  const { settings, logo } = site;
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
        <nav className="footer-links" aria-label={aboutMenu.label}>
          <h2 className="footer-heading">{aboutMenu.label}</h2>
          <ul>
            {aboutMenu.items.map((i) => (
              <li key={i.path}>
                <SiteLink to={i.path}>{i.label}</SiteLink>
              </li>
            ))}
            <li>
              <SiteLink to={topLinks.strategy.path}>{topLinks.strategy.label}</SiteLink>
            </li>
          </ul>
        </nav>
        <nav className="footer-links" aria-label={practiceMenu.label}>
          <h2 className="footer-heading">{practiceMenu.label}</h2>
          <ul>
            {practiceMenu.items.map((i) => (
              <li key={i.path}>
                <SiteLink to={i.path}>{i.label}</SiteLink>
              </li>
            ))}
            <li>
              <SiteLink to={topLinks.events.path}>{topLinks.events.label}</SiteLink>
            </li>
          </ul>
        </nav>
        <div className="footer-links">
          <h2 className="footer-heading">Stay in touch</h2>
          <ul className="footer-external">
            {settings.socialUrl ? (
              <li>
                <a href={settings.socialUrl} rel="noopener" target="_blank">
                  <SocialIcon /> Follow us<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {settings.videoUrl ? (
              <li>
                <a href={settings.videoUrl} rel="noopener" target="_blank">
                  <VideoIcon /> Watch our videos<span className="visually-hidden"> (opens in a new tab)</span>
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
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {settings.organisationName}
        </p>
      </div>
    </footer>
  );
}
