/**
 * Light pages: the public site for visitors who pay for every megabyte. A
 * browser asks for them with `Save-Data: on` (Chrome's "Lite mode", data
 * saver settings); a visitor can also switch them on or off by hand with the
 * footer's link, which sets a cookie and works without JavaScript. A choice
 * made by hand wins over the header. Light pages draw no pictures behind
 * text (heroes, carousel slides), fetch every other picture at one pixel per
 * CSS pixel, and the carousel does not play by itself.
 *
 * Pages vary on both, and say so: `Vary: Accept-Encoding, Save-Data, Cookie`.
 */
import { cookieName } from './cookies.js';

/** The footer link's target: `?on` or `?off`, and `back`, the page to return to. */
export const lightPagesPath = '/light-pages';
/** The switch's cookie: `__Host-light` on an https site (Secure, Path=/, no Domain: no other host of the domain can set it), `light` over http. */
export function lightPagesCookie(secure: boolean): string {
  return cookieName('light', secure, 'host');
}
/** A year: the choice is the visitor's until they change it. */
const cookieMaxAge = 365 * 24 * 60 * 60;

/** The Set-Cookie of the switch: no script reads it (HttpOnly), and following a link from another site keeps it (Lax). */
export function lightPagesSetCookie(on: boolean, secure: boolean): string {
  return `${lightPagesCookie(secure)}=${on ? '1' : '0'}; Max-Age=${cookieMaxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
/** The Vary of every public page. */
export const lightPagesVary = 'Accept-Encoding, Save-Data, Cookie';

/** The value of one cookie in a Cookie header, or undefined. */
function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Does this request want light pages? The cookie when the visitor chose
 * (`1` on, `0` off), else the Save-Data header (`on`, without regard to case
 * or to parameters after a `;`). On an https site only the prefixed cookie counts.
 */
export function wantsLightPages(saveData: string | undefined, cookie: string | undefined, secure: boolean): boolean {
  const name = lightPagesCookie(secure);
  if (cookie && cookie.includes(name)) {
    const chosen = cookieValue(cookie, name);
    if (chosen === '1') return true;
    if (chosen === '0') return false;
  }
  if (!saveData) return false;
  const semi = saveData.indexOf(';');
  return (semi < 0 ? saveData : saveData.slice(0, semi)).trim().toLowerCase() === 'on';
}

/** The footer link: switches light pages on (`on`) or off, and comes back to `back`. */
export function lightPagesLink(on: boolean, back: string): string {
  return `${lightPagesPath}?${on ? 'on' : 'off'}&back=${encodeURIComponent(back)}`;
}

/**
 * Where the switch returns to: a path of this site (one leading slash, no
 * scheme, no backslash, printable ASCII as the site's own addresses are),
 * else the home page. Never another site: the link is not an open redirect;
 * and nothing a Location header cannot carry.
 */
export function lightPagesBack(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//') || back.includes('\\') || back.length > 2000) return '/';
  for (let i = 0; i < back.length; i++) {
    const code = back.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) return '/';
  }
  return back;
}
