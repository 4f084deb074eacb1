/**
 * A small LRU by cost: media rows and bytes are immutable per key, so the only
 * invalidation is a delete.
 *
 * A read stamps its entry with a counter instead of moving it to the end of
 * the Map (delete then set): the fast lane reads two entries for every
 * picture it sends, and moving them filled the Map's table with deleted slots
 * that V8 rebuilt over and over, about 300 bytes a request that lived long
 * enough to be promoted to the old generation (docs/performance.md, "Media
 * variants"). The order is worked out only when something must go.
 */
interface Entry<V> {
  value: V;
  cost: number;
  /** The counter's value at the last read or write. */
  used: number;
}

export class Lru<V> {
  private readonly map = new Map<string, Entry<V>>();
  private total = 0;
  private clock = 0;
  constructor(
    private readonly maxCost: number,
    private readonly costOf: (v: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    hit.used = ++this.clock;
    return hit.value;
  }

  set(key: string, value: V): void {
    const cost = this.costOf(value);
    if (cost > this.maxCost / 8) return;
    this.delete(key);
    this.map.set(key, { value, cost, used: ++this.clock });
    this.total += cost;
    if (this.total > this.maxCost) this.evict();
  }

  delete(key: string): void {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.total -= hit.cost;
    }
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  /** Least recently used first, down to seven eighths of the budget, so a full cache sorts once per several additions. */
  private evict(): void {
    const target = (this.maxCost * 7) / 8;
    const oldestFirst = [...this.map].sort((a, b) => a[1].used - b[1].used);
    for (const [key, entry] of oldestFirst) {
      if (this.total <= target) break;
      this.map.delete(key);
      this.total -= entry.cost;
    }
  }
}
