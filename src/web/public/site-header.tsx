/**
 * The public top bar: logo, HOME, the About Us and Our Work menus, Our
 * Strategy and Events. Menus open by click, touch and keyboard (Enter/Space,
 * arrow keys, Home/End, Escape returns focus); below 1024 px a menu button
 * opens the whole navigation.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, SiteLink, useCurrentPath } from './site-link.js';
import type { SiteData } from './data.js';
import { ChevronDown, CloseIcon, MenuIcon } from './icons.js';
import { aboutMenu, practiceMenu, topLinks, type NavGroup } from './nav.js';
import { BrandLogo, logoIsWordmark } from './brand-logo.js';

function focusables(list: HTMLElement | null): HTMLAnchorElement[] {
  return list ? Array.from(list.querySelectorAll<HTMLAnchorElement>('a[href]')) : [];
}

interface MenuProps {
  group: NavGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPath: string;
}

function NavMenu({ group, open, onOpenChange, currentPath }: MenuProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const listId = `menu-${group.id}`;
  const active = group.items.some((i) => i.path === currentPath);

  useEffect(() => {
    if (open && pendingFocus.current) {
      const items = focusables(listRef.current);
      (pendingFocus.current === 'first' ? items[0] : items[items.length - 1])?.focus();
      pendingFocus.current = null;
    }
  }, [open]);

  const openAndFocus = (which: 'first' | 'last') => {
    if (open) {
      const items = focusables(listRef.current);
      (which === 'first' ? items[0] : items[items.length - 1])?.focus();
    } else {
      pendingFocus.current = which;
      onOpenChange(true);
    }
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAndFocus('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAndFocus('last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      onOpenChange(false);
    }
  };

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = focusables(listRef.current);
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    let next: HTMLAnchorElement | undefined;
    if (e.key === 'ArrowDown') next = items[(index + 1) % items.length];
    else if (e.key === 'ArrowUp') next = items[(index - 1 + items.length) % items.length];
    else if (e.key === 'Home') next = items[0];
    else if (e.key === 'End') next = items[items.length - 1];
    else if (e.key === 'Escape') {
      e.preventDefault();
      onOpenChange(false);
      buttonRef.current?.focus();
      return;
    } else return;
    e.preventDefault();
    next?.focus();
  };

  return (
    <li
      className="nav-item has-menu"
      data-open={open ? '' : undefined}
      onBlur={(e) => {
        // Tabbing out of the menu closes it.
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-button${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKey}
      >
        {group.label}
        <ChevronDown />
      </button>
      <ul id={listId} ref={listRef} className="submenu" onKeyDown={onListKey}>
        {group.items.map((item) => (
          <li key={item.path}>
            <SiteLink to={item.path} className="submenu-link" aria-current={item.path === currentPath ? 'page' : undefined} onClick={() => onOpenChange(false)}>
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
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setEnhanced(true), []);

  // A navigation closes every menu.
  useEffect(() => {
    setOpenMenu(null);
    setNavOpen(false);
  }, [pathname]);

  // A click or touch outside the header closes what is open.
  useEffect(() => {
    if (!openMenu && !navOpen) return;
    const onPointer = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) {
        setOpenMenu(null);
        setNavOpen(false);
      }
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && navOpen && !openMenu) {
        setNavOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [openMenu, navOpen]);

  const menuProps = useCallback(
    (group: NavGroup) => ({
      group,
      open: openMenu === group.id,
      onOpenChange: (open: boolean) => setOpenMenu(open ? group.id : null),
      currentPath: pathname,
    }),
    [openMenu, pathname],
  );

  const { settings, logo } = site;
  return (
    <header className="site-header" ref={headerRef} data-enhanced={enhanced ? '' : undefined} data-nav-open={navOpen ? '' : undefined}>
      <div className="container header-bar">
        <SiteLink to="/" className="brand" aria-label={`${settings.organisationName}, home`}>
          <BrandLogo logo={logo} />
          <span className={logoIsWordmark(logo) ? 'visually-hidden' : 'brand-name'}>{settings.organisationName}</span>
        </SiteLink>
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={navOpen}
          aria-controls="site-nav"
          onClick={() => setNavOpen((o) => !o)}
        >
          {navOpen ? <CloseIcon /> : <MenuIcon />}
          <span>Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-list">
            <li className="nav-item">
              <NavLink to="/" className="nav-link">
                HOME
              </NavLink>
            </li>
            <NavMenu {...menuProps(aboutMenu)} />
            <NavMenu {...menuProps(practiceMenu)} />
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
