/**
 * Links between public pages are plain anchors: a public page hydrates without
 * the router (its first load stays within budget), and the next page comes
 * server-rendered from the cache. The current path comes from the page data.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

const CurrentPath = createContext('/');

export function CurrentPathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <CurrentPath.Provider value={path}>{children}</CurrentPath.Provider>;
}

export function useCurrentPath(): string {
  return useContext(CurrentPath);
}

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children: ReactNode };

export function SiteLink({ to, children, ...rest }: SiteLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** A menu link marked as the current page (aria-current and an `is-active` class). */
export function NavLink({ to, className, children, lang }: { to: string; className: string; children: ReactNode; lang?: string | undefined }) {
  const active = useCurrentPath() === to;
  return (
    <a href={to} className={`${className}${active ? ' is-active' : ''}`} lang={lang} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}
