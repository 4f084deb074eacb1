/**
 * Builds a module-level schema. Marked free of side effects so bundlers drop
 * zod from browser chunks that only read the declarations (the public pages'
 * first load must stay small). Its own module so that fields.ts and forms.ts
 * both use it without importing each other.
 */
/* @__NO_SIDE_EFFECTS__ */
export function schema<T>(build: () => T): T {
  return build();
}
