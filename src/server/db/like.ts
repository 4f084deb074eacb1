/**
 * `LIKE` for "contains", the same on SQLite and PostgreSQL: the searched
 * text's wildcards (and the escape character) are taken literally. Use the
 * pattern with `escape '!'` (`containsEscape`).
 */

/** The pattern that matches text containing `needle` as it is. */
export function likeContains(needle: string): string {
  return `%${needle.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}
