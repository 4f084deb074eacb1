/**
 * How an island (src/web/public/islands.ts) is marked in a public page's
 * HTML: the server renders it, the browser entry hydrates it, and the
 * server's page weighing (src/server/weighing/phone-browser.ts) waits for it.
 */

/** The marked element's attribute (its value is the island's name) and the one set once it is hydrated. */
export const islandAttribute = 'data-island';
export const hydratedAttribute = 'data-hydrated';
/** The attribute of the props block (`<script type="application/json" data-island-props>`) after the island. */
export const islandPropsAttribute = 'data-island-props';
