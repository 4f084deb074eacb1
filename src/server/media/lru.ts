/** A small LRU by cost: media rows and bytes are immutable per key, so the only invalidation is a delete. */
export class Lru<V> {
  private readonly map = new Map<string, { value: V; cost: number }>();
  private total = 0;
  constructor(
    private readonly maxCost: number,
    private readonly costOf: (v: V) => number,
  ) {}
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }
  set(key: string, value: V): void {
    const cost = this.costOf(value);
    if (cost > this.maxCost / 8) return;
    this.delete(key);
    this.map.set(key, { value, cost });
    this.total += cost;
    for (const [k, v] of this.map) {
      if (this.total <= this.maxCost) break;
      this.map.delete(k);
      this.total -= v.cost;
    }
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
}
