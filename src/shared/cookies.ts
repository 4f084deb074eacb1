/**
 * Cookie names on an https site carry a prefix the browser enforces (RFC 6265bis,
 * ASVS 3.3.1): `__Host-` for a cookie on Path=/ with no Domain, so no other host
 * of the domain can set or shadow it; `__Secure-` for one scoped to a path
 * (Secure only). A browser refuses a prefixed cookie that is not Secure, so over
 * plain http (local development) the name stays as it is.
 */
export type CookieScope = 'host' | 'path';

export function cookieName(name: string, secure: boolean, scope: CookieScope): string {
  if (!secure) return name;
  return `${scope === 'host' ? '__Host-' : '__Secure-'}${name}`;
}

/**
 * Set beside the refresh cookie while a staff member is signed in, on every
 * path (`__Host-staff` on an https site): the public pages leave that
 * browser's views out of the visit counts (server/visits/). Not a credential:
 * it carries no token and grants nothing, so a visitor who sets it by hand
 * only leaves their own views uncounted.
 */
export function staffCookieName(secure: boolean): string {
  return cookieName('staff', secure, 'host');
}
