/**
 * Who may touch what in src/server (docs/architecture.md, "Invariants"): each
 * table is queried only in its owner's repository (db/owners.ts), the database
 * layer (src/server/db/) alone reaches tables generically (by a name chosen at
 * run time, the catalogue, the schema, locks), and no two folders import each
 * other both ways. The source is parsed, not run, like import-graph.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tableOwners } from '../src/server/db/owners.js';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'src', 'server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const files = sourceFiles(server);
const rel = (f: string) => path.relative(server, f).split(path.sep).join('/');
const tables = new Set(Object.keys(tableOwners));
const isTable = (name: string): name is keyof typeof tableOwners => tables.has(name);

/** Query-builder methods whose first argument names a table. */
const tableMethods = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const joinMethods = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin']);
/** Raw SQL that reaches the database's catalogue or locks rather than one table. */
const genericSql = /pragma_|information_schema|sqlite_master|kysely_migration|pg_advisory|pg_class|pg_namespace|to_regclass/i;

/** What a file reaches: table names, or '*' for a table chosen at run time, the schema or the catalogue. */
function tablesReachedBy(file: string): { what: string; line: number }[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { what: string; line: number }[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const named = (arg: ts.Expression | undefined, node: ts.Node, join: boolean) => {
    if (arg && ts.isStringLiteralLike(arg)) found.push({ what: arg.text.trim().split(/\s+/)[0] ?? '', line: at(node) });
    else if (arg && ts.isArrayLiteralExpression(arg)) for (const e of arg.elements) named(e, node, join);
    else if (!join) found.push({ what: '*', line: at(node) });
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const method = n.expression.name.text;
      if (tableMethods.has(method)) named(n.arguments[0], n, false);
      else if (joinMethods.has(method)) named(n.arguments[0], n, true);
      else if (method === 'table' && n.expression.expression.getText(sf) === 'sql') named(n.arguments[0], n, false);
    }
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'schema' && /^(db|trx|this\.db|kysely|k)$/.test(n.expression.getText(sf).replace(/^.*\./, '')))
      found.push({ what: '*', line: at(n) });
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText(sf) === 'sql') {
      const text = n.template.getText(sf);
      if (genericSql.test(text)) found.push({ what: '*', line: at(n) });
      for (const m of text.matchAll(/\b(?:from|into|update|join|table)\s+"?([a-z_]+)/gi)) if (m[1] && isTable(m[1])) found.push({ what: m[1], line: at(n) });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/** The top folder of src/server a file sits in, or null for a file at the top. */
const folderOf = (f: string): string | null => {
  const parts = rel(f).split('/');
  return parts.length > 1 ? (parts[0] ?? null) : null;
};

describe('ownership', () => {
  it('queries each table only in its owner’s repository, and tables in general only in the database layer', () => {
    const strays: string[] = [];
    for (const file of files) {
      const r = rel(file);
      if (r.startsWith('db/')) continue;
      for (const { what, line } of tablesReachedBy(file)) {
        if (what === '*') {
          strays.push(`${r}:${line} reaches tables in general (only src/server/db/ may)`);
          continue;
        }
        if (!isTable(what)) continue;
        const owner = tableOwners[what];
        const dir = path.posix.dirname(r);
        const ownRepository = (dir === owner || dir.startsWith(`${owner}/`)) && /^(?:[a-z-]+-)?repository\.ts$/.test(path.posix.basename(r));
        if (!ownRepository) strays.push(`${r}:${line} queries ${what}, owned by ${owner}/repository.ts`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('has no two folders of src/server importing each other both ways', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const from = folderOf(file);
      if (!from) continue;
      for (const i of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!i.fileName.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), i.fileName);
        if (!target.startsWith(server + path.sep)) continue;
        const to = folderOf(target);
        if (!to || to === from) continue;
        const key = `${from} → ${to}`;
        if (!edges.has(key)) edges.set(key, new Set());
        edges.get(key)?.add(`${rel(file)} → ${rel(target)}`);
      }
    }
    const both: string[] = [];
    for (const [key, via] of edges) {
      const [a, b] = key.split(' → ');
      if (a && b && a < b && edges.has(`${b} → ${a}`)) both.push(`${a} ↔ ${b}: ${[...via, ...(edges.get(`${b} → ${a}`) ?? [])].join(', ')}`);
    }
    expect(both).toEqual([]);
  });
});
