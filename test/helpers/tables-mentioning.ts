/** Where a text is kept: every text or JSON column of every table of the backup catalogue that holds it (lower case), as `table.column`. */
import { sql, type Kysely } from 'kysely';
import { readCatalogue } from '../../src/server/db/catalogue.js';
import type { Database, Dialect } from '../../src/server/db/schema.js';

export async function tablesMentioning(kysely: Kysely<Database>, dialect: Dialect, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await readCatalogue(kysely, dialect)) {
    for (const column of table.columns.filter((c) => c.type === 'text' || c.type === 'json')) {
      const value = dialect === 'postgres' ? sql`lower(cast(${sql.ref(column.name)} as text))` : sql`lower(${sql.ref(column.name)})`;
      const hit = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)} where ${value} like ${`%${needle}%`}`.execute(kysely);
      if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${table.name}.${column.name}`);
    }
  }
  return found;
}
