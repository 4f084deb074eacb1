/**
 * The public top bar: logo, HOME, the About Us and Our Work menus, Our
 * Strategy and Events; below 1024 px a Menu button shows the whole
 * navigation. Static markup: the buttons start closed (`aria-expanded`
 * false) and menus.ts, a few lines of plain script, opens and closes them
 * (click, touch and keyboard). Without JavaScript a <noscript> style shows
 * the navigation and opens a menu while focus is inside it.
 */
import { NavLink, SiteLink, useCurrentPath } from './site-link.js';
import type { SiteData } from './data.js';
import { ChevronDown, CloseIcon, MenuIcon } from './icons.js';
import { aboutMenu, practiceMenu, topLinks, type NavGroup } from './nav.js';
import { BrandLogo, logoIsWordmark } from './brand-logo.js';

function NavMenu({ group, currentPath }: { group: NavGroup; currentPath: string }) {
  const listId = `menu-${group.id}`;
  const active = group.items.some((i) => i.path === currentPath);
  return (
    <li className="nav-item has-menu">
      <button type="button" className={`nav-link nav-button${active ? ' is-active' : ''}`} aria-expanded={false} aria-controls={listId}>
        {group.label}
        <ChevronDown />
      </button>
      <ul id={listId} className="submenu">
        {group.items.map((item) => (
          <li key={item.path}>
            <SiteLink to={item.path} className="submenu-link" aria-current={item.path === currentPath ? 'page' : undefined}>
              {item.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SiteHeader({ site }: { site: SiteData }) {
  const pathname = useCurrentPath();
  const { settings, logo } = site;
  return (
    <header className="site-header">
      <div className="container header-bar">
        <SiteLink to="/" className="brand" aria-label={`${settings.organisationName}, home`}>
          <BrandLogo logo={logo} />
          <span className={logoIsWordmark(logo) ? 'visually-hidden' : 'brand-name'}>{settings.organisationName}</span>
        </SiteLink>
        <button type="button" className="nav-toggle" aria-expanded={false} aria-controls="site-nav">
          <MenuIcon className="nav-toggle-open" />
          <CloseIcon className="nav-toggle-close" />
          <span>Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-list">
            <li className="nav-item">
              <NavLink to="/" className="nav-link">
                HOME
              </NavLink>
            </li>
            <NavMenu group={aboutMenu} currentPath={pathname} />
            <NavMenu group={practiceMenu} currentPath={pathname} />
            {Object.values(topLinks).map((l) => (
              <li className="nav-item" key={l.path}>
                <NavLink to={l.path} className="nav-link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
