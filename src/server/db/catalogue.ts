/**
 * What the database itself says it holds: tables, columns (as database-neutral
 * types), primary keys, foreign keys and the newest applied migration. Backups
 * read this catalogue instead of a hand-written list, so a table added by a
 * later migration is in every backup without anyone remembering it.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './index.js';
import type { Database } from './schema.js';

/** How a column's values are written in an archive, whichever database wrote them. */
export type NeutralType = 'text' | 'integer' | 'real' | 'boolean' | 'blob' | 'json';

export interface ColumnInfo {
  name: string;
  type: NeutralType;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Tables this one's foreign keys point to. */
  parents: string[];
}

/** Kysely's own bookkeeping: recorded as the schema level, never restored as rows. */
export const migrationTables = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Tables about this installation, not the site: `backup_runs` records the files
 * of this server's BACKUP_DIR. Archives neither carry nor restore them, so
 * restoring another site's archive (or an older one of this site) never
 * rewrites which backups this server holds, and a backup does not record its
 * own run as "running".
 */
export const installationTables = ['backup_runs'];

/**
 * Search indexes SQLite keeps as tables: FTS5 virtual tables, derived from
 * other tables' rows by triggers (`documents_title_fts` indexes
 * `documents.title_search`). Archives neither carry nor restore them, nor the
 * shadow tables SQLite keeps behind each (`<name>_data`, `_idx`, `_config`,
 * ...; `pragma table_list` types them `shadow`): inserting the archive's rows
 * fills them again, whichever database wrote the archive. PostgreSQL keeps
 * its search index as an index, which no backup reads either.
 */
export const derivedTables = ['documents_title_fts'];

function isDerivedTable(name: string, type: string): boolean {
  return derivedTables.includes(name) || (type === 'shadow' && derivedTables.some((d) => name.startsWith(`${d}_`)));
}

/** A table whose rows belong in a backup (beside the media store's, which travels as files). */
function isSiteTable(name: string): boolean {
  return !migrationTables.includes(name) && !installationTables.includes(name);
}

/** The site's Kysely or a transaction on it; catalogue queries are raw SQL either way. */
type AnyKysely = Kysely<Database>;

function sqliteType(declared: string): NeutralType {
  // SQLite's own affinity rules (https://sqlite.org/datatype3.html section 3.1), plus booleans and JSON by name.
  const t = declared.toUpperCase();
  if (t.includes('BOOL')) return 'boolean';
  if (t.includes('INT')) return 'integer';
  if (t.includes('JSON')) return 'json';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'text';
  if (t === '' || t.includes('BLOB')) return 'blob';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB') || t.includes('NUM') || t.includes('DEC')) return 'real';
  return 'text';
}

function postgresType(dataType: string): NeutralType {
  if (['integer', 'bigint', 'smallint'].includes(dataType)) return 'integer';
  if (['real', 'double precision', 'numeric'].includes(dataType)) return 'real';
  if (dataType === 'boolean') return 'boolean';
  if (dataType === 'bytea') return 'blob';
  if (dataType === 'json' || dataType === 'jsonb') return 'json';
  return 'text';
}

async function sqliteTables(db: AnyKysely): Promise<TableInfo[]> {
  const names = await sql<{ name: string; type: string }>`
    select name, type from pragma_table_list where schema = 'main' and type in ('table', 'virtual', 'shadow') and name not like 'sqlite_%' order by name`.execute(db);
  const tables: TableInfo[] = [];
  for (const { name, type } of names.rows) {
    if (!isSiteTable(name) || isDerivedTable(name, type)) continue;
    const cols = await sql<{ name: string; type: string; pk: number }>`select name, type, pk from pragma_table_info(${name}) order by cid`.execute(db);
    const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    tables.push({
      name,
      columns: cols.rows.map((c) => ({ name: c.name, type: sqliteType(c.type) })),
      primaryKey: cols.rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name),
      parents: [...new Set(fks.rows.map((f) => f.table))],
    });
  }
  return tables;
}

async function postgresTables(db: AnyKysely): Promise<TableInfo[]> {
  const names = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const tables: TableInfo[] = [];
  for (const { name } of names.rows) {
    if (!isSiteTable(name)) continue;
    const cols = await sql<{ name: string; type: string }>`
      select column_name as name, data_type as type from information_schema.columns
      where table_schema = current_schema() and table_name = ${name} order by ordinal_position`.execute(db);
    const pk = await sql<{ name: string }>`
      select kcu.column_name as name from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema() and tc.table_name = ${name}
      order by kcu.ordinal_position`.execute(db);
    const fks = await sql<{ parent: string }>`
      select distinct p.relname as parent from pg_constraint c
      join pg_class t on t.oid = c.conrelid join pg_class p on p.oid = c.confrelid
      join pg_namespace n on n.oid = t.relnamespace
      where c.contype = 'f' and n.nspname = current_schema() and t.relname = ${name}`.execute(db);
    tables.push({
      name,
      columns: cols.rows.map((c) => ({ name: c.name, type: postgresType(c.type) })),
      primaryKey: pk.rows.map((r) => r.name),
      parents: fks.rows.map((r) => r.parent),
    });
  }
  return tables;
}

/** Every table of the site (not Kysely's migration tables nor the installation's), parents before the tables that point to them. */
export async function readCatalogue(db: AnyKysely, dialect: Dialect): Promise<TableInfo[]> {
  const tables = dialect === 'postgres' ? await postgresTables(db) : await sqliteTables(db);
  return parentsFirst(tables);
}

/** Orders tables so that inserting in this order (and deleting in reverse) never breaks a foreign key. */
export function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (t: TableInfo): void => {
    if (done.has(t.name)) return;
    if (visiting.has(t.name)) throw new Error(`foreign keys form a cycle through table ${t.name}`);
    visiting.add(t.name);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent && p !== t.name) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    ordered.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return ordered;
}

/** The newest applied migration's name (names are date-prefixed, so they sort in the order they run), or null. */
export async function schemaLevel(db: AnyKysely, dialect: Dialect): Promise<string | null> {
  // Asked of the catalogue first: a failed query would end a PostgreSQL transaction.
  const exists =
    dialect === 'postgres'
      ? await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db)
      : await sql<{ t: string | null }>`select name as t from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (!exists.rows[0]?.t) return null;
  const res = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return res.rows[0]?.name ?? null;
}
