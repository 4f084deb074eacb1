/**
 * The frame of both staff layouts: a top bar with the layout's title and the
 * drawer toggle, and the drawer (docs/spec-conformance.md; width 300, mini width 57,
 * pinned at 1024 px and wider, overlaying the content below, ~150 ms, swipe to
 * open or close at 75 px or a quarter of its width). The drawer's groups of
 * collections fold, the current route's group open; `#staff-menu` in the
 * address (the public site's staff bar) opens the drawer with focus in it.
 * The browser tab's title follows the route on every navigation (staff-title.ts).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate, useNavigation } from 'react-router';
import { Burger, Text, UnstyledButton } from '@mantine/core';
import { useAuth } from '../auth/use-auth.js';
import { currentGroupOf, type MenuEntry, type MenuGroup } from './menu.js';
import { staffMenuHash } from '../../../shared/staff-entry.js';
import { defaultStaffTitle, staffTitle } from './staff-title.js';
import { siteCheckPath } from '../../../shared/site-check.js';
import { SiteCheckCount } from '../site-check/count-badge.js';
import { TranslationsCount } from '../translations/count-badge.js';
import { translationsScreenPath } from '../../../shared/translations.js';
import { useOverlayDrawer } from './use-overlay-drawer.js';
import { swipeDirection } from '../../swipe.js';

export const drawerWidth = 300;
export const miniWidth = 57;
/** Touches starting this close to the left edge may open a closed drawer. */
const edgeWidth = 24;

export function StaffLayout({ title, menu, children }: { title: string; menu: MenuGroup[]; children: ReactNode }) {
  const overlay = useOverlayDrawer();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { user, signOut } = useAuth();
  const drawerId = useId();
  const drawerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Pinned drawer: full or mini. Overlay drawer: open on the path where it was opened, so navigating closes it.
  const [mini, setMini] = useState(false);
  // Arriving with `#staff-menu` (the public site's staff bar): the overlay drawer starts open.
  const [openOnPath, setOpenOnPath] = useState<string | null>(() => (hash === `#${staffMenuHash}` ? pathname : null));
  const open = overlay ? openOnPath === pathname : !mini;
  // The folding groups: the current route's group is open; a group opened or closed by hand stays so until the next navigation.
  const currentGroup = currentGroupOf(menu, pathname);
  const [folds, setFolds] = useState<{ path: string; open: ReadonlySet<string> } | null>(null);
  const openGroups = folds?.path === pathname ? folds.open : new Set(currentGroup ? [currentGroup] : []);
  const toggleGroup = (title: string) => {
    const next = new Set(openGroups);
    if (next.has(title)) next.delete(title);
    else next.add(title);
    setFolds({ path: pathname, open: next });
  };

  // The tab's title follows the route at once (before the screen's own effects, which may name what it shows).
  useLayoutEffect(() => {
    document.title = staffTitle(defaultStaffTitle(pathname));
  }, [pathname]);

  // `#staff-menu`: focus the drawer's first entry, pinned or overlaying.
  useEffect(() => {
    if (hash === `#${staffMenuHash}`) drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [hash]);

  const setOpen = (value: boolean) => {
    if (overlay) setOpenOnPath(value ? pathname : null);
    else setMini(!value);
  };

  // Moving focus into the overlay drawer when it opens, and back to the toggle when it closes.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (!overlay) return;
    if (open && !wasOpen.current) drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    if (!open && wasOpen.current && drawerRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open, overlay]);

  useEffect(() => {
    if (!overlay || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOnPath(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, open]);

  // Swipe right opens (from the left edge when closed), swipe left closes.
  const openRef = useRef(open);
  openRef.current = open;
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;
  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    const onStart = (e: TouchEvent) => {
      const t = e.touches[0];
      if (!t || e.touches.length > 1) return;
      const drawerRight = openRef.current ? drawerWidth : overlay ? 0 : miniWidth;
      start = t.clientX <= Math.max(edgeWidth, drawerRight) ? { x: t.clientX, y: t.clientY } : null;
    };
    const onEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (!start || !t) return;
      const direction = swipeDirection(t.clientX - start.x, t.clientY - start.y, drawerWidth);
      start = null;
      if (direction > 0 && !openRef.current) setOpenRef.current(true);
      if (direction < 0 && openRef.current) setOpenRef.current(false);
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [overlay]);

  const onLogout = async () => {
    // Navigate and sign out in one go: the guard must not send the user to /login?next=….
    navigate('/login', { replace: true });
    await signOut();
  };

  const showLabels = overlay || !mini;
  const busy = navigation.state !== 'idle';

  return (
    <div className="staff-frame" data-overlay={overlay || undefined} data-mini={!overlay && mini ? true : undefined}>
      <a className="staff-skip" href="#staff-content">
        Skip to content
      </a>
      <header className="staff-header">
        <Burger
          ref={toggleRef}
          opened={open}
          onClick={() => setOpen(!open)}
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls={drawerId}
          size="sm"
        />
        <Text component="span" className="staff-title" fw={700} size="lg">
          {title}
        </Text>
        {user && (
          <Text component="span" size="sm" c="dimmed" className="staff-user" title={user.email}>
            {user.displayName || user.email}
          </Text>
        )}
        {busy && <span className="staff-progress" role="progressbar" aria-label="Loading the page" />}
      </header>
      {overlay && open && <div className="staff-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />}
      <nav
        id={drawerId}
        ref={drawerRef}
        className="staff-drawer"
        aria-label="Staff menu"
        data-open={open || undefined}
        inert={overlay && !open ? true : undefined}
      >
        {menu.map((group, i) => {
          const key = group.title ?? `top-${i}`;
          // The mini drawer shows every entry's mark: folding is for the drawer with labels.
          const shown = !group.folds || !showLabels || (group.title !== null && openGroups.has(group.title));
          const listId = `${drawerId}-group-${i}`;
          const firstFolding = group.folds && menu.findIndex((g) => g.folds) === i;
          return (
            <div key={key} className={group.folds ? 'staff-group staff-group-folds' : 'staff-group'}>
              {firstFolding && (
                <Text component="h2" className="staff-group-title" size="xs" fw={700} tt="uppercase" c="dimmed">
                  Blocks by page
                </Text>
              )}
              {group.title && group.folds && showLabels && (
                <h3 className="staff-group-heading">
                  <UnstyledButton className="staff-group-toggle" aria-expanded={shown} aria-controls={listId} onClick={() => toggleGroup(group.title ?? '')}>
                    <span className="staff-group-chevron" aria-hidden="true">
                      {shown ? '▾' : '▸'}
                    </span>
                    {group.title}
                  </UnstyledButton>
                </h3>
              )}
              {group.title && (!group.folds || !showLabels) && (
                <Text component={group.folds ? 'h3' : 'h2'} className="staff-group-title" size="xs" fw={700} tt="uppercase" c="dimmed">
                  {group.title}
                </Text>
              )}
              <ul className="staff-list" id={listId} hidden={!shown}>
                {group.entries.map((entry) => (
                  <li key={entry.to}>
                    <DrawerLink entry={entry} pathname={pathname} showLabels={showLabels} onNavigate={() => overlay && setOpenOnPath(null)} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <div className="staff-group">
          <NavLink
            to="/account"
            end
            className="staff-link"
            title={showLabels ? undefined : 'Your account'}
            onClick={() => {
              if (overlay) setOpenOnPath(null);
            }}
          >
            <span className="staff-link-icon" aria-hidden="true">
              ☺
            </span>
            <span className="staff-link-text">
              <span className="staff-link-label">Your account</span>
            </span>
          </NavLink>
          <UnstyledButton className="staff-link" onClick={() => void onLogout()} title={showLabels ? undefined : 'Logout'}>
            <span className="staff-link-icon" aria-hidden="true">
              ⎋
            </span>
            <span className="staff-link-text">
              <span className="staff-link-label">Logout</span>
            </span>
          </UnstyledButton>
        </div>
      </nav>
      <div id="staff-content" className="staff-content" tabIndex={-1} inert={overlay && open ? true : undefined}>
        {children}
      </div>
    </div>
  );
}

function DrawerLink({ entry, pathname, showLabels, onNavigate }: { entry: MenuEntry; pathname: string; showLabels: boolean; onNavigate(): void }) {
  return (
    <NavLink
      to={entry.to}
      end
      reloadDocument={entry.publicPage}
      className="staff-link"
      data-section={entry.formPrefixes?.some((prefix) => pathname.startsWith(prefix)) || undefined}
      title={showLabels ? undefined : entry.label}
      onClick={onNavigate}
    >
      <span className="staff-link-icon" aria-hidden="true">
        {entry.short}
      </span>
      <span className="staff-link-text">
        <span className="staff-link-label">
          {entry.label}
          {entry.to === siteCheckPath && showLabels && <SiteCheckCount />}
          {entry.to === translationsScreenPath && showLabels && <TranslationsCount />}
        </span>
        {entry.caption && <span className="staff-link-caption"> {entry.caption}</span>}
      </span>
    </NavLink>
  );
}
