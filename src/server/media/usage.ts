/**
 * The usage index: for every media id, the blocks and settings that use it
 * (the same mentionsOf as the delete refusal), kept in memory so the library
 * lists "where used" and "not used" without reading every block per request.
 * It is built per collection, and a change event drops only the part it
 * touches: a `documents` event its collection, `settings` the settings, a
 * `reset` everything. Events from other instances arrive through the change
 * bus (PostgreSQL LISTEN/NOTIFY), so every instance's index follows. A part
 * read while a change to it was announced is read again on the next request.
 */
import type { Services } from '../services.js';
import { referenceOf, type MediaReference } from './references.js';
import { mentionsOf, storedRecords, type StoredRecord } from './repository.js';

const settingsPart = 'settings';

/** One part of the index: the uses found in one collection (or the settings). */
type Part = Map<string, MediaReference[]>;

function partOf(records: readonly StoredRecord[]): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (const record of records) {
    let part = parts.get(record.collection);
    if (!part) parts.set(record.collection, (part = new Map()));
    for (const [id, mention] of mentionsOf(record)) {
      const uses = part.get(id);
      if (uses) uses.push(referenceOf(mention));
      else part.set(id, [referenceOf(mention)]);
    }
  }
  return parts;
}

export class MediaUsage {
  private parts = new Map<string, Part>();
  /** Parts to read again before the next answer; `all` before the first. */
  private stale: Set<string> | 'all' = 'all';
  /** Bumped by every event, so a read that an event overtook is not kept. */
  private epoch = 0;
  private readonly epochOf = new Map<string, number>();
  private merged: { byId: Map<string, MediaReference[]>; ids: string[] } | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly services: Pick<Services, 'db' | 'changes'>) {
    this.unsubscribe = services.changes.subscribe((event) => {
      if (event.type === 'documents') this.invalidate(event.collection);
      else if (event.type === 'settings') this.invalidate(settingsPart);
      else if (event.type === 'reset') this.invalidate('all');
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private invalidate(part: string | 'all'): void {
    this.epoch += 1;
    this.merged = null;
    if (part === 'all' || this.stale === 'all') {
      this.stale = 'all';
      return;
    }
    this.stale.add(part);
    this.epochOf.set(part, this.epoch);
  }

  /** Every media id in use (`ids`), with the blocks and settings that use it (`byId`). */
  async uses(): Promise<{ byId: ReadonlyMap<string, readonly MediaReference[]>; ids: readonly string[] }> {
    while (this.stale === 'all' || this.stale.size > 0) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      await this.refreshing;
    }
    if (!this.merged) {
      const merged = new Map<string, MediaReference[]>();
      // Blocks by collection name, the settings last: the order the delete refusal names them in.
      const names = [...this.parts.keys()].filter((n) => n !== settingsPart).sort();
      for (const name of [...names, settingsPart]) {
        for (const [id, refs] of this.parts.get(name) ?? []) {
          const uses = merged.get(id);
          if (uses) uses.push(...refs);
          else merged.set(id, [...refs]);
        }
      }
      this.merged = { byId: merged, ids: [...merged.keys()] };
    }
    return this.merged;
  }

  private everythingStale(): boolean {
    return this.stale === 'all';
  }

  private async refresh(): Promise<void> {
    const started = this.epoch;
    if (this.stale === 'all') {
      const parts = partOf(await storedRecords(this.services.db, 'all'));
      // Overtaken by an event: read again (the loop in uses() comes back).
      if (this.epoch !== started) return;
      this.parts = parts;
      this.stale = new Set();
      this.merged = null;
      return;
    }
    for (const name of [...this.stale]) {
      const partEpoch = this.epochOf.get(name) ?? 0;
      const records = await storedRecords(this.services.db, name === settingsPart ? 'settings' : { collection: name });
      if (this.everythingStale()) return;
      if ((this.epochOf.get(name) ?? 0) !== partEpoch) continue;
      this.parts.set(name, partOf(records).get(name) ?? new Map());
      this.stale.delete(name);
      this.merged = null;
    }
  }
}
