/**
 * The one thing the staff app leaves in the browser for the public pages: a
 * localStorage entry saying a staff member (admin or super) is signed in
 * here, whose value is the path of the staff Pages screen
 * (`editorialPaths.pages`; the public script then needs neither the staff
 * route table nor zod). Not a credential (the session is the HttpOnly
 * refresh cookie): the public script only reads it to show the staff bar
 * (public/edit-link.ts), whose screens check the session as always. Nothing from it reaches the
 * server, so public HTML stays the same bytes for everyone. No imports: the
 * public entry reads this.
 */
export const staffMarkerKey = 'ngo-site:staff';

/** The marker's value as the public script accepts it: a path of this site (never `//host`). */
export function staffPagesPath(value: string | null): string | null {
  return value && /^\/[A-Za-z0-9/_-]*$/.test(value) && !value.startsWith('//') ? value : null;
}
