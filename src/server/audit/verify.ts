/**
 * `audit verify`: walks the chain in order, a page at a time, recomputing
 * every line's hash and following every link, and stops at the first line
 * that breaks it, saying how: changed (its fields no longer match its hash),
 * removed (the line before it is gone, or the start of the log went without
 * a prune), inserted (a line the server did not write), reordered (it follows
 * a line that now comes elsewhere) or cut (the last lines are gone).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditRow } from './repository.js';
import type { Database } from '../db/schema.js';
import { chainedLines, chainKey, chainRow, firstUnchained, genesisHash, lineHash, lineWithHash, newestPruneMark } from './chain-repository.js';

type Conn = Kysely<Database> | Transaction<Database>;

export type ChainProblem = 'changed' | 'removed' | 'inserted' | 'reordered' | 'cut';

/** The first line that breaks the chain (the last one kept, for a cut end). */
export interface ChainBreak {
  id: string;
  at: string;
  seq: number | null;
  problem: ChainProblem;
  /** What is wrong, in words. */
  detail: string;
}

export type ChainReport = { ok: true; lines: number } | { ok: false; lines: number; broken: ChainBreak };

function broken(lines: number, row: Pick<AuditRow, 'id' | 'at' | 'seq'>, problem: ChainProblem, detail: string): ChainReport {
  return { ok: false, lines, broken: { id: row.id, at: row.at, seq: row.seq === null ? null : Number(row.seq), problem, detail } };
}

export async function verifyAuditChain(db: Conn, pageSize = 500): Promise<ChainReport> {
  const key = chainKey(db);
  const chain = await chainRow(db);
  if (!chain) {
    const first = await firstUnchained(db);
    return first ? broken(0, first, 'inserted', 'the log has lines but no chain: start the server once to chain the lines written before the upgrade') : { ok: true, lines: 0 };
  }
  // The chain's start moves only with a prune, and the newest prune line records where it moved to.
  const anchorRecorded = chain.anchor_seq === 0 ? chain.anchor_hash === genesisHash : (await newestPruneMark(db)) === `${chain.anchor_seq}:${chain.anchor_hash}`;

  let expectedPrev = chain.anchor_hash;
  let lines = 0;
  let last: AuditRow | null = null;
  let after = -1;
  for (;;) {
    const page = await chainedLines(db, after, pageSize);
    for (const row of page) {
      const intact = row.hash === lineHash(key, row.prev_hash ?? '', row);
      if (row.prev_hash === expectedPrev) {
        if (lines === 0 && !anchorRecorded) return broken(lines, row, 'removed', 'the lines before it were removed without "audit prune" (the start of the chain was moved by hand)');
        if (!intact) {
          return Number(row.seq) > chain.head_seq
            ? broken(lines, row, 'inserted', 'the server did not write this line: it comes after the last line the server appended and its hash does not match')
            : broken(lines, row, 'changed', 'its fields or its hash changed after it was written');
        }
      } else if (!intact) {
        return broken(lines, row, 'inserted', 'the server did not write this line: it does not follow the line before it and its hash does not match');
      } else {
        const before = await lineWithHash(db, row.prev_hash ?? '');
        if (before) return broken(lines, row, 'reordered', `it was written right after line ${before.id}, which now comes ${Number(before.seq) > Number(row.seq) ? 'after it' : 'elsewhere'}`);
        return broken(lines, row, 'removed', lines === 0 ? 'the lines before it were removed without "audit prune"' : 'the line written right before it was removed');
      }
      expectedPrev = row.hash ?? '';
      lines += 1;
      last = row;
    }
    const end = page.at(-1);
    if (!end || page.length < pageSize) break;
    after = Number(end.seq);
  }
  const stray = await firstUnchained(db);
  if (stray) return broken(lines, stray, 'inserted', 'the server did not write this line: it is not in the chain (no hash)');
  if (expectedPrev !== chain.head_hash) {
    const detail = `the last line appended was chain position ${chain.head_seq}; the lines after this one were removed`;
    return last ? broken(lines, last, 'cut', detail) : { ok: false, lines, broken: { id: '(none)', at: '', seq: null, problem: 'cut', detail: `every line was removed; ${detail}` } };
  }
  return { ok: true, lines };
}
