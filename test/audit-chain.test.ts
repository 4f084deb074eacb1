/**
 * The audit log's hash chain: `audit verify` says "ok" for an untouched log
 * and names the first broken line after a line is changed, removed, inserted
 * or reordered with plain SQL (or the end cut off, or the start moved without
 * a prune); appends from parallel transactions keep one chain; lines written
 * before the chain are chained oldest first; a prune keeps the chain
 * verifiable; the JSON Lines export carries every field and both hashes, and
 * `--after` ships only newer lines; a restore keeps a verifiable chain.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAuditChain } from '../src/server/audit/chain-repository.js';
import { runAuditCommand } from '../src/server/commands/audit.js';
import { appendAudit, type AuditRow } from '../src/server/audit/repository.js';
import { migrate, type Db } from '../src/server/db/index.js';
import { backupTo, restoreFrom } from './backup-fixtures.js';
import { build, type TestApp } from './helpers/app.js';
import { runCli } from './helpers/cli.js';
import { createTestDatabase, dialects, testAuthSecret } from './helpers/databases.js';

/** Runs `audit …` on an open database: its exit code and what it printed. */
async function audit(db: Db, ...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAuditCommand(db, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

async function lines(db: Db): Promise<AuditRow[]> {
  return db.kysely.selectFrom('audit_log').selectAll().orderBy('seq').execute();
}

async function appendSome(db: Db, n: number, subject = 'line'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await appendAudit(db.kysely, { action: 'settings.save', actor: null, subject: `${subject} ${i}`, ip: '192.0.2.7' }));
  return ids;
}

describe.each(dialects())('audit chain on %s', (dialect) => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await build(dialect);
    db = t.app.services.db;
    await appendSome(db, 6);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectIntact = async () => {
    const said = await audit(db, 'verify');
    expect(said.out.join('\n')).toMatch(/^ok: \d+ lines, chain intact$/);
    expect(said.code).toBe(0);
  };

  it('verifies an untouched log: "ok: N lines, chain intact", exit 0', async () => {
    const all = await lines(db);
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.map((l) => l.seq)).toEqual(all.map((_, i) => i + 1));
    const said = await audit(db, 'verify');
    expect(said).toEqual({ code: 0, out: [`ok: ${all.length} lines, chain intact`], err: [] });
  });

  it('names a line whose field was changed with SQL', async () => {
    const victim = (await lines(db))[2]!;
    await sql`update audit_log set subject = ${'nothing happened'} where id = ${victim.id}`.execute(db.kysely);
    const said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${victim.id} (${victim.at}, chain position ${victim.seq}) changed:`);
    await sql`update audit_log set subject = ${victim.subject} where id = ${victim.id}`.execute(db.kysely);
    await expectIntact();
  });

  it('names the line after a removed one', async () => {
    const all = await lines(db);
    const gone = all[3]!;
    const next = all[4]!;
    await sql`delete from audit_log where id = ${gone.id}`.execute(db.kysely);
    const said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${next.id} (${next.at}, chain position ${next.seq}) removed: the line written right before it was removed`);
    await db.kysely.insertInto('audit_log').values(gone).execute();
    await expectIntact();
  });

  it('names an inserted line, outside the chain or forged at its end', async () => {
    const stray = { id: 'ffffffffffff-000000-inserted', at: '2026-01-02T03:04:05.000Z', action: 'settings.save', subject: 'nothing to see' };
    await sql`insert into audit_log (id, at, action, subject) values (${stray.id}, ${stray.at}, ${stray.action}, ${stray.subject})`.execute(db.kysely);
    let said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${stray.id} (${stray.at}, chain position none) inserted:`);
    await sql`delete from audit_log where id = ${stray.id}`.execute(db.kysely);

    const last = (await lines(db)).at(-1)!;
    const forged = `${'ab'.repeat(32)}`;
    await sql`insert into audit_log (id, at, action, subject, seq, prev_hash, hash) values (${stray.id}, ${stray.at}, ${stray.action}, ${stray.subject}, ${last.seq! + 1}, ${last.hash}, ${forged})`.execute(db.kysely);
    said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${stray.id} (${stray.at}, chain position ${last.seq! + 1}) inserted:`);
    await sql`delete from audit_log where id = ${stray.id}`.execute(db.kysely);
    await expectIntact();
  });

  it('names a line moved before the one it was written after', async () => {
    const all = await lines(db);
    const [a, b] = [all[1]!, all[2]!];
    // Swap their places in the chain (through a free one: the places are unique).
    await sql`update audit_log set seq = ${-1} where id = ${a.id}`.execute(db.kysely);
    await sql`update audit_log set seq = ${a.seq} where id = ${b.id}`.execute(db.kysely);
    await sql`update audit_log set seq = ${b.seq} where id = ${a.id}`.execute(db.kysely);
    const said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${b.id} (${b.at}, chain position ${a.seq}) reordered: it was written right after line ${a.id}, which now comes after it`);
    await sql`update audit_log set seq = ${-1} where id = ${a.id}`.execute(db.kysely);
    await sql`update audit_log set seq = ${b.seq} where id = ${b.id}`.execute(db.kysely);
    await sql`update audit_log set seq = ${a.seq} where id = ${a.id}`.execute(db.kysely);
    await expectIntact();
  });

  it('tells when the last lines were cut off, or the first ones removed without a prune', async () => {
    const all = await lines(db);
    const last = all.at(-1)!;
    const before = all.at(-2)!;
    await sql`delete from audit_log where id = ${last.id}`.execute(db.kysely);
    let said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${before.id} (${before.at}, chain position ${before.seq}) cut:`);
    await db.kysely.insertInto('audit_log').values(last).execute();

    // The first line removed and the chain's start moved to it by hand: only a prune may move it.
    const first = all[0]!;
    await sql`delete from audit_log where id = ${first.id}`.execute(db.kysely);
    await sql`update audit_chain set anchor_seq = ${first.seq}, anchor_hash = ${first.hash}`.execute(db.kysely);
    said = await audit(db, 'verify');
    expect(said.code).toBe(1);
    expect(said.out[0]).toContain(`broken: line ${all[1]!.id} (${all[1]!.at}, chain position ${all[1]!.seq}) removed:`);
    await sql`update audit_chain set anchor_seq = ${0}, anchor_hash = ${'0'.repeat(64)}`.execute(db.kysely);
    await db.kysely.insertInto('audit_log').values(first).execute();
    await expectIntact();
  });

  it('keeps one unbroken chain when 50 transactions append at once', async () => {
    const before = (await lines(db)).length;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.kysely.transaction().execute(async (trx) => {
          await appendAudit(trx, { action: 'settings.save', actor: null, subject: `parallel ${i}` });
        }),
      ),
    );
    const all = await lines(db);
    expect(all.length).toBe(before + 50);
    expect(all.map((l) => l.seq)).toEqual(all.map((_, i) => i + 1));
    for (let i = 1; i < all.length; i++) expect(all[i]!.prev_hash, `line ${i + 1}`).toBe(all[i - 1]!.hash);
    await expectIntact();
  });

  it('exports every field with both hashes as JSON Lines, and only the lines after --after', async () => {
    const all = await lines(db);
    const whole = await audit(db, 'export', '--format', 'jsonl');
    expect(whole.code).toBe(0);
    const shipped = whole.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(shipped).toEqual(
      all.map((l) => ({ seq: l.seq, id: l.id, at: l.at, actor_id: l.actor_id, actor_name: l.actor_name, actor_email: l.actor_email, action: l.action, collection: l.collection, subject_id: l.subject_id, subject: l.subject, revision_id: l.revision_id, ip: l.ip, prev_hash: l.prev_hash, hash: l.hash })),
    );
    const mark = all.at(-3)!;
    const newer = await audit(db, 'export', '--after', mark.id);
    expect(newer.out.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(all.slice(-2).map((l) => l.id));

    for (const [args, code, message] of [
      [['export', '--after', '0123456789ab-000001-unknown'], 1, 'No line of the audit log has the id'],
      [['export', '--format', 'csv'], 2, '--format must be jsonl'],
      [['export', '--after', '"; drop table'], 1, "--after must be a line's id"],
      [['verify', 'now'], 2, 'Unexpected argument'],
    ] as const) {
      const said = await audit(db, ...args);
      expect(said.code, args.join(' ')).toBe(code);
      expect(said.out, args.join(' ')).toEqual([]);
      expect(said.err.join('\n'), args.join(' ')).toContain(message);
    }
  });

  it('runs as `npm run cli -- audit verify` and `audit export` (standard output is JSON Lines only)', async () => {
    const env = { AUTH_SECRET: testAuthSecret };
    const verify = await runCli(t.db, ['audit', 'verify'], { env });
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(/^ok: \d+ lines, chain intact\n$/);
    const exported = await runCli(t.db, ['audit', 'export'], { env });
    expect(exported.code).toBe(0);
    const shipped = exported.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { hash: string; prev_hash: string });
    expect(shipped.length).toBe((await lines(db)).length);
    for (let i = 1; i < shipped.length; i++) expect(shipped[i]!.prev_hash).toBe(shipped[i - 1]!.hash);

    // Under another AUTH_SECRET nothing verifies: the key is not in the database.
    const other = await runCli(t.db, ['audit', 'verify'], { env: { AUTH_SECRET: 'another-secret-another-secret-another-1' } });
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/^broken: line \S+ \(.+, chain position 1\) changed:/);
  }, 30_000);

  it('prunes the start of the chain and still verifies, the prune itself a line', async () => {
    const p = await build(dialect);
    try {
      const pdb = p.app.services.db;
      for (const at of ['2025-03-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z']) await appendAudit(pdb.kysely, { action: 'settings.save', actor: null, subject: 'old', at });
      const kept = await appendAudit(pdb.kysely, { action: 'settings.save', actor: null, subject: 'kept', at: '2026-02-01T00:00:00.000Z' });
      // Written later with an older time: it comes after a kept line, so it stays (the chain must not break).
      await appendAudit(pdb.kysely, { action: 'settings.save', actor: null, subject: 'late', at: '2025-07-01T00:00:00.000Z' });
      const said = await audit(pdb, 'prune', '--before', '2026-01-01');
      expect(said).toEqual({ code: 0, out: ['Removed 2 audit log lines older than 2026-01-01 (00:00 UTC). 1 older line was kept: it comes after a newer line in the chain.'], err: [] });
      const all = await lines(pdb);
      expect(all.map((l) => l.subject)).toEqual(['kept', 'late', '2 lines older than 2026-01-01 removed; the log now starts after chain position 2']);
      expect(all[0]!.id).toBe(kept);
      expect(all.at(-1)!.action).toBe('audit.prune');
      expect(await audit(pdb, 'verify')).toEqual({ code: 0, out: ['ok: 3 lines, chain intact'], err: [] });

      // A second prune moves the start again (the first prune's line is today's, so it stays); the newest prune line records where.
      await audit(pdb, 'prune', '--before', '2026-03-01');
      expect((await lines(pdb)).map((l) => l.action)).toEqual(['audit.prune', 'audit.prune']);
      expect(await audit(pdb, 'verify')).toEqual({ code: 0, out: ['ok: 2 lines, chain intact'], err: [] });
    } finally {
      await p.close();
    }
  });

  it('chains the lines written before the upgrade oldest first, by (at, id)', async () => {
    const old = await createTestDatabase(dialect);
    const odb = old.open();
    try {
      await migrate(odb, { to: '2026-11-30-media-avif' });
      const rows = [
        ['b-2', '2026-03-01T00:00:00.000Z'],
        ['a-1', '2026-01-01T00:00:00.000Z'],
        ['c-3', '2026-03-01T00:00:00.000Z'],
      ] as const;
      for (const [id, at] of rows) await sql`insert into audit_log (id, at, action, subject) values (${id}, ${at}, ${'settings.save'}, ${'before the chain'})`.execute(odb.kysely);
      await migrate(odb);
      await ensureAuditChain(odb.kysely);
      await appendAudit(odb.kysely, { action: 'settings.save', actor: null, subject: 'after the upgrade' });
      const all = await lines(odb);
      expect(all.map((l) => [l.seq, l.id])).toEqual([[1, 'a-1'], [2, 'b-2'], [3, 'c-3'], [4, all[3]!.id]]);
      expect(await audit(odb, 'verify')).toEqual({ code: 0, out: ['ok: 4 lines, chain intact'], err: [] });
      // Once started, the chain never takes in a line added by hand: it stays named.
      await sql`insert into audit_log (id, at, action) values (${'d-4'}, ${'2026-04-01T00:00:00.000Z'}, ${'settings.save'})`.execute(odb.kysely);
      await ensureAuditChain(odb.kysely);
      await appendAudit(odb.kysely, { action: 'settings.save', actor: null, subject: 'later' });
      expect((await audit(odb, 'verify')).out[0]).toContain('broken: line d-4 (2026-04-01T00:00:00.000Z, chain position none) inserted:');
    } finally {
      await odb.close();
      await old.drop();
    }
  });

  it('keeps a verifiable chain through a backup and restore, the restore its last line', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-chain-'));
    try {
      const file = path.join(out, 'site.tar.gz');
      await backupTo(t.app.services.config, db, file);
      await appendSome(db, 2, 'after the backup');
      await restoreFrom(t.app.services.config, db, file, { replace: true });
      const all = await lines(db);
      expect(all.at(-1)!.action).toBe('backup.restore');
      expect(all.filter((l) => l.subject?.startsWith('after the backup'))).toEqual([]);
      await expectIntact();
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
