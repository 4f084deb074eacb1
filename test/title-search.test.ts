/**
 * Staff title search (`GET /api/collections/:name/documents?q=…`) through the
 * title_search column and its index, on SQLite and PostgreSQL: the same
 * blocks, order, pages and totals as the search that read every block and
 * compared lower-cased titles in the server; the index follows edits,
 * restores and archives from before the column; and the database answers
 * through the index (its query plan names it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/server/app.js';
import { insertDocument, listDocuments } from '../src/server/content/repository.js';
import type { Db } from '../src/server/db/index.js';
import type { Database } from '../src/server/db/schema.js';
import { getCollection, type ContentDocument } from '../src/shared/collections.js';
import { backupTo, restoreFrom } from './backup-fixtures.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';
import { build, testConfig, type TestApp } from './helpers/app.js';
import { createTestDatabase, dialects, tempDir, type TestDatabase } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { oldSite } from './upgrade-fixtures.js';

interface ListAnswer {
  documents: ContentDocument[];
  total: number;
}

/** Titles that tell folding apart: accents, case, ß, dotted I, Greek, Cyrillic, CJK, emoji, LIKE wildcards, quotes, backslash. */
const trickyTitles = [
  'Égalité des chances',
  'ÉGALITÉ pour toutes',
  'egalite sans accents',
  'Straße der Jugend',
  'STRASSE 12',
  'Große Pläne',
  'İstanbul youth forum',
  'ISTANBUL office',
  'Σοφία and ΣΟΦΊΑ',
  'Мир и вода',
  'МИР',
  '日本語のタイトル',
  'Water 🌍 for all',
  'Percent 100% of_us',
  'under_score',
  '50%_off',
  'Say "hello" twice',
  "O'Brien's day",
  'back\\slash path',
  'double  spaces here',
  'naïve café',
  'NAÏVE CAFÉ',
];

const queries = [
  'É', 'é', 'égal', 'ÉGALITÉ', 'egalite', 'straße', 'STRAẞE', 'strasse', 'STRASSE', 'groß', 'GROSS', 'İst', 'ist', 'istanbul', 'σοφία', 'ΣΟΦΊΑ',
  'мир', 'МИР', '本語', '🌍', 'water 🌍', '%', '_', '%_', '0% of_', '100%', '"', '"hello"', "'", "o'b", "'s d", '\\', 'k\\s', 'double  sp', 'ïve c',
  'NAÏVE', 'a', 'zz', 'no such title anywhere', '  padded  ',
];

/** The search as it was before the column: every block of the collection read, titles lower-cased in the server. */
function searchedBefore(all: ContentDocument[], q: string): ContentDocument[] {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return all;
  return all.filter((d) => typeof d.data.title === 'string' && d.data.title.toLocaleLowerCase().includes(needle));
}

/** A Kysely on the same database that records every query it runs. */
function recording(t: TestDatabase): { kysely: Kysely<Database>; queries: CompiledQuery[]; close: () => Promise<void> } {
  const queries: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    queries.push(event.query);
  };
  const kysely =
    t.dialect === 'postgres'
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.url, max: 1 }) }), log })
      : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(t.url) }), log });
  return { kysely, queries, close: () => kysely.destroy() };
}

async function fts5IntegrityCheck(db: Db): Promise<void> {
  // FTS5 compares its index with the content table (documents) and fails on any difference.
  await sql`insert into documents_title_fts(documents_title_fts, rank) values ('integrity-check', 1)`.execute(db.kysely);
}

describe.each(dialects())('staff title search on %s', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let refs: FixtureRefs;
  const story = () => getCollection('newstory')!;
  const inject = (opts: InjectOptions) => t.app.inject(opts);

  async function list(collection: string, query: Record<string, string | number>, app = t.app, headers = admin.headers): Promise<ListAnswer> {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await app.inject({ method: 'GET', url: `/api/collections/${collection}/documents?${params.toString()}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListAnswer;
  }

  async function create(collection: string, data: Record<string, unknown>, status: 'draft' | 'published' = 'draft'): Promise<ContentDocument> {
    const res = await inject({ method: 'POST', url: `/api/collections/${collection}/documents`, headers: admin.headers, payload: { data, status } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ContentDocument;
  }

  async function patch(doc: ContentDocument, data: Record<string, unknown>): Promise<ContentDocument> {
    const res = await inject({
      method: 'PATCH',
      url: `/api/collections/${doc.collection}/documents/${doc.id}`,
      headers: { ...admin.headers, 'if-match': String(doc.version) },
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContentDocument;
  }

  const titles = (answer: ListAnswer) => answer.documents.map((d) => d.data.title);

  beforeAll(async () => {
    t = await build(dialect);
    admin = await createUser(t.app, 'admin');
    refs = { imageId: await insertMedia(t.app), fileId: await insertMedia(t.app, 'pdf') };
    for (const [i, title] of trickyTitles.entries()) await create('newstory', { ...validData(story(), refs, 'x'), title }, i % 3 === 0 ? 'published' : 'draft');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the same blocks in the same order as the search that read every block, for accents, case, scripts, wildcards and quotes', async () => {
    const all = (await list('newstory', { limit: 500 })).documents;
    expect(all).toHaveLength(trickyTitles.length);
    for (const q of queries) {
      const expected = searchedBefore(all, q);
      const found = await list('newstory', { q, limit: 500 });
      expect(found.documents.map((d) => d.id), `q=${JSON.stringify(q)}`).toEqual(expected.map((d) => d.id));
      expect(found.total, `q=${JSON.stringify(q)}`).toBe(expected.length);
    }
    // What that means, spelled out.
    expect(titles(await list('newstory', { q: 'É' }))).toEqual(['Égalité des chances', 'ÉGALITÉ pour toutes', 'naïve café', 'NAÏVE CAFÉ']);
    expect(titles(await list('newstory', { q: 'égal' }))).toEqual(['Égalité des chances', 'ÉGALITÉ pour toutes']);
    // ß is not folded to ss: "strasse" finds only the title written with ss, "STRAẞE" the one with ß.
    expect(titles(await list('newstory', { q: 'strasse' }))).toEqual(['STRASSE 12']);
    expect(titles(await list('newstory', { q: 'STRAẞE' }))).toEqual(['Straße der Jugend']);
    // Wildcards and quotes are plain characters.
    expect(titles(await list('newstory', { q: '%' }))).toEqual(['Percent 100% of_us', '50%_off']);
    expect(titles(await list('newstory', { q: '%_' }))).toEqual(['50%_off']);
    expect(titles(await list('newstory', { q: '_' }))).toEqual(['Percent 100% of_us', 'under_score', '50%_off']);
    expect(titles(await list('newstory', { q: '"hello"' }))).toEqual(['Say "hello" twice']);
    expect(titles(await list('newstory', { q: "o'brien" }))).toEqual(["O'Brien's day"]);
    expect(titles(await list('newstory', { q: 'k\\s' }))).toEqual(['back\\slash path']);
  });

  it('for any search built from tricky pieces, finds what comparing NFC lower-cased titles in the server finds', async () => {
    // Pieces where folding, wildcards, quoting or a trigram boundary could go wrong: case pairs, ß/ẞ/ss, a decomposed é, dotted İ, final sigma.
    const pieces = ['a', 'A', 'b', 'é', 'É', 'e\u0301', 'ß', 'ẞ', 's', 'S', '%', '_', '!', '"', "'", ' ', '🌍', 'İ', 'i', 'σ', 'Σ', 'ς', '\\', 'ab'];
    const text = (min: number, max: number) => fc.array(fc.constantFrom(...pieces), { minLength: min, maxLength: max }).map((p) => p.join(''));
    const card = getCollection('thirdyouth')!;
    for (const title of fc.sample(text(1, 10), { numRuns: 80, seed: 7 })) await create('thirdyouth', { ...validData(card, refs, 'x'), title: title.trim() || 'x' });
    const all = (await list('thirdyouth', { limit: 500 })).documents;
    const fold = (value: string) => value.normalize('NFC').toLocaleLowerCase().normalize('NFC');
    await fc.assert(
      fc.asyncProperty(text(1, 4), async (q) => {
        fc.pre(q.trim() !== '');
        const expected = all.filter((d) => fold(String(d.data.title)).includes(fold(q.trim())));
        const found = await list('thirdyouth', { q, limit: 500 });
        expect(found.documents.map((d) => d.id), `q=${JSON.stringify(q)}`).toEqual(expected.map((d) => d.id));
        expect(found.total).toBe(expected.length);
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it('pages through the matches with the same total, with and without a status, in position order after a reorder', async () => {
    const made: ContentDocument[] = [];
    for (let i = 0; i < 23; i++) made.push(await create('thirdevents', { ...validData(getCollection('thirdevents')!, refs, 'x'), title: `Water point ${i}` }, i % 2 ? 'published' : 'draft'));
    await create('thirdevents', { ...validData(getCollection('thirdevents')!, refs, 'x'), title: 'Budget hearing' });
    // Reversed, so position order is not creation order.
    const all = (await list('thirdevents', { limit: 500 })).documents;
    const reorder = await inject({ method: 'POST', url: '/api/collections/thirdevents/reorder', headers: admin.headers, payload: { ids: all.map((d) => d.id).reverse() } });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const reordered = (await list('thirdevents', { limit: 500 })).documents;
    for (const status of [undefined, 'published', 'draft'] as const) {
      const everything = status ? reordered.filter((d) => d.status === status) : reordered;
      const expected = searchedBefore(everything, 'WATER POINT');
      expect(expected.length).toBeGreaterThan(5);
      const pages: ContentDocument[] = [];
      for (let offset = 0; offset < expected.length + 5; offset += 5) {
        const page = await list('thirdevents', { q: 'WATER POINT', limit: 5, offset, ...(status ? { status } : {}) });
        expect(page.total).toBe(expected.length);
        pages.push(...page.documents);
      }
      expect(pages.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    }
    expect(titles(await list('thirdevents', { q: 'water point 1' }))).toEqual(['Water point 19', 'Water point 18', 'Water point 17', 'Water point 16', 'Water point 15', 'Water point 14', 'Water point 13', 'Water point 12', 'Water point 11', 'Water point 10', 'Water point 1']);
  });

  it("follows a block's edits: a new title, another field only, deletion", async () => {
    let doc = await create('newstory', { ...validData(story(), refs, 'x'), title: 'Quarterly audit of wells' });
    expect(titles(await list('newstory', { q: 'audit' }))).toEqual(['Quarterly audit of wells']);
    doc = await patch(doc, { title: 'Annual BOREHOLE review' });
    expect((await list('newstory', { q: 'audit' })).total).toBe(0);
    expect(titles(await list('newstory', { q: 'borehole' }))).toEqual(['Annual BOREHOLE review']);
    doc = await patch(doc, { summary: 'Nothing about the title' });
    expect(titles(await list('newstory', { q: 'borehole' }))).toEqual(['Annual BOREHOLE review']);
    const removed = await inject({ method: 'DELETE', url: `/api/collections/newstory/documents/${doc.id}`, headers: { ...admin.headers, 'if-match': String(doc.version) } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list('newstory', { q: 'borehole' })).total).toBe(0);
    if (dialect === 'sqlite') await fts5IntegrityCheck(t.app.services.db);
  });

  it('finds a decomposed accent with the precomposed one and the other way round (both sides are NFC)', async () => {
    await create('newstory', { ...validData(story(), refs, 'x'), title: 'Cre\u0301che ouverte' });
    expect(titles(await list('newstory', { q: 'CRÉCHE' }))).toEqual(['Cre\u0301che ouverte']);
    expect(titles(await list('newstory', { q: 'E\u0301gal' }))).toEqual(['Égalité des chances', 'ÉGALITÉ pour toutes']);
  });

  it('still finds a block written straight into the table, without its search title, in its place', async () => {
    const at = new Date().toISOString();
    await t.app.services.db.kysely
      .insertInto('documents')
      .values({ id: crypto.randomUUID(), collection: 'newstory', data: JSON.stringify({ ...validData(story(), refs, 'x'), title: 'Imported égalité note' }), position: 0, status: 'draft', version: 1, created_at: at, updated_at: at, created_by: null, updated_by: null })
      .execute();
    const all = (await list('newstory', { limit: 500 })).documents;
    const expected = searchedBefore(all, 'ÉGALITÉ');
    // Position 0 like the first story, created after it: second.
    expect(expected.map((d) => d.data.title)).toEqual(['Égalité des chances', 'Imported égalité note', 'ÉGALITÉ pour toutes']);
    const found = await list('newstory', { q: 'ÉGALITÉ' });
    expect(found.documents.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(found.total).toBe(3);
    expect((await list('newstory', { q: 'ÉGALITÉ', limit: 1, offset: 1 })).documents.map((d) => d.id)).toEqual([expected[1]!.id]);
  });

  it('answers through the index: the query plan of a search names it', async () => {
    // Enough blocks that the database prefers the index to reading the collection.
    const db = t.app.services.db;
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 3000; i++) {
        const data = { ...validData(getCollection('item')!, refs, 'x'), title: `Publication ${i} on ${['land', 'water', 'youth', 'health'][i % 4]} rights` };
        await insertDocument(trx, { id: crypto.randomUUID(), collection: 'item', data: JSON.stringify(data), status: 'published', at: new Date().toISOString(), by: null });
      }
    });
    if (dialect === 'postgres') await sql`analyze documents`.execute(db.kysely);
    const rec = recording(t.db);
    try {
      const found = await listDocuments(rec.kysely, { collection: 'item', q: 'Publication 2717', titleField: 'title', limit: 20, offset: 0 });
      expect(found.rows.map((r) => JSON.parse(r.data).title)).toEqual(['Publication 2717 on water rights']);
      expect(found.total).toBe(1);
      const searches = rec.queries.filter((q) => q.sql.includes('documents_title_fts') || q.sql.includes('title_search like'));
      expect(searches).toHaveLength(2); // the page and the total
      for (const q of searches) {
        const plan = await rec.kysely.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${dialect === 'postgres' ? 'explain' : 'explain query plan'} ${q.sql}`, [...q.parameters]));
        const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
        expect(text, q.sql).toContain(dialect === 'postgres' ? 'documents_title_search_trgm' : 'documents_title_fts');
      }
      if (dialect === 'sqlite') {
        // Shorter than a trigram: the (collection, title_search) index is read, not the rows.
        rec.queries.length = 0;
        expect((await listDocuments(rec.kysely, { collection: 'item', q: '7', titleField: 'title', limit: 20, offset: 0 })).total).toBe(Array.from({ length: 3000 }, (_, i) => String(i)).filter((n) => n.includes('7')).length);
        const short = rec.queries.filter((q) => q.sql.includes('instr('));
        expect(short).toHaveLength(2);
        for (const q of short) {
          const plan = await rec.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
          expect(plan.rows.map((r) => r.detail).join('\n'), q.sql).toContain('COVERING INDEX documents_title_search_scan');
        }
      }
    } finally {
      await rec.close();
    }
    // Through the API, the same answer.
    expect(titles(await list('item', { q: 'publication 2717' }))).toEqual(['Publication 2717 on water rights']);
    expect((await list('item', { q: 'WATER RIGHTS', limit: 1 })).total).toBe(750);
  });

  it('a restored backup searches the same, into either database; a restore over edited blocks puts their titles back', async () => {
    const dir = tempDir('ngo-title-search-');
    const archive = path.join(dir, 'site.tar.gz');
    const targets: TestDatabase[] = [];
    try {
      await backupTo(t.app.services.config, t.app.services.db, archive);
      const probe = ['É', 'strasse', '%_', 'water point', 'publication 27', '"hello"', 'zz'];
      const expected = new Map<string, string[]>();
      for (const q of probe) for (const c of ['newstory', 'thirdevents', 'item']) expected.set(`${c} ${q}`, (await list(c, { q, limit: 500 })).documents.map((d) => d.id));
      for (const targetDialect of dialects()) {
        const target = await createTestDatabase(targetDialect);
        targets.push(target);
        const config = testConfig(target);
        const db = target.open();
        try {
          await restoreFrom(config, db, archive);
          if (targetDialect === 'sqlite') await fts5IntegrityCheck(db);
        } finally {
          await db.close();
        }
        const app = await buildApp(config, { logger: false, render: false });
        try {
          // A restore ends every session: the reader signs in on the restored site.
          const reader = await createUser(app, 'admin');
          for (const q of probe) for (const c of ['newstory', 'thirdevents', 'item']) {
            expect((await list(c, { q, limit: 500 }, app, reader.headers)).documents.map((d) => d.id), `${targetDialect}: ${c} q=${q}`).toEqual(expected.get(`${c} ${q}`));
          }
        } finally {
          await app.close();
        }
      }
      // Edited after the backup, then the backup restored over the edit.
      const [first] = (await list('newstory', { q: 'Straße der' })).documents;
      await patch(first!, { title: 'Renamed after the backup' });
      expect((await list('newstory', { q: 'straße der' })).total).toBe(0);
      await restoreFrom(t.app.services.config, t.app.services.db, archive, { replace: true });
      if (dialect === 'sqlite') await fts5IntegrityCheck(t.app.services.db);
      // The restore ended every session, the editor's too: they sign in again.
      admin = await createUser(t.app, 'admin');
      expect(titles(await list('newstory', { q: 'straße der' }))).toEqual(['Straße der Jugend']);
      expect((await list('newstory', { q: 'renamed after' })).total).toBe(0);
    } finally {
      for (const target of targets) await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects())('title search of a site from before the search column, on %s', (sourceDialect) => {
  let source: TestDatabase;
  let archive: string;
  let dir: string;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase(sourceDialect);
    const config = testConfig(source);
    await oldSite(source, config);
    dir = tempDir('ngo-title-search-old-');
    archive = path.join(dir, 'old.tar.gz');
    const db = source.open();
    try {
      await backupTo(config, db, archive);
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    for (const t of targets) await t.drop();
    await source?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function expectSearches(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
    const admin = await createUser(app, 'admin');
    const search = async (collection: string, q: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/collections/${collection}/documents?q=${encodeURIComponent(q)}`, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ListAnswer).documents.map((d) => d.data.title);
    };
    expect(await search('descriptionhome', 'BEFORE')).toEqual(['Written before the upgrade title', 'A draft from before title']);
    expect(await search('descriptionhome', 'draft')).toEqual(['A draft from before title']);
    expect(await search('aboutvision', 'vision from')).toEqual(['Vision from before title']);
    // Filled by the migration, not left for the search to read from the data.
    const rows = await app.services.db.kysely.selectFrom('documents').select(['collection', 'title_search', 'data']).execute();
    // Each block's title field (the navigation's is its name).
    const titleOf = (r: { collection: string; data: string }) => String((JSON.parse(r.data) as Record<string, unknown>)[getCollection(r.collection)?.titleField ?? 'title']);
    expect(rows.map((r) => r.title_search)).toEqual(rows.map((r) => titleOf(r).toLowerCase()));
  }

  it.each(dialects())('an archive brought forward into a fresh %s database', async (targetDialect) => {
    const target = await createTestDatabase(targetDialect);
    targets.push(target);
    const config = testConfig(target);
    const db = target.open();
    try {
      const result = await restoreFrom(config, db, archive);
      expect(result.broughtForwardFrom).not.toBeNull();
      if (targetDialect === 'sqlite') await fts5IntegrityCheck(db);
    } finally {
      await db.close();
    }
    const app = await buildApp(config, { logger: false, render: false });
    try {
      await expectSearches(app);
    } finally {
      await app.close();
    }
  });

  it('the database itself upgraded in place when the server starts', async () => {
    const target = await createTestDatabase(sourceDialect);
    targets.push(target);
    const config = testConfig(target, { backupDir: path.join(target.dataDir, 'backups') });
    await oldSite(target, config);
    const app = await buildApp(config, { logger: false, render: false });
    try {
      if (sourceDialect === 'sqlite') await fts5IntegrityCheck(app.services.db);
      await expectSearches(app);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(dialects().includes('postgres'))('title search on a PostgreSQL database where pg_trgm may not be created', () => {
  it('migrates without the trigram index, says how to add it, and finds the same blocks', async () => {
    const t = await createTestDatabase('postgres');
    // A role that may create tables in the schema but no extension in the database (no CREATE on it).
    const role = `t_noext_${crypto.randomBytes(4).toString('hex')}`;
    const owner = new pg.Client({ connectionString: t.url });
    await owner.connect();
    await owner.query(`CREATE ROLE ${role} LOGIN`);
    await owner.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    const url = new URL(t.url);
    url.username = role;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const app = await buildApp(testConfig(t, { databaseUrl: url.toString() }), { logger: false, render: false });
      try {
        const warnings = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('trigram'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('CREATE EXTENSION pg_trgm; CREATE INDEX documents_title_search_trgm ON documents USING gin (title_search gin_trgm_ops);');
        const indexes = await owner.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'documents'`);
        expect(indexes.rows.map((r) => r.indexname)).not.toContain('documents_title_search_trgm');
        const admin = await createUser(app, 'admin');
        const refs = { imageId: await insertMedia(app), fileId: await insertMedia(app, 'pdf') };
        for (const title of ['Égalité des chances', 'Straße der Jugend', 'Percent 100% of_us', 'Water rights march']) {
          const res = await app.inject({ method: 'POST', url: '/api/collections/newstory/documents', headers: admin.headers, payload: { data: { ...validData(getCollection('newstory')!, refs, 'x'), title } } });
          expect(res.statusCode, res.body).toBe(201);
        }
        const search = async (q: string) =>
          ((await app.inject({ method: 'GET', url: `/api/collections/newstory/documents?q=${encodeURIComponent(q)}`, headers: admin.headers })).json() as ListAnswer).documents.map((d) => d.data.title);
        expect(await search('ÉGAL')).toEqual(['Égalité des chances']);
        expect(await search('%_')).toEqual([]);
        expect(await search('0% of_')).toEqual(['Percent 100% of_us']);
        expect(await search('STRAẞE')).toEqual(['Straße der Jugend']);
        expect(await search('wat')).toEqual(['Water rights march']);
      } finally {
        await app.close();
      }
    } finally {
      warn.mockRestore();
      await owner.end();
      await t.drop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
      } finally {
        await admin.end();
      }
    }
  });
});
