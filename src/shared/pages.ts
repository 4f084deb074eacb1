/**
 * A public page's id. Pages are data (site-structure.ts): the seeded ones
 * (src/server/structure/default-pages.ts) keep their names as ids, pages
 * editors add get ids of their own.
 */
export type PageName = string;
