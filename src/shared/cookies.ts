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
