/**
 * The public top bar: the logo and the published navigation (site-navigation.ts:
 * links, and menus one level deep, in the editors' order); below 1024 px a
 * Menu button shows the whole navigation. Static markup: the buttons start
 * closed (`aria-expanded` false) and menus.ts, a few lines of plain script,
 * opens and closes them (click, touch and keyboard). Without JavaScript a
 * <noscript> style shows the navigation and opens a menu while focus is inside it.
 */
import type { ResolvedHeaderItem, ResolvedNavLink } from '../../shared/site-navigation.js';
import { NavLink, SiteLink, useCurrentPath } from './site-link.js';
import type { SiteData } from './data.js';
import type { BundleLanguage } from '../../shared/page-bundle.js';
import { ChevronDown, CloseIcon, MenuIcon } from './icons.js';
import { BrandLogo, logoIsWordmark } from './brand-logo.js';
import { usePublicWords } from './words.js';
import { publicWordsFor } from '../../shared/public-words.js';

/** An outside address opens as a plain link; a page of the site as a site link. */
export function NavAnchor({ link, className, currentPath }: { link: ResolvedNavLink; className?: string | undefined; currentPath: string }) {
  if (link.external) {
    return (
      <a href={link.href} className={className} rel="noopener" lang={link.lang}>
        {link.label}
      </a>
    );
  }
  return (
    <SiteLink to={link.href} className={className} lang={link.lang} aria-current={link.href === currentPath ? 'page' : undefined}>
      {link.label}
    </SiteLink>
  );
}

function NavMenu({ item, currentPath }: { item: ResolvedHeaderItem; currentPath: string }) {
  const listId = `menu-${item.menuId ?? 'menu'}`;
  const active = item.children.some((i) => !i.external && i.href === currentPath);
  return (
    <li className="nav-item has-menu">
      <button type="button" className={`nav-link nav-button${active ? ' is-active' : ''}`} aria-expanded={false} aria-controls={listId}>
        <span lang={item.lang}>{item.label}</span>
        <ChevronDown />
      </button>
      <ul id={listId} className="submenu">
        {item.children.map((child) => (
          <li key={`${child.href} ${child.label}`}>
            <NavAnchor link={child} className="submenu-link" currentPath={currentPath} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SiteHeader({ site }: { site: SiteData }) {
  const pathname = useCurrentPath();
  const { words, lang } = usePublicWords();
  const { settings, logo, navigation } = site;
  return (
    <header className="site-header">
      <div className="container header-bar">
        <SiteLink to={site.home ?? '/'} className="brand" aria-label={words.header.home(settings.organisationName)} lang={lang}>
          <BrandLogo logo={logo} />
          <span className={logoIsWordmark(logo) ? 'visually-hidden' : 'brand-name'}>{settings.organisationName}</span>
        </SiteLink>
        <button type="button" className="nav-toggle" aria-expanded={false} aria-controls="site-nav">
          <MenuIcon className="nav-toggle-open" />
          <CloseIcon className="nav-toggle-close" />
          <span lang={lang}>{words.header.menu}</span>
        </button>
        {/* No `lang` for the name here: it would mark the menus' own words too. */}
        <nav id="site-nav" className="site-nav" aria-label={words.header.mainNavigation}>
          <ul className="nav-list">
            {navigation.header.map((item) =>
              item.menuId ? (
                <NavMenu key={item.menuId} item={item} currentPath={pathname} />
              ) : (
                <li className="nav-item" key={`${item.href} ${item.label}`}>
                  {item.external ? (
                    <NavAnchor link={item} className="nav-link" currentPath={pathname} />
                  ) : (
                    <NavLink to={item.href} className="nav-link" lang={item.lang}>
                      {item.label}
                    </NavLink>
                  )}
                </li>
              ),
            )}
          </ul>
        </nav>
        <LanguageSwitcher languages={site.languages ?? []} />
      </div>
    </header>
  );
}

/**
 * The page in the site's other languages (the one shown is the page itself): each named in itself, in its own
 * language (`lang`, so a screen reader says "Kiswahili" as a Swahili speaker
 * would), leading to the same page there. When the page is not translated
 * into a language, its link says so in that language, visibly ("Kiswahili
 * (haujatafsiriwa)") and in full to screen readers ("ukurasa huu
 * haujatafsiriwa: ukurasa wa mwanzo"), and leads to that language's home
 * page. Plain server-rendered links: keyboard and screen readers need nothing more.
 */
export function LanguageSwitcher({ languages }: { languages: readonly (BundleLanguage & { current: boolean })[] }) {
  const { words, lang } = usePublicWords();
  if (languages.length < 2) return null;
  // Its name may carry the words' `lang`: each link inside has its own.
  return (
    <nav className="language-switcher" aria-label={words.header.languages} lang={lang}>
      <ul>
        {languages
          .filter((l) => !l.current)
          .map((l) => (
            <li key={l.code}>
              <a href={l.href} lang={l.code} dir={l.dir} hrefLang={l.code} className={l.offered ? 'language-link' : 'language-link is-untranslated'}>
                {/* On the narrowest phones the code shows; the name stays the link's name for screen readers. */}
                <span className="language-name">{l.name}</span>
                <span className="language-code" aria-hidden="true">
                  {l.code.toUpperCase()}
                </span>
                {!l.offered && <NotTranslated code={l.code} />}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** "(not translated)" in the language the link leads to (its dictionary's words, else English marked as such). */
function NotTranslated({ code }: { code: string }) {
  const { words, lang } = publicWordsFor(code);
  const note = words.header.pageNotTranslated;
  return (
    <span className="language-note" lang={lang}>
      {' ('}
      <span className="visually-hidden">{note.before}</span>
      {note.shown}
      <span className="visually-hidden">{note.after}</span>
      {')'}
    </span>
  );
}
