/** Where to go after signing in: only a path on this site, never another origin or /login itself. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value) return null;
  // "//host" and "/\host" are protocol-relative URLs to another site.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a smuggled newline or tab) never belong in a path.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://same.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.invalid') return null;
  if (url.pathname === '/login') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising can turn "/..//host" into "//host": check what is returned, not only what came in.
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** The /login address that returns to `path` after signing in. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
